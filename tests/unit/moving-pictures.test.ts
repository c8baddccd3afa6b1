// Moving pictures in the build: an MP4 in content (Markdown image or <video>) is published byte for byte under a
// content-hashed name with its size read from the file, its poster goes through the image stage, the page gets a
// <video> that loads nothing but its (lazy) poster before it plays and links the player script — which pages without
// a video do not —,
// and an animated WebP is published as it is rather than encoded again.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { copyFile, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { parseDocument } from "htmlparser2";
import { findAll } from "domutils";
import type { Element } from "domhandler";
import { fixtureSite, removeSite, buildSite, quietLogger } from "../support/site.ts";
import { build } from "../../cli/pipeline/build.ts";
import { probeMp4, videoAdvice } from "../../cli/images/video.ts";
import { encodeImage } from "../../cli/images/encode.ts";
import { bundleClient } from "../../cli/client/bundle.ts";
import { posterUrl } from "../../theme/mdx/MovingPicture.tsx";

const MEDIA = join(import.meta.dirname, "..", "fixtures", "media");
const PAGE = "content/en/docs/v1/guide/clips.mdx";
const PLAIN = "content/en/docs/v1/guide/plain.mdx";
const MDX = `---
title: Clips
description: Moving pictures.
---

## A clip {#clip}

![A test pattern moving across the frame](./media/clip.mp4 "The clip, as a Markdown image")

<video src="./media/other.mp4" poster="./media/still.webp" aria-label="The same pattern, with a poster named by the page" title="Named poster" />

![A clip with no poster](./media/bare.mp4)
`;

const byName = (name: string) => (el: Element) => el.name === name;
const all = (name: string, html: string) => findAll(byName(name), parseDocument(html).children) as Element[];

describe("probeMp4", () => {
  it("reads picture size, duration, codec, sound and the place of moov from the file", async () => {
    const clip = await readFile(join(MEDIA, "clip.mp4"));
    expect(probeMp4(clip)).toEqual({
      width: 320,
      height: 180,
      durationMs: 1600,
      codec: "avc1",
      audio: false,
      faststart: true,
    });
    expect(videoAdvice(probeMp4(clip))).toEqual([]);
    const noisy = probeMp4(await readFile(join(MEDIA, "clip-with-sound.mp4")));
    expect(noisy).toMatchObject({ width: 160, height: 90, audio: true, faststart: false });
    const advice = videoAdvice(noisy).join("\n");
    expect(advice).toContain("-movflags +faststart");
    expect(advice).toContain("sound track");
  });

  it("says what is wrong with a file that is not a playable MP4", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "red" } })
      .png()
      .toBuffer();
    expect(() => probeMp4(png)).toThrow(/not an MP4 file/);
    const clip = await readFile(join(MEDIA, "clip.mp4"));
    // The first box (ftyp) alone: a recording that stopped before its moov box was written.
    const ftypSize = clip.readUInt32BE(0);
    expect(() => probeMp4(clip.subarray(0, ftypSize))).toThrow(/no moov box/);
  });
});

describe("moving pictures in a built site", () => {
  let root: string;
  let html: string;
  let plain: string;
  let warnings: string[];
  let first: Awaited<ReturnType<typeof build>>;

  beforeAll(async () => {
    root = await fixtureSite("basic", {
      [PAGE]: MDX,
      [PLAIN]: "---\ntitle: Plain\ndescription: No pictures.\n---\n\nText only.\n",
    });
    const dir = join(root, "content/en/docs/v1/guide/media");
    await mkdir(dir, { recursive: true });
    await copyFile(join(MEDIA, "clip.mp4"), join(dir, "clip.mp4"));
    await copyFile(join(MEDIA, "clip.poster.webp"), join(dir, "clip.poster.webp"));
    await copyFile(join(MEDIA, "clip.mp4"), join(dir, "other.mp4"));
    await copyFile(join(MEDIA, "clip.poster.webp"), join(dir, "still.webp"));
    await copyFile(join(MEDIA, "clip-with-sound.mp4"), join(dir, "bare.mp4"));
    const logger = quietLogger();
    first = await build({ root, logger });
    warnings = logger.warnings;
    html = await readFile(join(root, "dist/docs/v1/guide/clips/index.html"), "utf8");
    plain = await readFile(join(root, "dist/docs/v1/guide/plain/index.html"), "utf8");
  });
  afterAll(() => removeSite(root));

  it("draws a muted, looping <video> with controls, its size, a label, and nothing loaded before it plays", () => {
    const videos = all("video", html);
    expect(videos.length).toBe(3);
    const [md, jsx, bare] = videos;
    for (const v of videos) {
      for (const a of ["controls", "muted", "loop", "playsinline", "data-autoplay"])
        expect(v.attribs).toHaveProperty(a);
      expect(v.attribs.autoplay).toBeUndefined();
    }
    expect([md.attribs.width, md.attribs.height]).toEqual(["320", "180"]);
    expect(md.attribs["aria-label"]).toBe("A test pattern moving across the frame");
    expect(jsx.attribs["aria-label"]).toBe("The same pattern, with a poster named by the page");
    expect(md.attribs.preload).toBe("none");
    expect(jsx.attribs.preload).toBe("none");
    // No poster: enough is fetched to show the first frame.
    expect(bare.attribs.preload).toBe("metadata");
    const source = findAll(byName("source"), md.children)[0] as Element;
    expect(source.attribs.type).toBe("video/mp4");
    expect(source.attribs.src).toMatch(/^\/assets\/img\/clip-320\.[0-9a-f]{10}\.mp4$/);
    expect(html).toContain("<figcaption>The clip, as a Markdown image</figcaption>");
    expect(html).toContain("<figcaption>Named poster</figcaption>");
  });

  it("publishes the video byte for byte under a content-hashed name", async () => {
    const names = await readdir(join(root, "dist/assets/img"));
    const clip = names.find((n) => /^clip-320\.[0-9a-f]{10}\.mp4$/.test(n))!;
    expect(clip).toBeTruthy();
    const published = await readFile(join(root, "dist/assets/img", clip));
    expect(published.equals(await readFile(join(MEDIA, "clip.mp4")))).toBe(true);
  });

  it("puts each poster, found beside the video or named by the page, through the image stage, lazy below the first", () => {
    const [md, jsx, bare] = all("video", html);
    expect(md.attribs.poster).toMatch(/^\/assets\/img\/clip-poster-320\.[0-9a-f]{10}\.webp$/);
    expect(jsx.attribs.poster).toMatch(/^\/assets\/img\/still-320\.[0-9a-f]{10}\.webp$/);
    expect(bare.attribs.poster).toBeUndefined();
    // The first picture of the page is eager (as for images); the others wait until they near the view.
    expect(md.attribs.loading).toBeUndefined();
    expect(jsx.attribs.loading).toBe("lazy");
    expect(bare.attribs.loading).toBe("lazy");
  });

  it("gives a poster its 960 px WebP when the image stage made one", () => {
    const poster = {
      width: 1496,
      height: 900,
      src: "/assets/img/p-1496.1111111111.png",
      sources: [
        {
          type: "image/webp",
          srcset: "/assets/img/p-960.2222222222.webp 960w, /assets/img/p-1496.1111111111.png 1496w",
        },
      ],
      full: "/assets/img/p-1496.1111111111.png",
    };
    expect(posterUrl(poster)).toBe("/assets/img/p-960.2222222222.webp");
    expect(posterUrl({ ...poster, sources: [] })).toBe("/assets/img/p-1496.1111111111.png");
  });

  it("warns about a video without a poster and one with a sound track, naming the file and line", () => {
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${PAGE}:12: video bare\\.mp4 has no poster; .*bare\\.poster\\.png`)),
        expect.stringMatching(new RegExp(`^${PAGE}:12: video bare\\.mp4: .*sound track`)),
      ]),
    );
    expect(warnings.filter((w) => w.includes("clip.mp4") || w.includes("other.mp4"))).toEqual([]);
  });

  it("links the player script on a page with a video and not on one without", () => {
    const script =
      /<script type="module" src="(\/assets\/moving-pictures\.[A-Z0-9]+\.js)" data-page-script><\/script>/i;
    expect(html).toMatch(script);
    expect(plain).not.toContain("moving-pictures");
    const entry = (page: string) => /<script type="module" src="([^"]+)"/.exec(page)![1];
    expect(entry(plain)).toBe(entry(html.replace(script, "")));
  });

  it("caches the video like an image: nothing is done again when nothing changed", async () => {
    // clip, other, bare and the two posters.
    expect(first.imageStats.encoded).toBe(5);
    const again = await buildSite(root);
    expect(again.imageStats).toMatchObject({ encoded: 0, cached: 5 });
    expect(await readFile(join(root, "dist/docs/v1/guide/clips/index.html"), "utf8")).toBe(html);
  });

  it("fails the build when the poster a page names does not exist, naming the page and line", async () => {
    const site = await fixtureSite("basic", {
      [PAGE]: '# Clip\n\n<video src="./clip.mp4" poster="./gone.png" aria-label="A clip" />\n',
    });
    try {
      await copyFile(join(MEDIA, "clip.mp4"), join(site, "content/en/docs/v1/guide/clip.mp4"));
      await expect(buildSite(site)).rejects.toMatchObject({
        message: expect.stringContaining("poster not found: content/en/docs/v1/guide/gone.png"),
        where: { file: PAGE, line: 3 },
      });
    } finally {
      await removeSite(site);
    }
  });

  it("fails the build on a video file that is not an MP4, naming the page and line and how to fix it", async () => {
    const site = await fixtureSite("basic", { [PAGE]: "# Clip\n\nText.\n\n![A clip](./clip.mp4)\n" });
    try {
      await writeFile(join(site, "content/en/docs/v1/guide/clip.mp4"), "not a video");
      await expect(buildSite(site)).rejects.toMatchObject({
        message: expect.stringContaining("cannot encode image content/en/docs/v1/guide/clip.mp4: not an MP4 file"),
        where: { file: PAGE, line: 5 },
        hint: expect.stringContaining("libx264"),
      });
    } finally {
      await removeSite(site);
    }
  });
});

describe("animated images", () => {
  const frames = (w: number) =>
    Promise.all(
      ["#d33", "#3d3", "#33d"].map((c) =>
        sharp({ create: { width: w, height: 60, channels: 3, background: c } })
          .png()
          .toBuffer(),
      ),
    );

  it("publishes an animated WebP that fits as it is, with a still poster", async () => {
    const webp = await sharp(await frames(200), { join: { animated: true } })
      .webp({ quality: 90, loop: 0 })
      .toBuffer();
    const { image, out } = await encodeImage(webp, "loop", "webp");
    expect(image.kind).toBe("animated");
    expect(Buffer.from(out.get(image.main)!).equals(webp)).toBe(true);
    const poster = out.get(image.poster!)!;
    expect((await sharp(poster).metadata()).pages ?? 1).toBe(1);
  });

  it("makes a GIF a WebP, and keeps the GIF when the WebP would be bigger", async () => {
    const gif = await sharp(await frames(200), { join: { animated: true } })
      .gif()
      .toBuffer();
    const { image, out } = await encodeImage(gif, "loop", "gif");
    const main = Buffer.from(out.get(image.main)!);
    expect(main.length).toBeLessThanOrEqual(gif.length);
    expect(image.files[0].type).toBe(main.equals(gif) ? "image/gif" : "image/webp");
    expect((await sharp(main, { animated: true }).metadata()).pages).toBe(3);
  });
});

describe("the player script", () => {
  it("is a file of its own that imports nothing, outside the entry's chunks", async () => {
    const bundle = await bundleClient({ baseUrl: "/" });
    const name = bundle.movingPictures.slice(1);
    const js = new TextDecoder().decode(bundle.files.get(name)!);
    expect(js).toContain("IntersectionObserver");
    expect(js).not.toMatch(/\bimport\b/);
    const entry = new TextDecoder().decode(bundle.files.get(bundle.entry.slice(1))!);
    expect(entry).not.toContain("moving-pictures");
    expect(entry).not.toContain("data-autoplay");
    for (const chunk of bundle.preload) expect(bundle.files.get(chunk.slice(1))).toBeDefined();
  });
});
