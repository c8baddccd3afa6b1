// Encodes one image file into the files a page needs: WebP at two widths for stills, an animated WebP and a
// first-frame poster for animations, the file itself for SVG.
// Output names carry a hash of their bytes, so they can be cached forever by browsers and CDNs.
//
// Why WebP only, at two widths: AVIF saves some bytes at the same width but costs several times the CPU (at low
// effort its files are as big as WebP's), and the old set of AVIF and WebP at five widths was most of a cold build.
// Every browser in use decodes WebP; a PNG/JPEG stays the `<img src>` fallback all the same (for tools and readers
// that do not take WebP), and costs nothing to encode: it is the source file itself. A source that is small and not
// too wide (at most FALLBACK_MAX_BYTES and MAX_WIDTH) also serves its own width in the srcset; a larger one is there
// for readers without WebP only (Docusaurus publishes every image that way, to every reader). Re-encoding it smaller
// (palette quantising, a resize) was a quarter to a half of each large image's CPU for bytes no WebP reader fetches.
// Only a rotated photo (EXIF orientation) or a source that is neither PNG nor JPEG gets a fallback made from its
// pixels. 960 px serves phones (up to DPR 3) and standard screens; the image's own width (≤ 1720) serves high-DPR
// desktops and the "full size" link. WebP effort 2: slightly bigger files than effort 4 for half the CPU.
//
// A PNG published as it is also serves the image's own width, with no WebP of that width: screenshots and
// diagrams (what PNGs hold) do not get smaller as lossy WebP at full size, only blurrier, and those WebPs were most
// of the images' encoding CPU. The measurements are in docs/speed.md ("Images").
import { createHash } from "node:crypto";

/** Widths in pixels for srcset; the image's own width is always added (capped at MAX_WIDTH). */
const WIDTHS = [960];
const MAX_WIDTH = 2560;
/**
 * The widest file the layout can show: the article column is at most 860 CSS px (theme/styles/docs.css), 1720 device
 * pixels at DPR 2; a phone's full width at DPR 3 is less. Wider encoded files were bytes and CPU no reader used. A
 * source published as it is (at most MAX_WIDTH) still serves its own width: it costs nothing to make.
 */
const LAYOUT_MAX_WIDTH = 1720;
/** A PNG/JPEG source up to this size (and MAX_WIDTH) also serves its own width; a larger one is the fallback only. */
export const FALLBACK_MAX_BYTES = 300 * 1024;
const FALLBACK_WIDTH = 1280;
// The fallback PNG's palette is made at libimagequant's lowest effort: at its default (7) quantising took about 1 s
// of CPU per large screenshot, most of an image's encoding, for a file about 15 % smaller that only readers without
// WebP fetch (docs/speed.md).
/**
 * A GIF with more pixels than this over all its frames (width × height × frames) is published as it is, with a WebP
 * poster of its first frame: making an animated WebP costs 10–50 ms of CPU per million pixels whatever the effort
 * (decoding and resizing every frame; more when frames differ, as in a scrolling recording), so a screen recording
 * costs seconds; docs/speed.md has the measurements. Below it, the animated WebP is made and kept when smaller.
 */
export const ANIMATION_MAX_PIXELS = 16_000_000;
/** The encoder's settings (like all of docsite's code, part of the image cache's key: cli/cache/identity.ts). */
const S = {
  fallback: {
    maxBytes: FALLBACK_MAX_BYTES,
    width: FALLBACK_WIDTH,
    jpeg: { quality: 80 },
    png: { palette: true, effort: 1 },
  },
  webp: { quality: 82, effort: 2 },
  animated: { quality: 75, effort: 4, maxWidth: 1280, maxPixels: ANIMATION_MAX_PIXELS },
};

// sharp (libvips, costly to load) is loaded by the first image to encode: a build whose images all come from the
// cache never loads it. libvips' operation cache is off: each image is encoded once, so the cache only held memory.
const loadSharp = async () => {
  const sharp = (await import("sharp")).default;
  sharp.cache(false);
  return sharp;
};

type ImageKind = "still" | "animated" | "svg" | "video";

interface EncodedFile {
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
  /** For stills: the smallest WebP (the PNG when there is none); for animations: the animated WebP. */
  main: string;
  /** Stills: the PNG/JPEG `<img src>` behind the WebP `<source>` (absent for a WebP source file). */
  fallback?: string;
  /**
   * Stills: the fallback is for readers without WebP only, not a width of the WebP `<source>`'s srcset nor the full
   * size (a source too large or too wide to serve as it is: see the top of this file).
   */
  fallbackOnly?: boolean;
  poster?: string;
  /** Videos (encode-video.ts): length. */
  durationMs?: number;
  /** What the build tells the author about the file (a video's encoding; an image published as it is, and why). */
  advice?: string[];
}

/** WebP's largest side (libwebp): a file wider or taller than this cannot be WebP. */
export const WEBP_MAX_SIDE = 16383;

/**
 * Formats a browser may show that the encoder cannot read, told by their first bytes: a file of one of them named
 * `.png` (or another image extension) is published as it is. A file with no known signature is damaged: an error.
 */
const UNREADABLE_FORMATS: Array<[string, (b: Uint8Array) => boolean]> = [
  ["BMP", (b) => b[0] === 0x42 && b[1] === 0x4d],
  ["ICO", (b) => b[0] === 0 && b[1] === 0 && (b[2] === 1 || b[2] === 2) && b[3] === 0],
  ["JPEG XL", (b) => (b[0] === 0xff && b[1] === 0x0a) || ascii(b, 4, 8) === "JXL "],
  ["HEIC", (b) => ascii(b, 4, 8) === "ftyp" && /^(heic|heix|hevc|hevx|mif1|msf1)$/.test(ascii(b, 8, 12))],
  ["JPEG 2000", (b) => ascii(b, 4, 8) === "jP  "],
  ["PSD", (b) => ascii(b, 0, 4) === "8BPS"],
];
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The file as it is, the only file of its image: what a source no encoder can take is published as. */
function asItIs(
  bytes: Uint8Array,
  stem: string,
  ext: string,
  size: { width: number; height: number },
  why: string,
): { image: EncodedImage; out: Map<string, Uint8Array> } {
  const name = named(stem, size.width ? `-${size.width}` : "", ext, bytes);
  const type = ext === "jpg" ? "image/jpeg" : ext === "svg" ? "image/svg+xml" : `image/${ext}`;
  const image: EncodedImage = {
    kind: "still",
    ...size,
    files: [{ name, width: size.width, type }],
    main: name,
    fallback: name,
    advice: [`published as it is, not encoded: ${why}`],
  };
  return { image, out: new Map([[name, bytes]]) };
}

const shortHash = (b: Uint8Array) => createHash("sha256").update(b).digest("hex").slice(0, 10);

function named(stem: string, suffix: string, ext: string, bytes: Uint8Array): string {
  return `${stem}${suffix}.${shortHash(bytes)}.${ext}`;
}

/** Widths to encode for an image `w` pixels wide. */
export function widthsFor(w: number): number[] {
  const top = Math.min(w, LAYOUT_MAX_WIDTH);
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
  const sharp = await loadSharp();
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
  // The header only: libvips' pixel limit counts every frame, and a long GIF recording is over it but passes through.
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
  } catch (err) {
    const format = UNREADABLE_FORMATS.find(([, test]) => test(bytes))?.[0];
    if (!format) throw err;
    return asItIs(bytes, stem, ext, { width: 0, height: 0 }, `its content is ${format}, which the encoder cannot read`);
  }
  const upright = (meta.orientation ?? 1) >= 5;
  const width = upright ? meta.height! : meta.width!;
  const height = upright ? meta.width! : (meta.pageHeight ?? meta.height!);
  const frames = meta.pages ?? 1;
  if (frames > 1 && ext === "gif" && width * height * frames > S.animated.maxPixels) {
    // A long recording: the GIF as it is (no frame decoded but the first, for the poster; see ANIMATION_MAX_PIXELS).
    const w = Math.min(width, S.animated.maxWidth);
    const still = await sharp(bytes).resize({ width: w, withoutEnlargement: true }).webp(S.webp).toBuffer();
    const main = add(`-${width}`, "gif", bytes);
    const poster = add(`-${w}-poster`, "webp", still);
    const image: EncodedImage = {
      kind: "animated",
      width,
      height,
      files: [
        { name: main, width, type: "image/gif" },
        { name: poster, width: w, type: "image/webp" },
      ],
      main,
      poster,
    };
    return { image, out };
  }
  if (frames > 1) {
    // Animation: one animated WebP (the fallback is the same file; every current browser plays it) and a poster.
    const w = Math.min(width, S.animated.maxWidth);
    // An animated WebP that fits is published as it is: encoding it again costs CPU and loses quality, and can
    // make it bigger. A GIF (or a wider WebP) is encoded, and the source kept if the WebP came out larger.
    const asIs = ext === "webp" && w === width;
    const encoded = asIs
      ? bytes
      : await sharp(bytes, { animated: true })
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: S.animated.quality, effort: S.animated.effort, loop: 0 })
          .toBuffer();
    const keepSource = !asIs && w === width && encoded.length >= bytes.length && ext === "gif";
    const anim = keepSource ? bytes : encoded;
    const still = await sharp(bytes).resize({ width: w, withoutEnlargement: true }).webp(S.webp).toBuffer();
    const main = add(`-${w}`, keepSource ? "gif" : "webp", anim);
    const poster = add(`-${w}-poster`, "webp", still);
    const image: EncodedImage = {
      kind: "animated",
      width: w,
      height: Math.round((height * w) / width),
      files: [
        { name: main, width: w, type: keepSource ? "image/gif" : "image/webp" },
        { name: poster, width: w, type: "image/webp" },
      ],
      main,
      poster,
    };
    return { image, out };
  }
  try {
    return await encodeStill(sharp, bytes, stem, ext, meta, { width, height, upright }, add, out);
  } catch (err) {
    // Pixels over libvips' limit, or a WebP side over WebP's: no encoder takes them (what is checked beforehand
    // never gets here), so the file goes out as it is, as Docusaurus publishes every image.
    const message = (err as Error).message ?? "";
    if (!/too large for the WebP format|exceeds pixel limit/i.test(message)) throw err;
    return asItIs(bytes, stem, ext, { width, height }, `${width}×${height} px: ${message}`);
  }
}

/** A still image's files (see the top of this file). */
async function encodeStill(
  sharp: Sharp,
  bytes: Uint8Array,
  stem: string,
  ext: string,
  meta: { orientation?: number },
  { width, height, upright }: { width: number; height: number; upright: boolean },
  add: (suffix: string, ext: string, bytes: Uint8Array) => string,
  out: Map<string, Uint8Array>,
): Promise<{ image: EncodedImage; out: Map<string, Uint8Array> }> {
  const files: EncodedFile[] = [];
  const rotated = upright || (meta.orientation ?? 1) > 1;
  const asIs = servesAsIs(bytes, ext, width, rotated);
  // A PNG published as it is stands for its own width (see the top of this file): no WebP of that width.
  const webpWidths = asIs && ext === "png" ? WIDTHS.filter((w) => w < width) : widthsFor(width);
  // A WebP side over WebP's limit (a long, narrow strip): that file cannot be made, whatever else can.
  const overWebp = webpWidths.find((w) => w > WEBP_MAX_SIDE || Math.round((height * w) / width) > WEBP_MAX_SIDE);
  if (overWebp !== undefined && ext !== "webp")
    return asItIs(bytes, stem, ext, { width, height }, `${width}×${height} px is over WebP's ${WEBP_MAX_SIDE} px`);
  // The source itself is the fallback whenever it can be shown as it is (see the top of this file).
  const sourceServes = asIs || (!rotated && (ext === "png" || ext === "jpg" || ext === "jpeg"));
  // Several files from the pixels: decoded once, each resizing from them (decoding a large PNG costs as much as a
  // resize). One file: made straight from the source, which libvips streams instead of holding every pixel (about
  // half the memory per image).
  const made = webpWidths.length + (sourceServes || ext === "webp" ? 0 : 1);
  const pixels = made > 1 ? await decoded(sharp, bytes) : () => sharp(bytes).rotate();
  // A file published as it is, with nothing made from its pixels, is still decoded once: a truncated or damaged
  // file fails here, named with its page and line, instead of reaching readers as a broken picture.
  if (asIs && !webpWidths.length) await sharp(bytes).raw().toBuffer();
  const encoded = await Promise.all(
    webpWidths.map(async (w) => ({ w, webp: await pixels().resize({ width: w }).webp(S.webp).toBuffer() })),
  );
  // A WebP no smaller than the PNG/JPEG it comes from saves no bytes at any width: left out, so no published file is
  // larger than its source (the PNG/JPEG then serves those widths).
  const saves = (webp: Uint8Array) => ext === "webp" || webp.length < bytes.length;
  for (const { w, webp } of encoded)
    if (saves(webp)) files.push({ name: add(`-${w}`, "webp", webp), width: w, type: "image/webp" });
  const everyWebp = files.length === webpWidths.length;
  const own = { bytes, ext: ext === "png" ? "png" : "jpg", width };
  const fb = sourceServes ? own : await resizedFallback(ext, width, pixels);
  let fallback: string | undefined;
  if (fb) {
    fallback = add(`-${fb.width}`, fb.ext, fb.bytes);
    files.push({ name: fallback, width: fb.width, type: fb.ext === "png" ? "image/png" : "image/jpeg" });
  }
  const main = files[0].name;
  const image: EncodedImage = { kind: "still", width, height, files, main, fallback };
  // A large source is for readers without WebP only when the WebPs cover every width; where one saved no bytes and
  // was left out, the source serves that width (as before this rule: no file larger than the source either way).
  if (fb === own && !asIs && everyWebp && webpWidths.length) image.fallbackOnly = true;
  return { image, out };
}

/** A PNG/JPEG that is small, upright and not too wide is published as it is (as the fallback, and see above). */
function servesAsIs(bytes: Uint8Array, ext: string, width: number, rotated: boolean): boolean {
  return (
    (ext === "png" || ext === "jpg" || ext === "jpeg") &&
    !rotated &&
    bytes.length <= S.fallback.maxBytes &&
    width <= MAX_WIDTH
  );
}

type Sharp = Awaited<ReturnType<typeof loadSharp>>;
type Pixels = () => ReturnType<Sharp>;

/** The source's pixels, upright, decoded into memory: each call starts a pipeline from them. */
async function decoded(sharp: Sharp, bytes: Uint8Array): Promise<Pixels> {
  const { data, info } = await sharp(bytes).rotate().raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  return () => sharp(data, raw);
}

/** The PNG/JPEG under the WebP when the source cannot be published as it is: one resize of the pixels. */
async function resizedFallback(
  ext: string,
  width: number,
  pixels: Pixels,
): Promise<{ bytes: Uint8Array; ext: string; width: number } | undefined> {
  if (ext === "webp") return undefined;
  const png = ext === "png";
  const w = Math.min(width, S.fallback.width);
  const resized = pixels().resize({ width: w });
  const out = png
    ? await resized.png(S.fallback.png).toBuffer()
    : await resized.flatten({ background: "#ffffff" }).jpeg(S.fallback.jpeg).toBuffer();
  return { bytes: out, ext: png ? "png" : "jpg", width: w };
}
