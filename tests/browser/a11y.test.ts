// axe-core in real Chromium: no violations on each page kind, in light and dark mode, in both locales.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";
import { injectAxe } from "../support/axe.ts";

const base = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const PAGES = [
  "/",
  "/docs/v8/commands/browser/url/",
  // Moving pictures (<video> with its poster) and diagrams.
  "/docs/v8/guides/time-travel/",
  "/blog/",
  "/blog/testplane-rebranding/",
  "/versions/",
  "/no-such-page/",
];

describe.each(["light", "dark"] as const)("accessibility in %s mode", (mode) => {
  it.each(["", "/ru"])("has no axe violations (locale prefix '%s')", async (prefix) => {
    const ctx = await browser.newContext();
    await ctx.addInitScript((m) => localStorage.setItem("color-mode-setting", m), mode);
    const page = await ctx.newPage();
    const found: string[] = [];
    for (const path of PAGES) {
      await page.goto(base + prefix + path);
      await page.waitForSelector("html[data-hydrated]");
      await injectAxe(page);
      const result = await page.evaluate(async () => {
        const r = await (window as any).axe.run(document, { resultTypes: ["violations"] });
        return r.violations.map(
          (v: any) =>
            `${v.id} (${v.impact}): ${v.nodes
              .slice(0, 3)
              .map((n: any) => n.target.join(" "))
              .join(" | ")}`,
        );
      });
      for (const v of result) found.push(`${prefix}${path}: ${v}`);
    }
    expect(found).toEqual([]);
    await ctx.close();
  });
});
