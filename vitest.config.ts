import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 240_000,
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
          testTimeout: 300_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // The site's code examples: complete ones type-checked against Testplane's typings, the Quickstart run
          // with Testplane in Debian's Chromium and chromedriver.
          name: "examples",
          include: ["tests/examples/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
