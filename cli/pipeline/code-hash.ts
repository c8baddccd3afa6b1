// A hash of the code that turns content into output: every file of cli/ and theme/, the versions of the
// packages that render (React, MDX, Preact) and the React build in use. Part of every build-cache key, so
// editing the theme or upgrading React invalidates cached pages.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { hashText } from "../content/scan.ts";
import { PACKAGE_ROOT as repo, packageRequire as require } from "../boot/locations.ts";

/** The installed version of a package (found from its entry, as some packages do not export package.json). */
export function packageVersion(pkg: string): string {
  for (let dir = dirname(require.resolve(pkg)); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const json = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (json.name === pkg) return json.version ?? "";
    } catch {
      /* no package.json at this level */
    }
  }
  return "";
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out.sort();
}

function computeCodeHash(): string {
  const parts = [`NODE_ENV=${process.env.NODE_ENV ?? ""}`];
  for (const pkg of ["react", "react-dom", "preact", "@mdx-js/mdx", "esbuild"]) {
    parts.push(`${pkg}@${packageVersion(pkg)}`);
  }
  for (const dir of ["cli", "theme"]) {
    for (const f of filesUnder(join(repo, dir))) parts.push(f.slice(repo.length), readFileSync(f, "utf8"));
  }
  return hashText(parts.join("\0"));
}

let memo: string | undefined;
/** Computed once per process (dev restarts the model, not the process, when theme code changes: see dev.ts). */
export const codeHash = (): string => (memo ??= computeCodeHash());
/** Forgets the hash, for a long-running process whose code files changed on disk. */
export const forgetCodeHash = (): void => {
  memo = undefined;
};
