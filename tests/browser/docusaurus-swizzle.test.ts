// A site's interactive theme override in real Chromium (tests/fixtures/docusaurus-swizzle, imported, built and served
// on 127.0.0.1): its ColorModeToggle, an eject that draws Docusaurus' `value` and asks for the other mode with
// `onChange`, hydrates as an island without a mismatch and switches the page's colour mode, which stays after a load.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";
import { importDocusaurus } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";
import { serveDir } from "../support/served.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-swizzle");
let browser: Browser;
let work: string;
let served: Awaited<ReturnType<typeof serveDir>> | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-swizzle-browser-"));
  const out = join(work, "site");
  await importDocusaurus(fixture, out);
  await buildSite(out, { outDir: join(out, "dist") });
  served = await serveDir(join(out, "dist"));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
  await rm(work, { recursive: true, force: true });
});

describe("an interactive theme override", () => {
  it("ColorModeToggle (eject) hydrates and switches the colour mode with onChange", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await ctx.addInitScript(() => {
      (window as unknown as { __docsiteCheckHydration: boolean }).__docsiteCheckHydration = true;
    });
    const page = await ctx.newPage();
    const errors: string[] = [];
    // A failed load is checked by its response (the fixture has no favicon, which Chromium asks for anyway).
    page.on("console", (m) => {
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
    });
    page.on("response", (r) => {
      if (r.status() >= 400 && !r.url().endsWith("/favicon.ico")) errors.push(`${r.status()} ${r.url()}`);
    });
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      await page.goto(`${served!.base}/docs/intro/`);
      const toggle = page.locator("docsite-island .my-toggle");
      await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe("light");
      // Hydrated: the islands' runtime marks the island once the browser's component has taken its HTML over.
      await page.waitForSelector("docsite-island[data-src*='island-ColorModeToggle'][data-island-ready]");
      await toggle.click();
      await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe("dark");
      await expect.poll(() => toggle.getAttribute("data-value")).toBe("dark");
      expect(await toggle.textContent()).toBe("Moon");
      expect(await page.evaluate(() => localStorage.getItem("color-mode-setting"))).toBe("dark");
      // The choice stays on the next page load, and the toggle shows it once hydrated.
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe("dark");
      await expect.poll(() => page.locator("docsite-island .my-toggle").getAttribute("data-value")).toBe("dark");
      await page.locator("docsite-island .my-toggle").click();
      await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe("light");
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
