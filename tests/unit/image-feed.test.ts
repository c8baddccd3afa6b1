// Images found while pages compile go to the encoder process at once (cli/images/image-feed.ts): each image and
// its dark twin once, none that is missing or already in the cache; the process can be stopped when a build fails.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { ImageFeed } from "../../cli/images/image-feed.ts";
import { encodeToEntry, imageSource } from "../../cli/images/image-cache.ts";
import type { ImageRef } from "../../cli/images/rehype-images.ts";

const ref = (src: string): ImageRef => ({ src, alt: "x", line: 1 });

describe("image feed", () => {
  let root: string;
  let cacheDir: string;
  const png = (file: string, colour: string) =>
    sharp({ create: { width: 1200, height: 300, channels: 3, background: colour } })
      .png()
      .toFile(join(root, file));

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "feed-"));
    cacheDir = join(root, ".docsite/cache");
    await mkdir(join(root, "content"), { recursive: true });
    await png("content/a.png", "#2a6");
    await png("content/a-dark.png", "#135");
    await png("content/b.png", "#c52");
    await png("content/cached.png", "#888");
    await encodeToEntry(await imageSource(root, "content/cached.png", cacheDir));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("sends each image and its dark twin once, skipping missing and cached ones, into the image cache", async () => {
    const feed = new ImageFeed(root, cacheDir);
    feed.page([ref("content/a.png"), ref("content/missing.png"), ref("content/cached.png")]);
    feed.page([ref("content/b.png"), ref("content/a.png")]);
    const encoder = await feed.handOver();
    expect([...encoder!.sent].sort()).toEqual(["content/a-dark.png", "content/a.png", "content/b.png"]);
    expect(await encoder!.finish()).toBeNull();
    for (const src of ["content/a.png", "content/a-dark.png", "content/b.png"])
      expect(existsSync(join((await imageSource(root, src, cacheDir)).dir, "image.json")), src).toBe(true);
  }, 60_000);

  it("starts no process when every image is cached or missing", async () => {
    const feed = new ImageFeed(root, cacheDir);
    feed.page([ref("content/cached.png"), ref("content/missing.png")]);
    expect(await feed.handOver()).toBeUndefined();
  });

  it("stops its process when the build ends before the image stage", async () => {
    const feed = new ImageFeed(root, cacheDir);
    feed.page([ref("content/a.png"), ref("content/b.png")]);
    const encoder = await feed.handOver();
    feed.stop();
    expect(await encoder!.finish()).toMatch(/ended by SIGTERM|exit code/);
  }, 60_000);
});
