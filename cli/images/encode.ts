// Encodes one image file into the files a page needs: WebP at two widths for stills, an animated WebP and a
// first-frame poster for animations, the file itself for SVG.
// Output names carry a hash of their bytes, so they can be cached forever by browsers and CDNs.
//
// Why WebP only, at two widths (measured on this site's screenshots, 2136 px wide, CPU per image, 2026-11-24):
// AVIF (quality 55, effort 2) saves about a quarter of the bytes of WebP at the same width (48 KB vs 68 KB at
// full width) but costs 6× the CPU (600 ms vs 100 ms); at effort 0 its files are as big as WebP's. The old
// set — AVIF and WebP at five widths plus a palette PNG fallback — took about 2.5 s of CPU per image, most of a
// cold build. Every browser in use decodes WebP, so the WebP itself is the `<img src>`: no PNG/JPEG fallback.
// 960 px serves phones (up to DPR 3) and standard screens; the image's own width (≤ 2560) serves high-DPR
// desktops and the "full size" link. WebP effort 2 gives files 3% bigger than effort 4 for half the CPU.
import sharp from "sharp";
import { createHash } from "node:crypto";

/** Widths in pixels for srcset; the image's own width is always added (capped at MAX_WIDTH). */
export const WIDTHS = [960];
export const MAX_WIDTH = 2560;
/** Settings are part of the cache key: change them and every image is re-encoded once. */
export const ENCODER_SETTINGS = JSON.stringify({
  v: 2,
  WIDTHS,
  MAX_WIDTH,
  webp: { quality: 82, effort: 2 },
  animated: { quality: 75, effort: 4, maxWidth: 1280 },
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
  /** For stills: the `<img src>` (the smallest WebP); for animations: the animated WebP. */
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
  // Decoded once; each width resizes from the same pixels (decoding a large PNG costs as much as a resize).
  const { data, info } = await sharp(bytes).rotate().raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encoded = await Promise.all(
    widthsFor(width).map(async (w) => ({
      w,
      webp: await sharp(data, raw).resize({ width: w }).webp(S.webp).toBuffer(),
    })),
  );
  for (const { w, webp } of encoded) files.push({ name: add(`-${w}`, "webp", webp), width: w, type: "image/webp" });
  const main = files[0].name;
  return { image: { kind: "still", width, height, files, main }, out };
}
