// The build cache: every file docsite keeps between builds, under `.docsite/cache/` of the site. This is the one
// place that makes keys, reads and writes entries, and decides what a bad entry or a bad disk means; the stores
// (README.md in this folder lists them) only say what their inputs are. The rules:
//
// - A key is a hash of the toolchain identity (identity.ts: docsite's code, the installed packages, the runtime),
//   the store's name and the entry's inputs. No absolute path goes into a key, so a project moved with its cache
//   keeps it.
// - Every entry is checked when read: each file starts with a header naming its store, its key, the length of what
//   follows and its hash. A file that is cut short, padded, changed, written for another key or store, or cannot be
//   read is a miss, counted as damaged and reported once by the build; it is never used.
// - Writes are atomic (a temporary name, then a rename). The first write that fails (a full or read-only disk) stops
//   every later write of the build and is reported once; the build goes on without the cache.
// - A disabled cache (`docsite build --no-cache`) reads and writes nothing.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { FILE_HASHES_STORE, MEMO_FILE } from "./file-hashes.ts";
import { checksum, hashParts } from "./hash.ts";
import { toolchainIdentity } from "./identity.ts";

/** The cache folder of a site. */
const cacheDirOf = (root: string): string => join(root, ".docsite", "cache");

/** What a worker thread or process needs to use the same cache: plain data. */
export interface CacheHandle {
  dir: string;
  identity: string;
  enabled: boolean;
}

/** What went wrong with the cache during a build: told once, at its end. */
export interface CacheReport {
  enabled: boolean;
  /** Damaged entries met (and not used), by store. */
  damaged: Record<string, number>;
  /** The first write that failed, described (the disk is full, the folder cannot be written…). */
  writeProblem?: string;
}

const MAGIC = "docsite-cache/1";

/** An entry file's bytes: a header line (store, key, length and hash of the body), then the body. */
function encodeEntry(store: string, key: string, body: string | Uint8Array): Buffer {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const header = Buffer.from(`${MAGIC} ${store} ${key} ${bytes.length} ${checksum(bytes)}\n`, "latin1");
  return Buffer.concat([header, bytes]);
}

/** The size of the file `encodeEntry` makes for a body of `length` bytes. */
export const entryFileSize = (store: string, key: string, length: number): number =>
  Buffer.byteLength(`${MAGIC} ${store} ${key} ${length} ${checksum("")}\n`, "latin1") + length;

/** The body of an entry file, or undefined when the file is not exactly what `encodeEntry` wrote for this entry. */
function decodeEntry(file: Buffer, store: string, key: string): Buffer | undefined {
  const end = file.indexOf(10);
  if (end < 0 || end > 300) return undefined;
  const [magic, s, k, length, hash, ...rest] = file.subarray(0, end).toString("latin1").split(" ");
  if (magic !== MAGIC || s !== store || k !== key || rest.length) return undefined;
  const body = file.subarray(end + 1);
  if (String(body.length) !== length || checksum(body) !== hash) return undefined;
  return body;
}

/** What renaming onto a folder fails with. */
const IN_THE_WAY = new Set(["EISDIR", "ENOTEMPTY", "EEXIST"]);

/** Names of files a store may hold: a key (16 hex digits), maybe an extension, maybe a temporary suffix. */
const ENTRY_FILE = /^[0-9a-f]{16}(\.[a-z]+)?(\.\d+\.tmp)?$/;

export class BuildCache {
  private readonly used = new Map<string, Set<string>>();
  private readonly folders = new Set<string>();
  private readonly damage = new Map<string, number>();
  private problem: string | undefined;

  private constructor(
    /** The cache folder (named in messages even when the cache is disabled). */
    readonly dir: string,
    /** The toolchain identity every key starts with. */
    readonly identity: string,
    readonly enabled: boolean,
  ) {}

  /** The cache of the site at `root`; `enabled: false` gives one that reads and writes nothing. */
  static forSite(root: string, opts: { enabled?: boolean } = {}): BuildCache {
    const enabled = opts.enabled ?? true;
    const dir = cacheDirOf(root);
    return new BuildCache(
      dir,
      enabled ? toolchainIdentity(root, join(dir, FILE_HASHES_STORE, MEMO_FILE)) : "",
      enabled,
    );
  }

  /** The same cache in a worker thread or process (no identity to work out again). */
  static fromHandle(h: CacheHandle): BuildCache {
    return new BuildCache(h.dir, h.identity, h.enabled);
  }

  handle(): CacheHandle {
    return { dir: this.dir, identity: this.identity, enabled: this.enabled };
  }

  /** The key of an entry of `store` made from `inputs` (strings as they are, anything else as JSON). */
  key(store: string, ...inputs: unknown[]): string {
    return hashParts([
      this.identity,
      store,
      ...inputs.map((i) => (typeof i === "string" ? i : (JSON.stringify(i) ?? "undefined"))),
    ]);
  }

  /** Where a store keeps its files. */
  folder(store: string): string {
    return join(this.dir, store);
  }

  /** Marks entries as used by this build (kept by `prune`) without reading them. */
  keep(store: string, keys: Iterable<string>): void {
    let s = this.used.get(store);
    if (!s) this.used.set(store, (s = new Set()));
    for (const k of keys) s.add(k);
  }

  /** Counts a damaged entry met in `store` (it is then treated as missing). */
  damaged(store: string): void {
    this.damage.set(store, (this.damage.get(store) ?? 0) + 1);
  }

  /** False once a write failed: later writes are skipped. */
  get writable(): boolean {
    return this.enabled && this.problem === undefined;
  }

  /** Notes a failed write (the first one is reported); returns false, for `return this.failed(…)`. */
  failed(err: unknown, path: string): false {
    if (this.problem === undefined) {
      const e = err as NodeJS.ErrnoException;
      this.problem = `${e.code ?? e.message}${e.code ? ` (${e.message.replace(/^E[A-Z]+: /, "").replace(/, \w+ '.*'$/s, "")})` : ""} on ${path}`;
    }
    return false;
  }

  /** Takes over problems a worker met (its report). */
  absorb(report: Pick<CacheReport, "damaged" | "writeProblem">): void {
    for (const [store, n] of Object.entries(report.damaged)) this.damage.set(store, (this.damage.get(store) ?? 0) + n);
    if (report.writeProblem && this.problem === undefined) this.problem = report.writeProblem;
  }

  report(): CacheReport {
    return {
      enabled: this.enabled,
      damaged: Object.fromEntries([...this.damage].sort()),
      ...(this.problem === undefined ? {} : { writeProblem: this.problem }),
    };
  }

  /** Makes a store's folder (once); false when it cannot be made. */
  ensureFolder(store: string): boolean {
    if (!this.writable) return false;
    if (this.folders.has(store)) return true;
    try {
      mkdirSync(this.folder(store), { recursive: true });
    } catch (err) {
      return this.failed(err, this.folder(store));
    }
    this.folders.add(store);
    return true;
  }

  /**
   * The body of the entry `key` of `store` (file `<key><ext>`), checked; undefined when there is none or it is
   * damaged (counted). The entry counts as used.
   */
  read(store: string, key: string, ext = ""): Buffer | undefined {
    if (!this.enabled) return undefined;
    this.keep(store, [key]);
    return this.readFile(store, join(this.folder(store), key + ext), key);
  }

  /** `read` as UTF-8 text. */
  readText(store: string, key: string, ext = ""): string | undefined {
    return this.read(store, key, ext)?.toString("utf8");
  }

  /** An entry file at any path of the cache folder, checked against the store and key it was written for. */
  readFile(store: string, file: string, key: string): Buffer | undefined {
    if (!this.enabled) return undefined;
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (err) {
      // No such file (or no such folder above it) is a plain miss; anything else is an entry that cannot be read.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") this.damaged(store);
      return undefined;
    }
    const body = decodeEntry(bytes, store, key);
    if (body === undefined) this.damaged(store);
    return body;
  }

  /** The temporary file process `pid` writes an entry through (to remove it when that process was stopped). */
  partialFile(store: string, key: string, pid: number, ext = ""): string {
    return `${join(this.folder(store), key + ext)}.${pid}.tmp`;
  }

  /** Writes an entry (atomically); false when the cache is disabled or cannot be written. */
  write(store: string, key: string, body: string | Uint8Array, ext = ""): boolean {
    if (!this.ensureFolder(store)) return false;
    this.keep(store, [key]);
    return this.writeFile(store, join(this.folder(store), key + ext), key, body);
  }

  /** An entry file at any path of the cache folder (its folder exists). */
  writeFile(store: string, file: string, key: string, body: string | Uint8Array): boolean {
    if (!this.writable) return false;
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, encodeEntry(store, key, body));
      try {
        renameSync(tmp, file);
      } catch (err) {
        // A folder where the entry goes (a damaged entry): it is the cache's own path, replaced.
        if (!IN_THE_WAY.has((err as NodeJS.ErrnoException).code ?? "")) throw err;
        rmSync(file, { recursive: true, force: true });
        renameSync(tmp, file);
      }
      return true;
    } catch (err) {
      rmSync(tmp, { force: true });
      return this.failed(err, file);
    }
  }

  /** `write` through libuv's threads: for many entries written at once (a cold compile's). */
  async writeAsync(store: string, key: string, body: string | Uint8Array, ext = ""): Promise<boolean> {
    if (!this.ensureFolder(store)) return false;
    this.keep(store, [key]);
    const file = join(this.folder(store), key + ext);
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      await writeFile(tmp, encodeEntry(store, key, body));
      await rename(tmp, file).catch(async (err: NodeJS.ErrnoException) => {
        if (!IN_THE_WAY.has(err.code ?? "")) throw err;
        await rm(file, { recursive: true, force: true });
        await rename(tmp, file);
      });
      return true;
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => undefined);
      return this.failed(err, file);
    }
  }

  /** An index kept as one entry file in the cache folder: empty when there is none, or it is damaged. */
  readIndex<V>(name: string): Map<string, V> {
    const body = this.readFile(name, join(this.dir, name), "index");
    if (body === undefined) return new Map();
    try {
      return new Map(JSON.parse(body.toString("utf8")) as Array<[string, V]>);
    } catch {
      this.damaged(name);
      return new Map();
    }
  }

  /** Writes an index (atomically), after the entries it names are complete: it is what vouches for them. */
  writeIndex(name: string, index: Map<string, unknown>): void {
    if (!this.writable) return;
    try {
      mkdirSync(this.dir, { recursive: true });
    } catch (err) {
      this.failed(err, this.dir);
      return;
    }
    this.writeFile(name, join(this.dir, name), "index", JSON.stringify([...index]));
  }

  /** Removes an entry (one that must not be trusted any more), quietly. */
  remove(store: string, key: string, ext = ""): void {
    try {
      rmSync(join(this.folder(store), key + ext), { force: true });
    } catch {
      // the folder cannot be written: nor could the entry have been
    }
  }

  /** Removes an index (its entries are then unknown to the next build), when one of them turned out bad late. */
  dropIndex(name: string): void {
    if (this.enabled) rmSync(join(this.dir, name), { force: true });
  }

  /**
   * Deletes the files of `store` that this build did not use (only names docsite writes there), and of those only
   * the ones last written at least `graceMs` ago: another build on the same cache may still use them.
   */
  async prune(store: string, graceMs = 0): Promise<void> {
    if (!this.writable) return;
    const keep = this.used.get(store) ?? new Set();
    let names: string[];
    try {
      names = await readdir(this.folder(store));
    } catch {
      return;
    }
    const unused = names.filter((n) => ENTRY_FILE.test(n) && (n.endsWith(".tmp") || !keep.has(n.slice(0, 16))));
    const now = Date.now();
    await Promise.all(
      unused.map(async (n) => {
        const file = join(this.folder(store), n);
        if (graceMs > 0) {
          const st = await stat(file).catch(() => undefined);
          if (!st || now - st.mtimeMs < graceMs) return;
        }
        await rm(file, { force: true, recursive: true }).catch(() => undefined);
      }),
    );
  }
}
