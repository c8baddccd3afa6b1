// Images found while pages compile go to an encoder process at once (cli/images/image-feed.ts): each image and its
// dark twin once, none that is missing or already in the cache. When the compile ends, an encoder that is done is
// ended, and a busy one is stopped (the image stage encodes the rest); a stopped encoder leaves no half-written entry.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { ImageFeed } from "../../cli/images/image-feed.ts";
import { encodeToEntry, entryFileOf, IMAGE_STORE, imageSource, partialFilesOf } from "../../cli/images/image-cache.ts";
import { BuildCache } from "../../cli/cache/cache.ts";
import { startEncoderProcess } from "../../cli/images/encoder-process.ts";
import type { ImageRef } from "../../cli/mdx/rehype-images.ts";

const ref = (src: string): ImageRef => ({ src, alt: "x", line: 1 });

describe("image feed", () => {
  let root: string;
  let cache: BuildCache;
  const png = (file: string, colour: string) =>
    sharp({ create: { width: 1200, height: 300, channels: 3, background: colour } })
      .png()
      .toFile(join(root, file));
  const entryOf = async (src: string) => entryFileOf(cache, await imageSource(root, src, cache));
  const partials = async () => {
    const dir = cache.folder(IMAGE_STORE);
    return existsSync(dir) ? (await readdir(dir)).filter((d) => d.endsWith(".tmp")) : [];
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "feed-"));
    cache = BuildCache.forSite(root);
    await mkdir(join(root, "content"), { recursive: true });
    await png("content/a.png", "#2a6");
    await png("content/a-dark.png", "#135");
    await png("content/b.png", "#c52");
    await png("content/cached.png", "#888");
    await encodeToEntry(cache, await imageSource(root, "content/cached.png", cache));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("sends each image and its dark twin once, skipping missing and cached ones, into the image cache", async () => {
    const feed = new ImageFeed(root, cache, false);
    feed.page([ref("content/a.png"), ref("content/missing.png"), ref("content/cached.png")]);
    feed.page([ref("content/b.png"), ref("content/a.png")]);
    const wanted = ["content/a-dark.png", "content/a.png", "content/b.png"];
    const until = Date.now() + 50_000;
    for (const src of wanted)
      while (!existsSync(await entryOf(src)) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    // Done: ended, not stopped, and its entries stay.
    expect([...(await feed.handOver())].sort()).toEqual(wanted);
    for (const src of wanted) expect(existsSync(await entryOf(src)), src).toBe(true);
    expect(await partials()).toEqual([]);
  });

  it("starts no process when every image is cached or missing", async () => {
    const feed = new ImageFeed(root, cache);
    feed.page([ref("content/cached.png"), ref("content/missing.png")]);
    expect(await feed.handOver()).toEqual(new Set());
  });

  it("stops a busy encoder when the compile ends, and says what it was sent", async () => {
    const feed = new ImageFeed(root, cache);
    feed.page([ref("content/a.png"), ref("content/b.png")]);
    // At nice 19 the process is still starting: it is stopped, not waited for.
    expect([...(await feed.handOver())].sort()).toEqual(["content/a-dark.png", "content/a.png", "content/b.png"]);
    expect(await partials()).toEqual([]);
  });

  it("removes the files of an entry a stopped encoder was writing", async () => {
    const encoder = startEncoderProcess({ cache, limit: 1, background: true });
    const sources = await Promise.all(["content/a.png", "content/b.png"].map((s) => imageSource(root, s, cache)));
    encoder.add(sources);
    // The files the process writes before renaming them to the entry's two (cli/cache/cache.ts), as a stopped
    // process leaves them: for the last image queued, which the process, one image at a time, has not reached yet.
    const partial = partialFilesOf(cache, sources[1].key, encoder.pid!);
    expect(partial).toHaveLength(2);
    await mkdir(cache.folder(IMAGE_STORE), { recursive: true });
    for (const file of partial) await writeFile(file, "half");
    await encoder.stop();
    expect(await encoder.finish()).toMatch(/ended by SIGTERM/);
    for (const file of partial) expect(existsSync(file), file).toBe(false);
    expect(existsSync(entryFileOf(cache, sources[1]))).toBe(false);
  });
});
