// Cache entries appended to pack files and found through one index file, for entries made by the hundred in a
// build: creating a file costs far more than its bytes on these machines (a cold build of this site creates about
// 2,000; each new one took 0.2–0.8 ms, against 20 µs for writing 20 KB into an open file). Used by the content
// cache (pipeline/content-cache.ts), the render cache (pipeline/render-store.ts) and the search index's page analyses
// (pipeline/cached-steps.ts).
//
// A pack is only appended to, by one thread; the index, written last and atomically, vouches for what it names.
// Missing, unreadable or cut-short data reads as no entry. Packs no index entry names are pruned with the
// namespace's other unused files (BuildCache.prune).
import { closeSync, fstatSync, mkdirSync, openSync, readSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { hashText } from "../content/scan.ts";
import type { BuildCache } from "./cache.ts";

/**
 * How long an unused pack is kept after it was last written (BuildCache.prune): another build on the same cache may
 * be appending to it, or about to read it back for its output. Entry files are written whole, under names of their
 * content, so any build may remove them; a pack is one build's.
 */
export const PACK_GRACE_MS = 10 * 60_000;

/** The name of this thread's pack of namespace `ns` in the stage `stage` (an id made once per stage and build). */
export const stagePack = (ns: string, stage: string): string => hashText(`${ns}:${stage}:${threadId}`);

/** Where an entry's UTF-8 bytes are: a pack (16 hex digits, as every cache entry's name) and a byte range in it. */
export interface PackedRef {
  pack: string;
  start: number;
  length: number;
}

/** Reads the entries an index names, each pack opened at most once until `finish`. */
export class PackReader<R extends PackedRef> {
  readonly index: Map<string, R>;
  private readonly fds = new Map<string, number | null>();
  private readonly sizes = new Map<string, number>();

  constructor(
    private readonly cache: BuildCache,
    private readonly ns: string,
    private readonly indexName: string,
  ) {
    this.index = cache.readIndex<R>(indexName);
  }

  /** An entry's text, or undefined when its pack is gone or cut short. */
  read(ref: PackedRef): string | undefined {
    return this.bytes(ref)?.toString("utf8");
  }

  /** Whether an entry's bytes are there (its pack holds its range), without reading them. */
  has(ref: PackedRef): boolean {
    let size = this.sizes.get(ref.pack);
    if (size === undefined) {
      try {
        size = statSync(join(this.cache.dir, this.ns, ref.pack)).size;
      } catch {
        size = -1;
      }
      this.sizes.set(ref.pack, size);
    }
    return ref.start + ref.length <= size;
  }

  private bytes(ref: PackedRef): Buffer | undefined {
    let fd = this.fds.get(ref.pack);
    if (fd === undefined) {
      try {
        fd = openSync(join(this.cache.dir, this.ns, ref.pack), "r");
      } catch {
        fd = null;
      }
      this.fds.set(ref.pack, fd);
    }
    return fd === null ? undefined : readRange(fd, ref);
  }

  /**
   * Closes the packs and makes `next` the index (atomically: its packs are complete); its packs are kept by the
   * next prune, the others go. An index equal to the one read (a rebuild that changed nothing) is not written again.
   */
  finish(next: Map<string, R>): void {
    for (const fd of this.fds.values()) if (fd !== null) closeSync(fd);
    this.fds.clear();
    this.sizes.clear();
    this.cache.keep(this.ns, new Set([...next.values()].map((r) => r.pack)));
    if (next.size === this.index.size && [...next].every(([k, v]) => this.index.get(k) === v)) return;
    this.cache.writeIndex(this.indexName, next);
  }
}

function readRange(fd: number, ref: PackedRef): Buffer | undefined {
  const bytes = Buffer.alloc(ref.length);
  try {
    return readSync(fd, bytes, 0, ref.length, ref.start) === ref.length ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** One entry's bytes, its pack opened and closed for it (for reads made after the stage that found the entry). */
export function readPacked(cache: BuildCache, ns: string, ref: PackedRef): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(join(cache.dir, ns, ref.pack), "r");
  } catch {
    return undefined;
  }
  try {
    return readRange(fd, ref);
  } finally {
    closeSync(fd);
  }
}

// The pack each namespace folder has open for appending in this thread (packs are never shared between threads).
// Held open, appends cost no open and keep their offsets true even if the pack is removed meanwhile: they then go to
// the removed file, and a read by name finds no entry rather than another one's bytes. One stays open per folder
// until another pack of it is appended to.
const appending = new Map<string, { pack: string; fd: number; size: number }>();

/** Appends `text` to the pack `pack` of namespace `ns` and says where it is; undefined when it could not. */
export function appendToPack(cache: BuildCache, ns: string, pack: string, text: string): PackedRef | undefined {
  const dir = join(cache.dir, ns);
  let w = appending.get(dir);
  if (w?.pack !== pack) {
    if (w && w.fd >= 0) closeQuietly(w.fd);
    try {
      mkdirSync(dir, { recursive: true });
      const fd = openSync(join(dir, pack), "a");
      w = { pack, fd, size: fstatSync(fd).size };
    } catch {
      w = { pack, fd: -1, size: -1 };
    }
    appending.set(dir, w);
  }
  if (w.size < 0) return undefined;
  // The string is written as it is: encoding it into a Buffer first cost a title edit 67 ms (168 pages of HTML).
  const length = Buffer.byteLength(text, "utf8");
  try {
    let done = writeSync(w.fd, text, null, "utf8");
    if (done < length) {
      const bytes = Buffer.from(text, "utf8");
      while (done < length) done += writeSync(w.fd, bytes, done);
    }
  } catch {
    w.size = -1; // its length is unknown now: nothing more goes into this pack (a full disk, say)
    return undefined;
  }
  const start = w.size;
  w.size += length;
  return { pack, start, length };
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}
