import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      // Timeouts only catch a hang: a loaded two-core machine (load 10-40) runs some tests 5-10× slower than a quiet one,
      // and timing budgets belong in `npm run bench`, never here.
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], testTimeout: 1_200_000, hookTimeout: 1_200_000 } },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          testTimeout: 600_000,
          hookTimeout: 900_000,
          globalSetup: ["tests/browser/global-setup.ts"],
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
      {
        test: {
          // docsite packed, installed from the tarball outside the repository, and used as a new user would.
          name: "package",
          include: ["tests/package/**/*.test.ts"],
          testTimeout: 900_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // The site's code examples: complete ones type-checked against Testplane's typings, the Quickstart run
          // with Testplane in Debian's Chromium and chromedriver.
          name: "examples",
          include: ["tests/examples/**/*.test.ts"],
          testTimeout: 900_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
