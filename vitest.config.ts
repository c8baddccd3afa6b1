import { defineConfig } from "vitest/config";

// expect.poll waits for the page to change (a hydration, a click's effect): its 1 s default was exceeded on a loaded
// machine (two busy loops beside the suite). A poll ends when the change is seen; this only bounds a hang. Each project
// sets it: inline projects do not inherit the root's options.
const expect = { poll: { timeout: 60_000 } };

export default defineConfig({
  test: {
    projects: [
      // Timeouts only catch a hang: a loaded two-core machine (load 10-40) runs some tests 5-10× slower than a quiet one,
      // and timing budgets belong in `npm run bench`, never here.
      {
        test: {
          name: "unit",
          expect,
          include: ["tests/unit/**/*.test.ts"],
          testTimeout: 1_200_000,
          hookTimeout: 1_200_000,
        },
      },
      {
        test: {
          name: "browser",
          expect,
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
          expect,
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
          expect,
          include: ["tests/examples/**/*.test.ts"],
          testTimeout: 900_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
