// The image stage: local images in MDX get dimensions, srcsets, lazy loading, captions, dark variants and
// animation handling; outputs are content-hashed and cached, so a rebuild without changes encodes nothing.
import { describe, it, expect, beforeAll, afterAll, beforeEach, afterEach } from "vitest";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, open, readFile, readdir, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import { parseDocument } from "htmlparser2";
import { findAll, findOne } from "domutils";
import type { Element, Document } from "domhandler";
import { fixtureSite, removeSite, buildSite, quietLogger, applyChanges } from "../support/site.ts";
import { build } from "../../cli/pipeline/build.ts";
import { resolveImageSrc } from "../../cli/mdx/rehype-images.ts";
import { toVariant } from "../../cli/images/stage.ts";
import {
  bulkFileOf,
  encodeToEntry,
  entryFileOf,
  IMAGE_STORE,
  imageSource,
  readEntry,
  type Encoded,
  type ImageSource,
} from "../../cli/images/image-cache.ts";
import { BuildCache } from "../../cli/cache/cache.ts";
import { checksum, hashText } from "../../cli/cache/hash.ts";
import { encodeImage, ANIMATION_MAX_PIXELS, FALLBACK_MAX_BYTES, widthsFor } from "../../cli/images/encode.ts";
import { imageBindings, staticImageFile } from "../../cli/mdx/jsx-image-src.ts";
import { Parser } from "acorn";

const PAGE = "content/en/docs/v1/guide/images.mdx";
const MDX = `---
title: Images
description: Pictures of every kind.
---

## Screens {#screens}

![The login form showing an error](./shots/login.png "The login form after a wrong password")

A logo inline: ![Fixture logo](/img/logo.svg) in a sentence.

<img src="./shots/photo.jpg" alt="A product photo" />

![](./shots/spinner.gif)
`;

/** A busy picture (text-like noise compresses like a screenshot does). */
async function picture(width: number, height: number, hue: string): Promise<Sharp> {
  const rows = Array.from(
    { length: 20 },
    (_, i) => `<rect x="${(i * 37) % 200}" y="${i * 40}" width="${width / 2}" height="18" fill="${hue}"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f6f6f6"/>${rows.join("")}</svg>`;
  return sharp(Buffer.from(svg));
}

async function writeImages(root: string): Promise<void> {
  const dir = join(root, "content/en/docs/v1/guide/shots");
  await applyChanges(root, { [PAGE]: MDX });
  await mkdir(dir, { recursive: true });
  await (await picture(1500, 900, "#2a6")).png().toFile(join(dir, "login.png"));
  await (await picture(1500, 900, "#9cf")).png().toFile(join(dir, "login-dark.png"));
  await (await picture(700, 500, "#c52")).jpeg().toFile(join(dir, "photo.jpg"));
  const frame = (c: string) =>
    sharp({ create: { width: 120, height: 80, channels: 3, background: c } })
      .png()
      .toBuffer();
  const gif = await sharp([await frame("red"), await frame("blue"), await frame("green")], {
    join: { animated: true },
  })
    .gif()
    .toBuffer();
  await writeFile(join(dir, "spinner.gif"), gif);
}

const attr = (el: Element, name: string) => el.attribs[name];

/** Sets bytes in the middle of a file to zero; its length stays. */
async function zeroMiddle(file: string): Promise<void> {
  const fd = await open(file, "r+");
  const { size } = await fd.stat();
  const n = Math.max(1, Math.min(64, Math.floor(size / 4)));
  await fd.write(Buffer.alloc(n), 0, n, Math.floor(size / 2) - Math.floor(n / 2));
  await fd.close();
}

/** A tiny selector: `tag.class` (either part optional), searched below `root`. */
function match(sel: string): (el: Element) => boolean {
  const [tag, cls] = sel.split(".");
  return (el) => (!tag || el.name === tag) && (!cls || (el.attribs.class ?? "").split(" ").includes(cls));
}
function selectAll(path: string, root: Document | Element): Element[] {
  let scope: Array<Document | Element> = [root];
  for (const step of path.split(" ")) scope = scope.flatMap((r) => findAll(match(step), r.children));
  return [...new Set(scope as Element[])];
}
const selectOne = (path: string, root: Document | Element): Element | null => selectAll(path, root)[0] ?? null;

describe("image stage", () => {
  let root: string;
  let html: string;
  let first: Awaited<ReturnType<typeof buildSite>>;
  let warnings: string[];

  beforeAll(async () => {
    root = await fixtureSite("basic");
    await writeImages(root);
    const logger = quietLogger();
    first = await build({ root, logger });
    warnings = logger.warnings;
    html = await readFile(join(root, "dist/docs/v1/guide/images/index.html"), "utf8");
  });
  afterAll(() => removeSite(root));

  it("gives every content <img> width, height and alt", () => {
    const imgs = selectAll(".markdown img", parseDocument(html)) as Element[];
    expect(imgs.length).toBe(5); // login (light + dark), logo, photo, spinner
    expect(findOne(match("img"), parseDocument(html).children)).toBeTruthy();
    for (const img of imgs) {
      expect(Number(attr(img, "width"))).toBeGreaterThan(0);
      expect(Number(attr(img, "height"))).toBeGreaterThan(0);
      expect(attr(img, "alt")).toBeDefined();
    }
    const login = imgs[0];
    expect([attr(login, "width"), attr(login, "height")]).toEqual(["1500", "900"]);
  });

  it("loads the first image eagerly and the others lazily and asynchronously", () => {
    const imgs = selectAll(".markdown img", parseDocument(html)) as Element[];
    expect(attr(imgs[0], "loading")).toBeUndefined();
    expect(attr(imgs[0], "fetchpriority")).toBe("high");
    for (const img of imgs.slice(1)) {
      expect(attr(img, "loading")).toBe("lazy");
      expect(attr(img, "decoding")).toBe("async");
    }
  });

  it("writes a WebP phone width and the PNG itself at its own width, over the PNG, and links to the PNG", async () => {
    // login.png is small enough to be published as it is (encode.ts, FALLBACK_MAX_BYTES).
    const png = await readFile(join(root, "content/en/docs/v1/guide/shots/login.png"));
    expect(png.length).toBeLessThan(FALLBACK_MAX_BYTES);
    const doc = parseDocument(html);
    const fig = selectOne("figure.doc-image", doc) as Element;
    const light = selectOne("picture.doc-image__light", fig) as Element;
    const [source] = selectAll("source", light) as Element[];
    expect(attr(source, "type")).toBe("image/webp");
    expect(attr(source, "srcset")).toMatch(
      /^\/assets\/img\/login-960\.[0-9a-f]{10}\.webp 960w, \/assets\/img\/login-1500\.[0-9a-f]{10}\.png 1500w$/,
    );
    expect(attr(source, "sizes")).toBeTruthy();
    const img = selectOne("img", light) as Element;
    expect(attr(img, "src")).toMatch(/^\/assets\/img\/login-1500\.[0-9a-f]{10}\.png$/);
    expect(attr(img, "srcset")).toBeUndefined();
    expect(await readFile(join(root, "dist", attr(img, "src")))).toEqual(png);
    const link = selectOne("a.doc-image__link", fig) as Element;
    expect(attr(link, "href")).toBe(attr(img, "src"));
  });

  it("turns a Markdown image title into a caption and shows the -dark sibling in dark mode only", () => {
    const fig = selectOne("figure.doc-image", parseDocument(html)) as Element;
    expect(html).toContain("<figcaption>The login form after a wrong password</figcaption>");
    const dark = selectOne("picture.doc-image__dark img", fig) as Element;
    expect(attr(dark, "src")).toMatch(/login-dark-1500\.[0-9a-f]{10}\.png$/);
    expect(attr(dark, "loading")).toBe("lazy");
  });

  it("keeps inline images inline and makes a GIF an animated WebP with a still poster", () => {
    const doc = parseDocument(html);
    const inline = selectOne("p .doc-image--inline img", doc) as Element;
    expect(attr(inline, "src")).toMatch(/logo\.[0-9a-f]{10}\.svg$/);
    const gif = (selectAll(".markdown picture", doc) as Element[]).find((p) =>
      /spinner/.test(attr(selectOne("img", p) as Element, "src")),
    )!;
    const img = selectOne("img", gif) as Element;
    expect(attr(img, "src")).toMatch(/spinner-120\.[0-9a-f]{10}\.webp$/);
    const poster = selectOne("source", gif) as Element;
    expect(attr(poster, "media")).toBe("(prefers-reduced-motion: reduce)");
    expect(attr(poster, "srcset")).toMatch(/spinner-120-poster\./);
  });

  it("warns about an image without alt text, naming the file and line", () => {
    expect(warnings.filter((w) => w.includes("alt text"))).toEqual([
      expect.stringMatching(/^content\/en\/docs\/v1\/guide\/images\.mdx:14: image spinner\.gif has no alt text/),
    ]);
  });

  it("writes content-hashed files, none over 400 KB, with the animation really animated", async () => {
    const dir = join(root, "dist/assets/img");
    const names = await readdir(dir);
    // login, login-dark: a 960 px WebP and the PNG; logo; photo: 700 px WebP and its JPEG; spinner, poster
    expect(names.length).toBe(9);
    for (const n of names) {
      expect(n).toMatch(/\.[0-9a-f]{10}\.(webp|svg|png|jpg)$/);
      expect((await stat(join(dir, n))).size).toBeLessThan(400 * 1024);
    }
    const anim = names.find((n) => /^spinner-120\.[0-9a-f]{10}\.webp$/.test(n))!;
    expect((await sharp(join(dir, anim), { animated: true }).metadata()).pages).toBe(3);
  });

  it("encodes nothing when nothing changed, and only the changed image after an edit", async () => {
    expect(first.imageStats.encoded).toBe(5); // login, login-dark, logo, photo, spinner
    // In the encoder process (images/encoder-process.ts), which did not fail: no fallback to this process.
    expect(warnings.join("\n")).not.toContain("encoder process");
    const again = await buildSite(root);
    expect(again.imageStats).toMatchObject({ encoded: 0, cached: 5 });
    expect(await readFile(join(root, "dist/docs/v1/guide/images/index.html"), "utf8")).toBe(html);
    await (await picture(1500, 900, "#a0a")).png().toFile(join(root, "content/en/docs/v1/guide/shots/login.png"));
    const edited = await buildSite(root);
    expect(edited.imageStats).toMatchObject({ encoded: 1, cached: 4 });
  });

  it("reads no encoded file the output holds, and checks each one it must write", async () => {
    const store = join(root, ".docsite/cache/images");
    const bins = (await readdir(store)).filter((n) => n.endsWith(".bin"));
    expect(bins).toHaveLength(5);
    const imgDir = join(root, "dist/assets/img");
    const before = new Map(
      await Promise.all((await readdir(imgDir)).map(async (n) => [n, await readFile(join(imgDir, n))] as const)),
    );
    // Every entry's encoded files zeroed in place (the same size): only reading one would tell.
    for (const n of bins) await zeroMiddle(join(store, n));
    const held = await buildSite(root);
    expect(held.imageStats).toMatchObject({ encoded: 0, cached: 5 });
    expect(held.cache.damaged).toEqual({});
    // One file gone from the output: its image's entry is read, found damaged and encoded again; the others are not.
    const photo = [...before.keys()].find((n) => /^photo-700\.[0-9a-f]{10}\.webp$/.test(n))!;
    await rm(join(imgDir, photo));
    const one = await buildSite(root);
    expect(one.imageStats).toMatchObject({ encoded: 1, cached: 4 });
    expect(one.cache.damaged).toEqual({ images: 1 });
    // A folder without a manifest is written whole: every image is read, and the damaged ones encoded again.
    const other = join(root, "dist-other");
    const whole = await buildSite(root, { outDir: other });
    expect(whole.imageStats).toMatchObject({ encoded: 4, cached: 1 });
    expect(whole.cache.damaged).toEqual({ images: 4 });
    for (const dir of [imgDir, join(other, "assets/img")]) {
      expect((await readdir(dir)).sort()).toEqual([...before.keys()].sort());
      for (const [n, bytes] of before) expect(await readFile(join(dir, n)), n).toEqual(bytes);
    }
  });

  it("fails the build on an image that cannot be decoded, naming the page and line", async () => {
    const site = await fixtureSite("basic", { [PAGE]: "# Broken\n\nText.\n\n![Noise](./noise.png)\n" });
    try {
      await writeFile(join(site, "content/en/docs/v1/guide/noise.png"), "not a PNG at all");
      const logger = quietLogger();
      await expect(build({ root: site, logger })).rejects.toMatchObject({
        message: expect.stringContaining("cannot encode image content/en/docs/v1/guide/noise.png"),
        where: { file: PAGE, line: 5 },
      });
      // The encoder process skipped it and ended normally; the error comes from the stage's own attempt.
      expect(logger.warnings.join("\n")).not.toContain("encoder process");
    } finally {
      await removeSite(site);
    }
  });

  it("names every missing image with its page and line, not the first and a count", async () => {
    const site = await fixtureSite("basic", {
      [PAGE]: "# Broken\n\n![Gone](./nope.png)\n\n![Also gone](./nope-2.png)\n\n![Third](./nope-3.png)\n",
    });
    try {
      const err = await buildSite(site).then(
        () => new Error("the build passed"),
        (e: Error) => e,
      );
      expect(err.message).toContain("image not found: content/en/docs/v1/guide/nope.png; 2 more:");
      expect(err.message).toContain(`${PAGE}:5: image not found: content/en/docs/v1/guide/nope-2.png`);
      expect(err.message).toContain(`${PAGE}:7: image not found: content/en/docs/v1/guide/nope-3.png`);
    } finally {
      await removeSite(site);
    }
  });

  it("fails the build on a missing image, naming the page and line", async () => {
    const site = await fixtureSite("basic", { [PAGE]: "# Broken\n\nText.\n\n![Gone](./nope.png)\n" });
    try {
      await expect(buildSite(site)).rejects.toMatchObject({
        message: expect.stringContaining("image not found: content/en/docs/v1/guide/nope.png"),
        where: { file: PAGE, line: 5 },
      });
    } finally {
      await removeSite(site);
    }
  });
});

describe("image paths", () => {
  it("resolves relative, static and @site paths, and leaves remote ones alone", () => {
    const file = "content/en/docs/v8/guides/x.mdx";
    expect(resolveImageSrc(file, "./a.png")).toBe("content/en/docs/v8/guides/a.png");
    expect(resolveImageSrc(file, "../../../../media/b%20c.webp")).toBe("content/media/b c.webp");
    expect(resolveImageSrc(file, "/img/logo.svg")).toBe("static/img/logo.svg");
    expect(resolveImageSrc(file, "@site/content/media/d.gif")).toBe("content/media/d.gif");
    expect(resolveImageSrc(file, "https://example.com/a.png")).toBeNull();
    expect(resolveImageSrc(file, "./notes.txt")).toBeNull();
    expect(resolveImageSrc(file, "../../../../../../outside.png")).toBeNull();
  });

  it("publishes a long GIF recording as it is, with a poster of its first frame and its own size", async () => {
    // 1000 × 1000 × 17 frames: just over ANIMATION_MAX_PIXELS, so no frame but the first is decoded.
    const frames = await Promise.all(
      Array.from({ length: 17 }, (_, i) =>
        sharp({ create: { width: 1000, height: 1000, channels: 3, background: i % 2 ? "#246" : "#fc8" } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect(1000 * 1000 * 17).toBeGreaterThan(ANIMATION_MAX_PIXELS);
    const { image, out } = await encodeImage(gif, "rec", "gif");
    expect(image).toMatchObject({ kind: "animated", width: 1000, height: 1000 });
    expect(image.files.map((f) => `${f.width} ${f.type}`)).toEqual(["1000 image/gif", "1000 image/webp"]);
    expect(out.get(image.main)).toEqual(gif);
    const poster = await sharp(out.get(image.poster!)!).metadata();
    // The GIF's own bytes and a one-frame poster: no animated WebP was made (what it would cost is in the bench log,
    // not asserted here, where a loaded machine would make a time limit flaky).
    expect([poster.width, poster.height, poster.pages ?? 1]).toEqual([1000, 1000, 1]);
  });

  it("encodes each width up to the image's own", () => {
    expect(widthsFor(500)).toEqual([500]);
    expect(widthsFor(1500)).toEqual([960, 1500]);
    // Up to the widest the layout shows (an 860 px column at DPR 2).
    expect(widthsFor(4000)).toEqual([960, 1720]);
    expect(widthsFor(1800)).toEqual([960, 1720]);
  });

  it("gives a large PNG, a JPEG and a narrow PNG the files and markup each needs", async () => {
    const url = (n: string) => `/i/${n}`;
    const encode = async (bytes: Buffer, ext: string) => {
      const { image, out } = await encodeImage(bytes, "x", ext);
      return { files: image.files.map((f) => `${f.width} ${f.type}`), v: toVariant(image, url), out };
    };
    // Noise compresses badly: a PNG over FALLBACK_MAX_BYTES gets a WebP of its width, and is published as it is for
    // readers without WebP only (no re-encoded fallback: not in the srcset, not the full size).
    let seed = 2463534242;
    const noise = Buffer.alloc(1400 * 250 * 3);
    for (let i = 0; i < noise.length; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      noise[i] = seed & 255;
    }
    const big = await sharp(noise, { raw: { width: 1400, height: 250, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(FALLBACK_MAX_BYTES);
    const b = await encode(big, "png");
    expect(b.files).toEqual(["960 image/webp", "1400 image/webp", "1400 image/png"]);
    expect(b.v.sources[0].srcset).toMatch(/^\/i\/x-960\.\w+\.webp 960w, \/i\/x-1400\.\w+\.webp 1400w$/);
    expect([b.v.src, b.v.full]).toEqual([
      expect.stringMatching(/x-1400\.\w+\.png$/),
      expect.stringMatching(/x-1400.*webp$/),
    ]);
    expect(b.out.get(b.v.src.slice(3))).toEqual(big);
    // A JPEG (a photo) still gets a WebP of its own width, the JPEG as it is under it.
    const jpeg = await (await picture(1500, 900, "#c52")).jpeg().toBuffer();
    const j = await encode(jpeg, "jpg");
    expect(j.files).toEqual(["960 image/webp", "1500 image/webp", "1500 image/jpeg"]);
    expect(j.out.get(j.v.src.slice(3))).toEqual(jpeg);
    expect(j.v.full).toMatch(/x-1500\.\w+\.webp$/);
    // A JPEG already compressed harder than the WebP settings: its WebPs would be larger, so it is published alone.
    const tight = await sharp(noise, { raw: { width: 1400, height: 250, channels: 3 } })
      .jpeg({ quality: 10 })
      .toBuffer();
    const t = await encode(tight, "jpg");
    expect(t.files).toEqual(["1400 image/jpeg"]);
    expect(t.v).toMatchObject({ sources: [], full: t.v.src });
    for (const bytes of t.out.values()) expect(bytes.length).toBeLessThanOrEqual(tight.length);
    // Too wide to publish as it is, but its 1280 px JPEG at our quality would be larger: the source serves instead.
    const wideNoise = Buffer.alloc(2700 * 300 * 3);
    for (let i = 0; i < wideNoise.length; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      wideNoise[i] = seed & 255;
    }
    const wide = await sharp(wideNoise, { raw: { width: 2700, height: 300, channels: 3 } })
      .jpeg({ quality: 5 })
      .toBuffer();
    const w = await encode(wide, "jpg");
    expect(w.files.at(-1)).toBe("2700 image/jpeg");
    expect(w.out.get(w.v.src.slice(3))).toEqual(wide);
    for (const bytes of w.out.values()) expect(bytes.length).toBeLessThanOrEqual(wide.length);
    // A PNG no wider than the phone width is published as it is, alone.
    const narrow = await (await picture(700, 400, "#2a6")).png().toBuffer();
    const n = await encode(narrow, "png");
    expect(n.files).toEqual(["700 image/png"]);
    expect(n.v).toMatchObject({ sources: [], full: n.v.src });
    expect(n.v.srcset).toBeUndefined();
  });
});

describe("images named by JSX expressions", () => {
  const parse = (code: string) =>
    Parser.parse(code, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true }) as any;
  const files: Record<string, string> = {
    "./shot.png": "content/en/docs/shot.png",
    "@site/static/img/logo.svg": "static/img/logo.svg",
  };
  const resolve = (spec: string) => files[spec] ?? null;
  const program = parse(
    'import shot from "./shot.png";\nimport notes from "./notes.txt";\nimport base from "@docusaurus/useBaseUrl";',
  );
  const names = imageBindings(program, resolve);
  const file = (expr: string) => staticImageFile(parse(`(${expr})`).body[0].expression, names, resolve);

  it("knows imports, require() with or without .default and useBaseUrl() of a static path", () => {
    expect(file("shot")).toBe("content/en/docs/shot.png");
    expect(file('require("./shot.png").default')).toBe("content/en/docs/shot.png");
    expect(file('require("./shot.png")')).toBe("content/en/docs/shot.png");
    expect(file('base("/img/logo.svg")')).toBe("static/img/logo.svg");
  });

  it("leaves everything else to run as written", () => {
    expect(file("notes")).toBeNull();
    expect(file("other")).toBeNull();
    expect(file('require("./missing.png")')).toBeNull();
    expect(file('require("./shot.png").src')).toBeNull();
    expect(file('require(name + ".png")')).toBeNull();
    expect(file('base("https://example.com/x.png")')).toBeNull();
    expect(file('"./shot.png"')).toBeNull();
  });
});

// The image store (cli/images/image-cache.ts): an entry's description is read every build, its encoded files only
// when one must be written, and each file is checked against the hash the description recorded when it is read.
describe("image store", () => {
  let root: string;
  let cache: BuildCache;
  let source: ImageSource;
  let stored: Encoded;
  const bin = () => bulkFileOf(cache, source);
  const never = () => false;
  const always = () => true;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "image-store-"));
    await mkdir(join(root, "content"));
    await (await picture(1500, 900, "#2a6")).png().toFile(join(root, "content/shot.png"));
    cache = BuildCache.forSite(root);
    source = await imageSource(root, "content/shot.png", cache);
    stored = await encodeToEntry(cache, source);
    expect(stored.out.size).toBeGreaterThan(1);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  /** A fresh cache object on the same folder (its damage count starts at zero). */
  const reopen = () => (cache = BuildCache.forSite(root));
  const bytesOf = (e: Encoded) => new Map([...e.out].map(([n, f]) => [n, Buffer.from(f.read())]));

  it("keys an entry by the file's bytes and stem", async () => {
    const bytes = await readFile(source.abs);
    expect(source.key).toBe(cache.key(IMAGE_STORE, "shot", "png", hashText(bytes)));
  });

  it("gives each file by its content hash, the same whether read now or later", async () => {
    const encoded = bytesOf(stored);
    for (const [name, file] of stored.out) expect(file.hash, name).toBe(checksum(encoded.get(name)!));
    for (const needed of [never, always]) {
      const hit = (await readEntry(reopen(), source, needed))!;
      expect(hit.image).toEqual(stored.image);
      expect([...hit.out].map(([n, f]) => [n, f.hash])).toEqual([...stored.out].map(([n, f]) => [n, f.hash]));
      expect(bytesOf(hit)).toEqual(encoded);
      expect(cache.report().damaged).toEqual({});
    }
  });

  it("does not read the encoded files when none is needed", async () => {
    await zeroMiddle(bin());
    const hit = await readEntry(reopen(), source, never);
    expect(hit?.image).toEqual(stored.image);
    expect(cache.report().damaged).toEqual({});
  });

  it("is a miss when a needed file is damaged in place", async () => {
    await zeroMiddle(bin());
    expect(await readEntry(reopen(), source, always)).toBeUndefined();
    expect(cache.report().damaged).toEqual({ images: 1 });
  });

  it("fails with 'run the build again' when a file found damaged late must be written, and drops the entry", async () => {
    await zeroMiddle(bin());
    const hit = (await readEntry(reopen(), source, never))!;
    const [name, file] = [...hit.out][0];
    expect(() => file.read(), name).toThrow(
      expect.objectContaining({ hint: expect.stringMatching(/run the build again/) }),
    );
    expect(cache.report().damaged).toEqual({ images: 1 });
    expect(existsSync(entryFileOf(cache, source))).toBe(false);
    expect(existsSync(bin())).toBe(false);
  });

  it("is a miss when the encoded files are cut short, padded, gone or not a file, without reading them", async () => {
    const full = await readFile(bin());
    const ways: Array<() => Promise<void>> = [
      () => truncate(bin(), full.length - 1),
      () => writeFile(bin(), Buffer.concat([full, Buffer.from([0])])),
      () => rm(bin()),
      async () => {
        await rm(bin());
        await mkdir(bin());
      },
    ];
    for (const [i, way] of ways.entries()) {
      await rm(bin(), { recursive: true, force: true });
      await writeFile(bin(), full);
      await way();
      expect(await readEntry(reopen(), source, never), `way ${i}`).toBeUndefined();
      expect(cache.report().damaged, `way ${i}`).toEqual({ images: 1 });
    }
  });

  it("does not take encoded files that are a sound entry but not the ones the description names", async () => {
    // Another build's encoded files for the same key, of the same size, each one changed: the entry file's own check
    // passes, the hashes the description recorded do not.
    const encoded = [...bytesOf(stored).values()];
    const other = Buffer.concat(encoded.map((b) => Buffer.from(b.map((x) => x ^ 1))));
    expect(cache.write(IMAGE_STORE, source.key, other, ".bin")).toBe(true);
    expect(await readEntry(reopen(), source, always)).toBeUndefined();
    expect(cache.report().damaged).toEqual({ images: 1 });
    const late = (await readEntry(reopen(), source, never))!;
    expect(() => [...late.out.values()][0].read()).toThrow(/lost the encoded image content\/shot\.png/);
  });

  it("does not take a description that is damaged, foreign or written for other files", async () => {
    const meta = entryFileOf(cache, source);
    const text = cache.readText(IMAGE_STORE, source.key, ".json")!;
    const parsed = JSON.parse(text);
    const descriptions = [
      // A sound entry file whose description records another hash for a file.
      JSON.stringify({
        ...parsed,
        files: parsed.files.map((f: [string, number, string], i: number) => (i ? f : [f[0], f[1], "x"])),
      }),
      // …or another size for the encoded files.
      JSON.stringify({ ...parsed, bulkFileSize: parsed.bulkFileSize + 1 }),
      // …or no list of files, or a list of something else.
      JSON.stringify({ image: parsed.image }),
      JSON.stringify({ ...parsed, files: [5] }),
      JSON.stringify({
        ...parsed,
        files: parsed.files.map(([n, l, h]: [string, number, string]) => [n, String(l), h]),
      }),
      "not JSON",
    ];
    for (const [i, d] of descriptions.entries()) {
      expect(cache.write(IMAGE_STORE, source.key, d, ".json")).toBe(true);
      const hit = await readEntry(reopen(), source, always);
      expect(hit, `description ${i}`).toBeUndefined();
      expect(cache.report().damaged, `description ${i}`).toEqual({ images: 1 });
    }
    // The description file of another key, and one zeroed in place.
    const other = { ...source, key: cache.key(IMAGE_STORE, "other") };
    await encodeToEntry(cache, other);
    await cp(entryFileOf(cache, other), meta);
    expect(await readEntry(reopen(), source, always)).toBeUndefined();
    expect(cache.report().damaged).toEqual({ images: 1 });
    await writeFile(meta, `${text.slice(0, 10)}`);
    await encodeToEntry(cache, source);
    await zeroMiddle(meta);
    expect(await readEntry(reopen(), source, never)).toBeUndefined();
    expect(cache.report().damaged).toEqual({ images: 1 });
  });
});
