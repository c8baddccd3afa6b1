// Entries made by a step that reads files it finds itself (esbuild's bundles, Sass' `@use`, the MDX compile's
// imports): the entry records every input the step read, by the hash of its bytes, and is used only while every one
// of them still holds. Wherever the file lies: in the site, outside it (a monorepo's `../../shared/x.js`, a linked
// workspace package: esbuild names the real path), in `node_modules` (a hand fix or patch-package leaves npm's
// record as it was, so the install record alone cannot vouch for a package's files). An input is named:
//
// - a file: by its path relative to the site folder, with `/` (`../` for a file outside it). Never an absolute path:
//   a cache restored under another folder, with the files around the site where they were, holds; a site moved
//   without its monorepo only misses those entries that read outside it.
// - `folder:<path>`: a folder, by the names it holds. A file added beside one the step read (`helper.jsx` beside the
//   `helper.js` an import found, an `index` file), or where an import looked and found nothing, may change what an
//   import resolves to. The folders of every file read, and those `resolutionFolders` saw an import look in.
// - `maybe:<path>`: a file a resolver looks for without esbuild listing it, there or not: the package.json,
//   tsconfig.json and jsconfig.json of each folder on the way up to the nearest package.json (within the site, or
//   near the files outside it).
// - `env:<NAME>`: an environment variable the code read (env-reads.ts), by its value; `env:*` the whole environment
//   (code that reads it by a computed name).
//
// docsite's own code folders are left out: the toolchain identity (identity.ts) hashes them, wherever docsite is.
// A file that is gone or cannot be read makes the entry a miss. When a step cannot say what it read, it keeps
// nothing. A file's hash is memoised by its stat (inode, size, mtime, ctime; file-hashes.ts): a package's files are
// read by many entries, and a warm build then costs a stat per input.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, posix, relative, resolve, sep } from "node:path";
import type { Plugin } from "esbuild";
import { PACKAGE_ROOT } from "../boot/locations.ts";
import type { BuildCache } from "./cache.ts";
import { hashFile, onceCheckRound } from "./file-hashes.ts";
import { hashText } from "./hash.ts";
import { CODE_FOLDERS } from "./identity.ts";

interface Recorded<T> {
  value: T;
  /** Input name (see the head of this file) → hash. */
  inputs: Record<string, string>;
}

/** Recorded folders are named with this prefix beside the files (no site file's relative path starts with it). */
const FOLDER = "folder:";
/** A file that may be there or not (a manifest a resolver looks for): its hash, or that it is not there. */
const MAYBE = "maybe:";
/** Recorded environment variables. */
export const ENV = "env:";
/** Manifests a resolver reads beside the files it lists: their edits change what an import resolves to. */
const MANIFESTS = ["package.json", "tsconfig.json", "jsconfig.json"];

const slashed = (p: string) => p.split(sep).join("/");

/**
 * A folder's names, without those starting with a dot: `.docsite/` appears in the site folder after the first build
 * (and `.git`, `.cache`), and no import resolves to such a name unless it names it.
 */
function hashFolder(abs: string): string {
  let names: string[];
  try {
    names = readdirSync(abs);
  } catch (err) {
    // A folder an import looked in that is not there: made later, it is seen.
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "none";
    throw err;
  }
  return hashText(
    names
      .filter((n) => !n.startsWith("."))
      .sort()
      .join("\n"),
  );
}

/** The hash of an environment variable's value (unset is not the empty string), or of the whole environment. */
function hashEnv(name: string): string {
  if (name !== "*") {
    const v = process.env[name];
    return v === undefined ? "unset" : hashText(`=${v}`);
  }
  return hashText(
    Object.entries(process.env)
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join("\n"),
  );
}

/** The hash of an input (see the head of this file) as it is now; throws when it is gone. */
export function hashInput(root: string, name: string): string {
  const round = onceCheckRound();
  if (!round) return hashInputNow(root, name);
  // Once per process, as a file's stat (file-hashes.ts): a folder's listing and a file's absence too.
  if (round !== hashedRound) {
    hashedInputs.clear();
    hashedRound = round;
  }
  const key = `${root}\0${name}`;
  let hash = hashedInputs.get(key);
  if (hash === undefined) hashedInputs.set(key, (hash = hashInputNow(root, name)));
  return hash;
}
const hashedInputs = new Map<string, string>();
let hashedRound = 0;

function hashInputNow(root: string, name: string): string {
  if (name.startsWith(ENV)) return hashEnv(name.slice(ENV.length));
  if (name.startsWith(FOLDER)) return hashFolder(join(root, name.slice(FOLDER.length)));
  if (name.startsWith(MAYBE)) {
    const abs = join(root, name.slice(MAYBE.length));
    return existsSync(abs) ? hashFile(abs) : "none";
  }
  return hashFile(join(root, name));
}

/** True when every recorded input still has its hash (false when one is gone or cannot be read). */
export function inputsHold(root: string, inputs: Record<string, string> | undefined): boolean {
  try {
    for (const [name, hash] of Object.entries(inputs ?? {})) if (hashInput(root, name) !== hash) return false;
  } catch {
    return false;
  }
  return true;
}

/**
 * Whether a path of esbuild's metafile (relative to its working folder, the site's) is a file that was read: not a
 * virtual module (`namespace:path`, `<stdin>`). Files outside the site and packages' files count.
 */
export const isFileInput = (f: string): boolean => f !== "<stdin>" && !f.includes(":");

/**
 * The namespace of a virtual module made from one file, whose path is that file (an SVG drawn as a component,
 * cli/mdx/svg-component.ts): esbuild's metafile names the module `docsite-svg:/abs/x.svg`, and the file was read.
 */
export const SVG_COMPONENT_NAMESPACE = "docsite-svg";
const FILE_BACKED = new Set([SVG_COMPONENT_NAMESPACE]);

/**
 * The files esbuild's metafile inputs (or any list of input paths) say were read: the plain files, and the file behind
 * each file-backed virtual module. Other virtual modules are left out (what made them records its own files).
 */
export function readInputs(keys: Iterable<string>): string[] {
  const out: string[] = [];
  for (const k of keys) {
    if (isFileInput(k)) out.push(k);
    else {
      const at = k.indexOf(":");
      if (at > 0 && FILE_BACKED.has(k.slice(0, at))) out.push(k.slice(at + 1));
    }
  }
  return out;
}

/** A path (absolute, or relative to the site) as an input name: relative to the site, with `/`. */
export const inputName = (root: string, file: string): string =>
  isAbsolute(file) ? slashed(relative(root, file)) || "." : posix.normalize(slashed(file));

/** The folder of a site-relative path, as `posix.dirname` gives it (`.` for the site folder). */
const folderOf = (file: string) => posix.dirname(file);

/**
 * The manifests (package.json, tsconfig.json, jsconfig.json) a resolver reads for files in `folder` (absolute), as
 * `maybe:` inputs (there or not): in each folder on the way up to the nearest package.json, stopping at the site
 * folder or, from outside it, at a folder above the site (the walk stays near the files read).
 */
function manifestsOf(site: string, folder: string, out: Set<string>, walked: Set<string>): void {
  const root = resolve(site);
  const above = (dir: string) => root === dir || root.startsWith(dir.endsWith(sep) ? dir : dir + sep);
  for (let dir = folder; !walked.has(dir); dir = dirname(dir)) {
    walked.add(dir);
    if (above(dir) && dir !== root) return;
    let found = false;
    for (const m of MANIFESTS) {
      const abs = join(dir, m);
      out.add(`${MAYBE}${inputName(root, abs)}`);
      if (m === "package.json") found = existsSync(abs);
    }
    if (found || dir === root || dirname(dir) === dir) return;
  }
}

/** docsite's own code (its theme modules a bundle reads): the toolchain identity covers it, wherever docsite is. */
const CODE_PATHS = CODE_FOLDERS.map((f) => join(PACKAGE_ROOT, f) + sep);
const isDocsiteCode = (abs: string) => CODE_PATHS.some((p) => abs.startsWith(p));

/**
 * The input names of a step that read `files` (site-relative or absolute) and looked in `folders`: the files, their
 * folders, the folders looked in, and the manifests around them.
 */
export function inputsOf(root: string, files: Iterable<string>, folders: Iterable<string> = []): string[] {
  const names = new Set<string>();
  const dirs = new Set<string>();
  for (const f of files) {
    if (isDocsiteCode(resolve(root, f))) continue;
    const name = inputName(root, f);
    names.add(name);
    dirs.add(folderOf(name));
  }
  for (const d of folders) dirs.add(inputName(root, d));
  const walked = new Set<string>();
  for (const d of dirs) {
    names.add(`${FOLDER}${d}`);
    manifestsOf(root, resolve(root, d), names, walked);
  }
  return [...names];
}

/**
 * An esbuild plugin that resolves nothing: it notes the folders an import of a relative path (`./x`, `../x`) looks
 * in, so a file added there later (`x.tsx` beside the `x.js` it found, `x/index.js`) is seen. Put it first.
 */
export function resolutionFolders(folders: Set<string>): Plugin {
  return {
    name: "docsite-resolution-folders",
    setup(b) {
      b.onResolve({ filter: /^\.\.?(\/|$)/ }, (a) => {
        if (!a.resolveDir) return undefined;
        const target = join(a.resolveDir, a.path);
        folders.add(join(target, ".."));
        try {
          if (statSync(target).isDirectory()) folders.add(target);
        } catch {
          // not there: its folder is enough
        }
        return undefined;
      });
    },
  };
}

/** The kept value of entry `key` in `store`, when every input recorded for it is unchanged. */
export function readRecorded<T>(cache: BuildCache, store: string, key: string, root: string): T | undefined {
  const text = cache.readText(store, key);
  if (text === undefined) return undefined;
  let rec: Recorded<T>;
  try {
    rec = JSON.parse(text) as Recorded<T>;
  } catch {
    cache.damaged(store);
    return undefined;
  }
  return inputsHold(root, rec.inputs) ? rec.value : undefined;
}

/**
 * Keeps `value` as entry `key` of `store`, with the hashes of `inputs` as they are now: input names (inputsOf), or
 * files read (site-relative or absolute), whose folders and manifests are then recorded too.
 */
export function writeRecorded<T>(
  cache: BuildCache,
  store: string,
  key: string,
  root: string,
  value: T,
  inputs: Iterable<string>,
): void {
  const list = [...inputs];
  const named = list.filter((n) => n.startsWith(FOLDER) || n.startsWith(ENV) || n.startsWith(MAYBE));
  const names = [
    ...new Set([
      ...inputsOf(
        root,
        list.filter((n) => !named.includes(n)),
      ),
      ...named,
    ]),
  ].sort();
  let hashes: Record<string, string>;
  try {
    hashes = Object.fromEntries(names.map((name) => [name, hashInput(root, name)]));
  } catch {
    return; // an input is gone already: nothing safe to keep
  }
  cache.write(store, key, JSON.stringify({ value, inputs: hashes } satisfies Recorded<T>));
}
