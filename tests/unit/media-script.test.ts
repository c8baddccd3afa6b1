// The screenshot script's text handling (scripts/media): what part of Testplane's terminal output becomes the
// CLI and REPL pictures.
import { describe, it, expect } from "vitest";
import { replExcerpt, REPL_TEST } from "../../scripts/media/repl.ts";
import { cliExcerpt } from "../../scripts/media/capture.ts";

const ESC = "\x1b";
const REPL_OUTPUT = [
  "[00:25:27 +0000] testplane: you may install @swc/core for significantly faster reading of typescript tests.",
  `[00:25:43 +0000] ${ESC}[33mYou have entered to REPL mode via terminal (test execution timeout is disabled).${ESC}[39m`,
  "> await browser.getTitle()",
  "'Sign in'",
  "> .exit",
  `[00:25:45 +0000] ${ESC}[32m✓${ESC}[39m login form signs in with valid credentials - 2351ms`,
  "[00:25:45 +0000] Total: 1 Passed: 1 Failed: 0 Skipped: 0 Retries: 0",
  "Your HTML report is here: file:///tmp/report-repl/index.html",
].join("\n");

describe("media script excerpts", () => {
  it("keeps the REPL session from the REPL-mode line to the totals, under the command that started it", () => {
    const lines = replExcerpt(REPL_OUTPUT).split("\n");
    expect(lines[0]).toBe(`$ npx testplane --repl-before-test --grep "${REPL_TEST}"`);
    expect(lines[1]).toContain("REPL mode");
    expect(lines).toContain("> await browser.getTitle()");
    expect(lines).toContain("'Sign in'");
    expect(lines.at(-1)).toContain("Total: 1");
    expect(lines.join("\n")).not.toMatch(/@swc\/core|HTML report is here/);
  });

  it("keeps one line per test result and the totals of a run, with the project's path taken out", () => {
    const out = [
      "[00:25:40 +0000] testplane: you may install @swc/core for faster reading",
      `[00:25:41 +0000] ${ESC}[32m✓${ESC}[39m catalogue opens the catalogue page [chrome] - 900ms`,
      "   at /work/x/project/tests/catalog.testplane.js:4:5",
      "[00:25:42 +0000] Total: 1 Passed: 1",
    ].join("\n");
    expect(cliExcerpt(out, "/work/x/project").split("\n")).toEqual([
      "$ npx testplane",
      `[00:25:41 +0000] ${ESC}[32m✓${ESC}[39m catalogue opens the catalogue page [chrome] - 900ms`,
      "[00:25:42 +0000] Total: 1 Passed: 1",
    ]);
  });
});
