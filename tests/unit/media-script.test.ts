// The screenshot script's text handling (scripts/media): what part of Testplane's terminal output becomes the
// CLI and REPL pictures.
import { describe, it, expect } from "vitest";
import { replExcerpt, REPL_TEST } from "../../scripts/media/repl.ts";
import { cliExcerpt } from "../../scripts/media/capture.ts";
import { replaySteps, timeLines } from "../../scripts/media/terminal-motion.ts";

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

describe("moving terminal pictures", () => {
  const timed: Array<[number, string]> = [
    [100, "[00:25:27 +0000] testplane: you may install @swc/core\n"],
    [7000, `[00:25:43 +0000] ${ESC}[33mYou have entered to REPL mode via terminal.${ESC}[39m\n`],
    [7020, "> "],
    [7200, "await browser.getTitle()\n"],
    [7600, "'Sign in'\n> "],
    [9000, ".exit\n"],
    [30000, "[00:26:10 +0000] Total: 1 Passed: 1\n"],
  ];

  it("finds when each line of the excerpt appeared, and marks the typed ones", () => {
    const lines = timeLines(replExcerpt(timed.map(([, t]) => t).join("")), timed);
    expect(lines.map((l) => [l.at, l.typed])).toEqual([
      [0, true],
      [7000, false],
      [7200, true],
      [7600, false],
      [9000, true],
      [30000, false],
    ]);
  });

  it("replays at the run's pace with long waits shortened, and types commands a character at a time", () => {
    const steps = replaySteps(timeLines(replExcerpt(timed.map(([, t]) => t).join("")), timed), { maxGap: 1000 });
    expect(Math.max(...steps.map((s) => s.wait))).toBe(1000);
    const last = steps.at(-1)!.text.split("\n");
    expect(last.at(-1)).toContain("Total: 1");
    // The command appears one character at a time after its prompt; only its last character is never skipped.
    const typing = steps.filter(
      (s) => s.text.endsWith("> await browser.getT") || s.text.endsWith("> await browser.getTitle()"),
    );
    expect(typing.map((s) => Boolean(s.skippable))).toEqual([true, false]);
    // Each step only adds to what the terminal shows.
    for (let i = 1; i < steps.length; i++) expect(steps[i].text.startsWith(steps[i - 1].text)).toBe(true);
  });
});
