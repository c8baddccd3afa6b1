// What produced a cached result besides its own inputs: docsite's code, the packages it and the site load, and
// the runtime. Every cache key starts with this identity, so a change in any of them makes every entry a miss.
//
// - Code: the bytes of the code that runs, never a list of names: every file of docsite's code folders (bin/, cli/,
//   theme/ and lib/, source maps and lib/types/ aside). An installed package runs its prebuilt bundle, lib/ (made by
//   `npm pack`, bin/README.md): its files are hashed as they are, so an edit of lib/chunks/*.js (a hand fix,
//   patch-package) is a new identity. A checkout runs a bundle in node_modules/.cache (bin/cli-bundle.js), whose
//   files hold the checkout's path: that one is named by the hash its maker wrote beside it (`identity`: every
//   input esbuild read, by path and bytes; without that file, the bundle's own files). No absolute path goes in, so
//   a project moved elsewhere keeps its cache. A package that ships docsite differently keeps this working by keeping
//   its running files under CODE_FOLDERS or in a bundle folder with its `identity` (cli/boot/locations.ts says where
//   that folder is).
//   The packages' files a site's bundles read are not part of this: their entries record them (recorded-inputs.ts).
// - docsite's own packages, by the bytes of their files (runtime-packages.ts): every package docsite runs and what
//   it depends on, so an edit inside node_modules that leaves npm's record as it was (patch-package, a hand fix) is
//   a new identity too. Hashed once per process, each file by its stat from the memo of file-hashes.ts.
// - Packages: npm's record of what is installed (node_modules/.package-lock.json, with every package's version and
//   integrity hash), in every node_modules folder Node would look in from docsite's package folder and from the
//   site folder. For other package managers, their own record; without any record, the name and version of every
//   package in that folder.
// - Runtime: Node's major version, the platform and CPU architecture, and NODE_ENV (React's build follows it).
import { type Dirent, existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { BUNDLE_DIR, PACKAGE_ROOT } from "../boot/locations.ts";
import { hashFile, loadFileHashes, saveFileHashes } from "./file-hashes.ts";
import { hashParts } from "./hash.ts";
import { runtimePackagesBytes } from "./runtime-packages.ts";

/** docsite's folders of code, under its package folder (recorded-inputs.ts leaves files there to this identity). */
export const CODE_FOLDERS = ["bin", "cli", "theme", "lib"];

/** Records package managers keep of a node_modules folder's contents, the first one found is used. */
const INSTALL_RECORDS = [".package-lock.json", ".pnpm/lock.yaml", ".yarn-state.yml", ".yarn-integrity"];

function filesUnder(dir: string, out: string[] = []): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) filesUnder(p, out);
    else if (e.isFile()) out.push(p);
  }
  return out;
}

const slashed = (p: string) => p.split(sep).join("/");

/** Files of the code folders no process runs: source maps (read only by --debug), the package's declarations. */
const NOT_RUN = (rel: string) => rel.endsWith(".map") || rel.startsWith("lib/types/");

/**
 * The code part: every file of the code folders (and of the running bundle), by path relative to its folder and the
 * hash of its bytes (file-hashes.ts: read once, then known by its stat while it is unchanged).
 */
function codeIdentity(): string {
  const parts: string[] = [];
  for (const folder of CODE_FOLDERS) {
    const dir = join(PACKAGE_ROOT, folder);
    for (const f of filesUnder(dir).sort()) {
      const rel = slashed(relative(PACKAGE_ROOT, f));
      if (!NOT_RUN(rel)) parts.push(rel, hashFile(f));
    }
  }
  // A bundle outside the code folders (a checkout's, in node_modules/.cache): what its maker says it was made from.
  if (BUNDLE_DIR && !isUnder(BUNDLE_DIR, PACKAGE_ROOT)) parts.push("bundle", bundleIdentity(BUNDLE_DIR));
  return hashParts(parts);
}

/** Whether `dir` is one of the code folders of the package at `root`, or inside one. */
function isUnder(dir: string, root: string): boolean {
  const rel = slashed(relative(root, dir));
  return CODE_FOLDERS.some((f) => rel === f || rel.startsWith(`${f}/`));
}

/**
 * What the running CLI bundle was made from: the hash its maker wrote beside it (bin/cli-bundle.js, `identity`: every
 * input it bundled, by path and bytes, no absolute path). A bundle without one: its files themselves (right, but
 * tied to where the bundle is, since they hold its folder's path).
 */
function bundleIdentity(dir: string): string {
  try {
    return readFileSync(join(dir, "identity"), "utf8");
  } catch {
    const parts: string[] = [];
    for (const f of filesUnder(dir).sort()) if (!f.endsWith(".map")) parts.push(slashed(relative(dir, f)), hashFile(f));
    return hashParts(parts);
  }
}

/** The node_modules folders Node looks in from `dir`, nearest first (those that exist). */
function moduleFolders(dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    const nm = join(d, "node_modules");
    if (existsSync(nm)) out.push(nm);
    if (dirname(d) === d) return out;
  }
}

/** A node_modules folder's record of what is installed in it (see the head of this file). */
function installRecord(nm: string): string | Uint8Array {
  for (const name of INSTALL_RECORDS) {
    try {
      return readFileSync(join(nm, name));
    } catch {
      // not this package manager's
    }
  }
  const versions: string[] = [];
  const add = (dir: string, name: string) => {
    try {
      const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version?: string };
      versions.push(`${name}@${version ?? ""}`);
    } catch {
      // not a package
    }
  };
  for (const name of safeList(nm).sort()) {
    if (name.startsWith(".")) continue;
    if (name.startsWith("@"))
      for (const sub of safeList(join(nm, name)).sort()) add(join(nm, name, sub), `${name}/${sub}`);
    else add(join(nm, name), name);
  }
  return versions.join("\n");
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The packages part, for docsite's folder and the site's: each node_modules folder's record, once. */
function packagesIdentity(siteRoot: string): string {
  const folders = [...new Set([...moduleFolders(PACKAGE_ROOT), ...moduleFolders(siteRoot)])];
  const parts: Array<string | Uint8Array> = [];
  for (const nm of folders) {
    // A folder is named by where it is from the site or from docsite, not by its absolute path (a moved project).
    const from = nm.startsWith(siteRoot + sep)
      ? `site:${slashed(relative(siteRoot, nm))}`
      : `docsite:${slashed(relative(PACKAGE_ROOT, nm))}`;
    parts.push(from, installRecord(nm));
  }
  return hashParts(parts);
}

/** The runtime part. */
function runtimeIdentity(): string {
  return [
    `node${process.version.replace(/^v/, "").split(".")[0]}`,
    process.platform,
    process.arch,
    `NODE_ENV=${process.env.NODE_ENV ?? ""}`,
  ].join(" ");
}

let code: string | undefined;

/**
 * The identity of what makes the cached results of a site at `siteRoot`. The code part (docsite's code and its
 * packages' bytes) is worked out once per process: it is the code this process runs, and a file edited while it runs
 * does not change that; `memo` is the file-hashes memo it reads and updates (file-hashes.ts). npm's records and the
 * runtime are read on every call (a dev server may outlive an `npm install`), which costs a millisecond or two.
 */
export function toolchainIdentity(siteRoot: string, memo?: string): string {
  if (code === undefined) {
    if (memo) loadFileHashes(memo);
    code = hashParts([codeIdentity(), runtimePackagesBytes().hash]);
    // Written now, not only after the build (stores.ts: pruneStores): a build that fails or a dev server keeps it.
    if (memo) saveFileHashes(memo);
  }
  return hashParts([code, packagesIdentity(siteRoot), runtimeIdentity()]);
}
