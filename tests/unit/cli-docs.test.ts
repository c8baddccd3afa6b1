// The README's command list and docs/cli.md say what the CLI has: every command `docsite --help` lists is in the
// README, and every option of every command is in the README or docs/cli.md. A command or option added without a
// word in the docs fails here.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const help = (...args: string[]) => {
  const r = spawnSync(process.execPath, [join(repo, "bin", "docsite.js"), ...args, "--help"], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
};

/** The names under "Commands:" of the top-level help (the `help` command aside). */
const commands = () => {
  const text = help().split(/^Commands:$/m)[1] ?? "";
  return [...text.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1]).filter((c) => c !== "help");
};

describe("the CLI's documentation", () => {
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const cliDoc = readFileSync(join(repo, "docs", "cli.md"), "utf8");
  const list = commands();

  it("finds the commands in the help", () => {
    expect(list).toEqual(expect.arrayContaining(["build", "dev", "serve", "check-links", "init", "import", "clean"]));
  });

  it("lists every command in the README's command block", () => {
    const block = readme.split("## Commands")[1]?.split("```")[1] ?? "";
    for (const c of list) expect(block, c).toMatch(new RegExp(`^docsite ${c}\\b`, "m"));
  });

  it("names every option of every command in the README or docs/cli.md", () => {
    for (const c of list) {
      const options = [...help(c).matchAll(/^\s+(?:-\w, )?(--[a-z][a-z-]*)/gm)].map((m) => m[1]);
      for (const o of options.filter((o) => o !== "--help"))
        expect(readme.includes(o) || cliDoc.includes(o), `docsite ${c} ${o}`).toBe(true);
    }
  });
});
