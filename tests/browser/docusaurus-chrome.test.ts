// A migrated site's navbar, announcement bar and page width as Docusaurus draws them, in real Chromium
// (tests/fixtures/docusaurus-chrome imported, built and served on 127.0.0.1): Infima's navbar colours (the site's
// `--ifm-navbar-*` variables; `navbar.style: "dark"`, whose `navbar--dark` overrides them on the bar), the
// announcement bar's defaults (white, black text) with its bold link, and a home that fits a phone's screen.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";
import { importDocusaurus } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";
import { serveDir } from "../support/served.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-chrome");
let browser: Browser;
let work: string;
const sites: Record<"dark" | "plain", { base: string; close: () => Promise<void> }> = {} as never;

/** The fixture imported and built; `plain` without `navbar.style: "dark"`, so the site's variables colour the bar. */
async function site(kind: "dark" | "plain") {
  let from = fixture;
  if (kind === "plain") {
    from = join(work, "plain-src");
    await cp(fixture, from, { recursive: true });
    const config = join(from, "docusaurus.config.js");
    await writeFile(config, (await readFile(config, "utf8")).replace('style: "dark",', ""));
  }
  const out = join(work, kind);
  await importDocusaurus(from, out);
  await buildSite(out, { outDir: join(out, "dist") });
  return serveDir(join(out, "dist"));
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-chrome-browser-"));
  sites.dark = await site("dark");
  sites.plain = await site("plain");
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await sites.dark?.close();
  await sites.plain?.close();
  await rm(work, { recursive: true, force: true });
});

async function open(base: string, path: string, mode: "light" | "dark", width = 1280): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height: 800 } });
  await ctx.addInitScript((m) => localStorage.setItem("color-mode-setting", m), mode);
  const page = await ctx.newPage();
  await page.goto(base + path);
  return page;
}

/** The computed colours of the navbar, its title, its active item and another item. */
const navbarColours = (page: Page) =>
  page.evaluate(() => {
    const style = (sel: string) => getComputedStyle(document.querySelector(sel)!);
    return {
      background: style(".navbar").backgroundColor,
      title: style(".navbar__inner .navbar__title").color,
      active: style(".navbar__items .navbar__link--active").color,
      other: style(".navbar__items .navbar__link:not(.navbar__link--active)").color,
    };
  });

const WHITE = "rgb(255, 255, 255)";
const PRIMARY = "rgb(90, 189, 238)";

describe("the navbar's colours, as Infima's variables give them", () => {
  it.each([
    // The site's `:root` variables hold in dark mode too (Infima's dark mode does not set them); its dark background.
    ["light", "rgb(0, 14, 56)"],
    ["dark", "rgb(36, 37, 38)"],
  ] as const)("from the site's --ifm-navbar-* variables (%s mode)", async (mode, background) => {
    const page = await open(sites.plain.base, "/docs/intro/", mode);
    // The title and items take the link colour, the current section's item the hover colour (the primary).
    expect(await navbarColours(page)).toEqual({ background, title: WHITE, active: PRIMARY, other: WHITE });
    await page.context().close();
  });

  it.each(["light", "dark"] as const)(
    "with navbar.style dark: Infima's navbar--dark over the site's (%s mode)",
    async (mode) => {
      const page = await open(sites.dark.base, "/docs/intro/", mode);
      expect(await page.getAttribute(".navbar", "class")).toContain("navbar--dark");
      // react-native-website's case: light items (Infima's gray-100) on #242526, the active one in the primary.
      const gray100 = "rgb(245, 246, 247)";
      expect(await navbarColours(page)).toEqual({
        background: "rgb(36, 37, 38)",
        title: gray100,
        active: PRIMARY,
        other: gray100,
      });
      await page.context().close();
    },
  );

  it("the menu button and the colour toggle take a dark navbar's text colour (white)", async () => {
    const page = await open(sites.dark.base, "/docs/intro/", "light", 375);
    const colours = await page.evaluate(() => ({
      menuButton: getComputedStyle(document.querySelector(".navbar__toggle")!).color,
      colourToggle: getComputedStyle(document.querySelector(".navbar__inner .color-toggle")!).color,
    }));
    // Infima's `.navbar--dark { color: var(--ifm-color-white) }`, which Docusaurus' `clean-btn` buttons inherit.
    expect(colours).toEqual({ menuButton: WHITE, colourToggle: WHITE });
    // Hovered, it keeps the bar's dark ground under its white icon (at most a faint veil), not the page's light hover
    // ground (246,248,250), on which the white icon vanished.
    await page.hover(".navbar__toggle");
    const hovered = await page.$eval(".navbar__toggle", (b) => getComputedStyle(b).backgroundColor);
    const alpha = Number(/^rgba\([^)]*,\s*([\d.]+)\)$/.exec(hovered)?.[1] ?? 1);
    expect(alpha, `hover ground ${hovered}`).toBeLessThanOrEqual(0.15);
    await page.context().close();
  });
});

describe("the announcement bar without colours", () => {
  it.each(["light", "dark"] as const)("is white with black text, its bold link underlined (%s mode)", async (mode) => {
    const page = await open(sites.dark.base, "/docs/intro/", mode);
    const bar = await page.evaluate(() => {
      const el = document.querySelector(".announcement")!;
      const link = el.querySelector("b > a")!;
      return {
        background: getComputedStyle(el).backgroundColor,
        color: getComputedStyle(el).color,
        link: link.getAttribute("href"),
        linkColor: getComputedStyle(link).color,
        underline: getComputedStyle(link).textDecorationLine,
        bold: Number(getComputedStyle(link).fontWeight) >= 700,
      };
    });
    expect(bar).toEqual({
      background: WHITE,
      color: "rgb(0, 0, 0)",
      link: "/docs/intro",
      linkColor: "rgb(0, 0, 0)",
      underline: "underline",
      bold: true,
    });
    await page.context().close();
  });
});

describe("a phone's width", () => {
  it.each(["dark", "plain"] as const)(
    "the home fits 375 px, its long navbar title on one line (%s navbar)",
    async (kind) => {
      const page = await open(sites[kind].base, "/", "light", 375);
      const seen = await page.evaluate(() => {
        const title = document.querySelector(".navbar__inner .navbar__title")!;
        const range = document.createRange();
        range.selectNodeContents(title);
        return {
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          // Lines of the title's text: the distinct tops of its boxes.
          titleLines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
          titleInside: title.getBoundingClientRect().right <= window.innerWidth,
        };
      });
      expect(seen).toEqual({ overflow: 0, titleLines: 1, titleInside: true });
      await page.context().close();
    },
  );
});
