// The image stage: discover images from compiled pages → encode each file once (cached by content hash across
// builds) → hand the renderer what it needs to write <img>/<picture> with dimensions and srcset, and the build
// the files to write under assets/img/.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile, rename, rm } from "node:fs/promises";
import { join, posix } from "node:path";
import { encodeImage, ENCODER_SETTINGS, type EncodedImage } from "./encode.ts";
import type { ImageRef } from "./rehype-images.ts";
import { DocsiteError, location, type Logger } from "../log.ts";
import type { ImageData, ImageVariantData } from "../../theme/types.ts";

export const IMAGE_DIR = "assets/img/";

export interface ImageStats {
  /** Image files encoded in this build. */
  encoded: number;
  /** Image files taken from the cache. */
  cached: number;
}

export interface ImageStageResult {
  /** By root-relative source path (the `src` the compile recorded). */
  images: Map<string, ImageData>;
  /** Output files, relative to dist/. */
  files: Map<string, Uint8Array>;
  stats: ImageStats;
  warnings: string[];
}

export interface ImageStageInput {
  root: string;
  cacheDir: string;
  /** URL prefix of the site (config.baseUrl). */
  baseUrl: string;
  pages: Array<{ file: string; images: ImageRef[] }>;
  logger: Logger;
  /** Leave out images that are missing or cannot be encoded, with a warning each (`build --skip-failing-pages`). */
  skipFailing?: boolean;
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
  if (missing.length && input.skipFailing) {
    for (const [src, at] of missing) {
      leaveOut(new DocsiteError(`image not found: ${src}`, at));
      firstUse.delete(src);
    }
  } else if (missing.length) {
    const [src, at] = missing[0];
    throw new DocsiteError(
      `image not found: ${src}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ""}`,
      at,
      "check the path: relative to the page, /… in static/, or @site/… from the site root",
    );
  }

  const stats: ImageStats = { encoded: 0, cached: 0 };
  const files = new Map<string, Uint8Array>();
  const encoded = new Map<string, Promise<ImageVariantData>>();
  const url = (name: string) => input.baseUrl + IMAGE_DIR + name;
  const variant = (src: string): Promise<ImageVariantData> => {
    let p = encoded.get(src);
    if (!p) {
      p = encodeCached(root, src, input.cacheDir, stats, firstUse.get(src)).then(({ image, out }) => {
        for (const [name, bytes] of out) files.set(IMAGE_DIR + name, bytes);
        return toVariant(image, url);
      });
      encoded.set(src, p);
    }
    return p;
  };

  const images = new Map<string, ImageData>();
  const queue = [...firstUse.keys()];
  let done = 0;
  // Two at a time: sharp already spreads one encode over the cores.
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let src = queue.shift(); src; src = queue.shift()) {
        const dark = darkSibling(root, src);
        if (dark) firstUse.set(dark, firstUse.get(src)!);
        try {
          const light = await variant(src);
          images.set(src, dark ? { ...light, dark: await variant(dark) } : light);
        } catch (err) {
          if (!input.skipFailing || !(err instanceof DocsiteError)) throw err;
          leaveOut(err);
        }
        logger.progress("images", ++done, firstUse.size);
      }
    }),
  );
  return { images, files, stats, warnings };
}

function toVariant(image: EncodedImage, url: (name: string) => string): ImageVariantData {
  const main = image.files.find((f) => f.name === image.main)!;
  const byType = (type: string) => image.files.filter((f) => f.type === type);
  const srcset = (fs: typeof image.files) => fs.map((f) => `${url(f.name)} ${f.width}w`).join(", ");
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
  const full = url(webp[webp.length - 1].name);
  // WebP widths in a <source>, the PNG/JPEG fallback as the <img src> (encode.ts says why); a WebP source file
  // has no fallback and its widths go in the <img srcset>.
  if (image.fallback)
    return {
      width: image.width,
      height: image.height,
      src: url(image.fallback),
      sources: [{ type: "image/webp", srcset: srcset(webp) }],
      full,
    };
  return {
    width: image.width,
    height: image.height,
    src: url(main.name),
    srcset: webp.length > 1 ? srcset(webp) : undefined,
    sources: [],
    full,
  };
}

/** Encodes one file, or takes its outputs from the cache when the same bytes were encoded before. */
async function encodeCached(
  root: string,
  src: string,
  cacheDir: string,
  stats: ImageStats,
  at?: { file: string; line: number },
): Promise<{ image: EncodedImage; out: Map<string, Uint8Array> }> {
  const bytes = await readFile(join(root, src));
  const ext = posix.extname(src).slice(1).toLowerCase();
  const stem = posix
    .basename(src, posix.extname(src))
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .toLowerCase();
  const key = createHash("sha256").update(ENCODER_SETTINGS).update("\0").update(stem).update(ext).update(bytes);
  const dir = join(cacheDir, "images", key.digest("hex").slice(0, 32));
  try {
    const image = JSON.parse(await readFile(join(dir, "image.json"), "utf8")) as EncodedImage;
    const out = new Map<string, Uint8Array>();
    for (const f of image.files) out.set(f.name, await readFile(join(dir, f.name)));
    stats.cached++;
    return { image, out };
  } catch {
    /* not cached (or incomplete): encode */
  }
  let result: Awaited<ReturnType<typeof encodeImage>>;
  try {
    result = await encodeImage(bytes, stem, ext);
  } catch (err) {
    throw new DocsiteError(
      `cannot encode image ${src}: ${(err as Error).message}`,
      at ?? { file: src },
      "re-export the image as PNG, JPEG, WebP, GIF or SVG",
    );
  }
  stats.encoded++;
  // Written to a temporary folder and renamed, so an interrupted build never leaves a half-filled entry.
  const tmp = `${dir}.tmp-${process.pid}`;
  await mkdir(tmp, { recursive: true });
  for (const [name, b] of result.out) await writeFile(join(tmp, name), b);
  await writeFile(join(tmp, "image.json"), JSON.stringify(result.image));
  // If another build filled the entry meanwhile, theirs holds the same bytes: drop ours.
  await rename(tmp, dir).catch(() => rm(tmp, { recursive: true, force: true }));
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
