// The image store: each source file's encoded files and description, as one entry of the build cache (store
// `images`), by the toolchain (the encoder's code and settings, sharp's version: cli/cache/identity.ts), the output
// name stem and the file's bytes. The image stage reads it; the build's encoder process (images/encoder-main.ts) and,
// as a fallback, the stage itself fill it. An image that cannot be stored is still encoded: the build does not need
// the store.
import { readFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { existsSync } from "node:fs";
import { encodeImage, type EncodedImage } from "./encode.ts";
import { encodeVideo } from "./encode-video.ts";
import type { BuildCache } from "../cache/cache.ts";
import { hashText } from "../cache/hash.ts";

export const IMAGE_STORE = "images";

/** One image file of the site and its entry's key (its bytes are read again to encode it: not kept meanwhile). */
export interface ImageSource {
  /** Path from the site root, as pages refer to it. */
  src: string;
  abs: string;
  /** Lower-case extension without the dot. */
  ext: string;
  /** Output file names start with this (the file name, made URL-safe). */
  stem: string;
  /** The entry's key. */
  key: string;
}

export interface Encoded {
  image: EncodedImage;
  /** Output file name → bytes. */
  out: Map<string, Uint8Array>;
}

export async function imageSource(root: string, src: string, cache: BuildCache): Promise<ImageSource> {
  const abs = join(root, src);
  const bytes = await readFile(abs);
  const ext = posix.extname(src).slice(1).toLowerCase();
  const stem = posix
    .basename(src, posix.extname(src))
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .toLowerCase();
  return { src, abs, ext, stem, key: cache.key(IMAGE_STORE, stem, ext, hashText(bytes)) };
}

/** The entry's file (whether it exists says whether the image was encoded before; its bytes are checked on read). */
export const entryFileOf = (cache: BuildCache, source: ImageSource): string =>
  join(cache.folder(IMAGE_STORE), source.key);

/** Whether the store may hold the image (an entry file is there), without reading it. */
export const isStored = (cache: BuildCache, source: ImageSource): boolean =>
  cache.enabled && existsSync(entryFileOf(cache, source));

/** An entry's body: the description's length (4 bytes), the description and file names as JSON, then the files. */
function pack(encoded: Encoded): Buffer {
  const files = [...encoded.out];
  const head = Buffer.from(JSON.stringify({ image: encoded.image, files: files.map(([n, b]) => [n, b.length]) }));
  const size = Buffer.alloc(4);
  size.writeUInt32BE(head.length);
  return Buffer.concat([size, head, ...files.map(([, b]) => b)]);
}

function unpack(body: Buffer): Encoded | undefined {
  try {
    const size = body.readUInt32BE(0);
    const head = JSON.parse(body.subarray(4, 4 + size).toString("utf8")) as {
      image: EncodedImage;
      files: Array<[string, number]>;
    };
    const out = new Map<string, Uint8Array>();
    let at = 4 + size;
    for (const [name, length] of head.files) {
      out.set(name, body.subarray(at, at + length));
      at += length;
    }
    return at === body.length ? { image: head.image, out } : undefined;
  } catch {
    return undefined;
  }
}

/** The entry's contents, or undefined when there is none (or it is damaged: counted). */
export function readEntry(cache: BuildCache, source: ImageSource): Encoded | undefined {
  const body = cache.read(IMAGE_STORE, source.key);
  if (body === undefined) return undefined;
  const encoded = unpack(body);
  if (!encoded) cache.damaged(IMAGE_STORE);
  return encoded;
}

/**
 * Encodes the file (a video is described and kept as it is) and stores the result as its entry, when it can. Throws
 * sharp's (or the MP4 reader's) error for a file it cannot read.
 */
export async function encodeToEntry(cache: BuildCache, source: ImageSource): Promise<Encoded> {
  const bytes = await readFile(source.abs);
  const result = await (source.ext === "mp4"
    ? encodeVideo(bytes, source.stem)
    : encodeImage(bytes, source.stem, source.ext));
  // Written under a temporary name and renamed: an interrupted build never leaves half an entry. If another build
  // stored the same entry meanwhile, it holds the same bytes.
  await cache.writeAsync(IMAGE_STORE, source.key, pack(result));
  return result;
}
