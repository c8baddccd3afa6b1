// A site published with `trailingSlash: false` (tests/fixtures/docusaurus-trailing-false imported, built and served
// by `docsite serve`) in real Chromium: client navigation over slash-less URLs (sidebar, hash, version and locale
// switchers, back), prefetch of the slash-less page itself (no redirect on the way), and the serve redirect of the
// slash form.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page, Response } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";
import { serveDir } from "../support/served.ts";
import { slashlessSite } from "../support/slashless-site.ts";

let browser: Browser;
let work: string;
let base: string;
let served: Awaited<ReturnType<typeof serveDir>> | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-trailing-browser-"));
  const site = await slashlessSite(work, "site");
  served = await serveDir(site.dist);
  base = served.base;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
  await rm(work, { recursive: true, force: true });
});

/** A page with the responses it gets and the page errors it throws recorded. */
async function open(path: string): Promise<{ p: Page; responses: Response[]; errors: string[] }> {
  const p = await (await browser.newContext()).newPage();
  const responses: Response[] = [];
  const errors: string[] = [];
  p.on("response", (r) => responses.push(r));
  p.on("pageerror", (e) => errors.push(e.message));
  await p.goto(base + path);
  await p.waitForSelector("html[data-hydrated]");
  await p.evaluate(() => {
    (window as unknown as { __marker: string }).__marker = "same document";
  });
  return { p, responses, errors };
}

const marker = (p: Page) => p.evaluate(() => (window as unknown as { __marker?: string }).__marker);
const h1 = (p: Page, text: string) =>
  p.waitForFunction((t) => document.querySelector("main h1")?.textContent === t, text);
/** Follows a link of the page the way a reader does (the router listens for the click). */
const follow = (p: Page, href: string) =>
  p.evaluate((h) => document.querySelector<HTMLAnchorElement>(`a[href="${h}"]`)!.click(), href);

describe("trailingSlash: false in the browser", () => {
  it("follows sidebar links without a full load, with slash-less addresses, and back", async () => {
    const { p, responses, errors } = await open("/docs/next");
    await p.locator('[data-sidebar] a[href="/docs/next/guide"]').first().click();
    await p.waitForURL(`${base}/docs/next/guide`);
    await h1(p, "Guide overview");
    await p.locator('[data-sidebar] a[href="/docs/next/guide/setup"]').first().click();
    await p.waitForURL(`${base}/docs/next/guide/setup`);
    await h1(p, "Setup");
    expect(await marker(p)).toBe("same document");
    expect(await p.locator('[data-sidebar] [aria-current="page"]').getAttribute("href")).toBe("/docs/next/guide/setup");
    expect(await p.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      "https://slashless.example/docs/next/guide/setup",
    );
    await p.goBack();
    await h1(p, "Guide overview");
    await p.goBack();
    await h1(p, "Introduction");
    expect(p.url()).toBe(`${base}/docs/next`);
    expect(await marker(p)).toBe("same document");
    // Every page came from its slash-less address: nothing was redirected on the way.
    expect(responses.filter((r) => r.status() >= 300 && r.status() < 400).map((r) => r.url())).toEqual([]);
    expect(errors).toEqual([]);
    await p.context().close();
  });

  it("prefetches the slash-less page on hover, and navigation uses it", async () => {
    const { p, responses } = await open("/docs/next");
    const target = `${base}/docs/next/guide`;
    await p.locator('article a[href="/docs/next/guide"]').hover();
    await expect.poll(() => responses.some((r) => r.url() === target)).toBe(true);
    const before = responses.length;
    await follow(p, "/docs/next/guide");
    await h1(p, "Guide overview");
    expect(p.url()).toBe(target);
    expect(await marker(p)).toBe("same document");
    expect(responses.slice(before).filter((r) => r.url() === target)).toEqual([]);
    await p.context().close();
  });

  it("scrolls to the hash of a slash-less link on another page", async () => {
    const { p } = await open("/docs/next");
    await follow(p, "/docs/next/guide/setup#install");
    await p.waitForURL(`${base}/docs/next/guide/setup#install`);
    await h1(p, "Setup");
    await p.setViewportSize({ width: 1000, height: 300 });
    await follow(p, "/docs/next#details");
    await p.waitForURL(`${base}/docs/next#details`);
    await h1(p, "Introduction");
    await expect
      .poll(() => p.evaluate(() => document.getElementById("details")!.getBoundingClientRect().top))
      .toBeLessThan(150);
    expect(await p.evaluate(() => scrollY)).toBeGreaterThan(0);
    expect(await marker(p)).toBe("same document");
    await p.context().close();
  });

  it("switches version and locale to slash-less pages", async () => {
    const { p } = await open("/docs/next");
    await follow(p, "/docs");
    await p.waitForURL(`${base}/docs`);
    await h1(p, "Welcome to 1.0");
    await follow(p, "/docs/guide/setup");
    await h1(p, "Setup in 1.0");
    await p.goto(`${base}/docs/next`);
    await p.waitForSelector("html[data-hydrated]");
    await follow(p, "/ru/docs/next");
    await p.waitForURL(`${base}/ru/docs/next`);
    await h1(p, "Введение");
    expect(await p.evaluate(() => document.documentElement.lang)).toBe("ru");
    await p.context().close();
  });

  it("serve redirects the slash form and *.html to the slash-less page, which the browser keeps", async () => {
    const { p } = await open("/docs/next/guide/setup/?from=old#configure");
    expect(p.url()).toBe(`${base}/docs/next/guide/setup?from=old#configure`);
    await h1(p, "Setup");
    await p.goto(`${base}/ru/docs/next.html`);
    await p.waitForSelector("html[data-hydrated]");
    expect(p.url()).toBe(`${base}/ru/docs/next`);
    await p.context().close();
  });

  it("on a host that serves x.html as it is, the router cleans the address to the slash-less page", async () => {
    const p = await (await browser.newContext()).newPage();
    // Such a host (S3 without rewrites) answers /docs/next/guide.html with the file itself, no redirect.
    await p.route(`${base}/docs/next/guide.html`, async (route) => {
      const r = await route.fetch({ url: `${base}/docs/next/guide` });
      await route.fulfill({ response: r });
    });
    await p.goto(`${base}/docs/next/guide.html#x`);
    await p.waitForSelector("html[data-hydrated]");
    expect(p.url()).toBe(`${base}/docs/next/guide#x`);
    await p.context().close();
  });
});
