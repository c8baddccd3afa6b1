// The image stage: discover images from compiled pages → encode each file once (cached by content hash across
// builds) → hand the renderer what it needs to write <img>/<picture> with dimensions and srcset, and the build
// the files to write under assets/img/.
import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import type { EncodedImage } from "./encode.ts";
import {
  imageSource,
  readEntry,
  encodeToEntry,
  isStored,
  type Encoded,
  type ImageFile,
  type ImageSource,
} from "./image-cache.ts";
import type { BuildCache } from "../cache/cache.ts";
import { startEncoderProcess } from "./encoder-process.ts";
import type { ImageRef } from "../mdx/rehype-images.ts";
import { DocsiteError, location, type Logger } from "../log.ts";
import type { ImageData, ImageVariantData } from "../../theme/types.ts";
import { videoPosters } from "./video-posters.ts";

const IMAGE_DIR = "assets/img/";
/** Images the stage encodes at a time (in its encoder process, or here): sharp already spreads one over the cores. */
const STAGE_LIMIT = 2;

export interface ImageStats {
  /** Image files encoded in this build. */
  encoded: number;
  /** Image files taken from the cache. */
  cached: number;
  /**
   * Of those, the files published as they are, with nothing made from them but an animation's poster (SVG, a GIF
   * kept, a small PNG): checked, not encoded.
   */
  passed: number;
}

/** Whether an image is published as its own file, with nothing encoded from it but an animation's poster. */
export function passedThrough(image: EncodedImage): boolean {
  if (image.kind === "svg") return true;
  if (image.kind === "animated") return image.files.find((f) => f.name === image.main)?.type === "image/gif";
  return image.kind === "still" && image.files.length === 1 && image.fallback === image.main;
}

interface ImageStageResult {
  /** By root-relative source path (the `src` the compile recorded). */
  images: Map<string, ImageData>;
  /** Output files, relative to dist/: known by their content hashes, read from the cache when written. */
  files: Map<string, ImageFile>;
  stats: ImageStats;
  warnings: string[];
}

interface ImageStageInput {
  root: string;
  cache: BuildCache;
  /** URL prefix of the site (config.baseUrl). */
  baseUrl: string;
  pages: Array<{ file: string; images: ImageRef[] }>;
  logger: Logger;
  /** Leave out images that are missing or cannot be encoded, with a warning each (`build --skip-failing-pages`). */
  skipFailing?: boolean;
  /** Leave out missing images with a warning each (an imported Docusaurus project, which publishes such pages). */
  missingImagesWarn?: boolean;
  /** Encode in a child process (images/encoder-process.ts says why) rather than in this one. */
  childProcess?: boolean;
  /** Images sent to an encoder process while the pages compiled (images/image-feed.ts): counted as encoded. */
  encodedEarly?: ReadonlySet<string>;
  /**
   * Whether the output folder already holds a file (path relative to it) with this content hash, so the build will
   * not write it (output/output-update.ts: outputHolds). A cached image whose files it all holds is not read;
   * the others are read and checked here, where a damaged entry can still be encoded again. Absent: every file is
   * read (an output folder without a manifest is written whole).
   */
  outputHolds?: (rel: string, hash: string) => boolean;
}

/** `shot.png` → `shot-dark.png`, when that file exists. */
export function darkSibling(root: string, src: string): string | null {
  const dot = src.lastIndexOf(".");
  const dark = `${src.slice(0, dot)}-dark${src.slice(dot)}`;
  return existsSync(join(root, dark)) ? dark : null;
}

export async function runImageStage(input: ImageStageInput): Promise<ImageStageResult> {
  const { root, logger } = input;
  const warnings: string[] = [];
  const firstUse = new Map<string, { file: string; line: number }>();
  for (const page of input.pages) {
    for (const ref of page.images) {
      if (!firstUse.has(ref.src)) firstUse.set(ref.src, { file: page.file, line: ref.line });
      if (ref.alt === undefined) {
        const msg =
          `${page.file}:${ref.line}: image ${posix.basename(ref.src)} has no alt text; ` +
          `describe what it shows: ![what it shows](${posix.basename(ref.src)}) or <img alt="…">`;
        warnings.push(msg);
        logger.warn(msg);
      }
    }
  }
  const missing = [...firstUse].filter(([src]) => !existsSync(join(root, src)));
  const leaveOut = (e: DocsiteError) => {
    const msg = `${location(e.where)}: ${e.message} (image left out)`;
    warnings.push(msg);
    logger.warn(msg);
  };
  // A missing file under static/ of an imported project keeps its <img>, pointing where the file would be, as
  // Docusaurus publishes it (the reader's browser shows the alt text either way).
  const keptAsWritten = new Map<string, ImageData>();
  if (missing.length && (input.skipFailing || input.missingImagesWarn)) {
    for (const [src, at] of missing) {
      if (input.missingImagesWarn && src.startsWith("static/")) {
        const url = input.baseUrl + src.slice("static/".length);
        keptAsWritten.set(src, { width: 0, height: 0, src: url, sources: [], full: "" });
        const msg = `${location(at)}: image not found: ${src} (its <img> is kept, as Docusaurus keeps it)`;
        warnings.push(msg);
        logger.warn(msg);
      } else leaveOut(new DocsiteError(`image not found: ${src}`, at));
      firstUse.delete(src);
    }
  } else if (missing.length) {
    const [src, at] = missing[0];
    // Every missing image named, each where a page uses it first, so one pass fixes them all.
    const others = missing.slice(1).map(([s, w]) => `\n  ${location(w)}: image not found: ${s}`);
    throw new DocsiteError(
      `image not found: ${src}${others.length ? `; ${others.length} more:${others.join("")}` : ""}`,
      at,
      "check the path: relative to the page, /… in static/, or @site/… from the site root",
    );
  }

  // A video's poster is a still like any other image (its dark twin's too), first used where the video is.
  const posterOf = videoPosters({
    root,
    pages: input.pages,
    firstUse,
    darkSibling: (src) => darkSibling(root, src),
    warn: (msg) => {
      warnings.push(msg);
      logger.warn(msg);
    },
    skipFailing: input.skipFailing,
  });
  const stats: ImageStats = { encoded: 0, cached: 0, passed: 0 };
  // Each image with its dark twin (`shot-dark.png` beside `shot.png`), which shares its first use.
  const darkOf = new Map([...firstUse.keys()].map((src) => [src, darkSibling(root, src)]));
  for (const [src, dark] of darkOf) if (dark) firstUse.set(dark, firstUse.get(src)!);
  const sources = new Map(
    await Promise.all(
      [...firstUse.keys()].map(async (src) => [src, await imageSource(root, src, input.cache)] as const),
    ),
  );
  const uncached = [...sources.values()].filter((s) => !isStored(input.cache, s));
  const fromChild = new Set(input.encodedEarly);
  // The encoder process hands its results over through the cache: without one, the images are encoded here.
  if (input.childProcess && input.cache.writable && uncached.length) {
    const encoder = startEncoderProcess({ cache: input.cache, limit: STAGE_LIMIT });
    encoder.add(uncached);
    const failed = await encoder.finish((n, total) => logger.progress("images", n, total));
    if (failed) logger.warn(`images: the encoder process failed (${failed}); encoding in the build's process instead`);
    for (const src of encoder.sent) fromChild.add(src);
  }

  const files = new Map<string, ImageFile>();
  const encoded = new Map<string, Promise<ImageVariantData>>();
  const adviceOf = new Map<string, string[]>();
  const url = (name: string) => input.baseUrl + IMAGE_DIR + name;
  const holds = input.outputHolds;
  const needed = (name: string, hash: string) => !holds?.(IMAGE_DIR + name, hash);
  const variant = (src: string): Promise<ImageVariantData> => {
    let p = encoded.get(src);
    if (!p) {
      p = encodeCached(input.cache, sources.get(src)!, stats, fromChild, needed, firstUse.get(src)).then(
        ({ image, out }) => {
          for (const [name, file] of out) files.set(IMAGE_DIR + name, file);
          if (image.advice?.length) adviceOf.set(src, image.advice);
          return toVariant(image, url);
        },
      );
      encoded.set(src, p);
    }
    return p;
  };

  const advised = new Set<string>();
  /** An image's variant (a video's with its poster's, a still encoded like any image); the build's advice on it told. */
  const withPoster = async (src: string): Promise<ImageVariantData> => {
    const v = await variant(src);
    // The advice on a file (a video's encoding, an image published as it is): once, where the file is first used.
    const at = firstUse.get(src)!;
    for (const advice of advised.has(src) ? [] : (adviceOf.get(src) ?? [])) {
      const msg = `${at.file}:${at.line}: ${v.video ? `video ${posix.basename(src)}` : `image ${src}`}: ${advice}`;
      warnings.push(msg);
      logger.warn(msg);
    }
    advised.add(src);
    if (!v.video) return v;
    const poster = posterOf.get(src);
    return poster ? { ...v, video: { ...v.video, poster: await variant(poster) } } : v;
  };
  const images = new Map<string, ImageData>(keptAsWritten);
  // A poster is drawn with its video, not on its own (unless a page shows it as an image too).
  const shown = new Set(input.pages.flatMap((p) => p.images.map((i) => i.src)));
  const posterOnly = new Set([...posterOf.values()].filter((src) => !shown.has(src)));
  const queue = [...darkOf.keys()].filter((src) => !posterOnly.has(src));
  let done = 0;
  await Promise.all(
    Array.from({ length: STAGE_LIMIT }, async () => {
      for (let src = queue.shift(); src; src = queue.shift()) {
        const dark = darkOf.get(src);
        try {
          const light = await withPoster(src);
          images.set(src, dark ? { ...light, dark: await withPoster(dark) } : light);
        } catch (err) {
          if (!input.skipFailing || !(err instanceof DocsiteError)) throw err;
          leaveOut(err);
        }
        if (!input.childProcess) logger.progress("images", ++done, darkOf.size);
      }
    }),
  );
  return { images, files, stats, warnings };
}

export function toVariant(image: EncodedImage, url: (name: string) => string): ImageVariantData {
  const main = image.files.find((f) => f.name === image.main)!;
  const byType = (type: string) => image.files.filter((f) => f.type === type);
  const srcset = (fs: typeof image.files) => fs.map((f) => `${url(f.name)} ${f.width}w`).join(", ");
  if (image.kind === "video") {
    const src = url(main.name);
    const video = { type: main.type, durationMs: image.durationMs ?? 0 };
    return { width: image.width, height: image.height, src, sources: [], full: src, video };
  }
  if (image.kind !== "still") {
    return {
      width: image.width,
      height: image.height,
      src: url(main.name),
      sources: [],
      full: url(main.name),
      poster: image.poster ? url(image.poster) : undefined,
    };
  }
  const webp = byType("image/webp");
  const fallback = image.files.find((f) => f.name === image.fallback);
  if (fallback) {
    // A PNG published as it is stands for its own width (encode.ts says why): it ends the WebP <source>'s srcset,
    // which browsers that decode WebP choose from, and is the full size. Browsers without WebP take the <img src>.
    // A fallback for readers without WebP only (encode.ts: a large source published as it is) is neither.
    const ownWidth = !webp.length || (!image.fallbackOnly && fallback.width > webp[webp.length - 1].width);
    const candidates = ownWidth ? [...webp, fallback] : webp;
    return {
      width: image.width,
      height: image.height,
      src: url(fallback.name),
      sources: webp.length ? [{ type: "image/webp", srcset: srcset(candidates) }] : [],
      full: url(candidates[candidates.length - 1].name),
    };
  }
  // A WebP source file: its widths in the <img srcset>, no fallback.
  return {
    width: image.width,
    height: image.height,
    src: url(main.name),
    srcset: webp.length > 1 ? srcset(webp) : undefined,
    sources: [],
    full: url(webp[webp.length - 1].name),
  };
}

/**
 * One file's outputs from the cache, or encoded now (and cached) when the same bytes were not encoded before.
 * `fromChild`: images the encoder process was given, counted as encoded in this build. `needed`: whether the build
 * will write an output file (by name and hash): a cached image with one is read now (image-cache.ts: readEntry).
 */
async function encodeCached(
  cache: BuildCache,
  source: ImageSource,
  stats: ImageStats,
  fromChild: ReadonlySet<string>,
  needed: (name: string, hash: string) => boolean,
  at?: { file: string; line: number },
): Promise<Encoded> {
  const hit = await readEntry(cache, source, needed);
  if (hit) {
    stats[fromChild.has(source.src) ? "encoded" : "cached"]++;
    if (passedThrough(hit.image)) stats.passed++;
    return hit;
  }
  let result: Encoded;
  try {
    result = await encodeToEntry(cache, source);
  } catch (err) {
    throw new DocsiteError(
      `cannot encode image ${source.src}: ${(err as Error).message}`,
      at ?? { file: source.src },
      /\.mp4$/i.test(source.src)
        ? "re-export the video as MP4 (H.264), for example with ffmpeg -c:v libx264 -an -movflags +faststart"
        : "re-export the image as PNG, JPEG, WebP, GIF or SVG",
    );
  }
  stats.encoded++;
  if (passedThrough(result.image)) stats.passed++;
  return result;
}

/** Content files and their images, once per file (an untranslated doc shares its source page). */
export function contentImages(
  routes: ReadonlyArray<{ kind: string; source?: { file: string }; compiled?: { images?: ImageRef[] } }>,
): Array<{ file: string; images: ImageRef[] }> {
  const byFile = new Map<string, ImageRef[]>();
  for (const r of routes) if (r.source && r.compiled?.images) byFile.set(r.source.file, r.compiled.images);
  return [...byFile].map(([file, images]) => ({ file, images }));
}

/** Images that custom pages (content/pages/*.tsx) declare in `meta.images`. */
export function pageModuleImages(
  pages: ReadonlyArray<{ file: string; abs: string }>,
  modules: ReadonlyMap<string, { meta?: { images?: string[] } }>,
): Array<{ file: string; images: ImageRef[] }> {
  return pages
    .map((p) => ({
      file: p.file,
      // A declared image has no alt of its own: the page passes one to <DocsiteImage>.
      images: (modules.get(p.abs)?.meta?.images ?? []).map((src) => ({ src, line: 1, alt: "" })),
    }))
    .filter((p) => p.images.length);
}
