// Real Chromium against the built site: hydration and client-side navigation.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";

const base = inject("baseUrl");
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string): Promise<Page> {
  const ctx = await browser.newContext();
  page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base + path);
  await page.waitForSelector("html[data-hydrated]");
  return page;
}

describe("client runtime", () => {
  it("hydrates a doc page and follows a sidebar link without a full page load", async () => {
    const p = await open("/ru/docs/v8/commands/browser/url/");
    expect(await p.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(true);
    await p.evaluate(() => {
      (window as any).__marker = "same document";
    });
    const link = p.locator('[data-sidebar] a[href="/ru/docs/v8/commands/browser/waitUntil/"]');
    await link.click();
    await p.waitForURL(base + "/ru/docs/v8/commands/browser/waitUntil/");
    await p.waitForFunction(() => document.querySelector(".markdown h1")?.textContent === "waitUntil");
    expect(await p.evaluate(() => (window as any).__marker)).toBe("same document");
    expect(await p.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
    expect(await p.title()).toContain("waitUntil");
    // The sidebar was kept and its active link moved.
    expect(await p.locator('[data-sidebar] [aria-current="page"]').getAttribute("href")).toBe(
      "/ru/docs/v8/commands/browser/waitUntil/",
    );
    // Islands hydrate again on the new page.
    await p.locator(".color-toggle").click();
    expect(await p.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe("dark");
    // Back goes to the previous page, still without a reload.
    await p.goBack();
    await p.waitForFunction(() => document.querySelector(".markdown h1")?.textContent === "url");
    expect(await p.evaluate(() => (window as any).__marker)).toBe("same document");
    expect(errors).toEqual([]);
    await p.context().close();
  });

  it("keeps the sidebar on a move into a category it had not drawn, and marks the page there", async () => {
    const p = await open("/ru/docs/v8/commands/browser/url/");
    expect(await p.locator('[data-sidebar] a[href="/ru/docs/v8/config/sets/"]').count()).toBe(0);
    await p.evaluate(() => {
      (window as any).__marker = "same document";
      document.querySelector("[data-sidebar]")!.setAttribute("data-kept", "");
      const a = document.createElement("a");
      a.href = "/ru/docs/v8/config/sets/";
      a.id = "test-link";
      a.textContent = "go";
      document.getElementById("main-content")!.prepend(a);
    });
    await p.click("#test-link");
    await p.waitForURL(base + "/ru/docs/v8/config/sets/");
    await p.waitForFunction(() => document.title.includes("sets") || document.querySelector(".markdown h1"));
    expect(await p.evaluate(() => (window as any).__marker)).toBe("same document");
    expect(await p.locator("[data-sidebar][data-kept]").count()).toBe(1);
    const active = p.locator('[data-sidebar] [aria-current="page"]');
    expect(await active.getAttribute("href")).toBe("/ru/docs/v8/config/sets/");
    expect(await active.isVisible()).toBe(true);
    expect(
      await p
        .locator("[data-sidebar] .menu__item--category:has(a[aria-current=page]) > .menu__row > [data-category-toggle]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("aria-expanded"))),
    ).toEqual(["true"]);
    // The page it came from is still drawn in the kept sidebar.
    expect(await p.locator('[data-sidebar] a[href="/ru/docs/v8/commands/browser/url/"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await p.context().close();
  });

  it("scrolls to the hash target after navigation", async () => {
    const p = await open("/ru/docs/v8/");
    await p.evaluate(() => {
      const a = document.createElement("a");
      a.href = "/ru/docs/v8/commands/browser/url/#examples";
      a.id = "test-link";
      a.textContent = "go";
      document.getElementById("main-content")!.prepend(a);
    });
    await p.click("#test-link");
    await p.waitForURL(base + "/ru/docs/v8/commands/browser/url/#examples");
    await p.waitForFunction(() => Math.abs(document.getElementById("examples")!.getBoundingClientRect().top) < 150);
    await p.context().close();
  });

  it("answers an unknown path with the 404 page", async () => {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    const res = await p.goto(base + "/ru/no/such/page/");
    expect(res!.status()).toBe(404);
    expect(await p.locator("h1").textContent()).toBe("Страница не найдена");
    await ctx.close();
  });

  it("renders every route kind in both locales", async () => {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    for (const prefix of ["", "/ru"]) {
      for (const path of [
        "/",
        "/blog/",
        "/blog/archive/",
        "/search/",
        "/versions/",
        "/docs/v8/",
        "/docs/v8/quickstart/",
      ]) {
        const res = await p.goto(base + prefix + path);
        expect(res!.status(), prefix + path).toBe(200);
        expect(await p.locator("main#main-content").count(), prefix + path).toBe(1);
      }
      await p.goto(base + prefix + "/docs/");
      await p.waitForURL(base + prefix + "/docs/v8/");
    }
    await ctx.close();
  });

  it("keeps every page readable and navigable without JavaScript", async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const p = await ctx.newPage();
    await p.goto(base + "/ru/docs/v8/commands/browser/url/");
    expect(await p.locator(".markdown h1").textContent()).toBe("url");
    // The sidebar is drawn down to the page; collapsed categories are links to pages that show them open.
    expect(await p.locator("[data-sidebar] a").count()).toBeGreaterThan(10);
    await p.click('[data-sidebar] a[href="/ru/docs/v8/quickstart/"]');
    await p.waitForURL(base + "/ru/docs/v8/quickstart/");
    expect(await p.locator(".markdown h1").count()).toBe(1);
    await ctx.close();
  });
});
