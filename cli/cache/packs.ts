// Entries appended to pack files and found through one index file, for the stores that write an entry per page and
// hundreds in a build (rendered pages, drawn content, search analyses): creating a file costs far more than writing
// its bytes, so each thread appends to one pack per store and build stage (docs/speed.md, "Packs").
//
// A pack is only appended to, by one thread, through a descriptor held open: an entry's offset stays true even if
// the pack is removed meanwhile (a read by name then finds nothing, never another entry's bytes). The index, written
// last and atomically, vouches for what it names; each reference holds the entry's length and hash, so bytes that are
// missing, cut short or changed read as no entry (counted as damaged). Packs no index names are pruned with the
// store's other unused files, after a grace time (another build may be appending to one, or reading it back).
import { closeSync, fstatSync, openSync, readSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { checksum, hashText } from "./hash.ts";
import type { BuildCache } from "./cache.ts";

/** How long an unused pack is kept after it was last written (see the head of this file). */
export const PACK_GRACE_MS = 10 * 60_000;

/** The name of this thread's pack of `store` in the stage `stage` (an id made once per stage and build). */
export const stagePack = (store: string, stage: string): string => hashText(`${store}:${stage}:${threadId}`);

/** Where an entry's bytes are: a pack (16 hex digits, as every cache file's name), a byte range, and their hash. */
export interface PackedRef {
  pack: string;
  start: number;
  length: number;
  /** `checksum` of the bytes. */
  check: string;
}

const isRef = (r: unknown): r is PackedRef => {
  const o = r as PackedRef;
  return (
    typeof o === "object" &&
    o !== null &&
    typeof o.pack === "string" &&
    /^[0-9a-f]{16}$/.test(o.pack) &&
    Number.isSafeInteger(o.start) &&
    Number.isSafeInteger(o.length) &&
    o.start >= 0 &&
    o.length >= 0 &&
    typeof o.check === "string"
  );
};

/** Reads the entries an index names, each pack opened at most once until `finish`. */
export class PackReader<R extends PackedRef> {
  readonly index: Map<string, R>;
  private readonly fds = new Map<string, number | null>();
  private readonly sizes = new Map<string, number>();

  constructor(
    private readonly cache: BuildCache,
    private readonly store: string,
    private readonly indexName: string,
  ) {
    this.index = new Map();
    for (const [k, r] of cache.readIndex<R>(indexName)) {
      if (isRef(r)) this.index.set(k, r);
      else cache.damaged(store);
    }
  }

  /** An entry's text, or undefined when its bytes are not there or not the ones indexed (then counted). */
  read(ref: PackedRef): string | undefined {
    return this.bytes(ref)?.toString("utf8");
  }

  /** An entry's bytes, checked against its reference (undefined, and counted, when they do not match). */
  bytes(ref: PackedRef): Buffer | undefined {
    let fd = this.fds.get(ref.pack);
    if (fd === undefined) {
      try {
        fd = openSync(join(this.cache.folder(this.store), ref.pack), "r");
      } catch {
        fd = null;
      }
      this.fds.set(ref.pack, fd);
    }
    const bytes = fd === null ? undefined : readRange(fd, ref);
    if (bytes === undefined) this.cache.damaged(this.store);
    return bytes;
  }

  /**
   * Whether an entry's bytes are there (its pack holds its range), without reading them: for entries whose bytes
   * may not be needed. Their hash is checked when they are read (`readPacked`).
   */
  has(ref: PackedRef): boolean {
    let size = this.sizes.get(ref.pack);
    if (size === undefined) {
      try {
        size = statSync(join(this.cache.folder(this.store), ref.pack)).size;
      } catch {
        size = -1;
      }
      this.sizes.set(ref.pack, size);
    }
    const there = ref.start + ref.length <= size;
    if (!there) this.cache.damaged(this.store);
    return there;
  }

  /**
   * Closes the packs and makes `next` the index (atomically: its packs are complete); its packs are kept by the
   * next prune, the others go. An index equal to the one read (a rebuild that changed nothing) is not written again.
   */
  finish(next: Map<string, R>): void {
    for (const fd of this.fds.values()) if (fd !== null) closeSync(fd);
    this.fds.clear();
    this.sizes.clear();
    this.cache.keep(this.store, new Set([...next.values()].map((r) => r.pack)));
    if (next.size === this.index.size && [...next].every(([k, v]) => this.index.get(k) === v)) return;
    this.cache.writeIndex(this.indexName, next);
  }
}

function readRange(fd: number, ref: PackedRef): Buffer | undefined {
  const bytes = Buffer.alloc(ref.length);
  try {
    if (readSync(fd, bytes, 0, ref.length, ref.start) !== ref.length) return undefined;
  } catch {
    return undefined;
  }
  return checksum(bytes) === ref.check ? bytes : undefined;
}

/** One entry's bytes, checked, its pack opened and closed for it (reads made after the stage that found it). */
export function readPacked(cache: BuildCache, store: string, ref: PackedRef): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(join(cache.folder(store), ref.pack), "r");
  } catch {
    cache.damaged(store);
    return undefined;
  }
  try {
    const bytes = readRange(fd, ref);
    if (bytes === undefined) cache.damaged(store);
    return bytes;
  } finally {
    closeSync(fd);
  }
}

// The pack each store folder has open for appending in this thread (packs are never shared between threads). One
// stays open per folder until another pack of it is appended to.
const appending = new Map<string, { pack: string; fd: number; size: number }>();

/**
 * Appends `text` to the pack `pack` of `store` and says where it is; undefined when it could not (noted). `check`:
 * its checksum, when the caller has it already.
 */
export function appendToPack(
  cache: BuildCache,
  store: string,
  pack: string,
  text: string,
  check = checksum(text),
): PackedRef | undefined {
  if (!cache.ensureFolder(store)) return undefined;
  const dir = cache.folder(store);
  let w = appending.get(dir);
  if (w?.pack !== pack) {
    if (w && w.fd >= 0) closeQuietly(w.fd);
    try {
      const fd = openSync(join(dir, pack), "a");
      w = { pack, fd, size: fstatSync(fd).size };
    } catch (err) {
      cache.failed(err, join(dir, pack));
      w = { pack, fd: -1, size: -1 };
    }
    appending.set(dir, w);
  }
  if (w.size < 0) return undefined;
  // The string is written (and hashed) as it is: encoding it into a Buffer first costs a copy of every page.
  const length = Buffer.byteLength(text, "utf8");
  try {
    let done = writeSync(w.fd, text, null, "utf8");
    if (done < length) {
      const bytes = Buffer.from(text, "utf8");
      while (done < length) done += writeSync(w.fd, bytes, done);
    }
  } catch (err) {
    cache.failed(err, join(dir, pack));
    w.size = -1; // its length is unknown now: nothing more goes into this pack
    return undefined;
  }
  const start = w.size;
  w.size += length;
  return { pack, start, length, check };
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}
