// A copy of docsite's package in a temporary folder, run as processes: its code copied, its packages linked one by one
// from the repository's node_modules (so one can be replaced by a copy and edited), npm's record copied. It runs as an
// installed CLI does, from its precompiled bundle (made on its first run). The cache tests edit its code and packages
// and compare warm builds with builds without the cache.
import { spawn } from "node:child_process";
import { cp, mkdir, readdir, symlink } from "node:fs/promises";
import { join } from "node:path";

export const repo = join(import.meta.dirname, "..", "..");

/**
 * Copies docsite's package to `dir`: bin/, cli/, theme/, package.json, a node_modules of links to the repository's
 * packages (`copied` ones as real copies instead, so they can be edited) and npm's record.
 */
export async function copyDocsite(dir: string, copied: readonly string[] = []): Promise<string> {
  for (const part of ["bin", "cli", "theme", "package.json"])
    await cp(join(repo, part), join(dir, part), { recursive: true });
  await mkdir(join(dir, "node_modules"));
  for (const name of await readdir(join(repo, "node_modules"))) {
    if (name.startsWith(".")) continue;
    const from = join(repo, "node_modules", name);
    if (copied.includes(name)) await cp(from, join(dir, "node_modules", name), { recursive: true, dereference: true });
    else await symlink(from, join(dir, "node_modules", name));
  }
  await cp(join(repo, "node_modules", ".package-lock.json"), join(dir, "node_modules", ".package-lock.json"));
  return dir;
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
}

/** `docsite <args>` as a process of the copy at `pkg`, in `cwd`; `killAfter`: SIGKILL after that many ms. */
export function runCopy(
  pkg: string,
  cwd: string,
  args: string[],
  opts: { killAfter?: number; env?: Record<string, string> } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(pkg, "bin", "docsite.js"), ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: "1", CI: "1", ...opts.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = opts.killAfter === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), opts.killAfter);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out });
    });
  });
}
