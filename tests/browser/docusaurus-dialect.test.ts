// The Docusaurus dialect's new page parts in real Chromium, on tests/fixtures/docusaurus-site imported, built and
// served: generated-index pages and DocCardList cards, sidebar html items, numbered and highlighted code lines,
// the last-update/edit footer. axe finds nothing, and the cards are reached by keyboard.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";
import { injectAxe } from "../support/axe.ts";
import { importDocusaurus } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";
import { serveDir } from "../support/served.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-site");
let browser: Browser;
let work: string;
let base: string;
let served: Awaited<ReturnType<typeof serveDir>> | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-dialect-browser-"));
  const out = join(work, "site");
  await importDocusaurus(fixture, out);
  await buildSite(out, { outDir: join(out, "dist") });
  served = await serveDir(join(out, "dist"));
  base = served.base;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
  await rm(work, { recursive: true, force: true });
});

const PAGES = [
  "/docs/category/reference/",
  "/docs/reference/commands/",
  "/docs/reference/overview/",
  "/docs/code/",
  "/ru/docs/category/reference/",
];

describe("Docusaurus dialect pages in Chromium", () => {
  it.each(["light", "dark"] as const)("have no axe violations (%s mode)", async (mode) => {
    const ctx = await browser.newContext();
    await ctx.addInitScript((m) => localStorage.setItem("color-mode-setting", m), mode);
    const page = await ctx.newPage();
    const found: string[] = [];
    for (const path of PAGES) {
      await page.goto(base + path);
      await page.waitForSelector("html[data-hydrated]");
      await injectAxe(page);
      const violations = await page.evaluate(async () => {
        const r = await (window as any).axe.run(document, { resultTypes: ["violations"] });
        return r.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(" ")).join(" | ")}`);
      });
      for (const v of violations) found.push(`${path}: ${v}`);
    }
    expect(found).toEqual([]);
    await ctx.close();
  });

  it("cards are links reached with Tab, laid out side by side on a wide screen", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${base}/docs/category/reference/`);
    await page.waitForSelector("html[data-hydrated]");
    await page.focus(".doc-main");
    let href: string | null = null;
    for (let i = 0; i < 40 && !href; i++) {
      await page.keyboard.press("Tab");
      href = await page.evaluate(() =>
        document.activeElement?.classList.contains("doc-card") ? document.activeElement.getAttribute("href") : null,
      );
    }
    expect(href).toBe("/docs/category/extras/");
    const tops = await page.$$eval(".doc-card", (cards) => cards.slice(0, 2).map((c) => c.getBoundingClientRect().top));
    expect(tops[0]).toBe(tops[1]);
    await page.close();
  });

  it("numbers lines only where showLineNumbers is set, and highlights marked lines", async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/docs/code/`);
    const numbers = await page.$$eval(".code-block code", (codes) =>
      codes.map((c) => [...c.querySelectorAll(".line")].map((l) => getComputedStyle(l, "::before").content)),
    );
    expect(numbers[0]).toHaveLength(5);
    expect(numbers[0].every((c) => c !== "none" && c !== "normal")).toBe(true);
    expect(numbers[2].every((c) => c === "none" || c === "normal")).toBe(true);
    const hl = await page.$$eval(".code-block .line-hl", (ls) => ls.map((l) => getComputedStyle(l).backgroundColor));
    expect(hl.length).toBe(7);
    expect(hl.every((c) => c !== "rgba(0, 0, 0, 0)")).toBe(true);
    // The copied text holds neither numbers nor magic comments.
    const text = await page.$eval(".code-block code", (c) => c.textContent);
    expect(text).toBe("const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\n");
    await page.close();
  });
});
