// Reader-facing states of the theme, in real Chromium against the built Testplane site.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";

const base = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

async function open(
  path: string,
  opts: Parameters<Browser["newContext"]>[0] = {},
  init?: () => void,
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext(opts);
  if (init) await ctx.addInitScript(init);
  const page = await ctx.newPage();
  await page.goto(base + path);
  await page.waitForSelector("html[data-hydrated]");
  return { ctx, page };
}
const theme = (p: Page) =>
  p.evaluate(() => [
    document.documentElement.getAttribute("data-theme"),
    document.documentElement.getAttribute("data-theme-choice"),
  ]);

describe("colour mode", () => {
  it("cycles light → dark → system → light, stores the choice and applies it before paint", async () => {
    const { ctx, page } = await open("/ru/docs/v8/", { colorScheme: "dark" });
    expect(await theme(page)).toEqual(["light", "light"]);
    const toggle = page.locator(".color-toggle");
    await toggle.click();
    expect(await theme(page)).toEqual(["dark", "dark"]);
    await toggle.click();
    expect(await theme(page)).toEqual(["dark", "system"]); // the OS prefers dark here
    expect(await toggle.getAttribute("aria-label")).toContain("как в системе");
    await toggle.click();
    expect(await theme(page)).toEqual(["light", "light"]);
    await toggle.click();
    expect(
      await page.evaluate(() => [localStorage.getItem("color-mode-setting"), localStorage.getItem("theme")]),
    ).toEqual(["dark", "dark"]);
    // A new page applies the stored mode in the head script, before any module runs.
    const seen = await ctx.newPage();
    await seen.route("**/assets/entry.*.js", (r) => r.abort());
    await seen.goto(base + "/ru/docs/v8/quickstart/");
    expect(await theme(seen)).toEqual(["dark", "dark"]);
    await ctx.close();
  });

  it("takes a theme stored under Docusaurus' 'theme' key when no choice is stored yet", async () => {
    const { ctx, page } = await open("/ru/docs/v8/", {}, () => {
      if (!localStorage.getItem("color-mode-setting")) localStorage.setItem("theme", "dark");
    });
    expect(await theme(page)).toEqual(["dark", "dark"]);
    expect(await page.locator(".color-toggle").getAttribute("data-mode")).toBe("dark");
    await page.locator(".color-toggle").click();
    expect(
      await page.evaluate(() => [localStorage.getItem("color-mode-setting"), localStorage.getItem("theme")]),
    ).toEqual(["system", "light"]);
    await ctx.close();
  });

  it("follows a change made in another tab", async () => {
    const { ctx, page } = await open("/ru/docs/v8/");
    const other = await ctx.newPage();
    await other.goto(base + "/docs/v8/");
    await other.waitForSelector("html[data-hydrated]");
    await page.locator(".color-toggle").click();
    await other.waitForFunction(() => document.documentElement.getAttribute("data-theme") === "dark");
    expect(await other.locator(".color-toggle").getAttribute("data-mode")).toBe("dark");
    await ctx.close();
  });

  it("is not applied on the landing pages", async () => {
    const { ctx, page } = await open("/ru/docs/v8/", {}, () => localStorage.setItem("color-mode-setting", "dark"));
    expect((await theme(page))[0]).toBe("dark");
    for (const path of ["/ru/", "/"]) {
      await page.goto(base + path);
      expect((await theme(page))[0], path).toBe("light");
      expect(await page.locator(".color-toggle").count()).toBe(0);
    }
    await ctx.close();
  });
});

describe("navbar", () => {
  it("hides on scroll down and shows on scroll up", async () => {
    const { ctx, page } = await open("/ru/docs/v8/config/browsers/");
    const hidden = () =>
      page.evaluate(() => document.querySelector("[data-navbar]")!.classList.contains("navbar--hidden"));
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => document.querySelector("[data-navbar]")!.classList.contains("navbar--hidden"));
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(() => !document.querySelector("[data-navbar]")!.classList.contains("navbar--hidden"));
    expect(await hidden()).toBe(false);
    await ctx.close();
  });

  it("switches the locale to the same page and lists versions with 'All versions'", async () => {
    const { ctx, page } = await open("/ru/docs/v8/commands/element/click/");
    const locale = page.locator('[data-dropdown]:has(a[hreflang="en"])');
    await locale.locator("button").click();
    expect(await locale.locator("button").getAttribute("aria-expanded")).toBe("true");
    await locale.locator('a[hreflang="en"]').click();
    await page.waitForURL(base + "/docs/v8/commands/element/click/");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    const versions = page.locator('[data-dropdown]:has(a[href="/versions/"])');
    await versions.locator("button").focus();
    await page.keyboard.press("Enter");
    await versions.locator('a[href="/versions/"]').click();
    await page.waitForURL(base + "/versions/");
    expect(await page.locator("h1").textContent()).toBe("Testplane documentation versions");
    await ctx.close();
  });

  it("opens the mobile menu with the docs sidebar, goes back to the main menu, and closes on desktop width and on back", async () => {
    const { ctx, page } = await open("/ru/docs/v8/commands/browser/url/", { viewport: { width: 390, height: 800 } });
    expect(await page.locator(".doc-sidebar").isVisible()).toBe(false);
    await page.locator("[data-mobile-menu-open]").click();
    const menu = page.locator("[data-mobile-menu]");
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getAttribute("data-view")).toBe("secondary");
    expect(await menu.locator('[data-mobile-menu-sidebar] a[href="/ru/docs/v8/commands/browser/url/"]').count()).toBe(
      1,
    );
    await page.locator("[data-mobile-menu-back]").click();
    expect(await menu.getAttribute("data-view")).toBe("primary");
    expect(await menu.locator('.mobile-menu__primary a[href="/ru/blog/"]').isVisible()).toBe(true);
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.waitForFunction(() => (document.querySelector("[data-mobile-menu]") as HTMLElement).hidden);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.locator("[data-mobile-menu-open]").click();
    await page.keyboard.press("Escape");
    expect(await menu.isVisible()).toBe(false);
    // A link in the menu navigates and closes it; Back closes it too.
    await page.locator("[data-mobile-menu-open]").click();
    await menu.locator('[data-mobile-menu-sidebar] a[href="/ru/docs/v8/quickstart/"]').click();
    await page.waitForURL(base + "/ru/docs/v8/quickstart/");
    expect(await menu.isVisible()).toBe(false);
    await page.locator("[data-mobile-menu-open]").click();
    await page.goBack();
    await page.waitForURL(base + "/ru/docs/v8/commands/browser/url/");
    expect(await page.locator("[data-mobile-menu]").isVisible()).toBe(false);
    await ctx.close();
  });
});

describe("keyboard only", () => {
  it("reaches main content through the skip link", async () => {
    const { ctx, page } = await open("/ru/docs/v8/commands/browser/url/");
    await page.keyboard.press("Tab");
    const skip = page.locator(".skip-link");
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => location.hash)).toBe("#main-content");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#main-content")))).toBe(true);
    await ctx.close();
  });

  it("opens a navbar dropdown with Enter, walks its links with Tab and closes it with Escape", async () => {
    const { ctx, page } = await open("/ru/docs/v8/");
    const dd = page.locator('[data-dropdown]:has(a[href="/ru/versions/"])');
    await dd.locator("button").focus();
    await page.keyboard.press("Enter");
    expect(await dd.locator("button").getAttribute("aria-expanded")).toBe("true");
    expect(await dd.locator(".dropdown__menu").evaluate((m) => getComputedStyle(m).visibility)).toBe("visible");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("v8");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("/ru/versions/");
    expect(await dd.locator(".dropdown__menu").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await dd.locator("button").getAttribute("aria-expanded")).toBe("false");
    await ctx.close();
  });
});

describe("docs page", () => {
  it("collapses and expands sidebar categories with an animation, instantly under reduced motion", async () => {
    // Every collapse animation's duration, in order (a collapsed category's items arrive first, then it opens).
    const countAnimations = () => {
      const seen: number[] = [];
      (window as unknown as { __durations: number[] }).__durations = seen;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, frames, options) {
        if (this.classList.contains("menu__list")) seen.push(Number((options as KeyframeAnimationOptions).duration));
        return animate.call(this, frames, options);
      };
    };
    const durations = (p: Page) => p.evaluate(() => (window as unknown as { __durations: number[] }).__durations);
    const { ctx, page } = await open("/ru/docs/v8/commands/browser/url/", {}, countAnimations);
    const row = page.locator("[data-sidebar] .menu__row:has(a[href='/ru/docs/v8/config/main/'])");
    const toggle = row.locator("[data-category-toggle]");
    const list = page.locator(
      "[data-sidebar] .menu__item--category:has(> .menu__row a[href='/ru/docs/v8/config/main/']) > .menu__list",
    );
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    // Collapsed and not on the page's path: its items are not in the page's HTML.
    expect(await list.count()).toBe(0);
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.waitForFunction(() => (window as unknown as { __durations: number[] }).__durations.length === 1);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await list.isVisible()).toBe(true);
    expect(await list.locator("a[href='/ru/docs/v8/config/sets/']").isVisible()).toBe(true);
    await toggle.press("Enter");
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await list.isVisible()).toBe(false);
    expect((await durations(page)).length).toBe(2);
    await ctx.close();
    const reduced = await open("/ru/docs/v8/commands/browser/url/", { reducedMotion: "reduce" }, countAnimations);
    await reduced.page.evaluate(() =>
      (document.querySelector("[data-sidebar] [data-category-toggle][aria-expanded=false]") as HTMLElement).click(),
    );
    await reduced.page.waitForFunction(() => (window as unknown as { __durations: number[] }).__durations.length === 1);
    expect(await durations(reduced.page)).toEqual([1]);
    await reduced.ctx.close();
  });

  it("opens and closes a category whose label is its toggle with Space and Enter, staying on the page", async () => {
    const { ctx, page } = await open("/ru/docs/v8/commands/browser/url/");
    const label = await page.locator("[data-sidebar] a.menu__link--toggle[aria-expanded=false]").first().textContent();
    const toggle = page.locator("[data-sidebar] a.menu__link--toggle", { hasText: label! });
    expect(await toggle.getAttribute("role")).toBe("button");
    await toggle.focus();
    await page.keyboard.press(" ");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const items = toggle.locator("xpath=../../ul[contains(@class, 'menu__list')]");
    await items.locator("a").first().waitFor();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await items.isVisible()).toBe(true);
    // The page the items came from marks its own link as current; here only this page's is.
    expect(await page.locator("[data-sidebar] [aria-current=page]").getAttribute("href")).toBe(
      "/ru/docs/v8/commands/browser/url/",
    );
    expect(page.url()).toBe(base + "/ru/docs/v8/commands/browser/url/");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(label);
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await items.isVisible()).toBe(false);
    expect(page.url()).toBe(base + "/ru/docs/v8/commands/browser/url/");
    await ctx.close();
  });

  it("opens external links (the upstream reference, footer links) in a new tab and says so to screen readers", async () => {
    const { ctx, page } = await open("/ru/docs/v8/commands/browser/url/");
    await ctx.route("https://webdriver.io/**", (r) =>
      r.fulfill({ contentType: "text/html", body: "<title>upstream</title>" }),
    );
    const upstream = page.getByRole("link", {
      name: "browser.url в справочнике API WebdriverIO (откроется в новой вкладке)",
    });
    expect(await upstream.getAttribute("href")).toBe("https://webdriver.io/docs/api/browser/url");
    expect(await upstream.getAttribute("target")).toBe("_blank");
    expect(await upstream.getAttribute("rel")).toBe("noopener noreferrer external");
    expect(await upstream.locator("svg.icon[aria-hidden=true]").count()).toBe(1);
    const [tab] = await Promise.all([ctx.waitForEvent("page"), upstream.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe("https://webdriver.io/docs/api/browser/url");
    expect(page.url()).toBe(base + "/ru/docs/v8/commands/browser/url/");
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    const footerExternal = page.locator("footer a[target=_blank]");
    expect(await footerExternal.count()).toBeGreaterThan(0);
    for (const hint of await footerExternal.evaluateAll((els) =>
      els.map((a) => [a.getAttribute("rel"), a.querySelector(".visually-hidden")?.textContent?.trim()]),
    ))
      expect(hint).toEqual(["noopener noreferrer external", "(откроется в новой вкладке)"]);
    const internal = page.locator(".markdown a[href='/ru/docs/v8/commands/browser/openAndWait/']").first();
    expect(await internal.getAttribute("target")).toBeNull();
    await ctx.close();
  });

  it("reaches a collapsed category's pages without JavaScript: its label leads to a page that shows it open", async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(base + "/ru/docs/v8/");
    const sets = page.locator("[data-sidebar] a[href='/ru/docs/v8/config/sets/']");
    expect(await sets.count()).toBe(0);
    await page.click("[data-sidebar] a[href='/ru/docs/v8/config/main/']");
    await page.waitForURL(base + "/ru/docs/v8/config/main/");
    expect(await sets.isVisible()).toBe(true);
    // A category without a page of its own: its label links to its first page, which shows it open.
    await page.goto(base + "/ru/docs/v8/");
    const first = page.locator("[data-sidebar] a.menu__link--toggle[aria-expanded=false]").first();
    const label = (await first.textContent())!;
    const href = (await first.getAttribute("href"))!;
    await first.click();
    await page.waitForURL(base + href);
    const opened = page.locator("[data-sidebar] a.menu__link--toggle", { hasText: label });
    expect(await opened.first().getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator(`[data-sidebar] a[aria-current=page][href='${href}']`).isVisible()).toBe(true);
    await ctx.close();
  });

  it("opens the active page's categories and highlights the TOC entry in view", async () => {
    const { ctx, page } = await open("/ru/docs/v8/commands/browser/url/");
    const toggles = page.locator(
      "[data-sidebar] .menu__item--category:has(a[aria-current=page]) > .menu__row > [data-category-toggle]",
    );
    expect(await toggles.count()).toBe(2);
    expect(await toggles.evaluateAll((els) => els.map((e) => e.getAttribute("aria-expanded")))).toEqual([
      "true",
      "true",
    ]);
    expect(await page.locator(".toc a").first().getAttribute("href")).toBe("#usage");
    await page.evaluate(() =>
      window.scrollTo(0, document.getElementById("examples")!.getBoundingClientRect().top + window.scrollY - 80),
    );
    await page.waitForFunction(
      () => document.querySelector(".toc__link--active")?.getAttribute("href") === "#examples",
    );
    expect(await page.locator(".breadcrumbs").count()).toBe(0);
    await ctx.close();
  });

  it("remembers the docs version and forgets one that no longer exists", async () => {
    const { ctx, page } = await open("/ru/docs/v8/", {}, () => {
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("docs-preferred-version-default", "v5");
      }
    });
    expect(await page.evaluate(() => localStorage.getItem("docs-preferred-version-default"))).toBe("v8");
    await page.goto(base + "/ru/blog/");
    await page.evaluate(() => localStorage.setItem("docs-preferred-version-default", "v1"));
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.evaluate(() => localStorage.getItem("docs-preferred-version-default"))).toBeNull();
    await ctx.close();
  });
});

describe("route loading", () => {
  it("shows the progress bar only when loading takes longer than 200 ms, and keeps the old page meanwhile", async () => {
    const { ctx, page } = await open("/ru/docs/v8/");
    await page.route("**/ru/docs/v8/quickstart/", async (r) => {
      if (r.request().resourceType() === "fetch") await new Promise((res) => setTimeout(res, 900));
      await r.continue();
    });
    await page.evaluate(() =>
      document.querySelector<HTMLAnchorElement>('[data-sidebar] a[href="/ru/docs/v8/quickstart/"]')!.click(),
    );
    await page.waitForSelector(".progress-bar", { timeout: 800 });
    expect(await page.locator(".markdown h1").textContent()).not.toBe("");
    expect(page.url()).toBe(base + "/ru/docs/v8/");
    await page.waitForURL(base + "/ru/docs/v8/quickstart/");
    await page.waitForSelector(".progress-bar", { state: "detached" });
    // A fast route: no bar at all.
    let appeared = false;
    await page.exposeFunction("barSeen", () => {
      appeared = true;
    });
    await page.evaluate(() =>
      new MutationObserver(() => {
        if (document.querySelector(".progress-bar")) (window as any).barSeen();
      }).observe(document.body, { childList: true }),
    );
    await page.locator('[data-sidebar] a[href="/ru/docs/v8/command-line/"]').click();
    await page.waitForURL(base + "/ru/docs/v8/command-line/");
    await page.waitForTimeout(300);
    expect(appeared).toBe(false);
    await ctx.close();
  });

  it("reloads the page when a route fails to load", async () => {
    const { ctx, page } = await open("/ru/docs/v8/");
    await page.route("**/ru/docs/v8/quickstart/", (r) =>
      r.request().resourceType() === "fetch" ? r.abort() : r.continue(),
    );
    await page.evaluate(() => {
      (window as any).__marker = 1;
    });
    await page.locator('[data-sidebar] a[href="/ru/docs/v8/quickstart/"]').click();
    await page.waitForURL(base + "/ru/docs/v8/quickstart/");
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.evaluate(() => (window as any).__marker)).toBeUndefined();
    expect(await page.locator(".markdown h1").count()).toBe(1);
    await ctx.close();
  });

  it("reloads the page once when a lazily loaded island chunk fails (a new deployment replaced it)", async () => {
    const { ctx, page } = await open("/ru/docs/v8/");
    await page.evaluate(() => {
      (window as any).__marker = 1;
    });
    // From now on every script request fails, as after a deployment that removed the old chunks.
    await page.route("**/assets/*.js", (r) => r.abort());
    const reloaded = page.waitForEvent("load");
    // Client navigation to the search page, whose island is a chunk of its own.
    await page.evaluate(() => (window as any).__docsite.navigate("/ru/search/"));
    await reloaded;
    expect(await page.evaluate(() => (window as any).__marker)).toBeUndefined();
    expect(await page.evaluate(() => sessionStorage.getItem("docsite.reloaded"))).toBe("1");
    // The page is still readable without its scripts, and a second failure does not loop.
    expect(new URL(page.url()).pathname).toBe("/ru/search/");
    expect(await page.locator("#main-content").count()).toBe(1);
    await ctx.close();
  });

  it("shows the error text and a Retry button when a loaded page cannot be shown", async () => {
    const { ctx, page } = await open("/ru/docs/v8/");
    // The next page arrives, but putting it in place fails. (A page without docsite's root is not a failure: it is
    // not docsite's, and the browser loads it for real — tests/browser/hardening.test.ts.)
    await page.evaluate(() => {
      const w = window as unknown as { __breakSwap: boolean };
      w.__breakSwap = true;
      const replace = Element.prototype.replaceChildren;
      Element.prototype.replaceChildren = function (this: Element, ...nodes: Array<Node | string>) {
        if (w.__breakSwap && this.id === "__docsite") throw new Error("the page cannot be put in place");
        return replace.apply(this, nodes);
      };
    });
    await page.locator('[data-sidebar] a[href="/ru/docs/v8/quickstart/"]').click();
    const alert = page.locator(".error-screen");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Не удалось загрузить страницу.");
    expect(await alert.textContent()).toContain("the page cannot be put in place");
    await page.evaluate(() => {
      (window as unknown as { __breakSwap: boolean }).__breakSwap = false;
    });
    expect(await alert.locator("button").textContent()).toBe("Повторить");
    await alert.locator("button", { hasText: "Повторить" }).click();
    await page.waitForURL(base + "/ru/docs/v8/quickstart/");
    await ctx.close();
  });

  it("shows 'This page crashed.' with Try again and the error details when a component crashes", async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.route("**/ru/docs/v8/", async (r) => {
      const res = await r.fetch();
      const body = (await res.text()).replace(
        /data-name="ColorModeToggle" data-props="[^"]*"/,
        'data-name="ColorModeToggle" data-props="{broken"',
      );
      await r.fulfill({ response: res, body });
    });
    await page.goto(base + "/ru/docs/v8/");
    const alert = page.locator(".error-screen");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("На странице произошла ошибка.");
    expect(await alert.locator("pre").textContent()).toMatch(/JSON/);
    expect(await alert.locator("button").textContent()).toBe("Попробовать снова");
    await ctx.close();
  });

  it("prefetches on hover, but not on save-data connections", async () => {
    for (const saveData of [false, true]) {
      const { ctx, page } = await open(
        "/ru/docs/v8/",
        {},
        saveData
          ? () => Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } })
          : undefined,
      );
      const requested: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "fetch") requested.push(new URL(r.url()).pathname);
      });
      await page.locator('[data-sidebar] a[href="/ru/docs/v8/command-line/"]').hover();
      await page.waitForTimeout(400);
      expect(requested.includes("/ru/docs/v8/command-line/"), `saveData=${saveData}`).toBe(!saveData);
      await ctx.close();
    }
  });

  it("normalises *.html paths to the clean path", async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(base + "/ru/docs/v8/index.html");
    expect(page.url()).toBe(base + "/ru/docs/v8/");
    await ctx.close();
  });
});

describe("storage unavailable", () => {
  it("logs one warning, acts as empty, and the page still works", async () => {
    const warnings: string[] = [];
    const ctx = await browser.newContext();
    await ctx.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("denied", "SecurityError");
        },
      });
    });
    const page = await ctx.newPage();
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(base + "/ru/docs/v8/");
    await page.waitForSelector("html[data-hydrated]");
    await page.locator(".color-toggle").click();
    expect(await theme(page)).toEqual(["dark", "dark"]);
    await page.locator('[data-sidebar] a[href="/ru/docs/v8/quickstart/"]').click();
    await page.waitForURL(base + "/ru/docs/v8/quickstart/");
    expect(warnings.filter((w) => w.includes("storage is unavailable"))).toHaveLength(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
