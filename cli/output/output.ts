// The output folder: which paths `docsite build --out` may replace, a lock so two builds never write the same
// folder at once, the atomic swap, cleanup after a signal or a killed build, and writing in place into a mount.
// Rule: docsite only ever deletes folders it created, and it recognises them by the stamp file inside.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync } from "node:fs";
import {
  copyFile,
  cp,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { DocsiteError, systemReason } from "../log.ts";
import {
  applyUpdate,
  contentHash,
  contentOf,
  type Content,
  planUpdate,
  readStaticFiles,
  rollForward,
  manifestOf,
} from "./output-update.ts";
import { PACKAGE_ROOT } from "../boot/locations.ts";
import { assertInsideOutput, clearLinksInTheWay, linksUnder } from "./confine.ts";
import { acquireLock, lockError } from "./output-lock.ts";
import type { ManifestStore, OutputManifest } from "../cache/output-manifests.ts";

/** Written into every output folder (and every temporary one) so docsite can tell its own folders apart. */
export const STAMP = ".docsite-output";
const STAMP_TEXT = "This folder is written by `docsite build` and replaced on every build. Do not keep files here.\n";

/** Folders of a site (and of docsite itself) that an output must never be, contain, or sit inside. */
const SOURCE_NAMES = ["content", "i18n", "static", "theme", "cli", "bin", "tests", "node_modules", ".git", ".docsite"];
const SOURCE_NAMES_EXTRA = [".ci", ".github", "site.config.json", "package.json"];

const isInside = (parent: string, child: string) =>
  child !== parent && child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
/** A path as the user sees it: relative to the working folder when below it, absolute otherwise. */
const shown = (p: string) => {
  const rel = relative(process.cwd(), p);
  return rel === "" ? "." : rel.startsWith("..") ? resolve(p) : rel;
};

/** realpath of the deepest existing ancestor joined with the rest: what a path will be once it exists. */
function realOf(p: string): string {
  const abs = resolve(p);
  let head = abs;
  const tail: string[] = [];
  while (!existsSync(head)) {
    const up = dirname(head);
    if (up === head) break;
    tail.unshift(basename(head));
    head = up;
  }
  try {
    return join(realpathSync(head), ...tail);
  } catch {
    return abs;
  }
}

/** Paths docsite reads for a site at `root`: its source folders, the config's sidebars, docsite's own code. */
export function protectedPaths(root: string): string[] {
  const out = [...SOURCE_NAMES, ...SOURCE_NAMES_EXTRA].map((n) => join(root, n));
  try {
    const config = JSON.parse(readFileSync(join(root, "site.config.json"), "utf8")) as {
      docs?: { versions?: Array<{ sidebarsFile?: unknown }> };
    };
    for (const v of config.docs?.versions ?? []) {
      if (typeof v.sidebarsFile !== "string") continue;
      const file = resolve(root, v.sidebarsFile);
      out.push(file);
      if (dirname(file) !== resolve(root)) out.push(dirname(file));
    }
  } catch {
    // An unreadable config is reported by the build itself; the fixed list still protects the sources.
  }
  for (const n of ["cli", "theme", "bin", "lib", "node_modules", ".git", "package.json"])
    out.push(join(PACKAGE_ROOT, n));
  return [...new Set(out.flatMap((p) => [p, realOf(p)]))];
}

/** An unstamped folder written by a docsite older than the stamp: its 404 page carries docsite's base-URL check. */
function isOlderOutput(dir: string): boolean {
  const names = readdirSync(dir);
  if (names.some((n) => [...SOURCE_NAMES, ...SOURCE_NAMES_EXTRA].includes(n))) return false;
  try {
    return names.includes("assets") && readFileSync(join(dir, "404.html"), "utf8").includes("docsite-base-url-issue");
  } catch {
    return false;
  }
}

/**
 * Throws a DocsiteError (nothing touched) when `outDir` must not be replaced: the site folder, an ancestor of it,
 * a source folder or a path inside one, a file, or a non-empty folder docsite did not write.
 */
export function checkOutDir(root: string, outDir: string): void {
  const realRoot = realOf(root);
  const candidates = [...new Set([resolve(outDir), realOf(outDir)])];
  const refuse = (why: string, hint = "pass another --out, e.g. --out dist") => {
    throw new DocsiteError(`refusing to write the site to ${shown(outDir)}: ${why}`, {}, hint);
  };
  const protectedList = protectedPaths(resolve(root));
  for (const c of candidates) {
    if (c === resolve(root) || c === realRoot) refuse("it is the site folder itself");
    if (isInside(c, resolve(root)) || isInside(c, realRoot)) refuse("it contains the site folder");
    for (const p of protectedList) {
      if (c === p) refuse(`it is ${shown(p)}, which docsite reads`);
      if (isInside(c, p)) refuse(`it contains ${shown(p)}, which docsite reads`);
      // Inside a source folder; a site kept inside such a folder (a test fixture) may still use its own dist/.
      if (isInside(p, c) && !isInside(p, realRoot)) refuse(`it is inside ${shown(p)}, which docsite reads`);
    }
  }
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(outDir);
  } catch {
    return; // does not exist yet
  }
  if (!st.isDirectory()) refuse("it is a file, not a folder");
  if (readdirSync(outDir).length === 0 || existsSync(join(outDir, STAMP)) || isOlderOutput(outDir)) return;
  refuse(
    `it is a folder with files docsite did not write (no ${STAMP} inside)`,
    "pass a new or empty folder, or remove this one yourself if you are sure",
  );
}

// ---- leftovers -----------------------------------------------------------------------------------------------

const stamped = (dir: string) => existsSync(join(dir, STAMP));

/**
 * Temporary and previous-output folders of `<out>` that docsite created, oldest first: stamped ones, and empty
 * temporary ones (a build killed between creating its folder and writing the stamp).
 */
function leftovers(outDir: string): { tmp: string[]; old: string[] } {
  const parent = dirname(outDir);
  const base = basename(outDir);
  let names: string[] = [];
  try {
    names = readdirSync(parent).sort();
  } catch {
    return { tmp: [], old: [] };
  }
  const pick = (kind: string) =>
    names
      .filter((n) => n.startsWith(`${base}.${kind}-`))
      .map((n) => join(parent, n))
      .filter((p) => lstatSync(p).isDirectory() && (stamped(p) || (kind === "tmp" && readdirSync(p).length === 0)));
  return { tmp: pick("tmp"), old: pick("old") };
}

/**
 * Run while holding the lock, so no other build owns these folders. Removes temporary folders of killed builds; a
 * previous output moved aside by a build killed during the swap goes back to `<out>` if `<out>` is missing. A
 * folder that cannot be removed (files without write permission, an immutable file) is named in a warning and
 * left: this build goes on, as the one that left it did.
 */
export function cleanLeftovers(outDir: string, warn: (msg: string) => void = (m) => console.warn(m)): void {
  const { tmp, old } = leftovers(outDir);
  const tryRemove = (dir: string, remove: () => void) => {
    try {
      remove();
    } catch (err) {
      warn(
        `a folder left by an earlier build could not be removed (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): ` +
          `${shown(dir)}; the build goes on, delete it yourself (check its permissions)`,
      );
    }
  };
  for (const t of tmp) {
    // An in-place update killed after its commit is completed first (output/output-update.ts).
    if (existsSync(outDir)) rollForward(t, outDir);
    tryRemove(t, () => rmSync(t, { recursive: true, force: true, maxRetries: 3 }));
  }
  const restore = !existsSync(outDir) ? old.pop() : undefined;
  if (restore) renameSync(restore, outDir);
  for (const o of old) tryRemove(o, () => removeStampedSync(o));
}

/** Deletes a stamped folder with the stamp last, so a half-removed folder is still recognised next time. */
function removeStampedSync(dir: string): void {
  for (const n of readdirSync(dir)) if (n !== STAMP) rmSync(join(dir, n), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}

async function removeStamped(dir: string): Promise<void> {
  for (const n of await readdir(dir)) if (n !== STAMP) await rm(join(dir, n), { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
}

// ---- mount points and in-place writes ------------------------------------------------------------------------

function mountPoints(): Set<string> {
  try {
    const text = readFileSync("/proc/self/mountinfo", "utf8");
    return new Set(
      text
        .split("\n")
        .map((l) => l.split(" ")[4])
        .filter(Boolean)
        .map((p) => p.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)))),
    );
  } catch {
    return new Set();
  }
}

/** A folder that is a mount point (a container volume) cannot be renamed; it is written into instead. */
export async function isMountPoint(dir: string): Promise<boolean> {
  try {
    const real = await realpath(dir);
    if ((await stat(real)).dev !== (await stat(dirname(real))).dev) return true;
    return mountPoints().has(real);
  } catch {
    return false;
  }
}

/**
 * Makes `dest` hold exactly what `src` holds, writing into `dest` (which is never renamed or removed); `done.changes`
 * counts what it changed so far (a failure says whether `dest` was touched).
 */
export async function syncInto(src: string, dest: string, done = { changes: 0 }): Promise<void> {
  const entries = await readdir(src, { withFileTypes: true });
  const keep = new Set(entries.map((e) => e.name));
  for (const e of await readdir(dest))
    if (!keep.has(e)) {
      await rm(join(dest, e), { recursive: true, force: true });
      done.changes++;
    }
  for (const e of entries) {
    const s = join(src, e.name);
    const d = join(dest, e.name);
    let there = await lstat(d).catch(() => null);
    // A link in `dest` is replaced, never written through (its target may be anywhere); a link in `src` (copied
    // from static/) stays a link, as the rename of a whole folder keeps it.
    if (there?.isSymbolicLink()) {
      await rm(d, { force: true });
      there = null;
    }
    if (e.isSymbolicLink()) {
      if (there) await rm(d, { recursive: true, force: true });
      await symlink(await readlink(s), d);
    } else if (e.isDirectory()) {
      if (there && !there.isDirectory()) await rm(d, { force: true });
      if (!there?.isDirectory()) await mkdir(d);
      await syncInto(s, d, done);
    } else {
      if (there?.isDirectory()) await rm(d, { recursive: true, force: true });
      await copyFile(s, d);
      done.changes++;
    }
  }
}

// ---- the output ----------------------------------------------------------------------------------------------

export interface OutputOptions {
  root: string;
  outDir: string;
  /** Warnings (e.g. an old output that could not be removed). */
  warn?: (msg: string) => void;
  /** Tests replace the rename of the old output to simulate EBUSY/EXDEV/EPERM. */
  renameOld?: (from: string, to: string) => Promise<void>;
  /** Tests replace the removal of the old output to simulate a folder that cannot be deleted. */
  removeOld?: (dir: string) => Promise<void>;
  /**
   * Where the record of the last write is kept (output/output-update.ts). With it, a rebuild updates the
   * output in place: only changed files are written, files no longer produced are removed.
   */
  manifest?: ManifestStore;
}

export interface Output {
  outDir: string;
  /** Writes the site to a temporary folder and swaps it in (or syncs it into a mount point). */
  write(files: Map<string, Content>, staticDir?: string): Promise<void>;
  /** Releases the lock and the signal handlers. */
  close(): void;
}

interface OutputState {
  tmp?: string;
  old?: string;
  aborted?: NodeJS.Signals;
  /** The in-place update in `tmp` has committed its journal: it is completed, not abandoned. */
  committed?: boolean;
}

const IN_PLACE_CODES = new Set(["EBUSY", "EXDEV", "EPERM", "EACCES"]);

/**
 * Checks `outDir`, takes its lock, removes what killed builds left behind and installs SIGINT/SIGTERM cleanup.
 * Call `close()` when the build ends, successful or not.
 */
export async function openOutput(opts: OutputOptions): Promise<Output> {
  const given = resolve(opts.outDir);
  checkOutDir(opts.root, given);
  // A symlinked output is written at its target, so the link keeps pointing at the site.
  const outDir = realOf(given);
  await mkdir(dirname(outDir), { recursive: true }).catch((err) => {
    throw lockError(`${outDir}.lock`, err);
  });
  const state: OutputState = {};
  let release = () => {};
  const onSignal = (signal: NodeJS.Signals) => {
    state.aborted = signal;
    abandonSync(outDir, state);
    release();
    console.error(`\n${signal === "SIGINT" ? "interrupted" : `stopped by ${signal}`}: ${shown(outDir)} left as it was`);
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  // Handlers first: a signal that arrives once the lock exists always finds them.
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const off = () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
  try {
    release = acquireLock(outDir);
    cleanLeftovers(outDir, opts.warn);
  } catch (err) {
    off();
    release();
    throw err;
  }
  /** The manifest is an optimisation: when it cannot be written, the next build writes every file. */
  const record = (store: ManifestStore, hashes: Map<string, string>) => store.write(manifestOf(outDir, hashes));

  /** Writes only what changed into the existing output; false when it must be written whole instead. */
  async function updateInPlace(
    manifestFile: ManifestStore,
    files: Map<string, Content>,
    staticDir: string | undefined,
  ): Promise<boolean> {
    // A mount point is updated by copying anyway (swapIn); a folder without the stamp is replaced whole.
    if (!stamped(outDir) || (await isMountPoint(outDir))) return false;
    const statics = staticDir && existsSync(staticDir) ? await readStaticFiles(await realpath(staticDir), STAMP) : null;
    if (staticDir && existsSync(staticDir) && !statics) return false;
    const manifest = manifestFile.read();
    const plan = planUpdate(outDir, new Map([...(statics ?? []), ...files]), manifest, STAMP);
    if (!plan) return false;
    // Nothing to write or remove, and the manifest names exactly these files with these hashes: planUpdate found
    // each one with the stat the manifest records, so recording them again (a stat per file and the manifest
    // rewritten) would write the same record.
    if (!plan.write.length && !plan.remove.length && sameHashes(manifest, plan.hashes)) return true;
    if (plan.write.length || plan.remove.length) {
      const stage = `${outDir}.tmp-${process.pid}-${Date.now()}`;
      state.tmp = stage;
      try {
        await mkdir(stage);
        await writeFile(join(stage, STAMP), STAMP_TEXT);
        await applyUpdate(
          outDir,
          stage,
          plan,
          () => {
            if (state.aborted) throw new DocsiteError(`build stopped by ${state.aborted}`);
          },
          () => {
            state.committed = true;
          },
        );
      } catch (err) {
        if (err instanceof DocsiteError) throw err;
        // The staged files move in first, the removals come last: all of them still staged means nothing changed.
        const staged = existsSync(join(stage, "f")) ? readdirSync(join(stage, "f")).length : plan.write.length;
        throw inPlaceError(outDir, err, state.committed === true && staged < plan.write.length);
      } finally {
        if (existsSync(stage)) await rm(stage, { recursive: true, force: true, maxRetries: 3 });
        state.tmp = undefined;
        state.committed = false;
      }
    }
    record(manifestFile, plan.hashes);
    return true;
  }

  return {
    outDir,
    close() {
      off();
      release();
    },
    async write(files, staticDir) {
      const id = `${process.pid}-${Date.now()}`;
      const tmp = `${outDir}.tmp-${id}`;
      state.tmp = tmp;
      const check = () => {
        if (state.aborted) throw new DocsiteError(`build stopped by ${state.aborted}`);
      };
      assertInsideOutput(files.keys());
      if (opts.manifest && (await updateInPlace(opts.manifest, files, staticDir))) return;
      try {
        await mkdir(tmp);
        await writeFile(join(tmp, STAMP), STAMP_TEXT);
        if (staticDir && existsSync(staticDir)) {
          await cp(await realpath(staticDir), tmp, { recursive: true, filter: (s) => basename(s) !== STAMP });
          await clearLinksInTheWay(tmp, files.keys(), linksUnder(tmp));
        }
        const dirs = new Set([...files.keys()].map((f) => dirname(join(tmp, f))));
        for (const d of dirs) await mkdir(d, { recursive: true });
        const entries = [...files];
        for (let i = 0; i < entries.length; i += 64) {
          check();
          await Promise.all(entries.slice(i, i + 64).map(([f, c]) => writeFile(join(tmp, f), contentOf(c))));
        }
        check();
        await swapIn(tmp, outDir, id, state, opts);
        if (opts.manifest) record(opts.manifest, new Map([...files].map(([f, c]) => [f, contentHash(c)])));
      } catch (err) {
        throw stagingError(outDir, tmp, err);
      } finally {
        if (existsSync(tmp)) await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
        state.tmp = undefined;
      }
    },
  };
}

/** Whether `manifest` records exactly the files of `hashes`, each with its hash. */
function sameHashes(manifest: OutputManifest, hashes: Map<string, string>): boolean {
  if (manifest.size !== hashes.size) return false;
  for (const [rel, hash] of hashes) if (manifest.get(rel)?.hash !== hash) return false;
  return true;
}

async function swapIn(
  tmp: string,
  outDir: string,
  id: string,
  state: { old?: string },
  opts: OutputOptions,
): Promise<void> {
  const warn = opts.warn ?? ((m: string) => console.warn(m));
  const there = existsSync(outDir);
  if (there && (await isMountPoint(outDir))) {
    await writeInPlace(tmp, outDir);
    return;
  }
  if (there) {
    const old = `${outDir}.old-${id}`;
    // Mark an output written before the stamp existed, so a killed swap leaves a folder docsite recognises.
    if (!stamped(outDir)) await writeFile(join(outDir, STAMP), STAMP_TEXT).catch(() => {});
    try {
      state.old = old;
      await (opts.renameOld ?? rename)(outDir, old);
    } catch (err) {
      state.old = undefined;
      const code = (err as NodeJS.ErrnoException).code ?? "";
      if (!IN_PLACE_CODES.has(code)) throw swapError(outDir, err);
      await writeInPlace(tmp, outDir);
      return;
    }
    try {
      await rename(tmp, outDir);
    } catch (err) {
      await rename(old, outDir); // put the previous output back: one consistent state
      state.old = undefined;
      throw swapError(outDir, err);
    }
    try {
      await (opts.removeOld ?? removeStamped)(old);
    } catch (err) {
      warn(
        `the new site is in ${shown(outDir)}, but the previous output could not be removed ` +
          `(${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): it is in ${shown(old)}; ` +
          "the next build removes it, or delete it yourself",
      );
    }
    state.old = undefined;
    return;
  }
  try {
    await rename(tmp, outDir);
  } catch (err) {
    throw swapError(outDir, err);
  }
}

async function writeInPlace(tmp: string, outDir: string): Promise<void> {
  const done = { changes: 0 };
  try {
    await syncInto(tmp, outDir, done);
  } catch (err) {
    throw inPlaceError(outDir, err, done.changes > 0);
  }
}

/**
 * A failed write into the existing output, naming the user's path (a rename's destination, never docsite's staging
 * folder) and saying that the output mixes old and new files only when something in it was changed.
 */
function inPlaceError(outDir: string, err: unknown, mixed: boolean): DocsiteError {
  const e = err as NodeJS.ErrnoException & { dest?: string };
  const where = [e.dest, e.path].find((p) => p && (p === outDir || p.startsWith(outDir + sep)));
  const fix =
    e.code === "EROFS"
      ? `${shown(outDir)} is on a read-only file system: build into another folder (--out)`
      : `make ${shown(outDir)} and everything in it writable (chmod -R u+w ${shown(outDir)}; chattr -R -i for ` +
        "files marked immutable), or delete it, then build again";
  return new DocsiteError(
    `could not write into ${shown(outDir)} (${systemReason(e)}${where ? ` on ${shown(where)}` : ""})`,
    {},
    `${fix}; ${mixed ? `until then ${shown(outDir)} mixes old and new files` : `nothing in ${shown(outDir)} was changed`}`,
    err,
  );
}

/**
 * A failure while the new site is written beside the output (in `tmp`, before the swap): said with the user's
 * folders, not the staging folder's name; the output itself is untouched then. Other errors pass as they are.
 */
function stagingError(outDir: string, tmp: string, err: unknown): unknown {
  const e = err as NodeJS.ErrnoException;
  if (err instanceof DocsiteError || !e?.path?.startsWith(tmp)) return err;
  const full = e.code === "ENOSPC" || e.code === "EDQUOT";
  return new DocsiteError(
    `could not write the new site beside ${shown(outDir)}, in ${shown(dirname(outDir))} (${systemReason(e)})`,
    {},
    `${full ? "free some space" : `make ${shown(dirname(outDir))} writable`}, or build into another folder ` +
      `(--out); ${shown(outDir)} is unchanged`,
    err,
  );
}

function swapError(outDir: string, err: unknown): DocsiteError {
  return new DocsiteError(
    `could not replace ${shown(outDir)} (${systemReason(err)}); the previous output is unchanged`,
    {},
    `check that ${shown(dirname(outDir))} is writable, has space, and that nothing holds ${shown(outDir)} open`,
    err,
  );
}

/** Signal-time cleanup, synchronous: the previous output goes back in place and the temporary folder goes. */
function abandonSync(outDir: string, state: OutputState): void {
  try {
    if (state.tmp && state.committed) rollForward(state.tmp, outDir);
    if (state.old && existsSync(state.old)) {
      if (!existsSync(outDir)) renameSync(state.old, outDir);
      else removeStampedSync(state.old);
    }
    if (state.tmp) removeTreeSync(state.tmp);
  } catch {
    // The next build removes what is left (it is stamped).
  }
}

/**
 * Removes a folder that writes may still be landing in: a signal handler runs while file writes the build had
 * started are finishing on libuv's threads, and a file created after `rmSync` listed the folder makes its last
 * rmdir fail (ENOTEMPTY) however often that rmdir alone is retried. Each attempt lists the folder again; no new
 * write starts meanwhile, since this code holds the event loop.
 */
function removeTreeSync(dir: string): void {
  for (let attempt = 1; ; attempt++) {
    try {
      rmSync(dir, { recursive: true, force: true });
      return;
    } catch (err) {
      if (attempt === 6) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20 * attempt);
    }
  }
}

/** Reads the stamp (tests, diagnostics). */
export const readStamp = (dir: string) => readFile(join(dir, STAMP), "utf8");
