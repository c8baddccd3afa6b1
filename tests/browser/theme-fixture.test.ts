// Theme states the Testplane content does not exercise, on a fixture site: version banners, unlisted pages, the
// announcement bar, analytics.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";
import { serveFixture } from "../support/served.ts";

let browser: Browser;
let site: Awaited<ReturnType<typeof serveFixture>>;

const doc = (title: string) =>
  `---\ntitle: ${title}\ndescription: ${title}.\n---\n\n## Part {#part}\n\nText of ${title}.\n`;

beforeAll(async () => {
  browser = await launchChromium();
  site = await serveFixture(
    {
      "content/en/docs/v0/index.mdx": doc("Old docs"),
      "content/en/docs/v2/index.mdx": doc("Next docs"),
      "content/en/docs/v1/guide/hidden.mdx":
        "---\ntitle: Hidden page\ndescription: Unlisted.\nunlisted: true\n---\n\nOnly by direct link.\n",
      "static/metrika-stub.js": "window.__metrikaLoaded = true;\n",
      // The extra versions share a one-page sidebar.
      "content/sidebars-old.json": JSON.stringify({ main: ["index"] }),
    },
    (c) => {
      c.docs.versions.push(
        {
          name: "v0",
          label: "v0",
          path: "v0",
          status: "unmaintained",
          isLast: false,
          mainDocId: "index",
          sidebarsFile: "content/sidebars-old.json",
        },
        {
          name: "v2",
          label: "v2 (next)",
          path: "next",
          status: "unreleased",
          isLast: false,
          mainDocId: "index",
          sidebarsFile: "content/sidebars-old.json",
        },
      );
      c.announcementBar = { id: "release-1", content: "theme.docs.untranslated", isCloseable: true };
      c.analytics = {
        yandexMetrika: { counterId: "12345", webvisor: true, trackHash: true, scriptUrl: "/metrika-stub.js" },
      };
    },
  );
});
afterAll(async () => {
  await browser.close();
  await site.close();
});

async function open(path: string, init?: () => void): Promise<Page> {
  const ctx = await browser.newContext();
  if (init) await ctx.addInitScript(init);
  const page = await ctx.newPage();
  await page.goto(site.base + path);
  await page.waitForSelector("html[data-hydrated]");
  return page;
}

describe("version banners", () => {
  it("warns on an unmaintained version and links to the latest", async () => {
    const p = await open("/docs/v0/");
    const banner = p.locator(".version-banner");
    expect(await banner.textContent()).toContain(
      "This is documentation for Fixture v0, which is no longer actively maintained.",
    );
    expect(await banner.locator("a").getAttribute("href")).toBe("/docs/v1/");
    await p.context().close();
  });

  it("warns on an unreleased version, in Russian too", async () => {
    const p = await open("/ru/docs/next/");
    expect(await p.locator(".version-banner").textContent()).toContain(
      "Это документация будущей версии Fixture v2 (next)",
    );
    expect(await p.locator(".version-banner a").getAttribute("href")).toBe("/ru/docs/v1/");
    const current = await open("/docs/v1/");
    expect(await current.locator(".version-banner").count()).toBe(0);
    await p.context().close();
    await current.context().close();
  });

  it("lists current, next and past versions on the versions page", async () => {
    const p = await open("/versions/");
    const text = await p.locator("main").textContent();
    expect(text).toContain("Current version (Stable)");
    expect(text).toContain("v2 (next)");
    expect(text).toContain("Past versions");
    expect(await p.locator('main a[href="/docs/next/"]').count()).toBe(1);
    expect(await p.locator('main a[href="/docs/v0/"]').count()).toBe(1);
    await p.context().close();
  });
});

describe("unlisted page", () => {
  it("shows the unlisted banner and is marked noindex", async () => {
    const p = await open("/docs/v1/guide/hidden/");
    expect(await p.locator(".alert", { hasText: "Unlisted page" }).textContent()).toContain(
      "Search engines will not index it",
    );
    expect(await p.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    expect(await p.locator('[data-sidebar] a[href="/docs/v1/guide/hidden/"]').count()).toBe(0);
    await p.context().close();
  });
});

describe("announcement bar", () => {
  it("stays closed after dismissal and comes back when its id changes", async () => {
    const p = await open("/docs/v1/");
    const bar = p.locator(".announcement");
    expect(await bar.isVisible()).toBe(true);
    await bar.locator("button").click();
    expect(await bar.count()).toBe(0);
    await p.reload();
    await p.waitForSelector("html[data-hydrated]");
    expect(await p.locator(".announcement").isVisible()).toBe(false);
    // A new announcement id: the reader sees it again.
    await p.evaluate(() => localStorage.setItem("docsite.announcement.id", "release-0"));
    await p.reload();
    await p.waitForSelector("html[data-hydrated]");
    expect(await p.locator(".announcement").isVisible()).toBe(true);
    expect(await p.evaluate(() => localStorage.getItem("docsite.announcement.dismiss"))).toBe("false");
    await p.context().close();
  });
});

describe("analytics", () => {
  it("loads the counter and sends a page view with the title only when the pathname changes", async () => {
    const p = await open("/docs/v1/");
    await p.waitForFunction(() => (window as any).__metrikaLoaded === true);
    const calls = () =>
      p.evaluate(() =>
        ((window as any).ym.a as unknown[][]).map((a) => [
          a[1],
          a[2],
          (a[3] as { title?: string } | undefined)?.title ?? null,
        ]),
      );
    expect(await calls()).toEqual([["init", expect.objectContaining({ webvisor: true, trackHash: true }), null]]);
    await p.locator('.markdown a[href="/docs/v1/guide/first/"]').click();
    await p.waitForURL(site.base + "/docs/v1/guide/first/");
    await p.waitForFunction(() => (window as any).ym.a.length === 2);
    expect((await calls())[1]).toEqual(["hit", site.base + "/docs/v1/guide/first/", "First guide | Fixture"]);
    await p.evaluate(() => {
      location.hash = "#install";
    });
    await p.locator('.toc a[href="#check"]').click();
    await p.waitForTimeout(200);
    expect(await calls()).toHaveLength(2);
    await p.context().close();
  });

  it("loads nothing when analytics is not configured", async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(inject("baseUrl") + "/ru/docs/v8/");
    await page.waitForSelector("html[data-hydrated]");
    // Only the configured web font may come from elsewhere; no analytics script, no counter.
    expect(
      requests.filter((u) => !u.startsWith(inject("baseUrl")) && !u.startsWith("https://fonts.googleapis.com/")),
    ).toEqual([]);
    expect(await page.evaluate(() => "ym" in window)).toBe(false);
    await ctx.close();
  });
});

describe("web font and base URL", () => {
  it("loads the web font without blocking the page, and the page renders without it", async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.route("https://fonts.googleapis.com/**", (r) => r.abort());
    await page.goto(inject("baseUrl") + "/ru/docs/v8/");
    await page.waitForSelector("html[data-hydrated]");
    const link = page.locator('link[href^="https://fonts.googleapis.com/"]');
    expect(await link.getAttribute("media")).toBe("print");
    expect(await page.locator('link[rel="preconnect"][href="https://fonts.gstatic.com"]').count()).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter"?, system-ui/);
    await ctx.close();
  });

  it("shows the base-URL banner when the site is served from the wrong path", async () => {
    // Built for /handbook/, served at the root (as a host set up wrongly would; `docsite serve` itself mounts it).
    const wrong = await serveFixture(
      {},
      (c) => {
        c.baseUrl = "/handbook/";
      },
      "/",
    );
    try {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      await page.goto(wrong.base + "/ru/docs/v1/");
      const banner = page.locator("#docsite-base-url-issue");
      await banner.waitFor();
      // The Russian edition's own base URL, as Docusaurus builds each locale.
      expect(await banner.textContent()).toContain("Сайт собран для базового адреса /handbook/ru/");
      await ctx.close();
    } finally {
      await wrong.close();
    }
  });
});
