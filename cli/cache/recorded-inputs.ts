// Entries made by a step that reads site files it finds itself (esbuild's bundles, Sass' `@use`): the entry records
// each site file the step read, by the hash of its bytes, and is used only while every one of them still holds those
// bytes. A file that is gone or cannot be read makes the entry a miss. The folders those files are in are recorded
// too, by the names they hold: a file added beside one (`Foo.tsx` beside the `Foo.jsx` an import found, an `index`
// file) may change what an import resolves to, so it makes the entry a miss as well. Packages are not recorded: the
// toolchain identity (identity.ts) covers what is installed.
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import type { BuildCache } from "./cache.ts";
import { hashText } from "./hash.ts";

interface Recorded<T> {
  value: T;
  /** Site-relative path (with `/`) → hash of its bytes. */
  inputs: Record<string, string>;
}

/** Recorded folders are named with this prefix beside the files (no site file's relative path starts with it). */
const FOLDER = "folder:";

const hashFile = (root: string, file: string) => hashText(readFileSync(join(root, file)));
const hashFolder = (root: string, folder: string) => hashText(readdirSync(join(root, folder)).sort().join("\n"));
const hashInput = (root: string, name: string) =>
  name.startsWith(FOLDER) ? hashFolder(root, name.slice(FOLDER.length)) : hashFile(root, name);

/**
 * Whether a path of esbuild's metafile (relative to the site, its working folder) is one of the site's own files: not a
 * virtual module (`namespace:path`, `<stdin>`), not outside the site, not a package's file (the toolchain's).
 */
export const isSiteInput = (f: string): boolean =>
  f !== "<stdin>" && !f.includes(":") && !f.startsWith("../") && !f.includes("node_modules/");

/** The kept value of entry `key` in `store`, when every site file recorded for it is unchanged. */
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
  try {
    for (const [name, hash] of Object.entries(rec.inputs)) if (hashInput(root, name) !== hash) return undefined;
  } catch {
    return undefined; // an input is gone
  }
  return rec.value;
}

/** Keeps `value` as entry `key` of `store`, with the hashes of `files` (site-relative) as they are now. */
export function writeRecorded<T>(
  cache: BuildCache,
  store: string,
  key: string,
  root: string,
  value: T,
  files: Iterable<string>,
): void {
  let inputs: Record<string, string>;
  try {
    const unique = [...new Set(files)];
    const folders = new Set(unique.map((f) => `${FOLDER}${posix.dirname(f)}`));
    inputs = Object.fromEntries([...unique, ...folders].sort().map((name) => [name, hashInput(root, name)]));
  } catch {
    return; // a file it read is gone already: nothing safe to keep
  }
  cache.write(store, key, JSON.stringify({ value, inputs } satisfies Recorded<T>));
}
