// Moving pictures on the built Testplane site, in real Chromium: a <video> shows its poster and loads nothing else
// until it is near the view; it plays in view and pauses out of view for a reader who has not asked for reduced
// motion, and stays still with its controls for one who has (playing only when asked); the page stays within its
// Content-Security-Policy. And the pictures are legible where the docs place them: the text of terminal pictures and
// the text in the compared screenshots of diff pictures, measured at their rendered size in a 1280 px wide window.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { launchChromium } from "../support/chromium.ts";

const base = inject("baseUrl");
/** A page with a moving picture below the first screen. */
const PAGE = "/docs/v8/guides/time-travel/";
/** A page whose moving picture is further down than Chromium's distance for loading lazy images early. */
const LONG_PAGE = "/docs/v8/html-reporter/html-reporter-setup/";
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** A context whose page records the requests for MP4 files and images, and CSP violations. */
async function open(
  reducedMotion: "reduce" | "no-preference",
  path = PAGE,
): Promise<{ ctx: BrowserContext; page: Page; mp4: string[]; images: string[]; csp: () => Promise<string[]> }> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion });
  await ctx.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  const page = await ctx.newPage();
  const mp4: string[] = [];
  const images: string[] = [];
  page.on("request", (r) => {
    if (/\.mp4(\?|$)/.test(r.url())) mp4.push(r.url());
    else if (r.resourceType() === "image") images.push(new URL(r.url()).pathname);
  });
  await page.goto(base + path);
  await page.waitForLoadState("networkidle");
  return {
    ctx,
    page,
    mp4,
    images,
    csp: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  };
}

const posterOf = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => new URL(v.poster).pathname);

/**
 * The poster is on screen: the upper part of the video's box (above its controls) is a picture, not the flat
 * colour a video shows when it has nothing to show.
 */
async function showsPicture(page: Page): Promise<boolean> {
  const box = (await video(page).boundingBox())!;
  const png = await page.screenshot({ clip: { ...box, height: box.height * 0.6 } });
  const { channels } = await sharp(png).stats();
  return channels.slice(0, 3).some((c) => c.stdev > 12);
}

const video = (page: Page) => page.locator(".markdown video").first();
const playing = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0 && v.readyState >= 2);

describe("a moving picture", () => {
  it("loads neither its video nor its poster before it comes near the view", async () => {
    const { ctx, page, mp4, images } = await open("no-preference", LONG_PAGE);
    // Further than the 1250–2500 px ahead at which Chromium starts loading lazy images.
    const top = await video(page).evaluate((v) => v.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(800 + 2600);
    const poster = await posterOf(page);
    expect(poster).toMatch(/\.(webp|png)$/);
    expect(mp4).toEqual([]);
    expect(images).not.toContain(poster);
    expect(await video(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBe(0);
    // Near the view, the poster comes (and, as it plays, the video).
    await video(page).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (p) => performance.getEntriesByType("resource").some((e) => e.name.endsWith(p)),
      poster,
      {
        timeout: 10_000,
      },
    );
    expect(images).toContain(poster);
    await ctx.close();
  });

  it("shows its poster, then plays while in view and pauses when scrolled away (motion allowed)", async () => {
    const { ctx, page, mp4, csp } = await open("no-preference");
    await video(page).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    expect(await showsPicture(page)).toBe(true);
    await page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>(".markdown video")!;
        return !v.paused && v.currentTime > 0.2;
      },
      null,
      { timeout: 15_000 },
    );
    expect(await playing(page)).toBe(true);
    expect(mp4.length).toBeGreaterThan(0);
    expect(await video(page).evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.controls])).toEqual([
      true,
      true,
      true,
    ]);
    await page.evaluate(() => scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>(".markdown video")!.paused, null, {
      timeout: 5_000,
    });
    expect(await csp()).toEqual([]);
    await ctx.close();
  });

  it("plays on a page reached by client-side navigation from a page without one", async () => {
    const { ctx, page, csp } = await open("no-preference", "/docs/v8/quickstart/");
    expect(await page.locator(".markdown video").count()).toBe(0);
    await page.evaluate(
      (p) => (window as unknown as { __docsite: { navigate(u: string): void } }).__docsite.navigate(p),
      PAGE,
    );
    await page.waitForURL(`**${PAGE}`);
    // The same document: a client-side swap, not a load.
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
    await video(page).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>(".markdown video")?.paused, null, {
      timeout: 15_000,
    });
    expect(await csp()).toEqual([]);
    await ctx.close();
  });

  it("keeps a video the reader paused paused when it comes back into view", async () => {
    const { ctx, page } = await open("no-preference");
    await video(page).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>(".markdown video")!.paused, null, {
      timeout: 15_000,
    });
    await video(page).evaluate((v: HTMLVideoElement) => v.pause());
    await page.evaluate(() => scrollTo(0, 0));
    await page.waitForTimeout(300);
    await video(page).scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await ctx.close();
  });

  it("stays still, poster and controls, for a reader who prefers reduced motion, and plays when asked", async () => {
    const { ctx, page, mp4 } = await open("reduce");
    await video(page).scrollIntoViewIfNeeded();
    await page.waitForTimeout(2000);
    expect(await showsPicture(page)).toBe(true);
    expect(await video(page).evaluate((v: HTMLVideoElement) => [v.paused, v.controls, v.autoplay])).toEqual([
      true,
      true,
      false,
    ]);
    expect(mp4).toEqual([]);
    await video(page).evaluate((v: HTMLVideoElement) => v.play());
    await page.waitForFunction(
      () => document.querySelector<HTMLVideoElement>(".markdown video")!.currentTime > 0.2,
      null,
      {
        timeout: 15_000,
      },
    );
    expect(mp4.length).toBeGreaterThan(0);
    await ctx.close();
  });
});

/** What the media script noted about each picture (scripts/media/capture.ts, pictures.json). */
type Meta = { kind: string; cssWidth: number; textPx: number };
const notes = async (): Promise<Record<string, Meta>> =>
  JSON.parse(await readFile(join(import.meta.dirname, "../../content/media/testplane/pictures.json"), "utf8"));

describe("legibility where the pictures are placed", () => {
  it("shows terminal text, and the text in compared screenshots, at 12 px or more", async () => {
    const meta = await notes();
    const pages = [
      "/docs/v8/command-line/",
      "/docs/v8/guides/how-to-get-report/",
      "/docs/v8/visual-testing/visual-testing-intro/",
      "/docs/v8/guides/how-to-hide-scrollbars/",
      "/docs/v8/plugins/testplane-storybook/",
      "/blog/testplane-rebranding/",
    ];
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const seen: string[] = [];
    const bad: string[] = [];
    for (const path of pages) {
      await page.goto(base + path);
      const shown = await page.$$eval(".markdown figure.doc-image", (figs) =>
        figs
          .map((f) => {
            const el = [...f.querySelectorAll("img, video")].find((e) => (e as HTMLElement).checkVisibility())!;
            const src =
              el.tagName === "VIDEO" ? el.querySelector("source")!.getAttribute("src")! : el.getAttribute("src")!;
            return { src, width: el.getBoundingClientRect().width };
          })
          .filter((x) => x.src),
      );
      for (const { src, width } of shown) {
        const file = Object.keys(meta).find((f) =>
          new RegExp(`/${f.replace(/\.(png|mp4)$/, "").replace(/[.]/g, "\\.")}-\\d+\\.[0-9a-f]{10}\\.`).test(src),
        );
        if (!file) continue;
        const m = meta[file];
        const scale = width / m.cssWidth;
        seen.push(`${file} ${m.kind}`);
        if ((m.kind === "terminal" || m.kind === "diff") && m.textPx * scale < 12)
          bad.push(`${path} ${file}: text ${(m.textPx * scale).toFixed(1)} px`);
      }
    }
    await ctx.close();
    expect(bad).toEqual([]);
    expect(seen.some((s) => s.endsWith("terminal"))).toBe(true);
    expect(seen.some((s) => s.endsWith("diff"))).toBe(true);
  });

  it("has a docs column of at least 670 px in a 1280 px window (the width the content test assumes)", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/docs/v8/command-line/`);
    const width = await page.locator(".markdown").evaluate((m) => m.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(670);
    await page.close();
  });
});
