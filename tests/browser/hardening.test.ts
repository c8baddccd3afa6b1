// The site under hostile or plain conditions, in real Chromium: its own Content-Security-Policy (with the web font,
// analytics and hosted search it names), blocked storage, a search chunk that cannot load, hosted-search hits with
// links that are not http(s), a plain static host without docsite's server, and a phone with JavaScript off.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import http from "node:http";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { launchChromium } from "../support/chromium.ts";
import { injectAxe } from "../support/axe.ts";
import { serveFixture } from "../support/served.ts";
import { removeSite } from "../support/site.ts";
import { contentType } from "../../cli/server/mime.ts";
import { decodeRequestPath, fileInside } from "../../cli/server/safe-path.ts";
import { servedAlgoliaSuite } from "../support/algolia-site.ts";

const base = inject("baseUrl");
const dist = inject("distDir");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** A context that records CSP violations (from an init script, which the policy does not apply to) and errors. */
async function watched(opts: Parameters<Browser["newContext"]>[0] = {}): Promise<{
  ctx: BrowserContext;
  page: Page;
  violations: () => Promise<string[]>;
  errors: string[];
}> {
  const ctx = await browser.newContext(opts);
  await ctx.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__csp.push(`${e.effectiveDirective} ${e.blockedURI || "inline"} ${e.sample}`),
    );
  });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return {
    ctx,
    page,
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  };
}

/** The web font's provider, answered locally: a stylesheet that points at a font file on the font host. */
async function fakeFontHost(ctx: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await ctx.route("https://fonts.googleapis.com/**", (r) => {
    seen.push(r.request().url());
    return r.fulfill({
      contentType: "text/css",
      body: '@font-face{font-family:"Inter";src:url(https://fonts.gstatic.com/s/inter/test.woff2) format("woff2")}',
    });
  });
  await ctx.route("https://fonts.gstatic.com/**", (r) => {
    seen.push(r.request().url());
    return r.fulfill({ contentType: "font/woff2", body: Buffer.from("not really a font") });
  });
  return seen;
}

describe("Content-Security-Policy", () => {
  it("lets the real site run fully under its own policy, and the policy is enforced", async () => {
    const { ctx, page, violations, errors } = await watched();
    const fonts = await fakeFontHost(ctx);
    const res = await page.goto(`${base}/ru/docs/v8/quickstart/`);
    const csp = res!.headers()["content-security-policy"];
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).toContain("https://fonts.googleapis.com");
    expect(res!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    await page.waitForSelector("html[data-hydrated]");
    // The inline head script ran (js class), the font stylesheet's onload handler ran (media=all), the font came.
    expect(await page.evaluate(() => document.documentElement.className)).toContain("js");
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[href^="https://fonts.googleapis.com/"]')].every(
        (l) => l.media === "all",
      ),
    );
    await page.evaluate(() => document.fonts.load('16px "Inter"').catch(() => null));
    expect(fonts.some((u) => u.startsWith("https://fonts.gstatic.com/"))).toBe(true);
    // Search (chunks, config, index) and client navigation work.
    await page.keyboard.press("Control+k");
    await page.locator(".search-modal__input").fill("запуск");
    await page.waitForSelector(".search-modal a.search-hit");
    await page.keyboard.press("Escape");
    await page.locator('.menu a[href="/ru/docs/v8/"]').first().click();
    await page.waitForURL(`${base}/ru/docs/v8/`);
    for (const path of ["/", "/ru/search/?q=браузер", "/ru/no-such-page/", "/blog/"]) {
      await page.goto(base + path);
      await page.waitForSelector("html[data-hydrated]");
    }
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    // A script the site did not write is refused: the policy is really on.
    await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__injected = true";
      document.head.append(s);
    });
    expect(await page.evaluate(() => "__injected" in window)).toBe(false);
    expect((await violations()).join()).toContain("script-src-elem inline");
    await ctx.close();
  });

  it("allows the analytics counter the config names, and only it", async () => {
    const site = await serveFixture({}, (c) => {
      c.analytics = { yandexMetrika: { counterId: "12345", webvisor: true, trackHash: true } };
    });
    try {
      const { ctx, page, violations, errors } = await watched();
      await ctx.route("https://mc.yandex.ru/metrika/tag.js", (r) =>
        r.fulfill({ contentType: "text/javascript", body: "window.__metrikaLoaded = true;" }),
      );
      const res = await page.goto(`${site.base}/ru/docs/v1/`);
      expect(res!.headers()["content-security-policy"]).toContain("https://mc.yandex.ru");
      await page.waitForFunction(() => (window as unknown as { __metrikaLoaded?: boolean }).__metrikaLoaded);
      expect(await violations()).toEqual([]);
      expect(errors).toEqual([]);
      await ctx.close();
    } finally {
      await site.close();
    }
  });
});

describe("hosted search under the policy", () => {
  const algolia = servedAlgoliaSuite();

  it("reaches the configured service and drops hits whose link is not http(s)", async () => {
    const { ctx, page, violations, errors } = await watched();
    const res = await page.goto(`${algolia.origin}/ru/docs/v1/guide/first/`);
    expect(res!.headers()["content-security-policy"]).toContain(`connect-src 'self' ${algolia.fake.origin}`);
    await page.waitForSelector("html[data-hydrated]");
    await page.keyboard.press("Control+k");
    await page.locator(".search-modal__input").fill("evil установка");
    await page.waitForSelector(".search-modal a.search-hit");
    const hrefs = await page
      .locator(".search-modal a.search-hit")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/ru/docs/v1/guide/first/", "/ru/docs/v1/guide/first/#install"]);
    expect(await page.locator(".search-modal").textContent()).not.toContain("Evil");
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe("storage that throws on access", () => {
  it("raises no error and leaves navigation, search and the colour toggle working", async () => {
    const { ctx, page, errors } = await watched();
    await ctx.addInitScript(() => {
      for (const name of ["localStorage", "sessionStorage"])
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException("The operation is insecure.", "SecurityError");
          },
        });
    });
    await page.goto(`${base}/ru/docs/v8/`);
    await page.waitForSelector("html[data-hydrated]");
    expect(
      await page.evaluate(() =>
        String(
          (() => {
            try {
              return localStorage;
            } catch (e) {
              return e;
            }
          })(),
        ),
      ),
    ).toContain("insecure");
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    await page.locator('.menu a[href="/ru/docs/v8/quickstart/"]').first().click();
    await page.waitForURL(`${base}/ru/docs/v8/quickstart/`);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await page.keyboard.press("Control+k");
    await page.locator(".search-modal__input").fill("скриншот");
    await page.waitForSelector(".search-modal a.search-hit");
    await page.locator(".search-modal a.search-hit").first().click();
    await page.waitForFunction(() => !document.querySelector(".search-modal"));
    const before = await page.evaluate(() => document.documentElement.getAttribute("data-theme"));
    await page.locator(".color-toggle").click();
    expect(await page.evaluate(() => document.documentElement.getAttribute("data-theme"))).not.toBe(before);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe("a search chunk that cannot be loaded", () => {
  it("shows the error screen, once, and never reloads the page", async () => {
    const { ctx, page, errors } = await watched();
    await page.goto(`${base}/ru/docs/v8/`);
    await page.waitForSelector("html[data-hydrated]");
    // Everything the page needed is loaded; from now on no chunk can be fetched (a deployment replaced them).
    await page.route("**/assets/chunk.*.js", (r) => r.abort());
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Control+k");
      await page.waitForSelector(".error-screen");
    }
    await page.locator(".navbar .search-button").click();
    await page.waitForTimeout(300);
    expect(await page.locator(".error-screen").count()).toBe(1);
    expect(await page.locator(".error-screen .alert__title").textContent()).toBe("Не удалось загрузить страницу.");
    expect(await page.locator(".error-screen button").textContent()).toBe("Повторить");
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

/** A static host as GitHub Pages and Netlify are: files and folder index.html, /404.html for anything else. */
async function plainStaticHost(dir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const decoded = decodeRequestPath(req.url);
    const file = decoded.ok
      ? fileInside(dir, decoded.path.endsWith("/") ? `${decoded.path}index.html` : decoded.path)
      : null;
    const s = file ? await stat(file).catch(() => null) : null;
    if (file && s?.isFile()) {
      res.writeHead(200, { "Content-Type": contentType(file) }).end(await readFile(file));
    } else if (s?.isDirectory() && decoded.ok) {
      res.writeHead(301, { Location: `${decoded.path}/` }).end();
    } else {
      res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" }).end(await readFile(join(dir, "404.html")));
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("on a plain static host", () => {
  let host: Awaited<ReturnType<typeof plainStaticHost>>;
  beforeAll(async () => {
    host = await plainStaticHost(dist);
  });
  afterAll(() => host.close());

  it("/ru/unknown/ shows the Russian 404 page at that address", async () => {
    const { ctx, page, errors } = await watched();
    const res = await page.goto(`${host.origin}/ru/unknown/`);
    expect(res!.status()).toBe(404);
    await page.waitForSelector('html[lang="ru"] #main-content h1');
    expect(await page.locator("#main-content h1").textContent()).toBe("Страница не найдена");
    expect(new URL(page.url()).pathname).toBe("/ru/unknown/");
    // The English 404 at an English address stays as it is.
    await page.goto(`${host.origin}/unknown/`);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.locator("#main-content h1").textContent()).toBe("Page not found");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("/ru/docs/v8/quickstart.html ends on the real page at its clean address", async () => {
    const { ctx, page, errors } = await watched();
    await page.goto(`${host.origin}/ru/docs/v8/quickstart.html`);
    await page.waitForURL(`${host.origin}/ru/docs/v8/quickstart/`);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.evaluate(() => document.getElementById("__docsite")?.getAttribute("data-route"))).toBe("doc");
    expect(await page.title()).toContain("Быстрый старт");
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe("a phone with JavaScript off", () => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

  it("reaches every navbar link and dropdown item", async () => {
    const ctx = await browser.newContext({ ...phone, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${base}/ru/docs/v8/`);
    expect(await page.locator("html.no-js").count()).toBe(1);
    expect(await page.locator(".navbar__inner .navbar__toggle").isVisible()).toBe(false);
    const links = page.locator(".navbar__inner .navbar__items > a.navbar__link");
    expect(await links.count()).toBeGreaterThan(2);
    for (const l of await links.all()) expect(await l.isVisible(), (await l.textContent()) ?? "").toBe(true);
    const dropdowns = page.locator(".navbar__inner .dropdown");
    expect(await dropdowns.count()).toBe(2);
    for (const d of await dropdowns.all()) {
      await d.locator(".dropdown__toggle").tap();
      for (const a of await d.locator(".dropdown__link").all()) expect(await a.isVisible()).toBe(true);
    }
    // The locale dropdown's English link takes the reader there.
    const locale = dropdowns.last();
    await locale.locator(".dropdown__toggle").tap();
    await locale.locator('.dropdown__link[hreflang="en"]').tap();
    await page.waitForURL(`${base}/docs/v8/`);
    await ctx.close();
  });

  it("has no axe violations in that state", async () => {
    const ctx = await browser.newContext(phone);
    const page = await ctx.newPage();
    // JavaScript on for axe only: the page's own scripts are removed, so it renders as with JavaScript off.
    await page.route(`${base}/ru/docs/v8/`, async (r) => {
      const res = await r.fetch();
      const html = (await res.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
      await r.fulfill({ response: res, body: html });
    });
    await page.goto(`${base}/ru/docs/v8/`);
    expect(await page.locator("html.no-js").count()).toBe(1);
    await page.locator(".navbar__inner .dropdown__toggle").first().focus();
    await injectAxe(page);
    const violations = await page.evaluate(async () => {
      const r = await (window as any).axe.run(document, { resultTypes: ["violations"] });
      return r.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(" ")).join(" | ")}`);
    });
    expect(violations).toEqual([]);
    await ctx.close();
  });
});

// Issue #31, item 7: the router swaps in docsite pages only; anything else the origin serves is loaded for real.
describe("client navigation to a page docsite did not make", () => {
  let site: Awaited<ReturnType<typeof serveFixture>>;
  beforeAll(async () => {
    site = await serveFixture(
      {
        "static/other/index.html": '<!doctype html><title>Other</title><h1 id="other">Another app</h1>\n',
        "content/en/docs/v1/guide/away.mdx": "---\ntitle: Away\ndescription: X.\n---\n\n[Another app](/other/)\n",
      },
      (c) => {
        c.onBrokenLinks = "warn"; // the Russian copy of the page links to /ru/other/, which is not there
      },
    );
  });
  afterAll(async () => {
    // Chromium may keep a connection open until the browser closes (after this hook): the server's close is not
    // waited for beyond a moment, and the fixture goes in any case.
    await Promise.race([site?.close(), new Promise((r) => setTimeout(r, 5_000))]);
    if (site) await removeSite(site.root);
  });

  it("a link to an HTML page without docsite's root (200): a full load of that page, no error screen", async () => {
    const { ctx, page, errors } = await watched();
    try {
      await page.goto(`${site.base}/docs/v1/guide/away/`);
      await page.waitForSelector("html[data-hydrated]");
      await page.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });
      await page.click('a[href="/other/"]');
      await page.waitForSelector("#other");
      expect(new URL(page.url()).pathname).toBe("/other/");
      // A new document (a real load), not the old one with the error screen in it.
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
        undefined,
      );
      expect(await page.locator(".error-screen").count()).toBe(0);
      // Back returns to the docs page.
      await page.goBack();
      await page.waitForSelector("html[data-hydrated]");
      expect(new URL(page.url()).pathname).toBe("/docs/v1/guide/away/");
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
