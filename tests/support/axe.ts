// Puts axe-core into a page through the DevTools protocol rather than a <script> tag, so the site's
// Content-Security-Policy (which refuses inline scripts it does not know) stays on while the page is checked.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const source = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => "axe" in window)) return;
  await page.evaluate(source);
}
