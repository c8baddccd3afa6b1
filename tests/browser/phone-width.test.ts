// Every kind of page fits a phone: at 320 and 375 CSS pixels, in both locales, with and without JavaScript, the page
// never scrolls sideways; a long code line or table scrolls inside its own block.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import type { Browser, Page } from "playwright-core";
import { readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { launchChromium } from "../support/chromium.ts";

const base = inject("baseUrl");
const distDir = inject("distDir");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** A post of a locale's blog, as a site path: the first folder under blog/ that is a post (not a list page). */
function aPost(prefix: string): string {
  const dir = join(distDir, prefix, "blog");
  const post = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !/^(page|tags|archive|authors)$/.test(e.name))
    .map((e) => e.name)
    .sort()
    .find((name) => existsSync(join(dir, name, "index.html")));
  if (!post) throw new Error(`no post under ${dir}`);
  return `${prefix ? `/${prefix}` : ""}/blog/${post}/`;
}

const kinds = (prefix: string): Array<[string, string]> => {
  const p = prefix ? `/${prefix}` : "";
  const list: Array<[string, string]> = [
    ["landing", `${p}/`],
    ["doc", `${p}/docs/v8/quickstart/`],
    ["doc with wide code and tables", `${p}/docs/v8/config/browsers/`],
    ["blog list", `${p}/blog/`],
    ["post", aPost(prefix)],
    ["blog archive", `${p}/blog/archive/`],
    ["search", `${p}/search/?q=browser`],
    ["versions", `${p}/versions/`],
    ["404", `${p}/no-such-page/`],
  ];
  if (existsSync(join(distDir, prefix, "blog", "tags"))) list.push(["tags", `${p}/blog/tags/`]);
  return list;
};

/** How far the page is wider than the screen, and the elements that stick out (not inside a scrolling block). */
const overflow = (p: Page) =>
  p.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => {
      for (let e: Element | null = el.parentElement; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (/(auto|scroll|hidden|clip)/.test(s.overflowX) && e !== document.documentElement && e !== document.body)
          return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5 || scrolls(el)) continue;
      if (getComputedStyle(el).visibility === "hidden") continue;
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${Math.round(r.right)}`);
      if (out.length >= 5) break;
    }
    return { extra: document.documentElement.scrollWidth - width, out };
  });

describe("every page kind fits a phone", () => {
  for (const prefix of ["", "ru"])
    for (const js of [true, false])
      it(`${prefix || "en"}, JavaScript ${js ? "on" : "off"}: 320 and 375 px wide, no sideways scroll`, async () => {
        const problems: string[] = [];
        for (const width of [320, 375]) {
          const ctx = await browser.newContext({ viewport: { width, height: 740 }, javaScriptEnabled: js });
          const p = await ctx.newPage();
          for (const [kind, path] of kinds(prefix)) {
            await p.goto(base + path);
            if (js) await p.waitForSelector("html[data-hydrated]");
            const o = await overflow(p);
            if (o.extra > 0)
              problems.push(`${kind} ${path} at ${width} px: ${o.extra} px too wide (${o.out.join(", ")})`);
          }
          await ctx.close();
        }
        expect(problems).toEqual([]);
      });
});
