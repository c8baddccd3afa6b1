// An image no encoder can take — a PNG a WebP cannot hold (WebP's sides end at 16383 px), a file whose content is a
// format the encoder cannot read (a BMP named .png) — is published as it is with a warning naming the page, the line
// and the file, as Docusaurus publishes every image; a damaged file still fails the build (tests/unit/images.test.ts).
import { describe, it, expect } from "vitest";
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import fg from "fast-glob";
import { fixtureSite, removeSite, buildSite, quietLogger } from "../support/site.ts";
import { encodeImage, WEBP_MAX_SIDE } from "../../cli/images/encode.ts";

const PAGE = "content/en/docs/v1/guide/strips.mdx";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();

/** A 2×1 BMP (24 bits, no compression), which browsers show and libvips does not read. */
function bmp(): Buffer {
  const b = Buffer.alloc(62);
  b.write("BM", 0, "latin1");
  b.writeUInt32LE(62, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(2, 18);
  b.writeInt32LE(1, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(8, 34);
  b.fill(0x80, 54, 60);
  return b;
}

describe("an image no encoder can take", () => {
  it("a tall strip whose WebP would be over WebP's limit is its own only file, with the reason", async () => {
    const bytes = await png(1000, 17_500);
    expect((17_500 * 960) / 1000).toBeGreaterThan(WEBP_MAX_SIDE); // its 960 px WebP
    const { image, out } = await encodeImage(bytes, "strip", "png");
    expect(image).toMatchObject({ kind: "still", width: 1000, height: 17_500 });
    expect(image.files).toEqual([{ name: image.main, width: 1000, type: "image/png" }]);
    expect(image.fallback).toBe(image.main);
    expect(image.advice).toEqual([expect.stringMatching(/^published as it is, not encoded: 1000×17500 px .*WebP/)]);
    expect(out.get(image.main)).toEqual(bytes);
  });

  it("a wide strip still gets its WebPs (resized below WebP's limit)", async () => {
    const { image } = await encodeImage(await png(16_400, 10), "wide", "png");
    expect(image.files.map((f) => f.type)).toEqual(["image/webp", "image/webp", "image/png"]);
    expect(image.advice).toBeUndefined();
  });

  it("is published by the build with a warning naming the page, line and file; the build passes", async () => {
    const site = await fixtureSite("basic", {
      [PAGE]: "# Strips\n\nA tall one:\n\n![A tall strip](./tall.png)\n\n![A bitmap](./bitmap.png)\n",
    });
    try {
      const dir = join(site, "content/en/docs/v1/guide");
      await mkdir(dir, { recursive: true });
      const tall = await png(1000, 17_500);
      await writeFile(join(dir, "tall.png"), tall);
      await writeFile(join(dir, "bitmap.png"), bmp());
      const logger = quietLogger();
      const r = await buildSite(site, { logger });
      const warned = logger.warnings.filter((w) => w.includes("published as it is"));
      expect(warned).toEqual([
        expect.stringMatching(
          /^content\/en\/docs\/v1\/guide\/strips\.mdx:5: image content\/en\/docs\/v1\/guide\/tall\.png: .*WebP/,
        ),
        expect.stringMatching(
          /^content\/en\/docs\/v1\/guide\/strips\.mdx:7: image content\/en\/docs\/v1\/guide\/bitmap\.png: .*BMP/,
        ),
      ]);
      const published = await fg("assets/img/{tall,bitmap}*", { cwd: r.outDir });
      expect(published).toHaveLength(2);
      const tallFile = published.find((f) => f.includes("tall"))!;
      expect(await readFile(join(r.outDir, tallFile))).toEqual(tall);
      const html = await readFile(join(r.outDir, "docs/v1/guide/strips/index.html"), "utf8");
      expect(html).toContain(`src="/${tallFile}"`);
    } finally {
      await removeSite(site);
    }
  });
});
