// Compressed answers for text files, as static hosts give them (Netlify, Cloudflare Pages, nginx with gzip on):
// brotli or gzip, whichever the request's Accept-Encoding prefers, for text types of 1 KB or more, never for a
// range request (a range is of the file's own bytes). The compressed bytes are kept per file version (path, size,
// mtime) in a bounded cache, so a page is compressed once per build; brotli runs at quality 5, fast enough to
// compress a page on its first request (a few ms) and within a few percent of the best ratio for these files.
import { brotliCompress, constants, gzip } from "node:zlib";
import { promisify } from "node:util";

export type Encoding = "br" | "gzip";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/;
/** Below this size the saving does not pay for the header and the work. */
const MIN_COMPRESS_BYTES = 1024;
const CACHE_BYTES = 64 * 1024 * 1024;

export const compressible = (type: string, size: number): boolean =>
  size >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(type);

/**
 * The encoding to answer with for an Accept-Encoding header: br before gzip when both are acceptable (q > 0),
 * `*` counts for both, and none when neither is accepted.
 */
export function pickEncoding(accept: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(accept) ? accept.join(",") : (accept ?? "");
  const q = new Map<string, number>();
  for (const part of text.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepted = (e: Encoding) => (q.get(e) ?? q.get("*") ?? 0) > 0;
  if (accepted("br")) return "br";
  if (accepted("gzip")) return "gzip";
  return null;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Compressed bodies by file version and encoding; oldest entries go first once the cache is full. */
export class CompressCache {
  private entries = new Map<string, Promise<Buffer>>();
  private sizes = new Map<string, number>();
  private total = 0;

  constructor(private readonly limit = CACHE_BYTES) {}

  get(version: string, encoding: Encoding, read: () => Buffer): Promise<Buffer> {
    const key = `${encoding}:${version}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const made = compressBuffer(read(), encoding);
    this.entries.set(key, made);
    made.then(
      (body) => this.account(key, body.length),
      () => this.entries.delete(key),
    );
    return made;
  }

  private account(key: string, size: number): void {
    if (!this.entries.has(key)) return;
    this.sizes.set(key, size);
    this.total += size;
    for (const [old, oldSize] of this.sizes) {
      if (this.total <= this.limit) break;
      this.sizes.delete(old);
      this.entries.delete(old);
      this.total -= oldSize;
    }
  }
}

function compressBuffer(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gz(body, { level: 6 });
}
