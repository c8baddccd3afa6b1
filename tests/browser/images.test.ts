// Content images in the built Testplane site, in real Chromium: no layout shift on the landing page and on an
// image-heavy doc page (lazy images loading as the reader scrolls), the dark variant in dark mode only, and, over
// every built page, width, height and alt on each content image and no image file over 400 KB.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { createServer, type Server } from "node:http";
import { parseDocument } from "htmlparser2";
import { findAll } from "domutils";
import type { Element as DomElement } from "domhandler";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";

const base = inject("baseUrl");
const distDir = inject("distDir");
const IMAGE_PAGE = "/docs/v8/visual-testing/visual-testing-intro/";
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** Cumulative layout shift so far; `within` keeps only shifts of elements inside that selector. */
function cls(page: Page, within?: string): Promise<number> {
  return page.evaluate(
    (sel) =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }
          >) {
            const node = (s: { node?: Node }) => (s.node instanceof Element ? s.node : s.node?.parentElement);
            if (!e.hadRecentInput && (!sel || e.sources.some((s) => node(s)?.closest(sel)))) sum += e.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
    within,
  );
}

/** Scrolls to the bottom in steps, so lazy images load while the reader "reads". */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
  });
  await page.waitForLoadState("networkidle");
}

describe.each([
  ["mobile", { width: 412, height: 823 }],
  ["desktop", { width: 1350, height: 940 }],
])("layout stability (%s)", (_, viewport) => {
  for (const path of ["/", IMAGE_PAGE, `/ru${IMAGE_PAGE}`]) {
    it(`has no layout shift on ${path}, with every image loaded`, async () => {
      const ctx = await browser.newContext({ viewport });
      const page = await ctx.newPage();
      await page.goto(base + path);
      await page.waitForLoadState("networkidle");
      // As Lighthouse measures it: the load, no scrolling.
      expect(await cls(page)).toBe(0);
      // While scrolling, content (images loading lazily) must not move. The sticky TOC moving with the
      // hide-on-scroll navbar is the theme's, not the images', so only the content column counts here.
      await scrollThrough(page);
      expect(await cls(page, ".markdown, .showcase, .hero")).toBe(0);
      const broken = await page.$$eval(".doc-image img", (imgs) =>
        imgs
          .filter((i) => (i as HTMLImageElement).checkVisibility())
          .filter((i) => !(i as HTMLImageElement).complete || (i as HTMLImageElement).naturalWidth === 0)
          .map((i) => (i as HTMLImageElement).currentSrc),
      );
      expect(broken).toEqual([]);
      await ctx.close();
    });
  }
});

/**
 * Serves the built site with one page's HTML sent in two parts, `cut` bytes and then, 300 ms later, the rest: the
 * browser paints what it has parsed in between, as it does on a slow network or with a busy parser.
 */
async function splitServer(): Promise<{ url: (path: string, cut: number) => string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const cut = Number(url.searchParams.get("cut"));
    if (url.searchParams.has("cut")) {
      const html = await readFile(join(distDir, decodeURIComponent(url.pathname), "index.html"));
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.write(html.subarray(0, cut));
      setTimeout(() => res.end(html.subarray(cut)), 300);
      return;
    }
    const upstream = await fetch(base + url.pathname);
    res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return {
    url: (path, cut) => `http://127.0.0.1:${port}${path}?cut=${cut}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Byte offsets to cut a page at: after tags of its first screen, from <body> (the navbar) to the first figure. */
async function cutPoints(path: string): Promise<number[]> {
  const html = await readFile(join(distDir, path, "index.html"));
  const from = html.indexOf("<body");
  const to = html.indexOf("</figure>", from);
  const all: number[] = [];
  for (let i = html.indexOf(">", from); i !== -1 && i < to; i = html.indexOf(">", i + 1)) all.push(i + 1);
  // Also inside the first button's label: a network packet can end anywhere.
  const label = html.indexOf('class="button button--primary', from);
  if (label !== -1) all.push(html.indexOf(">", label) + 4);
  const step = Math.max(1, Math.floor(all.length / 16));
  return all.filter((_, i) => i % step === 0);
}

describe.each([
  ["mobile", { width: 412, height: 823 }],
  ["desktop", { width: 1350, height: 940 }],
])("layout stability while the HTML arrives (%s)", (_, viewport) => {
  for (const path of ["/", IMAGE_PAGE]) {
    it(`keeps what ${path} painted in place when the rest of its HTML arrives later`, async () => {
      const split = await splitServer();
      const ctx = await browser.newContext({ viewport });
      const shifted: string[] = [];
      for (const cut of await cutPoints(path)) {
        const page = await ctx.newPage();
        await page.goto(split.url(path, cut), { waitUntil: "load" });
        const value = await cls(page);
        if (value > 0) shifted.push(`cut at byte ${cut}: CLS ${value.toFixed(4)}`);
        await page.close();
      }
      await ctx.close();
      await split.close();
      expect(shifted).toEqual([]);
    });
  }
});

describe("images in the page", () => {
  it("shows the report screenshot under the landing hero eagerly, and SVG icons on the feature cards", async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    const img = page.locator(".showcase img").first();
    expect(await img.getAttribute("loading")).toBeNull();
    expect(Number(await img.getAttribute("width"))).toBeGreaterThan(1000);
    expect(await img.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/\.(avif|webp)$/);
    expect(await page.locator(".feature svg.feature__icon").count()).toBe(8);
    const text = await page.locator(".features").textContent();
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
    await page.close();
  });

  it("gives a high-DPR screen the PNG itself at its own width, and a standard one the 960 px WebP", async () => {
    const chosen = async (deviceScaleFactor: number) => {
      const ctx = await browser.newContext({ viewport: { width: 1350, height: 940 }, deviceScaleFactor });
      const page = await ctx.newPage();
      await page.goto(base + IMAGE_PAGE);
      const img = page.locator('.doc-image__light img[src$=".png"]').first();
      await img.scrollIntoViewIfNeeded();
      await img.evaluate((i: HTMLImageElement) => i.decode());
      // The <img src> is the PNG at the image's own width (the fallback), which also ends the WebP srcset.
      const got = await img.evaluate((i: HTMLImageElement) => [i.currentSrc, i.src]);
      await ctx.close();
      return got;
    };
    const [hiDpr, png] = await chosen(2);
    expect(png).toMatch(/-[0-9]{4}\.[0-9a-f]{10}\.png$/);
    expect(hiDpr).toBe(png);
    const [standard] = await chosen(1);
    expect(standard).toMatch(/-960\.[0-9a-f]{10}\.webp$/);
  });

  it("shows the -dark variant only in dark mode and links each image to its full size", async () => {
    const page = await browser.newPage({ viewport: { width: 1350, height: 940 } });
    await page.goto(base + IMAGE_PAGE);
    const shown = () =>
      page.$$eval(".doc-image a", (links) =>
        links.filter((a) => (a as HTMLElement).checkVisibility()).map((a) => (a as HTMLAnchorElement).className),
      );
    await page.evaluate(() => document.documentElement.setAttribute("data-theme", "light"));
    const light = await shown();
    // Raster pictures link to their full size; SVG diagrams are not linked as documents of the site (issue #31).
    expect(light.length).toBeGreaterThan(0);
    expect(await page.locator(".doc-image img[src$='.svg']").count()).toBeGreaterThan(0);
    expect(await page.locator(".doc-image a img[src$='.svg'], .doc-image a[href$='.svg']").count()).toBe(0);
    expect(light.every((c) => !c.includes("doc-image__dark"))).toBe(true);
    await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    const dark = await shown();
    expect(dark.length).toBe(light.length);
    expect(dark.every((c) => c.includes("doc-image__dark"))).toBe(true);
    const href = await page.locator(".doc-image a.doc-image__link").first().getAttribute("href");
    const res = await page.request.get(base + href!);
    expect(res.headers()["content-type"]).toMatch(/^image\//);
    await page.close();
  });
});

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...(await htmlFiles(join(dir, e.name))));
    else if (e.name.endsWith(".html")) out.push(join(dir, e.name));
  }
  return out;
}

/** True inside `<article class="markdown">` (docs, posts) or the landing page's showcase. */
function inContent(el: DomElement | null): boolean {
  for (let p = el?.parent as DomElement | null; p && "attribs" in p; p = p.parent as DomElement | null) {
    const cls = (p.attribs.class ?? "").split(" ");
    if ((p.name === "article" && cls.includes("markdown")) || cls.includes("showcase")) return true;
  }
  return false;
}

/** The dark-mode twin of an image (a second <img> for the same spot). */
const isDarkTwin = (img: DomElement) =>
  ((img.parent as DomElement | null)?.attribs?.class ?? "").includes("doc-image__dark");

describe("built images", () => {
  it("gives every <img> and <video> in content, on every page of both locales, width, height and alt text", async () => {
    const bad: string[] = [];
    const spots = { en: 0, ru: 0 };
    for (const file of await htmlFiles(distDir)) {
      const doc = parseDocument(await readFile(file, "utf8"));
      const imgs = findAll((el) => (el.name === "img" || el.name === "video") && inContent(el), doc.children);
      const locale = file.slice(distDir.length).startsWith("/ru/") ? "ru" : "en";
      for (const img of imgs) {
        if (!isDarkTwin(img)) spots[locale]++;
        const { width, height } = img.attribs;
        const alt = img.name === "video" ? img.attribs["aria-label"] : img.attribs.alt;
        if (!(Number(width) > 0 && Number(height) > 0 && alt)) bad.push(`${file}: ${img.attribs.src ?? "video"}`);
      }
    }
    expect(bad).toEqual([]);
    // Screenshots and diagrams are placed in at least 25 spots per locale (a -dark twin is not a spot of its own).
    expect(spots.en).toBeGreaterThanOrEqual(25);
    expect(spots.ru).toBeGreaterThanOrEqual(25);
  });

  it("writes no image file over 400 KB", async () => {
    const dir = join(distDir, "assets", "img");
    const sizes = await Promise.all(
      (await readdir(dir)).map(async (n) => [n, (await stat(join(dir, n))).size] as const),
    );
    expect(sizes.length).toBeGreaterThan(50);
    // Moving pictures (MP4) are allowed 500 KB; every still stays under 400 KB.
    expect(sizes.filter(([n, s]) => s > (n.endsWith(".mp4") ? 500 : 400) * 1024)).toEqual([]);
  });
});
