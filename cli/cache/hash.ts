// The one hash of docsite's code: cache keys, entry checks, content hashes in file names and records.
import { createHash } from "node:crypto";

/** A short hex digest (64 bits) of text or bytes: names and keys, where collisions are not an attack. */
export const hashText = (data: string | Uint8Array): string =>
  createHash("sha256").update(data).digest("hex").slice(0, 16);

/**
 * The check of an entry's bytes, and the content hash of an output file (output/output-update.ts): one hash of a
 * page serves both. SHA-1, base64: several times faster than SHA-256 here, and damage, not an attacker, is what it
 * must catch.
 */
export const checksum = (data: string | Uint8Array): string => createHash("sha1").update(data).digest("base64");

/**
 * A hash over several parts, each delimited by its length in bytes, so `["ab", "c"]` and `["a", "bc"]` differ. A text
 * part is hashed as UTF-8 without being copied into a Buffer first: keys hash megabytes of JSON per build (a page's
 * indexed text, render jobs), and the copies were most of a no-change build's hashing time.
 */
export function hashParts(parts: Iterable<string | Uint8Array>): string {
  const h = createHash("sha256");
  for (const p of parts) {
    if (typeof p === "string") h.update(`${Buffer.byteLength(p, "utf8")}:`).update(p, "utf8");
    else h.update(`${p.length}:`).update(p);
  }
  return h.digest("hex").slice(0, 16);
}
