// Encodes one image file into the files a page needs: AVIF and WebP at a few widths plus a PNG/JPEG fallback
// for stills, an animated WebP and a first-frame poster for animations, the file itself for SVG.
// Output names carry a hash of their bytes, so they can be cached forever by browsers and CDNs.
import sharp from "sharp";
import { createHash } from "node:crypto";

/** Widths in CSS pixels for srcset; the image's own width is always added (capped at MAX_WIDTH). */
export const WIDTHS = [640, 960, 1280, 1920];
export const MAX_WIDTH = 2560;
/** The fallback `<img src>` is at most this wide: only browsers without AVIF and WebP download it. */
const FALLBACK_WIDTH = 1280;
/** Settings are part of the cache key: change them and every image is re-encoded once. */
export const ENCODER_SETTINGS = JSON.stringify({
  v: 1,
  WIDTHS,
  MAX_WIDTH,
  FALLBACK_WIDTH,
  avif: { quality: 55, effort: 2 },
  webp: { quality: 82, effort: 4 },
  animated: { quality: 75, effort: 4, maxWidth: 1280 },
  png: { compressionLevel: 9, palette: true, quality: 90, effort: 7 },
  jpeg: { quality: 82, mozjpeg: true },
  sharp: sharp.versions.sharp,
});
const S = JSON.parse(ENCODER_SETTINGS);

export type ImageKind = "still" | "animated" | "svg";

export interface EncodedFile {
  name: string;
  width: number;
  /** MIME type. */
  type: string;
}

export interface EncodedImage {
  kind: ImageKind;
  width: number;
  height: number;
  files: EncodedFile[];
  /** For stills: which file is the fallback `<img src>`; for animations: the animated WebP. */
  main: string;
  poster?: string;
}

const shortHash = (b: Uint8Array) => createHash("sha256").update(b).digest("hex").slice(0, 10);

function named(stem: string, suffix: string, ext: string, bytes: Uint8Array): string {
  return `${stem}${suffix}.${shortHash(bytes)}.${ext}`;
}

/** Widths to encode for an image `w` pixels wide. */
export function widthsFor(w: number): number[] {
  const top = Math.min(w, MAX_WIDTH);
  return [...WIDTHS.filter((x) => x < top), top];
}

/**
 * Encodes `bytes` (the content of `<stem>.<ext>`). Returns the files to write (name → bytes) and their
 * description. Throws sharp's error for a file it cannot read; the caller names the file.
 */
export async function encodeImage(
  bytes: Uint8Array,
  stem: string,
  ext: string,
): Promise<{ image: EncodedImage; out: Map<string, Uint8Array> }> {
  const out = new Map<string, Uint8Array>();
  const add = (suffix: string, e: string, b: Uint8Array) => {
    const name = named(stem, suffix, e, b);
    out.set(name, b);
    return name;
  };
  if (ext === "svg") {
    const meta = await sharp(bytes).metadata();
    const name = add("", "svg", bytes);
    const image: EncodedImage = {
      kind: "svg",
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      files: [{ name, width: meta.width ?? 0, type: "image/svg+xml" }],
      main: name,
    };
    return { image, out };
  }
  const meta = await sharp(bytes, { animated: true }).metadata();
  const upright = (meta.orientation ?? 1) >= 5;
  const width = upright ? meta.height! : meta.width!;
  const height = upright ? meta.width! : (meta.pageHeight ?? meta.height!);
  if ((meta.pages ?? 1) > 1) {
    // Animation: one animated WebP (the fallback is the same file; every current browser plays it) and a poster.
    const w = Math.min(width, S.animated.maxWidth);
    const anim = await sharp(bytes, { animated: true })
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: S.animated.quality, effort: S.animated.effort, loop: 0 })
      .toBuffer();
    const still = await sharp(bytes).resize({ width: w, withoutEnlargement: true }).webp(S.webp).toBuffer();
    const main = add(`-${w}`, "webp", anim);
    const poster = add(`-${w}-poster`, "webp", still);
    const image: EncodedImage = {
      kind: "animated",
      width: w,
      height: Math.round((height * w) / width),
      files: [
        { name: main, width: w, type: "image/webp" },
        { name: poster, width: w, type: "image/webp" },
      ],
      main,
      poster,
    };
    return { image, out };
  }
  const files: EncodedFile[] = [];
  const base = () => sharp(bytes).rotate();
  for (const w of widthsFor(width)) {
    const avif = await base().resize({ width: w }).avif(S.avif).toBuffer();
    files.push({ name: add(`-${w}`, "avif", avif), width: w, type: "image/avif" });
    const webp = await base().resize({ width: w }).webp(S.webp).toBuffer();
    files.push({ name: add(`-${w}`, "webp", webp), width: w, type: "image/webp" });
  }
  const fw = Math.min(width, FALLBACK_WIDTH);
  const jpeg = ext === "jpg" || ext === "jpeg" || (meta.hasAlpha === false && ext !== "png");
  const fallback = jpeg
    ? await base().resize({ width: fw }).jpeg(S.jpeg).toBuffer()
    : await base().resize({ width: fw }).png(S.png).toBuffer();
  const main = add(`-${fw}`, jpeg ? "jpg" : "png", fallback);
  files.push({ name: main, width: fw, type: jpeg ? "image/jpeg" : "image/png" });
  return { image: { kind: "still", width, height, files, main }, out };
}
