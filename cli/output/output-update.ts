// Updating an output folder in place after a rebuild: only the files whose content changed are written, files the
// site no longer has are removed, the rest is not touched. On this kind of machine a file-system metadata call
// (mkdir, link, unlink) costs about half a millisecond of CPU, so writing a whole new folder of ~1,000 files and
// ~400 folders and deleting the old one took most of an edit's rebuild; an edit changes a few dozen files.
//
// Still all or nothing: the changed files are first written to a stamped temporary folder beside the output, then
// a journal naming every move and removal is committed there (written, then renamed: the commit point). Before the
// commit a failure leaves the output exactly as it was; after it, the moves are replayed until done — by this
// build, by its SIGINT/SIGTERM handler, or by the next build, which finds the journal (`rollForward`).
//
// Which files are unchanged comes from a manifest of the last write, kept in the build cache (never in the
// output; cli/cache/output-manifests.ts): each file's content hash and the inode, size and modification time it had
// once in place. A file whose
// recorded stat no longer matches (edited or replaced by hand) is written again; anything the manifest cannot
// vouch for, or an output that is not plain files and folders, falls back to writing the whole folder.
import {
  type Dirent,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import type { OutputManifest } from "../cache/output-manifests.ts";
import { checksum } from "../cache/hash.ts";
import { hashFile } from "../cache/file-hashes.ts";

/**
 * A file known by its content hash and read only when it has to be written: a page from the render cache. A
 * rebuild that changes nothing then reads none of its pages (pipeline/render-stage.ts).
 */
export interface StoredContent {
  /** `contentHash` of what `read` returns. */
  readonly hash: string;
  read(): string | Uint8Array;
}

export type Content = string | Uint8Array | StoredContent;

const isStored = (content: Content): content is StoredContent =>
  typeof content === "object" && !(content instanceof Uint8Array);

/** The bytes (or text) of a file, read now if it is stored. */
export const contentOf = (content: Content): string | Uint8Array => (isStored(content) ? content.read() : content);

export const contentHash = (content: Content): string => (isStored(content) ? content.hash : checksum(content));

/** The manifest of `hashes` (output path → content hash) with the stat each file now has in `outDir`. */
export function manifestOf(outDir: string, hashes: Map<string, string>): OutputManifest {
  const entries: OutputManifest = new Map();
  for (const [rel, hash] of hashes) {
    const st = lstatSync(join(outDir, rel), { throwIfNoEntry: false });
    if (st?.isFile()) entries.set(rel, { hash, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs });
  }
  return entries;
}

/**
 * Whether `outDir` holds the file `rel` with content hash `hash`, as the manifest recorded it and as it still is
 * (the same inode, size and modification time): then an update does not write it.
 */
export function outputHolds(outDir: string, manifest: OutputManifest): (rel: string, hash: string) => boolean {
  return (rel, hash) => {
    const m = manifest.get(rel);
    if (m?.hash !== hash) return false;
    const st = lstatSync(join(outDir, rel), { throwIfNoEntry: false });
    return Boolean(st?.isFile() && st.ino === m.ino && st.size === m.size && st.mtimeMs === m.mtimeMs);
  };
}

/** What an in-place update changes. Paths are relative to the output folder, with `/` as on the web. */
export interface UpdatePlan {
  /** Files that are new or whose content changed. */
  write: Array<[string, Content]>;
  /** Files and whole folders the new site does not have. */
  remove: string[];
  /** Every file of the new site with its content hash (the next manifest). */
  hashes: Map<string, string>;
}

const toRel = (outDir: string, abs: string) => relative(outDir, abs).split(sep).join("/");

/**
 * An output path's folder (`a/b` of `a/b/c.html`), "" at the top. By hand, not path.dirname, as `entryRel` below: a
 * no-change build plans over every file of the output (1,400 here), where path's normalising cost 20–30 ms.
 */
const parentOf = (rel: string) => rel.slice(0, Math.max(0, rel.lastIndexOf("/")));

/** A recursive listing's entry as an output path: its folder's path cut from the listed folder's. */
function entryRel(outDir: string, e: Dirent): string {
  const parent = e.parentPath;
  if (parent === outDir) return e.name;
  if (sep === "/" && parent.startsWith(`${outDir}/`)) return `${parent.slice(outDir.length + 1)}/${e.name}`;
  return toRel(outDir, join(parent, e.name));
}

/**
 * The files of `staticDir` (copied under the generated ones), or null when it holds something other than plain
 * files and folders (then the whole folder is written, as `cp` copies such entries). Each is known by its content
 * hash from the file-hashes memo (cli/cache/file-hashes.ts: hashed again whenever its inode, size, mtime or ctime
 * differ from when it was hashed) and read only if it must be written: a no-change build of a site with 42 MB of
 * static files read and hashed them all.
 */
export async function readStaticFiles(staticDir: string, skipName: string): Promise<Map<string, Content> | null> {
  if (!existsSync(staticDir)) return new Map();
  const out = new Map<string, Content>();
  for (const e of readdirSync(staticDir, { recursive: true, withFileTypes: true })) {
    if (e.isDirectory()) continue;
    if (!e.isFile()) return null;
    const abs = join(e.parentPath, e.name);
    const rel = toRel(staticDir, abs);
    if (rel.split("/").includes(skipName)) continue;
    out.set(rel, { hash: hashFile(abs), read: () => readFileSync(abs) });
  }
  return out;
}

/**
 * Compares the new site with the output folder and its manifest. Null when the folder cannot be updated in place:
 * no manifest, an entry that is neither a plain file nor a folder, or a file where a folder must go (or back).
 */
export function planUpdate(
  outDir: string,
  files: Map<string, Content>,
  manifest: OutputManifest,
  keep: string,
): UpdatePlan | null {
  if (!manifest.size) return null;
  let entries: Dirent[];
  try {
    entries = readdirSync(outDir, { recursive: true, withFileTypes: true });
  } catch {
    return null;
  }
  const dirsNeeded = new Set<string>();
  for (const rel of files.keys())
    for (let d = parentOf(rel); d !== "" && !dirsNeeded.has(d); d = parentOf(d)) dirsNeeded.add(d);
  const present = new Map<string, "file" | "dir">();
  for (const e of entries) {
    const rel = entryRel(outDir, e);
    if (e.isFile()) present.set(rel, "file");
    else if (e.isDirectory()) present.set(rel, "dir");
    else return null;
  }
  const remove: string[] = [];
  const removedDirs = new Set<string>();
  const underRemoved = (rel: string) => {
    for (let d = dirname(rel); d !== "."; d = dirname(d)) if (removedDirs.has(d)) return true;
    return false;
  };
  for (const rel of [...present.keys()].sort()) {
    const kind = present.get(rel);
    if (rel === keep) continue;
    if (kind === "dir" ? files.has(rel) : dirsNeeded.has(rel)) return null;
    const wanted = kind === "dir" ? dirsNeeded.has(rel) : files.has(rel);
    if (wanted || underRemoved(rel)) continue;
    remove.push(rel);
    if (kind === "dir") removedDirs.add(rel);
  }
  const write: UpdatePlan["write"] = [];
  const hashes = new Map<string, string>();
  for (const [rel, content] of files) {
    const hash = contentHash(content);
    hashes.set(rel, hash);
    const m = manifest.get(rel);
    const st = m?.hash === hash && present.get(rel) === "file" ? lstatSync(join(outDir, rel)) : undefined;
    if (!(st && st.ino === m?.ino && st.size === m.size && st.mtimeMs === m.mtimeMs)) write.push([rel, content]);
  }
  return { write, remove, hashes };
}

const JOURNAL = "journal.json";

interface Journal {
  /** Staged file name (in the stage's `f/` folder) → output path. */
  moves: Array<[string, string]>;
  remove: string[];
}

/**
 * Applies `plan` to `outDir` through the stamped folder `stage` (created by the caller beside the output).
 * `committed` is called once the journal is in place: from then on the update completes, whatever happens.
 */
export async function applyUpdate(
  outDir: string,
  stage: string,
  plan: UpdatePlan,
  check: () => void,
  committed: () => void,
): Promise<void> {
  await mkdir(join(stage, "f"));
  const moves: Journal["moves"] = plan.write.map(([rel], i) => [String(i), rel]);
  for (let i = 0; i < plan.write.length; i += 64) {
    check();
    await Promise.all(
      plan.write.slice(i, i + 64).map(([, c], j) => writeFile(join(stage, "f", String(i + j)), contentOf(c))),
    );
  }
  check();
  writeFileSync(join(stage, `${JOURNAL}.tmp`), JSON.stringify({ moves, remove: plan.remove } satisfies Journal));
  renameSync(join(stage, `${JOURNAL}.tmp`), join(stage, JOURNAL));
  committed();
  rollForward(stage, outDir);
}

/** A journal path is an output path: relative, without `..`. Anything else is skipped, never followed. */
const safeRel = (rel: unknown): rel is string =>
  typeof rel === "string" && rel !== "" && !isAbsolute(rel) && !rel.split(/[\\/]/).some((s) => s === ".." || s === "");

/**
 * Completes a committed update: moves what is still staged into `outDir` and removes what the journal removes.
 * Replaying it again does nothing more. Returns false when `stage` holds no committed journal.
 */
export function rollForward(stage: string, outDir: string): boolean {
  let journal: Journal;
  try {
    journal = JSON.parse(readFileSync(join(stage, JOURNAL), "utf8")) as Journal;
  } catch {
    return false;
  }
  for (const [name, rel] of journal.moves ?? []) {
    const from = join(stage, "f", String(name));
    if (!safeRel(rel) || !existsSync(from)) continue;
    mkdirSync(dirname(join(outDir, rel)), { recursive: true });
    renameSync(from, join(outDir, rel));
  }
  for (const rel of journal.remove ?? []) if (safeRel(rel)) rmSync(join(outDir, rel), { recursive: true, force: true });
  return true;
}
