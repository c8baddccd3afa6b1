// A migrated site in real Chromium (tests/fixtures/docusaurus-brand, imported, built and served on 127.0.0.1): its
// home page, its brand colours and fonts in both colour modes, its navbar (logos, dropdown, icon links), its
// redirects, and its islands: they respond, keep their state when the reader goes back in history, load lazily, are
// absent from pages that do not use them, hydrate without mismatches, and stay within the JavaScript budget.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";
import { importDocusaurus } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";
import { serveDir } from "../support/served.ts";
import { gz } from "../support/bytes.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-brand");
const KB = 1024;
let browser: Browser;
let work: string;
let dist: string;
let base: string;
let served: Awaited<ReturnType<typeof serveDir>> | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-brand-browser-"));
  const out = join(work, "site");
  await importDocusaurus(fixture, out);
  dist = join(out, "dist");
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
async function open(mode: "light" | "dark" = "light"): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript((m) => {
    (window as unknown as { __docsiteCheckHydration: boolean }).__docsiteCheckHydration = true;
    // Init scripts run in frames too: the video player's (an error page here) has no storage.
    try {
      localStorage.setItem("color-mode-setting", m);
    } catch {}
  }, mode);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    // The video player's own address is not reachable from the test machine: its failure is not the site's.
    if (m.type() === "error" && !/youtube-nocookie|ERR_NAME_NOT_RESOLVED|net::/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return { ctx, page, errors };
}

const ready = (page: Page, selector = "docsite-island[data-island-ready]") =>
  page.waitForSelector(selector, { timeout: 10_000 });

describe("a migrated site's face", () => {
  it("has its home page at / (the React page of src/pages), with its title", async () => {
    const { ctx, page, errors } = await open();
    await page.goto(`${base}/`);
    expect(await page.title()).toBe("Welcome | Brandbook");
    expect(await page.textContent("h1.hero__title")).toBe("Brandbook");
    expect(await page.locator(".col.col--4").count()).toBe(3);
    // The three feature columns side by side, as Infima's grid lays them out.
    const tops = await page.$$eval(".col.col--4", (cols) => cols.map((c) => Math.round(c.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it.each([
    ["light", "rgb(46, 133, 85)", "rgb(242, 251, 246)"],
    ["dark", "rgb(37, 194, 160)", "rgb(16, 35, 26)"],
  ] as const)("shows the brand colours of its custom CSS in %s mode, and its font", async (mode, primary, navbar) => {
    const { ctx, page } = await open(mode);
    await page.goto(`${base}/docs/guides/first-steps/`);
    expect(await page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe(mode);
    const styles = await page.evaluate(() => ({
      link: getComputedStyle(document.querySelector(".markdown a[href]")!).color,
      active: getComputedStyle(document.querySelector(".navbar__link--active")!).color,
      button: getComputedStyle(document.querySelector(".counter")!).backgroundColor,
      navbar: getComputedStyle(document.querySelector(".navbar")!).backgroundColor,
      font: getComputedStyle(document.body).fontFamily,
    }));
    expect(styles.link).toBe(primary);
    expect(styles.active).toBe(primary);
    expect(styles.button).toBe(primary);
    expect(styles.navbar).toBe(navbar);
    expect(styles.font).toMatch(/^Georgia/);
    await page.goto(`${base}/`);
    expect(await page.$eval(".hero--primary", (el) => getComputedStyle(el).backgroundColor)).toBe(primary);
    await ctx.close();
  });

  it.each(["light", "dark"] as const)("shows the %s logo, loaded, and hides the other", async (mode) => {
    const { ctx, page } = await open(mode);
    await page.goto(`${base}/docs/intro/`);
    const logos = await page.$$eval(".navbar__inner .navbar__brand img", (imgs) =>
      imgs.map((i) => ({
        src: i.getAttribute("src"),
        shown: (i as HTMLImageElement).getBoundingClientRect().width > 0,
        loaded: (i as HTMLImageElement).naturalWidth > 0,
      })),
    );
    const shown = logos.filter((l) => l.shown);
    expect(shown).toHaveLength(1);
    expect(shown[0].src).toBe(mode === "dark" ? "/img/logo-dark.svg" : "/img/logo.svg");
    expect(shown[0].loaded).toBe(true);
    await ctx.close();
  });

  it("has a dropdown whose links lead to the site's pages", async () => {
    const { ctx, page } = await open();
    await page.goto(`${base}/docs/intro/`);
    await page.hover(".dropdown__toggle:text('Community')");
    await page.click(".dropdown__link:text('Help')");
    await page.waitForURL(`${base}/help/`);
    expect(await page.textContent("h1")).toBe("Getting help");
    await ctx.close();
  });

  it("has its icon links: GitHub drawn by its own CSS, Discord by docsite's icon, both named", async () => {
    const { ctx, page } = await open();
    await page.goto(`${base}/docs/intro/`);
    const github = page.locator(".navbar__inner a.header-github-link");
    expect(await github.getAttribute("href")).toBe("https://github.com/example/brandbook");
    expect(await github.getAttribute("aria-label")).toBe("GitHub repository");
    expect(await github.evaluate((a) => getComputedStyle(a, "::before").backgroundImage)).toContain(
      "data:image/svg+xml",
    );
    expect(await github.evaluate((a) => a.getBoundingClientRect().width)).toBeGreaterThan(20);
    const discord = page.locator('.navbar__inner a[href="https://discord.gg/brandbook"]');
    expect(await discord.locator("svg").getAttribute("aria-label")).toBe("Discord");
    expect(await discord.getAttribute("target")).toBe("_blank");
    await ctx.close();
  });
});

describe("a migrated site's chrome, as Docusaurus draws it", () => {
  it("its base font size, its content colour on text and navbar links, its coloured announcement bar", async () => {
    const { ctx, page, errors } = await open();
    await page.goto(`${base}/docs/intro/`);
    const seen = await page.evaluate(() => {
      const style = (sel: string) => getComputedStyle(document.querySelector(sel)!);
      return {
        size: style("body").fontSize,
        text: style("body").color,
        navbarLink: style(".navbar__items .navbar__link:not(.navbar__link--active)").color,
        bar: style(".announcement").backgroundColor,
        barLink: style(".announcement__content a").color,
      };
    });
    // --ifm-font-size-base is 17px above 996px; --ifm-color-content is black; the bar is #20232a with white text.
    expect(seen).toEqual({
      size: "17px",
      text: "rgb(0, 0, 0)",
      navbarLink: "rgb(0, 0, 0)",
      bar: "rgb(32, 35, 42)",
      barLink: "rgb(255, 255, 255)",
    });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a labelled navbar item whose class the site draws shows the site's icon, its label hidden by the site's CSS", async () => {
    const { ctx, page } = await open();
    await page.goto(`${base}/docs/intro/`);
    const link = page.locator(".navbar__inner a.header-sourcecraft-link");
    expect(await link.getAttribute("aria-label")).toBe("SourceCraft repository");
    expect(await link.evaluate((a) => getComputedStyle(a, "::before").backgroundImage)).toContain("data:image/svg+xml");
    expect(await link.evaluate((a) => getComputedStyle(a).fontSize)).toBe("0px");
    await ctx.close();
  });
});

describe("redirects", () => {
  it("land on their target: a 301 from docsite serve", async () => {
    const { ctx, page } = await open();
    for (const [from, to] of [
      ["/start", "/docs/intro/"],
      ["/docs/old-intro", "/docs/intro/"],
      ["/docs/tutorials/video/", "/docs/guides/video/"],
      ["/fr/getting-started", "/fr/docs/intro/"],
    ]) {
      const res = await page.goto(base + from);
      expect(new URL(page.url()).pathname).toBe(to);
      expect(res?.status()).toBe(200);
      expect(res?.request().redirectedFrom()?.url()).toBe(base + from);
    }
    await ctx.close();
  });

  it("land on their target from the static redirect page alone (a host without _redirects)", async () => {
    const plain = join(work, "no-redirects-file");
    await cp(dist, plain, { recursive: true });
    await rm(join(plain, "_redirects"));
    const host = await serveDir(plain);
    const { ctx, page } = await open();
    try {
      await page.goto(`${host.base}/start/`);
      await page.waitForURL(`${host.base}/docs/intro/`);
      expect(await page.textContent("h1")).toBe("Introduction");
    } finally {
      await ctx.close();
      await host.close();
    }
  });
});

describe("islands", () => {
  it("respond to a click, keep their state across a client navigation away and back, and are absent elsewhere", async () => {
    const { ctx, page, errors } = await open();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${base}/docs/guides/first-steps/`);
    await ready(page);
    await page.click(".counter");
    await page.click(".counter");
    expect(await page.textContent(".counter__value")).toBe("4");
    // Away by a link (the client router swaps the page), and back in history.
    await page.click('.markdown a[href="/docs/guides/static/"]');
    await page.waitForURL(`${base}/docs/guides/static/`);
    await page.waitForSelector("h1:text('Static')");
    expect(await page.locator("docsite-island[data-src]").count()).toBe(0);
    await page.goBack();
    await page.waitForURL(`${base}/docs/guides/first-steps/`);
    await page.waitForSelector(".counter");
    expect(await page.textContent(".counter__value")).toBe("4");
    await page.click(".counter");
    expect(await page.textContent(".counter__value")).toBe("5");
    // A fresh load of a page without islands loads neither their runtime nor any island.
    scripts.length = 0;
    await page.goto(`${base}/docs/guides/static/`);
    await page.waitForSelector("html[data-hydrated]");
    expect(scripts.filter((s) => /\/assets\/(island|islands|react)[-.]/.test(s))).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a lite video embed loads its island when scrolled to, and becomes the player on click", async () => {
    const { ctx, page, errors } = await open();
    const chunks: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/assets/island-")) chunks.push(new URL(r.url()).pathname);
    });
    await page.goto(`${base}/docs/guides/video/`);
    await page.waitForSelector("html[data-hydrated]");
    await page.waitForTimeout(300);
    expect(chunks).toEqual([]);
    await page.locator(".lite-youtube").scrollIntoViewIfNeeded();
    await ready(page);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatch(/^\/assets\/island-LiteYouTube\./);
    await page.click(".lite-youtube");
    expect(await page.getAttribute("iframe.lite-youtube__player", "src")).toBe(
      "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1",
    );
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("children an island does not draw at first appear when it draws them, links and all", async () => {
    const { ctx, page, errors } = await open();
    await page.goto(`${base}/docs/guides/widgets/`);
    await ready(page);
    expect(await page.locator(".accordion__body").count()).toBe(0);
    await page.click(".accordion__toggle");
    expect(await page.textContent(".accordion__body strong")).toBe("bold");
    await page.click(".accordion__body a");
    await page.waitForURL(`${base}/docs/intro/`);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("the home page's island and a page that is an island as a whole work; no hydration mismatch anywhere", async () => {
    const { ctx, page, errors } = await open("dark");
    await page.goto(`${base}/`);
    await ready(page);
    await page.click(".counter");
    expect(await page.textContent(".counter__value")).toBe("1");
    await page.goto(`${base}/showcase/`);
    await ready(page);
    await page.fill(".showcase-filter", "ga");
    expect(await page.locator(".showcase-list li").allTextContents()).toEqual(["Gamma"]);
    expect(await page.locator(".error-screen").count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a mismatch between what the server drew and what the browser draws is an error", async () => {
    const { ctx, page, errors } = await open();
    // The server drew "2"; the page is changed before the island hydrates, as a mismatched render would leave it.
    await page.route("**/docs/guides/first-steps/", async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace(
        '<span class="counter__value">2</span>',
        '<span class="counter__value">7</span>',
      );
      await route.fulfill({ response: res, body });
    });
    await page.goto(`${base}/docs/guides/first-steps/`);
    await page.waitForSelector(".error-screen", { timeout: 10_000 });
    expect(await page.textContent(".error-screen pre")).toMatch(
      /hydration mismatch in the island .*island-Counter.*"7".*"2"/s,
    );
    expect(errors.join("\n")).toMatch(/hydration mismatch/);
    await ctx.close();
  });

  it("a page with one island stays under 60 KB of JavaScript (gzip)", async () => {
    const { ctx, page } = await open();
    const scripts = new Set<string>();
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(`${base}/docs/guides/first-steps/`);
    await ready(page);
    let total = 0;
    for (const s of scripts) total += gz(await readFile(join(dist, s)));
    expect([...scripts].some((s) => s.includes("/island-Counter."))).toBe(true);
    expect(total).toBeGreaterThan(10 * KB);
    expect(total).toBeLessThan(60 * KB);
    await ctx.close();
  });
});
