// The image store: each source file's encoded files and description, as one entry of the build cache (store
// `images`), by the toolchain (the encoder's code and settings, sharp's version: cli/cache/identity.ts), the output
// name stem and the file's bytes. The image stage reads it; the build's encoder process (images/encoder-main.ts) and,
// as a fallback, the stage itself fill it. An image that cannot be stored is still encoded: the build does not need
// the store.
//
// An entry is two files, as the compile store's (cli/cache/compiled-pages.ts): `<key>.json`, the description with
// each output file's name, length and content hash, read by every build; and `<key>.bin`, the encoded files one after
// the other, read only when one of them must be written. A rebuild whose output already holds the images reads a few
// KB per image instead of the encoded files, and hashes none of them: the output knows each by its recorded hash.
import { readFile, stat } from "node:fs/promises";
import { join, posix } from "node:path";
import { existsSync } from "node:fs";
import { encodeImage, type EncodedImage } from "./encode.ts";
import { encodeVideo } from "./encode-video.ts";
import { entryFileSize, type BuildCache } from "../cache/cache.ts";
import { checksum, hashText } from "../cache/hash.ts";
import { DocsiteError } from "../log.ts";

export const IMAGE_STORE = "images";
/** The description's file, and the encoded files' (cli/cache/cache.ts names an entry's files `<key><ext>`). */
const META = ".json";
const BULK = ".bin";

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

/**
 * An image's output file: its content hash (`checksum`), and its bytes, read from the cache only when asked for. The
 * output takes it as it is (output/output-update.ts: StoredContent, the same shape).
 */
export interface ImageFile {
  readonly hash: string;
  read(): Uint8Array;
}

export interface Encoded {
  image: EncodedImage;
  /** Output file name → the file. */
  out: Map<string, ImageFile>;
}

/** The `.json` part of an entry. */
interface Meta {
  image: EncodedImage;
  /** Each output file, in the order of the `.bin` part: name, length, content hash. */
  files: Array<[string, number, string]>;
  /** The size of the `.bin` file (a stat tells a file cut short or gone without reading it). */
  bulkFileSize: number;
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

/** The entry's description file: whether it exists says whether the image was encoded before (checked on read). */
export const entryFileOf = (cache: BuildCache, source: ImageSource): string =>
  join(cache.folder(IMAGE_STORE), source.key + META);

/** The entry's file of encoded files. */
export const bulkFileOf = (cache: BuildCache, source: ImageSource): string =>
  join(cache.folder(IMAGE_STORE), source.key + BULK);

/** The temporary files process `pid` writes an entry through (to remove them when that process was stopped). */
export const partialFilesOf = (cache: BuildCache, key: string, pid: number): string[] =>
  [META, BULK].map((ext) => cache.partialFile(IMAGE_STORE, key, pid, ext));

/** Whether the store may hold the image (its description is there), without reading it. */
export const isStored = (cache: BuildCache, source: ImageSource): boolean =>
  cache.enabled && existsSync(entryFileOf(cache, source));

const isMeta = (m: unknown): m is Meta => {
  const meta = m as Meta;
  return (
    typeof meta?.image === "object" &&
    meta.image !== null &&
    Array.isArray(meta.files) &&
    meta.files.every(
      (f) =>
        Array.isArray(f) && typeof f[0] === "string" && Number.isInteger(f[1]) && f[1] >= 0 && typeof f[2] === "string",
    ) &&
    Number.isInteger(meta.bulkFileSize)
  );
};

/**
 * The encoded files of an entry, each checked against the hash its description recorded (the `.bin` file's own
 * header checks it whole; this ties it to the description, which another build may have written beside it); undefined
 * when the file is gone or damaged (counted).
 */
function readBulk(cache: BuildCache, source: ImageSource, meta: Meta): Map<string, Uint8Array> | undefined {
  const body = cache.readFile(IMAGE_STORE, bulkFileOf(cache, source), source.key);
  if (body === undefined) return undefined;
  const out = new Map<string, Uint8Array>();
  let at = 0;
  for (const [name, length, hash] of meta.files) {
    const bytes = body.subarray(at, at + length);
    at += length;
    if (bytes.length !== length || checksum(bytes) !== hash) break;
    out.set(name, bytes);
  }
  if (out.size === meta.files.length && at === body.length) return out;
  cache.damaged(IMAGE_STORE);
  return undefined;
}

/**
 * The entry's description, with its files known by their recorded hashes, or undefined when there is none (or it is
 * damaged, or its `.bin` file is not the size it recorded: counted). When the build will write one of its files
 * (`needed`, by name and content hash), the files are read and checked now, so a damaged one is a miss here, where
 * the image can be encoded again. Otherwise each is read when first asked for (an output changed meanwhile); a file
 * found damaged then fails the build with "run the build again", and the entry is removed so the next build encodes
 * the image again (the render store does the same with its pages).
 */
export async function readEntry(
  cache: BuildCache,
  source: ImageSource,
  needed: (name: string, hash: string) => boolean = () => true,
): Promise<Encoded | undefined> {
  const text = cache.readText(IMAGE_STORE, source.key, META);
  if (text === undefined) return undefined;
  let meta: unknown;
  try {
    meta = JSON.parse(text);
  } catch {
    meta = undefined;
  }
  const size = isMeta(meta)
    ? await stat(bulkFileOf(cache, source)).then(
        (s) => (s.isFile() ? s.size : -1),
        () => -1,
      )
    : -1;
  if (!isMeta(meta) || size !== meta.bulkFileSize) {
    cache.damaged(IMAGE_STORE);
    return undefined;
  }
  const files = meta.files;
  if (files.some(([name, , hash]) => needed(name, hash))) {
    const bytes = readBulk(cache, source, meta);
    if (!bytes) return undefined;
    return {
      image: meta.image,
      out: new Map(files.map(([name, , hash]) => [name, { hash, read: () => bytes.get(name)! }])),
    };
  }
  // Read once for all of the image's files, and let go of once each was read.
  let bulk: Map<string, Uint8Array> | undefined;
  const unread = new Set(files.map(([name]) => name));
  const read = (name: string): Uint8Array => {
    bulk ??= readBulk(cache, source, meta);
    const bytes = bulk?.get(name);
    if (!bytes) {
      cache.remove(IMAGE_STORE, source.key, META);
      cache.remove(IMAGE_STORE, source.key, BULK);
      throw new DocsiteError(
        `the build cache lost the encoded image ${source.src} while the build ran`,
        { file: source.src },
        "run the build again (was .docsite/cache changed meanwhile?)",
      );
    }
    unread.delete(name);
    if (!unread.size) bulk = undefined;
    return bytes;
  };
  return { image: meta.image, out: new Map(files.map(([name, , hash]) => [name, { hash, read: () => read(name) }])) };
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
  const files = [...result.out].map(([name, b]) => [name, b, checksum(b)] as const);
  const bulk = Buffer.concat(files.map(([, b]) => b));
  const meta: Meta = {
    image: result.image,
    files: files.map(([name, b, hash]) => [name, b.length, hash]),
    bulkFileSize: entryFileSize(IMAGE_STORE, source.key, bulk.length),
  };
  // Each file written under a temporary name and renamed (an interrupted build never leaves half of one), the
  // encoded files first: the description is what vouches for them. If another build stored the same entry
  // meanwhile, the hashes tell whether the two halves belong together.
  if (await cache.writeAsync(IMAGE_STORE, source.key, bulk, BULK))
    await cache.writeAsync(IMAGE_STORE, source.key, JSON.stringify(meta), META);
  return { image: result.image, out: new Map(files.map(([name, b, hash]) => [name, { hash, read: () => b }])) };
}
