// The image cache: each source file's encoded files and description, in a folder named by a hash of the encoder
// settings, the output name stem and the file's bytes. The image stage reads it; the build's encoder process
// (images/encoder-main.ts) and, as a fallback, the stage itself fill it.
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile, rename, rm } from "node:fs/promises";
import { join, posix } from "node:path";
import { encodeImage, ENCODER_SETTINGS, type EncodedImage } from "./encode.ts";
import { encodeVideo } from "./encode-video.ts";
import { VIDEO_EXT, VIDEO_SETTINGS } from "./video.ts";

/** One image file of the site and its cache entry (its bytes are read again to encode it: not kept meanwhile). */
export interface ImageSource {
  /** Path from the site root, as pages refer to it. */
  src: string;
  abs: string;
  /** Lower-case extension without the dot. */
  ext: string;
  /** Output file names start with this (the file name, made URL-safe). */
  stem: string;
  /** The cache entry's folder. */
  dir: string;
}

export interface Encoded {
  image: EncodedImage;
  /** Output file name → bytes. */
  out: Map<string, Uint8Array>;
}

export async function imageSource(root: string, src: string, cacheDir: string): Promise<ImageSource> {
  const abs = join(root, src);
  const bytes = await readFile(abs);
  const ext = posix.extname(src).slice(1).toLowerCase();
  const stem = posix
    .basename(src, posix.extname(src))
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .toLowerCase();
  const settings = VIDEO_EXT.test(src) ? VIDEO_SETTINGS : ENCODER_SETTINGS;
  const key = createHash("sha256").update(settings).update("\0").update(stem).update(ext).update(bytes);
  return { src, abs, ext, stem, dir: join(cacheDir, "images", key.digest("hex").slice(0, 32)) };
}

/** The cache entry's contents, or undefined when there is none (or it is incomplete). */
export async function readEntry(dir: string): Promise<Encoded | undefined> {
  try {
    const image = JSON.parse(await readFile(join(dir, "image.json"), "utf8")) as EncodedImage;
    const out = new Map<string, Uint8Array>();
    for (const f of image.files) out.set(f.name, await readFile(join(dir, f.name)));
    return { image, out };
  } catch {
    return undefined;
  }
}

/** The folder a process fills before it renames it to the entry `dir`. */
export const partialEntryOf = (dir: string, pid: number): string => `${dir}.tmp-${pid}`;

/**
 * Encodes the file (a video is described and kept as it is) and stores the result as its cache entry. Throws
 * sharp's (or the MP4 reader's) error for a file it cannot read.
 */
export async function encodeToEntry(source: ImageSource): Promise<Encoded> {
  const bytes = await readFile(source.abs);
  const result = await (source.ext === "mp4"
    ? encodeVideo(bytes, source.stem)
    : encodeImage(bytes, source.stem, source.ext));
  // Written to a temporary folder and renamed, so an interrupted build never leaves a half-filled entry.
  const tmp = partialEntryOf(source.dir, process.pid);
  await mkdir(tmp, { recursive: true });
  for (const [name, b] of result.out) await writeFile(join(tmp, name), b);
  await writeFile(join(tmp, "image.json"), JSON.stringify(result.image));
  // If another build filled the entry meanwhile, theirs holds the same bytes: drop ours.
  await rename(tmp, source.dir).catch(() => rm(tmp, { recursive: true, force: true }));
  return result;
}
