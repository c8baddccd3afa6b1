// Images found while pages compile, sent to the encoder process at once: on two cores a cold compile leaves about
// half a core idle (V8's helper threads use the rest), and the encoder, started at the lowest CPU priority, fills it.
// The image stage then has little or nothing left to encode (pipeline/build.ts). Measurements: docs/speed.md.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { imageSource, isStored } from "./image-cache.ts";
import type { BuildCache } from "../cache/cache.ts";
import { startEncoderProcess, type EncoderProcess } from "./encoder-process.ts";
import type { ImageRef } from "../mdx/rehype-images.ts";
import { darkSibling } from "./stage.ts";

/** One image at a time while the compile runs: the compile's heap is largest at its end, and this keeps the sum low. */
const BACKGROUND_LIMIT = 1;

export class ImageFeed {
  private readonly seen = new Set<string>();
  private readonly reads: Array<Promise<void>> = [];
  private encoder: EncoderProcess | undefined;

  constructor(
    private readonly root: string,
    private readonly cache: BuildCache,
    /** At `nice` 19 (the build); false: at this process's priority. */
    private readonly background = true,
  ) {}

  /** Images found while the pages compiled that were not in the image cache (sent, or being sent, to the encoder). */
  get found(): number {
    return this.encoder?.sent.size ?? 0;
  }

  /** A compiled page's images (and their dark twins) not in the image cache go to the encoder. */
  page(images: ImageRef[]): void {
    for (const { src } of images) {
      if (this.seen.has(src)) continue;
      this.seen.add(src);
      // A missing file is the image stage's to report, with the page's file and line.
      if (!existsSync(join(this.root, src))) continue;
      const dark = darkSibling(this.root, src);
      for (const s of dark ? [src, dark] : [src]) this.reads.push(this.send(s));
    }
  }

  private async send(src: string): Promise<void> {
    if (!this.cache.writable) return;
    const source = await imageSource(this.root, src, this.cache).catch(() => undefined);
    if (!source || isStored(this.cache, source)) return;
    this.encoder ??= startEncoderProcess({ cache: this.cache, limit: BACKGROUND_LIMIT, background: this.background });
    this.encoder.add([source]);
  }

  /**
   * Ends the background encoder once every image found so far was sent to it, and returns what it was sent (by
   * `src`): its cache entries are then written, or left to the image stage. An encoder with images still to do is
   * stopped rather than waited for: at `nice` 19 it would crawl on a machine that other processes keep busy (a CI
   * runner, the test suite), and the stage encodes the rest at the build's priority.
   */
  async handOver(): Promise<ReadonlySet<string>> {
    await Promise.all(this.reads);
    const encoder = this.encoder;
    if (!encoder) return new Set();
    if (encoder.done === encoder.sent.size) await encoder.finish();
    else await encoder.stop();
    return encoder.sent;
  }

  /** Ends the encoder process (a build that stops before its image stage); see EncoderProcess.stop. */
  async stop(): Promise<void> {
    await this.encoder?.stop();
  }
}
