// Moving pictures as video files: an MP4 in content is published as it is (never re-encoded: a re-encode would
// cost CPU and could only lose quality or grow the file), under a name with a hash of its bytes. What the page
// needs to draw it — width and height (no layout shift), duration, whether it has sound — is read from the file's
// boxes (ISO base media format) without any decoder. Its poster is a still image that goes through the image stage
// like any other (stage.ts pairs them).
import { createHash } from "node:crypto";
import { VIDEO_EXT } from "../mdx/rehype-images.ts";

export interface VideoInfo {
  width: number;
  height: number;
  /** Duration in milliseconds (0 when the file does not say). */
  durationMs: number;
  /** The sample entry of the video track (`avc1` for H.264, `hvc1`, `av01`…). */
  codec: string;
  /** An audio track is present (moving pictures play muted; the sound only costs bytes). */
  audio: boolean;
  /** The `moov` box comes before `mdat`: the browser can start playing before the whole file has arrived. */
  faststart: boolean;
}

interface Box {
  type: string;
  /** Offset of the box's content (after its header). */
  start: number;
  end: number;
}

/** The boxes directly inside `[start, end)`. A box that claims to run past `end` ends the list. */
function boxes(b: Uint8Array, start: number, end: number): Box[] {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const out: Box[] = [];
  for (let at = start; at + 8 <= end; ) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(b[at + 4], b[at + 5], b[at + 6], b[at + 7]);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) break;
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return out;
}

const child = (b: Uint8Array, box: Box | undefined, type: string) =>
  box ? boxes(b, box.start, box.end).find((x) => x.type === type) : undefined;

/**
 * Reads an MP4's picture size, duration and tracks. Throws an Error saying what is wrong for a file that is not an
 * MP4 with a video track (the stage names the page and line).
 */
export function probeMp4(b: Uint8Array): VideoInfo {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const top = boxes(b, 0, b.length);
  if (top[0]?.type !== "ftyp") throw new Error("not an MP4 file (no ftyp box at the start)");
  const moovAt = top.findIndex((x) => x.type === "moov");
  if (moovAt === -1) throw new Error("the MP4 has no moov box (an unfinished recording?)");
  const moov = top[moovAt];
  const mdatAt = top.findIndex((x) => x.type === "mdat");
  let durationMs = 0;
  const mvhd = child(b, moov, "mvhd");
  if (mvhd) {
    const v1 = b[mvhd.start] === 1;
    const scale = view.getUint32(mvhd.start + (v1 ? 20 : 12));
    const duration = v1 ? Number(view.getBigUint64(mvhd.start + 24)) : view.getUint32(mvhd.start + 16);
    if (scale > 0) durationMs = Math.round((duration * 1000) / scale);
  }
  let video: { width: number; height: number; codec: string } | undefined;
  let audio = false;
  for (const trak of boxes(b, moov.start, moov.end).filter((x) => x.type === "trak")) {
    const mdia = child(b, trak, "mdia");
    const hdlr = child(b, mdia, "hdlr");
    const handler = hdlr ? String.fromCharCode(...b.subarray(hdlr.start + 8, hdlr.start + 12)) : "";
    if (handler === "soun") audio = true;
    if (handler !== "vide" || video) continue;
    const tkhd = child(b, trak, "tkhd");
    if (!tkhd || tkhd.end - tkhd.start < 84) continue;
    // The track's presentation size, 16.16 fixed point, in the last 8 bytes of tkhd (either version).
    const width = Math.round(view.getUint32(tkhd.end - 8) / 65536);
    const height = Math.round(view.getUint32(tkhd.end - 4) / 65536);
    const stsd = child(b, child(b, child(b, mdia, "minf"), "stbl"), "stsd");
    // stsd: version and flags (4), entry count (4), then the first sample entry's box header (size 4, type 4).
    const codec =
      stsd && stsd.end - stsd.start >= 16 ? String.fromCharCode(...b.subarray(stsd.start + 12, stsd.start + 16)) : "";
    video = { width, height, codec };
  }
  if (!video?.width || !video.height) throw new Error("the MP4 has no video track with a picture size");
  return { ...video, durationMs, audio, faststart: mdatAt === -1 || moovAt < mdatAt };
}

/** What the build says about a video it publishes: problems a reader would notice, each with what to do. */
export function videoAdvice(info: VideoInfo): string[] {
  const out: string[] = [];
  if (!info.faststart)
    out.push(
      "its moov box is after the media data, so it cannot play before it has fully loaded; remux it with ffmpeg -movflags +faststart",
    );
  if (info.audio) out.push("it has a sound track, which a muted moving picture never plays; drop it with ffmpeg -an");
  if (info.codec && info.codec !== "avc1" && info.codec !== "avc3")
    out.push(`its video is ${info.codec}, which not every browser plays; H.264 (avc1) plays everywhere`);
  return out;
}

const shortHash = (b: Uint8Array) => createHash("sha256").update(b).digest("hex").slice(0, 10);

/** The published name of a video: its stem, its size and a hash of its bytes. */
export const videoFileName = (stem: string, width: number, bytes: Uint8Array) =>
  `${stem}-${width}.${shortHash(bytes)}.mp4`;

/** `clip.mp4` → the poster files looked for beside it, in order: `clip.poster.webp|png|jpg|jpeg`. */
export function posterCandidates(src: string): string[] {
  const stem = src.replace(VIDEO_EXT, "");
  return ["webp", "png", "jpg", "jpeg"].map((ext) => `${stem}.poster.${ext}`);
}
