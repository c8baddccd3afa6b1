// Docusaurus' client API in real Chromium (tests/fixtures/docusaurus-client-api, imported, built and served on
// 127.0.0.1): the island using useIsBrowser, useColorMode, BrowserOnly (through its deep path), useWindowSize,
// useLocation, useCollapsible and a nav Link hydrates without a mismatch, then shows what the browser knows; in dark
// mode too, where the server drew the site's default (light) mode.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";
import { importDocusaurus } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";
import { serveDir } from "../support/served.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-client-api");
let browser: Browser;
let work: string;
let base: string;
let served: Awaited<ReturnType<typeof serveDir>> | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-client-api-browser-"));
  const out = join(work, "site");
  await importDocusaurus(fixture, out);
  const dist = join(out, "dist");
  await buildSite(out, { outDir: dist });
  served = await serveDir(dist);
  base = served.base;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
  await rm(work, { recursive: true, force: true });
});

/** A context in a colour mode whose islands are checked for hydration mismatches; errors are collected. */
async function open(mode: "light" | "dark"): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript((m) => {
    (window as unknown as { __docsiteCheckHydration: boolean }).__docsiteCheckHydration = true;
    localStorage.setItem("color-mode-setting", m);
  }, mode);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return { ctx, page, errors };
}

/** The island, scrolled to (an island below the fold loads when it comes near the viewport) and hydrated. */
async function island(page: Page) {
  await page.locator(".client-island").scrollIntoViewIfNeeded();
  const root = page.locator("docsite-island[data-island-ready] .client-island").first();
  await root.waitFor({ timeout: 10_000 });
  return root;
}

describe("the client API in an island", () => {
  it.each([
    ["light", "/client-api/"],
    ["dark", "/client-api/"],
    ["dark", "/docs/guides/hooks/"],
  ] as const)("hydrates without a mismatch in %s mode on %s, then shows the browser's values", async (mode, path) => {
    const { ctx, page, errors } = await open(mode);
    await page.goto(`${base}${path}`);
    const root = await island(page);
    // After mounting: useIsBrowser, BrowserOnly's child, the page's colour mode, the viewport, the address.
    await page.waitForFunction(
      () => document.querySelector("docsite-island[data-island-ready] .ci-browser")?.textContent === "browser",
      undefined,
      { timeout: 10_000 },
    );
    expect(await root.locator(".ci-only").textContent()).toBe(path);
    expect(await root.locator(".ci-mode").textContent()).toBe(mode === "dark" ? "dark:true" : "light:false");
    expect(await root.locator(".ci-size").textContent()).toBe("desktop");
    expect(await root.locator(".ci-path").textContent()).toBe(`[${path}][${path}]`);
    // A nav link to the page shown is marked active once mounted.
    expect(await root.locator(".ci-nav").getAttribute("class")).toBe(
      path === "/client-api/" ? "ci-nav active" : "ci-nav",
    );
    // useCollapsible/Collapsible: a lazy part drawn when first opened.
    expect(await root.locator(".ci-body").count()).toBe(0);
    await root.locator(".ci-toggle").click();
    expect(await root.locator(".ci-body").textContent()).toBe("Opened");
    expect(await root.locator(".ci-toggle").textContent()).toBe("Close");
    expect(await page.locator(".error-screen").count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("follows the colour mode when the reader switches it", async () => {
    const { ctx, page, errors } = await open("light");
    await page.goto(`${base}/client-api/`);
    await island(page);
    await page.waitForFunction(
      () => document.querySelector("docsite-island[data-island-ready] .ci-browser")?.textContent === "browser",
      undefined,
      { timeout: 10_000 },
    );
    await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    await page.waitForFunction(
      () => document.querySelector("docsite-island[data-island-ready] .ci-mode")?.textContent === "dark:true",
      undefined,
      { timeout: 10_000 },
    );
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
