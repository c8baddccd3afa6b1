// Search in real Chromium: the modal (ways to open and close it, keyboard, focus, screens, recent and favourite
// searches), Russian stemming of the local index, the search page, escaping, byte budgets, and the hosted provider
// against a fake endpoint on 127.0.0.1.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import type { Browser, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { launchChromium } from "../support/chromium.ts";
import { injectAxe } from "../support/axe.ts";
import { gz } from "../support/bytes.ts";
import { servedAlgoliaSuite } from "../support/algolia-site.ts";
import { formatLongTasks, searchLongTasks } from "../support/search-page-timing.ts";

const base = inject("baseUrl");
const distDir = inject("distDir");
const DOC = "/ru/docs/v8/quickstart/";
const KB = 1024;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string, origin = base): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  (page as unknown as { errors: string[] }).errors = errors;
  await page.goto(origin + path);
  await page.waitForSelector("html[data-hydrated]");
  return page;
}

const dialog = (p: Page) => p.locator('.search-modal [role="dialog"]');
const input = (p: Page) => p.locator(".search-modal__input");
const isOpen = (p: Page) => p.evaluate(() => Boolean(document.querySelector(".search-modal")));

async function search(p: Page, q: string): Promise<void> {
  await input(p).fill(q);
  // Settled: the screen shows results, no results or an error for exactly this query.
  await p.waitForFunction((query) => {
    const body = document.querySelector(".search-modal__body");
    return (
      body && /^(done|error)$/.test(body.getAttribute("data-status") ?? "") && body.getAttribute("data-query") === query
    );
  }, q.trim());
}

describe("search modal", () => {
  it("opens with the navbar button, Ctrl+K, Cmd+K and '/', closes with Escape and gives focus back", async () => {
    const p = await open(DOC);
    await p.locator(".search-button").click();
    await dialog(p).waitFor();
    expect(await p.evaluate(() => document.activeElement?.classList.contains("search-modal__input"))).toBe(true);
    await p.keyboard.press("Escape");
    expect(await isOpen(p)).toBe(false);
    expect(await p.evaluate(() => document.activeElement?.classList.contains("search-button"))).toBe(true);

    for (const keys of ["Control+k", "Meta+k", "/"]) {
      await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await p.keyboard.press(keys);
      await dialog(p).waitFor();
      await p.keyboard.press("Escape");
      expect(await isOpen(p), keys).toBe(false);
    }
    // A click on the backdrop closes it too.
    await p.keyboard.press("Control+k");
    await dialog(p).waitFor();
    await p.mouse.click(5, 5);
    expect(await isOpen(p)).toBe(false);
    expect((p as any).errors).toEqual([]);
    await p.context().close();
  });

  it("does not open on '/' typed into a field", async () => {
    const p = await open("/ru/search/");
    await p.locator("#search-page-input").click();
    await p.keyboard.type("a/b");
    expect(await p.locator("#search-page-input").inputValue()).toBe("a/b");
    expect(await isOpen(p)).toBe(false);
    await p.context().close();
  });

  it("keeps focus inside while open", async () => {
    const p = await open(DOC);
    await p.keyboard.press("Control+k");
    await search(p, "браузер");
    for (let i = 0; i < 12; i++) {
      await p.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
      expect(await p.evaluate(() => Boolean(document.activeElement?.closest(".search-modal__dialog")))).toBe(true);
    }
    await p.context().close();
  });

  it("finds a Russian page by another word form, per page and per heading, with highlighted matches", async () => {
    const p = await open(DOC);
    await p.keyboard.press("Control+k");
    // The page says "запускать" and "запуск"; the query is "запуска".
    await search(p, "запуска");
    const hrefs = await p
      .locator(".search-modal a.search-hit")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(
      hrefs.some((h) => h.startsWith("/ru/docs/v8/guides/how-to-run-on-github/")),
      hrefs.join(" "),
    ).toBe(true);
    expect(
      hrefs.some((h) => /^\/ru\/docs\/v8\/.+#.+/.test(h)),
      "a heading result with its anchor",
    ).toBe(true);
    const marks = await p.locator(".search-modal mark").allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    // Only forms of the query's word are marked (запуск, запускать, and the perfective запустить).
    expect(
      marks.every((m) => /^запус(к|т)/i.test(m)),
      marks.join(" "),
    ).toBe(true);
    expect(marks.some((m) => m.toLowerCase() === "запуск")).toBe(true);
    expect(await p.locator(".search-modal .search-hit__snippet").first().textContent()).toBeTruthy();
    await p.context().close();
  });

  it("moves through results with the arrows and opens one with Enter (client navigation)", async () => {
    const p = await open(DOC);
    await p.evaluate(() => {
      (window as any).__marker = 1;
    });
    await p.keyboard.press("Control+k");
    await search(p, "скриншотов");
    await p.keyboard.press("ArrowDown");
    await p.keyboard.press("ArrowDown");
    await p.keyboard.press("ArrowUp");
    const selected = p.locator('.search-modal [role="option"][aria-selected="true"]');
    expect(await selected.getAttribute("id")).toBe("search-item-1");
    expect(await input(p).getAttribute("aria-activedescendant")).toBe("search-item-1");
    const href = (await selected.getAttribute("href"))!;
    await p.keyboard.press("Enter");
    await p.waitForURL((u) => u.pathname + u.hash === href || u.pathname === href.split("#")[0]);
    expect(await isOpen(p)).toBe(false);
    expect(await p.evaluate(() => (window as any).__marker)).toBe(1);
    await p.context().close();
  });

  it("remembers recent searches, saves favourites across a reload, and removes them", async () => {
    const p = await open(DOC);
    await p.keyboard.press("Control+k");
    expect(await p.locator(".search-modal__screen--start").textContent()).toContain("Нет недавних поисков");
    await search(p, "скриншотов");
    const first = p.locator(".search-modal a.search-hit").first();
    const title = (await first.locator(".search-hit__title").textContent())!;
    const navigated = p.evaluate(
      () => new Promise<void>((r) => document.addEventListener("docsite:navigated", () => r(), { once: true })),
    );
    await first.click();
    // The client router has swapped the page in (a modal opened earlier would close on that swap).
    await navigated;
    expect(await isOpen(p)).toBe(false);

    await p.keyboard.press("Control+k");
    const recent = p.locator('.search-modal__group[data-list="recent"]');
    await recent.waitFor();
    expect(await recent.locator(".search-hit__title").first().textContent()).toBe(title);
    await recent.getByRole("button", { name: "Сохранить этот поиск" }).first().click();
    const favs = p.locator('.search-modal__group[data-list="favorites"]');
    expect(await favs.locator(".search-hit__title").allTextContents()).toEqual([title]);

    await p.reload();
    await p.waitForSelector("html[data-hydrated]");
    await p.keyboard.press("Control+k");
    await favs.waitFor();
    expect(await favs.locator(".search-hit__title").allTextContents()).toEqual([title]);
    await favs.getByRole("button", { name: "Удалить этот поиск из избранного" }).click();
    expect(await p.locator(".search-modal__screen--start").textContent()).toContain("Нет недавних поисков");
    await p.reload();
    await p.waitForSelector("html[data-hydrated]");
    await p.keyboard.press("Control+k");
    await dialog(p).waitFor();
    expect(await p.locator(".search-modal__screen--start").textContent()).toContain("Нет недавних поисков");
    await p.context().close();
  });

  it("shows the no-results screen with suggestions and the report link", async () => {
    const p = await open(DOC);
    await p.keyboard.press("Control+k");
    await search(p, "фываолдж");
    const screen = p.locator(".search-modal__screen--empty");
    expect(await screen.textContent()).toContain("Ничего не найдено по запросу «фываолдж»");
    expect(await screen.textContent()).toContain("Попробуйте поискать");
    const report = screen.getByRole("link", { name: "Сообщите нам." });
    expect(await report.getAttribute("href")).toBe("https://github.com/gemini-testing/testplane/issues/new");
    expect(await screen.textContent()).toContain("Уверены, что по этому запросу что-то должно находиться?");
    // A suggestion replaces the query.
    const suggestion = screen.locator(".search-modal__suggestion").first();
    const text = (await suggestion.textContent())!;
    await suggestion.click();
    expect(await input(p).inputValue()).toBe(text);
    await p.context().close();
  });

  it("shows the error screen when the index cannot be fetched", async () => {
    const p = await open(DOC);
    await p.route("**/search-index/ru/v8/**", (route) => route.abort("internetdisconnected"));
    await p.keyboard.press("Control+k");
    await search(p, "запуск");
    const err = p.locator(".search-modal__screen--error");
    expect(await err.textContent()).toContain("Не удалось получить результаты");
    expect(await err.textContent()).toContain("Проверьте подключение к сети.");
    // Back online, the same modal recovers.
    await p.unroute("**/search-index/ru/v8/**");
    await search(p, "запуска");
    await p.locator(".search-modal a.search-hit").first().waitFor();
    await p.context().close();
  });

  it("speaks the page's language even when the search config itself cannot load, and recovers on the next open", async () => {
    const p = await open(DOC);
    await p.route("**/search-index/ru/config.json", (route) => route.abort("internetdisconnected"));
    await p.keyboard.press("Control+k");
    const err = p.locator(".search-modal__screen--error");
    await err.waitFor();
    expect(await err.textContent()).toBe("Не удалось получить результатыПроверьте подключение к сети.");
    expect(await p.locator(".search-modal__cancel").textContent()).toBe("Отменить");
    expect(await input(p).getAttribute("placeholder")).toBe("Поиск по документации");
    expect(await dialog(p).getAttribute("aria-label")).toBe("Поиск по документации");
    expect(await p.locator(".search-modal").textContent()).not.toContain("theme.");
    await p.keyboard.press("Escape");
    await p.unroute("**/search-index/ru/config.json");
    await p.keyboard.press("Control+k");
    await search(p, "запуска");
    await p.locator(".search-modal a.search-hit").first().waitFor();
    await p.context().close();
  });

  it("leads to the search page with the query through 'see all'", async () => {
    const p = await open(DOC);
    await p.keyboard.press("Control+k");
    await search(p, "браузер");
    const seeAll = p.locator(".search-modal__see-all a");
    expect(await seeAll.textContent()).toMatch(/^Показать все \d+ результат(а|ов)?$/);
    await seeAll.click();
    await p.waitForURL(`${base}/ru/search/?q=${encodeURIComponent("браузер")}`);
    expect(await isOpen(p)).toBe(false);
    await p.locator(".search-page__result").first().waitFor();
    expect(await p.locator("#search-page-input").inputValue()).toBe("браузер");
    await p.context().close();
  });

  it("retries a query typed in the wrong keyboard layout and says what it searched for", async () => {
    const p = await open(DOC);
    await p.keyboard.press("Control+k");
    await search(p, "ыуеМфдгу");
    expect(await p.locator(".search-modal__searched").textContent()).toBe("Показаны результаты по запросу «setValue»");
    const first = p.locator(".search-modal a.search-hit").first();
    expect(await first.getAttribute("href")).toBe("/ru/docs/v8/commands/element/setValue/");
    // A query that finds something as typed says nothing of the kind.
    await search(p, "setValue");
    expect(await p.locator(".search-modal__searched").count()).toBe(0);
    await p.goto(`${base}/ru/search/?q=${encodeURIComponent("crhbyijn")}`);
    await p.locator(".search-page__result").first().waitFor();
    expect(await p.locator(".search-page__searched").textContent()).toBe("Показаны результаты по запросу «скриншот»");
    await p.context().close();
  });

  it("finds pages through synonyms and typos in the first letters", async () => {
    const p = await open(DOC);
    await p.keyboard.press("Control+k");
    await search(p, "куки");
    const hrefs = await p
      .locator(".search-modal a.search-hit")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(hrefs.some((h) => /\/commands\/browser\/(get|set|delete)Cookies\/$/.test(h))).toBe(true);
    await search(p, "тладка тестов");
    expect(await p.locator(".search-modal a.search-hit").first().getAttribute("href")).toBe(
      "/ru/docs/v8/guides/how-to-debug-test/",
    );
    await p.context().close();
  });

  it("renders a query that looks like HTML as text", async () => {
    const p = await open(DOC);
    let alerted = false;
    p.on("dialog", async (d) => {
      alerted = true;
      await d.dismiss();
    });
    await p.keyboard.press("Control+k");
    const q = "<img src=x onerror=alert(1)>";
    await search(p, q);
    expect(await p.locator(".search-modal img").count()).toBe(0);
    const empty = p.locator(".search-modal__screen--empty strong");
    if (await empty.count()) expect(await empty.textContent()).toBe(`«${q}»`);
    await p.keyboard.press("Escape");
    await p.goto(`${base}/ru/search/?q=${encodeURIComponent(q)}`);
    await p.waitForSelector("html[data-hydrated]");
    await p.waitForFunction(() => document.querySelector(".search-page__count, [data-search-results] [role=alert]"));
    expect(await p.locator("h1").textContent()).toContain(q);
    expect(await p.locator("main img").count()).toBe(0);
    expect(alerted).toBe(false);
    await p.context().close();
  });
});

describe("search accessibility", () => {
  it("has no axe violations in the modal (start, results, no results) and on the search page with results", async () => {
    const p = await open(DOC);
    const found: string[] = [];
    const check = async (label: string) => {
      await injectAxe(p);
      const v = await p.evaluate(async () => {
        const r = await (window as any).axe.run(document, { resultTypes: ["violations"] });
        return r.violations.map(
          (v: any) =>
            `${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n: any) => n.target.join(" "))
              .join(" | ")}`,
        );
      });
      found.push(...v.map((x: string) => `${label}: ${x}`));
    };
    await p.keyboard.press("Control+k");
    await dialog(p).waitFor();
    await check("start");
    await search(p, "запуска");
    await check("results");
    await search(p, "фываолдж");
    await check("no results");
    await p.goto(`${base}/ru/search/?q=${encodeURIComponent("браузеры")}`);
    await p.locator(".search-page__result").first().waitFor();
    await check("search page");
    expect(found).toEqual([]);
    await p.context().close();
  });
});

describe("navbar search button on a phone", () => {
  it("keeps an accessible name at 375 px, where its label is hidden, and opens the modal", async () => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const p = await ctx.newPage();
    await p.goto(base + DOC);
    await p.waitForSelector("html[data-hydrated]");
    const button = p.locator(".search-button");
    expect(await button.isVisible()).toBe(true);
    // The label is hidden from sight at this width (a 1 px clipped box), not from assistive technology.
    const box = await p.locator(".search-button__label").boundingBox();
    expect(box && box.width <= 1 && box.height <= 1, JSON.stringify(box)).toBe(true);
    // The name as assistive technology computes it (display:none text does not count).
    const named = p.getByRole("link", { name: "Поиск", exact: true });
    expect(await named.count()).toBe(1);
    expect(await named.evaluate((a) => a.classList.contains("search-button"))).toBe(true);
    await named.click();
    await dialog(p).waitFor();
    await ctx.close();
  });
});

describe("search page", () => {
  it("works when opened directly with ?q=, keeps q in sync and loads more results", async () => {
    const p = await open(`/ru/search/?q=${encodeURIComponent("браузеры")}`);
    await p.locator(".search-page__result").first().waitFor();
    expect(await p.locator(".search-page__count").textContent()).toMatch(/^Найден(о)? \d+ документ/);
    expect(await p.locator(".search-page__result .search-hit__context").first().textContent()).toBeTruthy();
    expect(await p.locator(".search-page__result .search-hit__snippet").first().textContent()).toBeTruthy();
    const before = await p.locator(".search-page__result").count();
    expect(before).toBe(10);
    await p.locator(".search-page__more").click();
    await p.waitForFunction((n) => document.querySelectorAll(".search-page__result").length > n, before);

    const entries = await p.evaluate(() => history.length);
    await p.locator("#search-page-input").fill("скриншоты");
    await p.waitForURL(`${base}/ru/search/?q=${encodeURIComponent("скриншоты")}`);
    expect(await p.evaluate(() => history.length), "replaceState, not pushState").toBe(entries);
    await p.waitForFunction(() => /скриншот/i.test(document.querySelector(".search-page__result")?.textContent ?? ""));
    expect((p as any).errors).toEqual([]);
    await p.context().close();
  });

  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["mobile", { width: 375, height: 740 }],
  ] as const) {
    it(`does not shift its layout while results arrive, and paints its largest content (${label})`, async () => {
      const ctx = await browser.newContext({ viewport });
      const p = await ctx.newPage();
      // Layout shifts and the largest contentful paint, recorded from the first byte (buffered entries included).
      await p.addInitScript(() => {
        const w = window as unknown as { __cls: number; __lcp: number };
        w.__cls = 0;
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!e.hadRecentInput) w.__cls += e.value;
        }).observe({ type: "layout-shift", buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      // The index answers late, as on a slow network: results arrive well after the page has painted.
      await p.route("**/search-index/ru/v8/s/**", async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      await p.goto(`${base}/ru/search/?q=${encodeURIComponent("скриншот")}`);
      await p.locator(".search-page__result").first().waitFor();
      await p.waitForLoadState("networkidle");
      await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
      const { cls, lcp } = await p.evaluate(() => {
        const w = window as unknown as { __cls: number; __lcp: number };
        return { cls: w.__cls, lcp: w.__lcp };
      });
      console.log(`search page (${label}): CLS ${cls.toFixed(4)}, LCP ${lcp.toFixed(0)} ms`);
      expect(cls).toBeLessThan(0.05);
      // The paint's time is a bench figure (Lighthouse's LCP in `npm run bench`); here only that it was recorded.
      expect(lcp).toBeGreaterThan(0);
      await ctx.close();
    });
  }

  it("builds its results with the CPU slowed down as Lighthouse's mobile profile assumes", async () => {
    // The long tasks are logged here and held to their budget (none over 50 ms) by `npm run bench`: a loaded test
    // machine stretches every task, so a time budget cannot be a test.
    const t = await searchLongTasks(browser, base);
    console.log(`search page at 4× CPU: ${formatLongTasks(t)}`);
    expect(t.results).toBe(20);
    expect(t.windows.every(([a, b]) => Number.isFinite(a) && b > a)).toBe(true);
  });

  it("shows the query in the heading and the field before any module script runs", async () => {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await p.route("**/assets/*.js", (route) => route.abort());
    await p.goto(`${base}/ru/search/?q=${encodeURIComponent(" скриншот ")}`);
    expect(await p.locator(".search-page h1").textContent()).toBe("Результаты поиска по запросу «скриншот»");
    expect(await p.locator("#search-page-input").inputValue()).toBe(" скриншот ");
    await p.goto(`${base}/ru/search/`);
    expect(await p.locator(".search-page h1").textContent()).toBe("Поиск по документации");
    await ctx.close();
  });

  it("keeps the pre-painted heading through hydration and preloads every chunk its search needs", async () => {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    const scripts: string[] = [];
    p.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/assets/") && path.endsWith(".js")) scripts.push(path);
    });
    await p.addInitScript(() => {
      const w = window as unknown as { __titles: string[] };
      w.__titles = [];
      new MutationObserver(() => {
        const h = document.querySelector(".search-page h1")?.textContent;
        if (h && h !== w.__titles.at(-1)) w.__titles.push(h);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await p.goto(`${base}/ru/search/?q=${encodeURIComponent("скриншот")}`);
    await p.locator(".search-page__result").first().waitFor();
    const titles = await p.evaluate(() => (window as unknown as { __titles: string[] }).__titles);
    // Painted once by the inline script and never flipped back by hydration.
    const results = "Результаты поиска по запросу «скриншот»";
    expect(titles.at(-1)).toBe(results);
    expect(titles.filter((t) => t === results)).toHaveLength(1);
    const head = await p.evaluate(() => [
      ...[...document.querySelectorAll<HTMLScriptElement>("head script[src]")].map((s) => s.getAttribute("src")),
      ...[...document.querySelectorAll("head link[rel=modulepreload]")].map((l) => l.getAttribute("href")),
    ]);
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((s) => !head.includes(s))).toEqual([]);
    await ctx.close();
  });

  it("shows the fetching state while results load", async () => {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    // Hold the index back for a moment so the state can be seen.
    await p.route("**/search-index/ru/v8/s/**", async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await p.goto(`${base}/ru/search/?q=${encodeURIComponent("ожидание")}`);
    await p.waitForFunction(
      () => document.querySelector(".search-page__count")?.textContent === "Загружаем результаты…",
    );
    await p.locator(".search-page__result").first().waitFor();
    await ctx.close();
  });
});

describe("search budgets", () => {
  // Each query in a fresh browser: one word, an inflected word, and queries whose words sit in different shards.
  // Typed: a key every 150 ms, so the modal searches (and fetches results for) every prefix on the way.
  const QUERIES: Array<[string, "pasted" | "more" | "typed"]> = [
    ["запуска", "pasted"],
    ["скриншотов", "pasted"],
    ["параллельный запуск браузеров", "pasted"],
    ["куки скрин ретраи", "more"],
    ["как настроить html-reporter в CI", "more"],
    ["запуска", "typed"],
    ["параллельный запуск браузеров", "typed"],
  ];

  // Pasted queries of up to three words stay within 60 KB. Longer ones (a hyphenated name is two words and a pair)
  // and words with synonyms, which read one more shard for each alternative (куки → cookie; "reporter" → отчёт
  // through the glossary): 70 KB (raised to 80 KB for a day in Dec 2026, when «как настроить html-reporter в CI» read
  // 76.5 KB: two of its words each read two shards, whose edges fell inside their ranges; shard edges now fall
  // between terms that differ in their first four letters). Typed ones fetch results for every prefix: 150 KB.
  const BUDGET = { pasted: 60 * KB, more: 70 * KB, typed: 150 * KB };

  it("loads nothing of search before the reader opens it; a first pasted Russian query stays ≤ 60 KB gzip", async () => {
    for (const [q, how] of QUERIES) {
      const ctx = await browser.newContext();
      const p = await ctx.newPage();
      const urls: string[] = [];
      p.on("request", (r) => urls.push(new URL(r.url()).pathname));
      await p.goto(base + DOC);
      await p.waitForSelector("html[data-hydrated]");
      await p.waitForLoadState("networkidle");
      const before = new Set(urls);
      expect([...before].filter((u) => u.includes("search-index"))).toEqual([]);

      urls.length = 0;
      await p.keyboard.press("Control+k");
      if (how === "typed") {
        await input(p).waitFor();
        await p.keyboard.type(q, { delay: 150 });
        await p.waitForFunction(
          (query) => document.querySelector(".search-modal__body")?.getAttribute("data-query") === query,
          q,
        );
      } else {
        await search(p, q);
      }
      await p.locator(".search-modal a.search-hit").first().waitFor();
      await p.waitForLoadState("networkidle");
      // Everything search needed was loaded now, not before: the modal's chunks and the index.
      const after = [...new Set(urls)];
      expect(after.filter((u) => u.endsWith(".js") && u.startsWith("/assets/")).length).toBeGreaterThan(0);
      expect(after.filter((u) => before.has(u))).toEqual([]);
      // Counted as a static host serves them: gzip.
      const total = after.reduce((n, u) => n + gz(readFileSync(join(distDir, u))), 0);
      console.log(`first Russian query «${q}» (${how}): ${(total / KB).toFixed(1)} KB gzip in ${after.length} files`);
      if (process.env.SEARCH_BYTES)
        console.log(after.map((u) => `${u} ${gz(readFileSync(join(distDir, u)))}`).join("\n"));
      expect(total, `${q} (${how})`).toBeLessThanOrEqual(BUDGET[how]);
      await ctx.close();
    }
  });
});

describe("hosted search (fake DocSearch endpoint)", () => {
  const algolia = servedAlgoliaSuite();

  it("sends facet filters, rewrites result URLs and shows the error screen when the service fails", async () => {
    const p = await open("/ru/docs/v1/guide/first/", algolia.origin);
    expect(await p.locator(`link[rel="preconnect"][href="${algolia.fake.origin}"]`).count()).toBe(1);
    await p.keyboard.press("Control+k");
    await search(p, "установка");
    expect(
      await p.locator(".search-modal a.search-hit").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
    ).toEqual(["/ru/docs/v1/guide/first/", "/ru/docs/v1/guide/first/#install"]);
    const sent = algolia.fake.requests.at(-1)!.body.requests[0];
    expect(sent.facetFilters).toEqual([
      "language:ru",
      ["docusaurus_tag:default", "docusaurus_tag:docs-default-v1"],
      "type:content",
    ]);
    expect(await p.locator(".search-modal__see-all a").textContent()).toBe("Показать все 12 результатов");

    algolia.fake.fail = true;
    await search(p, "установка браузера");
    expect(await p.locator(".search-modal__screen--error").textContent()).toContain("Не удалось получить результаты");
    algolia.fake.fail = false;
    await p.context().close();
  });
});
