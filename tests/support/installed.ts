// What the package tests (tests/package/) share: commands run as a user runs them, in an environment with nothing
// of this run in it (npm's variables, vitest's, PATH entries into the repository), so the installed docsite can
// never reach back into the checkout.
import { spawn } from "node:child_process";
import { delimiter, join } from "node:path";
import { expect } from "vitest";

export const repo = join(import.meta.dirname, "..", "..");
/** The folder npm installs the package into, under a project's node_modules. */
export const INSTALLED_NAME = "docsite-ssg";

/** This process's environment without npm's variables of this run, vitest's, or PATH entries into the repository. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(npm_|NPM_|INIT_CWD$|VITEST|TEST$|NODE_ENV$|NODE_OPTIONS$|DOCSITE_)/.test(k)) continue;
    env[k] = v;
  }
  env.PATH = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((p) => p && !p.startsWith(repo))
    .join(delimiter);
  return { ...env, NO_COLOR: "1", npm_config_audit: "false", npm_config_fund: "false", ...extra };
}

export interface Run {
  code: number | null;
  out: string;
}

/** Runs a command to its end; its output is kept for the assertion message. */
export function run(cmd: string, args: string[], cwd: string, env = cleanEnv()): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

export const ok = (r: Run, what: string) => expect(r.code, `${what}:\n${r.out}`).toBe(0);
export const install = (cwd: string, ...what: string[]) =>
  run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...what], cwd);
/** The installed docsite only (`--no`: never a package of that name from the registry). */
export const docsite = (args: string[], cwd: string) => run("npm", ["exec", "--no", "--", "docsite", ...args], cwd);
export const npm = (args: string[], cwd: string) => run("npm", args, cwd);
