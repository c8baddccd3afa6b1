// The docs' diagrams (scripts/media/diagrams.ts), drawn by Chromium with the fonts a reader's system has: no text
// runs out of its box or out of the picture, in either language or colour mode.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";

const DIR = join(import.meta.dirname, "..", "..", "content", "media", "diagrams");
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
});
