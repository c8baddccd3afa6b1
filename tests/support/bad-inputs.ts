// Shared by the bad-input suites (tests/unit/bad-inputs-*.test.ts): the real CLI run as a child process, a hash of a
// site's sources to show that a failed build lost nothing, and a fixture copy with that check built in.
import { expect } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { lstat, readdir, readFile, readlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fixtureSite, removeSite } from "./site.ts";

export const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const BIN = join(repo, "bin", "docsite.js");

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function collect(child: ChildProcess): Promise<Run> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => (stdout += d));
  child.stderr?.on("data", (d) => (stderr += d));
  return new Promise((res) => child.on("close", (code, signal) => res({ code, signal, stdout, stderr })));
}

export const start = (args: string[], cwd = repo) =>
  spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
export const cli = (...args: string[]) => collect(start(args));

/** Hash of every path under `dir` (names, file bytes, link targets), leaving out build output and the cache. */
export async function treeHash(dir: string, skip = (name: string) => /^(dist|out)([./-]|$)|^\.docsite$/.test(name)) {
  const h = createHash("sha256");
  const walk = async (at: string, rel: string) => {
    for (const name of (await readdir(at)).sort()) {
      if (rel === "" && skip(name)) continue;
      const p = join(at, name);
      const st = await lstat(p);
      h.update(`${rel}${name}\0${st.mode}\0`);
      if (st.isSymbolicLink()) h.update(await readlink(p));
      else if (st.isDirectory()) await walk(p, `${rel}${name}/`);
      else h.update(await readFile(p));
    }
  };
  await walk(dir, "");
  return h.digest("hex");
}

export const leftovers = (root: string) => readdirSync(root).filter((n) => /^dist\./.test(n));

/** A fixture copy, its source hash, and a check that the build run on it lost nothing. */
export async function site(changes: Record<string, string | null> = {}) {
  const root = await fixtureSite("basic", changes);
  let before = await treeHash(root);
  return {
    root,
    /** Takes the current tree as the reference (after a test's own setup). */
    settle: async () => {
      before = await treeHash(root);
    },
    intact: async () => expect(await treeHash(root)).toBe(before),
    done: () => removeSite(root),
  };
}

/** Builds with the CLI and expects a failure with `code` whose output matches every pattern; nothing lost. */
export async function expectFailure(
  changes: Record<string, string | null>,
  code: number,
  patterns: RegExp[],
  opts: { args?: string[]; edit?: (root: string) => Promise<void> } = {},
): Promise<Run> {
  const s = await site(changes);
  try {
    if (opts.edit) await opts.edit(s.root);
    const before = await treeHash(s.root);
    const r = await cli("build", "--root", s.root, ...(opts.args ?? []));
    expect(r.code, r.stderr).toBe(code);
    for (const p of patterns) expect(r.stderr).toMatch(p);
    expect(r.stderr).not.toMatch(/^\s+at /m); // no stack trace without --debug
    expect(await treeHash(s.root)).toBe(before);
    expect(leftovers(s.root)).toEqual([]);
    return r;
  } finally {
    await s.done();
  }
}
