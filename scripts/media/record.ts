// Records what a Playwright page shows as a short MP4 for the docs' moving pictures: Chromium's screencast (the
// DevTools protocol's Page.startScreencast, which sends a frame each time the page paints, with its time) is turned
// into frames at a steady rate, cropped, and encoded with ffmpeg as H.264 — muted, `+faststart`, at the lowest
// quality setting that still reads well, raised until the file fits the size limit. The first frame of the clip (or
// the one asked for) is kept as its poster, beside it as `<name>.poster.png`. ffmpeg is a tool of this script only
// (apt-get install ffmpeg), never of the site.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { CDPSession, Page } from "playwright-core";

const FFMPEG = process.env.FFMPEG_PATH ?? "/usr/bin/ffmpeg";
/** Every moving picture stays under this (the site's tests allow 500 KB). */
export const VIDEO_LIMIT = 480 * 1024;

export interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Frame {
  /** Seconds, on the recording's own clock (paused stretches taken out). */
  t: number;
  png: Buffer;
}

export interface Recording {
  /** Leaves out what happens until `resume` (a run of the tests, a page loading), keeping `keep` seconds of it. */
  pause(keep?: number): void;
  resume(): void;
  /** Marks the frame shown now as the poster (default: the first frame). */
  markPoster(): void;
  stop(): Promise<{ frames: Frame[]; poster: number; duration: number }>;
}

/** Starts recording `page` (its whole viewport, in device pixels). Frame times are the screencast's (epoch s). */
export async function startRecording(page: Page): Promise<Recording> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const frames: Frame[] = [];
  const now = () => Date.now() / 1000;
  const t0 = now();
  let offset = 0;
  let pausedAt: number | null = null;
  let keepOnPause = 0;
  let poster = 0;
  cdp.on("Page.screencastFrame", async (f: { data: string; sessionId: number; metadata: { timestamp?: number } }) => {
    const at = f.metadata.timestamp ?? now();
    await cdp.send("Page.screencastFrameAck", { sessionId: f.sessionId }).catch(() => undefined);
    const png = Buffer.from(f.data, "base64");
    // While paused only the newest frame is kept: the clip resumes from what the page showed last.
    if (pausedAt !== null) pending = png;
    else frames.push({ t: Math.max(0, at - t0 - offset), png });
  });
  let pending: Buffer | null = null;
  await cdp.send("Page.startScreencast", { format: "png", everyNthFrame: 1 });
  return {
    pause(keep = 0.4) {
      pausedAt = now();
      keepOnPause = keep;
    },
    resume() {
      if (pausedAt === null) return;
      offset += Math.max(0, now() - pausedAt - keepOnPause);
      pausedAt = null;
      if (pending) frames.push({ t: Math.max(0, now() - t0 - offset), png: pending });
      pending = null;
    },
    markPoster() {
      poster = frames.length ? frames.length - 1 : 0;
    },
    async stop() {
      const duration = now() - t0 - offset;
      await cdp.send("Page.stopScreencast");
      await cdp.detach();
      return { frames, poster, duration };
    },
  };
}

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(FFMPEG, ["-hide_banner", "-loglevel", "error", "-y", ...args]);
    let err = "";
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("error", fail);
    child.on("close", (code) => (code === 0 ? ok() : fail(new Error(`ffmpeg failed (${code}): ${err}`))));
  });
}

/**
 * Writes `<out>.mp4` and `<out>.poster.png` from a recording: frames at `fps` (each showing the newest screencast
 * frame at that time), cropped to `clip` (CSS pixels of a viewport `viewportWidth` wide) and scaled to `width`.
 * The quality steps down until the file fits VIDEO_LIMIT.
 */
export async function encodeRecording(
  rec: { frames: Frame[]; poster: number; duration: number },
  out: string,
  opts: {
    fps?: number;
    clip?: Clip;
    viewportWidth: number;
    width: number;
    savePoster: (png: Buffer) => Promise<void>;
  },
): Promise<{ bytes: number; seconds: number; crf: number }> {
  if (!existsSync(FFMPEG)) throw new Error(`${FFMPEG} not found: apt-get install ffmpeg (only this script needs it)`);
  if (!rec.frames.length) throw new Error(`${out}: the recording has no frames`);
  const fps = opts.fps ?? 12;
  const dir = await mkdtemp(join(tmpdir(), "docsite-media-rec-"));
  try {
    const { width: frameWidth = opts.viewportWidth } = await sharp(rec.frames[0].png).metadata();
    const k = frameWidth / opts.viewportWidth;
    const c = opts.clip;
    // Every frame the same size (what ffmpeg needs), even when one frame came a pixel short.
    const first = await sharp(rec.frames[0].png).metadata();
    const aspect = c ? c.height / c.width : (first.height ?? 1) / (first.width ?? 1);
    const outHeight = Math.round(opts.width * aspect);
    const frame = async (png: Buffer) => {
      let img = sharp(png);
      if (c) {
        // Clamped to the frame: a frame can come a pixel short of the viewport's device size.
        const m = await sharp(png).metadata();
        const left = Math.min(Math.round(c.x * k), (m.width ?? 1) - 1);
        const top = Math.min(Math.round(c.y * k), (m.height ?? 1) - 1);
        const width = Math.min(Math.round(c.width * k), (m.width ?? 0) - left);
        const height = Math.min(Math.round(c.height * k), (m.height ?? 0) - top);
        img = img.extract({ left, top, width, height });
      }
      return img.resize({ width: opts.width, height: outHeight, fit: "fill" }).png({ compressionLevel: 1 }).toBuffer();
    };
    const count = Math.max(1, Math.round(rec.duration * fps));
    let j = 0;
    const cache = new Map<number, Buffer>();
    for (let i = 0; i < count; i++) {
      const t = i / fps;
      while (j + 1 < rec.frames.length && rec.frames[j + 1].t <= t) j++;
      let png = cache.get(j);
      if (!png) {
        cache.clear();
        png = await frame(rec.frames[j].png);
        cache.set(j, png);
      }
      await writeFile(join(dir, `${String(i).padStart(5, "0")}.png`), png);
    }
    await opts.savePoster(await frame(rec.frames[rec.poster].png));
    const file = `${out}.mp4`;
    // x264 for screen content: few, sharp-edged changes between frames; `stillimage` keeps text edges, and a long
    // keyframe interval suits a clip that is mostly still.
    for (let crf = 26; ; crf += 2) {
      await ffmpeg([
        "-framerate",
        String(fps),
        "-i",
        join(dir, "%05d.png"),
        "-c:v",
        "libx264",
        "-preset",
        "veryslow",
        "-tune",
        "stillimage",
        "-crf",
        String(crf),
        "-pix_fmt",
        "yuv420p",
        "-vf",
        "scale=trunc(iw/2)*2:trunc(ih/2)*2",
        "-g",
        String(fps * 10),
        "-an",
        "-movflags",
        "+faststart",
        file,
      ]);
      const bytes = (await readFile(file)).length;
      if (bytes <= VIDEO_LIMIT || crf >= 40) {
        console.log(
          `  ${file.split("/").pop()} ${opts.width}px ${(count / fps).toFixed(1)} s crf ${crf} ${(bytes / 1024).toFixed(0)} KB`,
        );
        return { bytes, seconds: count / fps, crf };
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
