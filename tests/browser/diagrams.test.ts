// The docs' diagrams (scripts/media/diagrams.ts), drawn by Chromium with the fonts a reader's system has: no text
// runs out of its box or out of the picture, in either language or colour mode; and every text is at least 12 px
// where the page shows the picture (at its own size, or shrunk to the docs column when it is wider).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";

const DIR = join(import.meta.dirname, "..", "..", "content", "media", "diagrams");
/** The docs column in a 1280 px window (tests/browser/moving-pictures.test.ts measures it). */
const COLUMN = 670;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

describe("diagrams", () => {
  it("keep every text inside its box and inside the picture", async () => {
    const files = (await readdir(DIR)).filter((f) => f.endsWith(".svg"));
    expect(files.length).toBeGreaterThanOrEqual(20);
    const page = await browser.newPage();
    const bad: string[] = [];
    for (const file of files) {
      await page.setContent(`<body style="margin:0">${await readFile(join(DIR, file), "utf8")}</body>`);
      const found = await page.evaluate(() => {
        const out: string[] = [];
        const svg = document.querySelector("svg")!;
        const { width, height } = svg.viewBox.baseVal;
        for (const t of document.querySelectorAll<SVGTextElement>("text")) {
          const b = t.getBBox();
          if (b.x < 0 || b.y < 0 || b.x + b.width > width || b.y + b.height > height)
            out.push(`"${t.textContent}" leaves the picture`);
        }
        for (const g of document.querySelectorAll("g.box")) {
          const r = g.querySelector("rect")!.getBBox();
          for (const t of g.querySelectorAll<SVGTextElement>("text")) {
            const b = t.getBBox();
            if (b.x < r.x + 4 || b.x + b.width > r.x + r.width - 4 || b.y < r.y || b.y + b.height > r.y + r.height)
              out.push(`"${t.textContent}" runs out of its box`);
          }
        }
        return out;
      });
      for (const f of found) bad.push(`${file}: ${f}`);
    }
    await page.close();
    expect(bad).toEqual([]);
  });

  it("draw every text at 12 px or more in the docs column", async () => {
    const files = (await readdir(DIR)).filter((f) => f.endsWith(".svg"));
    const page = await browser.newPage();
    const small: string[] = [];
    for (const file of files) {
      await page.setContent(`<body style="margin:0">${await readFile(join(DIR, file), "utf8")}</body>`);
      const found = await page.evaluate((column) => {
        const svg = document.querySelector("svg")!;
        const { width } = svg.viewBox.baseVal;
        // An <img> no wider than the column is drawn at its own size; a wider one is shrunk to the column.
        const scale = Math.min(1, column / width);
        return [...document.querySelectorAll<SVGTextElement>("text")]
          .map((t) => ({ text: t.textContent ?? "", px: Number.parseFloat(getComputedStyle(t).fontSize) * scale }))
          .filter((t) => t.px < 12)
          .map((t) => `"${t.text}" at ${t.px.toFixed(1)} px`);
      }, COLUMN);
      for (const f of found) small.push(`${file}: ${f}`);
    }
    await page.close();
    expect(small).toEqual([]);
  });
});
