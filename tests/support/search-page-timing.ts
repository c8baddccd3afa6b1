// The search page's main-thread work measured in Chromium: long tasks while its results are built (Lighthouse's
// mobile profile runs the CPU at a quarter speed) and its layout shift and largest paint while results arrive late.
// Measurements only: `npm run bench` prints them against their thresholds; the browser tests assert what holds on
// any machine (the results arrive, nothing shifts) and log these figures.
import type { Browser } from "playwright-core";

export interface LongTasks {
  /** [start, end] ms of the two windows: first ten results built, then the next ten after "more results". */
  windows: Array<[number, number]>;
  /** Long tasks (over 50 ms) that overlap a window: [start, duration]. */
  during: Array<[number, number]>;
  /** How many results the page showed in the end. */
  results: number;
}

/** Opens the Russian search page with a text-heavy query at 4× CPU slowdown, then asks for the next ten results. */
export async function searchLongTasks(browser: Browser, base: string): Promise<LongTasks> {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const p = await ctx.newPage();
    const cdp = await ctx.newCDPSession(p);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await p.addInitScript(() => {
      const w = window as unknown as { __long: Array<[number, number]>; __shown: number[] };
      w.__long = [];
      w.__shown = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__long.push([e.startTime, e.duration]);
      }).observe({ type: "longtask", buffered: true });
      // When the first ten results, then the next ten, are in the document.
      new MutationObserver(() => {
        const n = document.querySelectorAll(".search-page__result").length;
        if (n >= 10 * (w.__shown.length + 1)) w.__shown.push(performance.now());
      }).observe(document, { subtree: true, childList: true });
    });
    // A query whose ten results have a lot of text to cut snippets from (more than 25,000 characters).
    await p.goto(`${base}/ru/search/?q=${encodeURIComponent("браузеры")}`);
    await p.waitForFunction(() => document.querySelectorAll(".search-page__result").length === 10);
    const fragments = await p.evaluate(() =>
      Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((e) => /\/search-index\/ru\/v8\/f\//.test(e.name))
          .map((e) => (e as PerformanceResourceTiming).responseEnd),
      ),
    );
    const clicked = await p.evaluate(() => {
      (document.querySelector(".search-page__more") as HTMLButtonElement).click();
      return performance.now();
    });
    await p.waitForFunction(() => document.querySelectorAll(".search-page__result").length === 20);
    const { long, shown, results } = await p.evaluate(() => {
      const w = window as unknown as { __long: Array<[number, number]>; __shown: number[] };
      return { long: w.__long, shown: w.__shown, results: document.querySelectorAll(".search-page__result").length };
    });
    const windows: Array<[number, number]> = [
      [fragments, shown[0]],
      [clicked, shown[1]],
    ];
    const during = long.filter(([start, duration]) => windows.some(([a, b]) => start + duration > a && start < b));
    return { windows, during, results };
  } finally {
    await ctx.close();
  }
}

export const formatLongTasks = (t: LongTasks): string =>
  `results built ${t.windows.map(([a, b]) => `${a.toFixed(0)}–${b.toFixed(0)}`).join(" and ")} ms, ` +
  `long tasks then: ${t.during.map(([, d]) => `${d.toFixed(0)} ms`).join(", ") || "none"}`;
