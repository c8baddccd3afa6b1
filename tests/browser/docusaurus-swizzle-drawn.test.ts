// Swizzled components docsite draws as Docusaurus does, in real Chromium (tests/fixtures/docusaurus-swizzle-drawn,
// imported, built and served on 127.0.0.1): an ejected CodeBlock whose lines and tokens are the theme's
// CodeBlock/Line and /Line/Token, with a word-wrap toggle drawing Icon/WordWrap, and an ejected
// DocSidebarItem/Category of Docusaurus 3.5+'s shape drawing @theme/DocSidebarItems, which draws the site's category
// again for a nested one: both hydrate as islands with the site context (no "This page crashed", no mismatch, no
// console error), the category toggles, and the nested category is the site's.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";
import { importDocusaurus, formatReport } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";
import { serveDir } from "../support/served.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-swizzle-drawn");
let browser: Browser;
let work: string;
let out: string;
let report: string;
let served: Awaited<ReturnType<typeof serveDir>> | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-swizzle-drawn-"));
  out = join(work, "site");
  report = formatReport(await importDocusaurus(fixture, out), out);
  await buildSite(out, { outDir: join(out, "dist") });
  served = await serveDir(join(out, "dist"));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
  await rm(work, { recursive: true, force: true });
});

/** A page with the hydration check on, collecting console errors, failed loads and uncaught errors. */
async function open(path: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript(() => {
    (window as unknown as { __docsiteCheckHydration: boolean }).__docsiteCheckHydration = true;
  });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && !r.url().endsWith("/favicon.ico")) errors.push(`${r.status()} ${r.url()}`);
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${served!.base}${path}`);
  return { page, errors, close: () => ctx.close() };
}

describe("swizzled components drawn as Docusaurus draws them", () => {
  it("the import carries both overrides (none named as not drawn)", () => {
    expect(report).toContain(
      "theme overrides in src/theme/ drawn where docsite draws those parts (2): CodeBlock, DocSidebarItem/Category",
    );
    expect(report).not.toContain("not carried over, docsite cannot run it");
  });

  it("the CodeBlock eject draws its lines with the theme's Line and Token, and its word-wrap toggle works", async () => {
    const html = await readFile(join(out, "dist", "docs", "intro", "index.html"), "utf8");
    // Line: a div of tokens ending in <br>; the metastring's {2} highlights the second line; the title is the site's.
    expect(html).toContain('<div class="my-code__title">hello.js</div>');
    expect(html).toContain(
      '<div class="token-line theme-code-block-highlighted-line"><span class="token plain">console.log(greeting);</span><br/></div>',
    );
    const { page, errors, close } = await open("/docs/intro/");
    try {
      await page.waitForSelector("docsite-island[data-src*='island-CodeBlock'][data-island-ready]");
      const wrap = page.locator(".my-code__wrap");
      expect(await wrap.locator("svg.my-code__wrap-icon path").count()).toBe(1);
      await wrap.click();
      await expect.poll(() => wrap.getAttribute("aria-pressed")).toBe("true");
      expect(await page.locator(".my-code code").evaluate((c) => getComputedStyle(c).whiteSpace)).toBe("pre-wrap");
      expect(await page.textContent("body")).not.toContain("This page crashed");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("the DocSidebarItem/Category eject hydrates, toggles, and draws its nested category itself", async () => {
    const { page, errors, close } = await open("/docs/intro/");
    try {
      await page.waitForSelector("docsite-island[data-src*='island-Category'][data-island-ready]");
      const guides = page.locator("li.theme-doc-sidebar-item-category-level-1");
      // Infima's classes on the drawn item; the link and its toggle on one line.
      await expect.poll(() => guides.getAttribute("class")).toContain("menu__list-item--collapsed");
      const row = guides.locator(":scope > .menu__list-item-collapsible");
      const [link, caret] = [row.locator(".menu__link"), row.locator(".my-caret")];
      const top = async (l: typeof link) => (await l.boundingBox())!.y;
      expect(Math.abs((await top(link)) - (await top(caret)))).toBeLessThan(20);
      // Collapsed: its items are not drawn (Collapsible lazy), they come from the island's props when opened.
      const one = guides.locator("ul.menu__list a[href='/docs/guides/one/']");
      expect(await one.count()).toBe(0);
      await caret.click();
      await expect.poll(() => caret.getAttribute("aria-expanded")).toBe("true");
      await expect.poll(() => one.isVisible()).toBe(true);
      // The nested category is the site's component again (drawn in the island through DocSidebarItems).
      const deeper = page.locator("li.theme-doc-sidebar-item-category-level-2");
      expect(await deeper.locator(".my-caret").count()).toBe(1);
      await deeper.locator(".my-caret").click();
      // The doc in its list: the category's own link has that href too until the browser drops the server's
      // fallback (Docusaurus' useCategoryHrefWithSSRFallback).
      await expect
        .poll(() => deeper.locator("ul.menu__list a[href='/docs/guides/deeper/two/']").isVisible())
        .toBe(true);
      await caret.click();
      await expect.poll(() => guides.getAttribute("class")).toContain("menu__list-item--collapsed");
      expect(await page.textContent("body")).not.toContain("This page crashed");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
