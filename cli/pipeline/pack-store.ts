// Cache entries appended to pack files and found through one index file, for entries made by the hundred in a
// build: creating a file costs far more than its bytes on these machines (a cold build of this site creates about
// 2,000; each new one took 0.2–0.8 ms, against 20 µs for writing 20 KB into an open file). Used by the content
// cache (pipeline/content-cache.ts) and the search index's page analyses (pipeline/cached-steps.ts).
//
// A pack is only appended to, by one thread; the index, written last and atomically, vouches for what it names.
// Missing, unreadable or cut-short data reads as no entry. Packs no index entry names are pruned with the
// namespace's other unused files (BuildCache.prune).
import { appendFileSync, closeSync, mkdirSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import type { BuildCache } from "./cache.ts";

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

  constructor(
    private readonly cache: BuildCache,
    private readonly ns: string,
    private readonly indexName: string,
  ) {
    this.index = cache.readIndex<R>(indexName);
  }

  /** An entry's text, or undefined when its pack is gone or cut short. */
  read(ref: PackedRef): string | undefined {
    let fd = this.fds.get(ref.pack);
    if (fd === undefined) {
      try {
        fd = openSync(join(this.cache.dir, this.ns, ref.pack), "r");
      } catch {
        fd = null;
      }
      this.fds.set(ref.pack, fd);
    }
    if (fd === null) return undefined;
    const bytes = Buffer.alloc(ref.length);
    try {
      if (readSync(fd, bytes, 0, ref.length, ref.start) !== ref.length) return undefined;
    } catch {
      return undefined;
    }
    return bytes.toString("utf8");
  }

  /**
   * Closes the packs and makes `next` the index (atomically: its packs are complete); its packs are kept by the
   * next prune, the others go. An index equal to the one read (a rebuild that changed nothing) is not written again.
   */
  finish(next: Map<string, R>): void {
    for (const fd of this.fds.values()) if (fd !== null) closeSync(fd);
    this.fds.clear();
    this.cache.keep(this.ns, new Set([...next.values()].map((r) => r.pack)));
    if (next.size === this.index.size && [...next].every(([k, v]) => this.index.get(k) === v)) return;
    this.cache.writeIndex(this.indexName, next);
  }
}

// Bytes appended so far to each pack this thread writes (packs are never shared between threads).
const sizes = new Map<string, number>();

/** Appends `text` to the pack `pack` of namespace `ns` and says where it is; undefined when it could not. */
export function appendToPack(cache: BuildCache, ns: string, pack: string, text: string): PackedRef | undefined {
  const size = sizes.get(pack) ?? 0;
  if (size < 0) return undefined;
  const bytes = Buffer.from(text, "utf8");
  try {
    if (size === 0) mkdirSync(join(cache.dir, ns), { recursive: true });
    appendFileSync(join(cache.dir, ns, pack), bytes);
  } catch {
    sizes.set(pack, -1); // its length is unknown now: nothing more goes into this pack (a full disk, say)
    return undefined;
  }
  sizes.set(pack, size + bytes.length);
  return { pack, start: size, length: bytes.length };
}
