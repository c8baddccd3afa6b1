// `npm run bench`: timings belong here, not in tests. Builds the site cold (empty cache) and warm, and prints
// build times, peak memory, pages per second, first-load bytes per page kind, and search query latency.
// Timings are wall time and CPU time (user+sys of all threads): on a shared machine the CPU time is the steadier
// figure. BENCH_ONLY=build,nochange,scale,media,firstload,search,dev,lighthouse runs some sections only;
// `--docusaurus` adds Docusaurus 3.10 to the scale rows (installed into the temporary folder on first use). The
// no-change rows (nochange) time this site and, with DOCSITE_BENCH_DOCUSAURUS, an imported Docusaurus site against
// their thresholds (issue 37).
import "./production-env.ts";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { firstLoad } from "../support/bytes.ts";
import { benchBuilds, buildTable } from "./build-bench.ts";
import { benchScaleCorpus, syntheticSite } from "./scale-bench.ts";
import { benchDev, devTable, importedDevTable } from "./dev-bench.ts";
import { sec } from "./measure.ts";
import { bundledBuild } from "./bundled-build.ts";
import { createLogger } from "../../cli/log.ts";

const root = resolve(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? ".");
// Outside the site: docsite refuses to write into .docsite/, which it reads (cli/output/output.ts).
const outDir = join(tmpdir(), "docsite-bench-dist");
const only = new Set((process.env.BENCH_ONLY ?? "").split(",").filter(Boolean));
const wants = (section: string) => only.size === 0 || only.has(section);
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const kb = (n: number) => (n / 1024).toFixed(1);

const EDITED = "content/ru/docs/v8/commands/browser/url.mdx";
// The timed builds run for the build and scale sections; other sections that need a built site get a plain build.
const real = wants("build") || wants("scale") ? await benchBuilds(root, outDir, EDITED) : undefined;
if (real) console.log(buildTable("this site", real));
if (wants("build")) console.log(await (await import("./identity-cost.ts")).identityCostTable());
if (wants("build") || wants("nochange"))
  console.log(await (await import("./no-change.ts")).noChangeTable(root, outDir));
const needsSite = ["firstload", "search", "lighthouse"].some(wants);
const cold =
  real?.cold.value ??
  (needsSite ? await (await bundledBuild())({ root, outDir, logger: createLogger({ quiet: true }) }) : undefined);

if (real && cold && wants("scale")) {
  const scaleRoot = await syntheticSite(root, join(root, ".docsite", "bench-scale-site"));
  const big = await benchBuilds(scaleRoot, join(scaleRoot, "dist"), EDITED);
  console.log(buildTable("synthetic site, 10× the docs pages", big));
  const ratio = (a: number, b: number) => (a / b).toFixed(1);
  console.log(
    `\ncold build, 10× site / this site: ${ratio(big.cold.value.pages, cold.pages)}× the routes, ` +
      `${ratio(big.cold.wallMs, real.cold.wallMs)}× the wall time (${sec(big.cold.wallMs)}), ` +
      `${ratio(big.cold.cpuMs, real.cold.cpuMs)}× the CPU time (${sec(big.cold.cpuMs)})`,
  );
}

// Issue 41: a generated corpus at 200 and 2,000 pages, cold, as a user builds it (and Docusaurus with --docusaurus).
if (wants("scale")) console.log(await benchScaleCorpus(undefined, process.argv.includes("--docusaurus")));

if (wants("media")) {
  const { benchMedia } = await import("./media-site.ts");
  console.log(await benchMedia(root));
}

const kinds: Array<[string, string]> = [
  ["landing (ru)", "ru/"],
  ["doc page (ru)", "ru/docs/v8/commands/browser/url/"],
  ["doc page (en)", "docs/v8/config/browsers/"],
  ["blog list (ru)", "ru/blog/"],
  [
    "blog post (ru)",
    cold?.table.routes.find((r) => r.kind === "blogPost" && r.locale === "ru")?.path.slice(1) ?? "ru/blog/",
  ],
  ["search page (ru)", "ru/search/"],
  ["versions (ru)", "ru/versions/"],
  ["404", "404.html"],
];
if (wants("firstload")) console.log("\n## First load per page kind (gzip)\n");
if (wants("firstload")) console.log(row(["page kind", "HTML KB", "CSS KB", "JS KB"]));
if (wants("firstload")) console.log(row(["---", "---:", "---:", "---:"]));
for (const [label, path] of wants("firstload") ? kinds : []) {
  const f = firstLoad(outDir, path);
  console.log(row([label, kb(f.html), kb(f.css), kb(f.js)]));
}

// Search: time from typing a query into the modal to its results on screen, in Chromium against the served build
// (Russian edition, local provider). The first query includes fetching the engine and the index; the others do not.
if (wants("search")) {
  const { serve } = await import("../../cli/server/serve.ts");
  const { launchChromium } = await import("../support/chromium.ts");
  const server = await serve({ dir: outDir, port: 0 });
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/ru/docs/v8/quickstart/`);
    await page.waitForSelector("html[data-hydrated]");
    await page.keyboard.press("Control+k");
    await page.waitForSelector(".search-modal__input");
    const timeQuery = async (q: string) => {
      const t0 = performance.now();
      await page.fill(".search-modal__input", q);
      await page.waitForFunction(
        (query) => {
          const body = document.querySelector(".search-modal__body");
          return body?.getAttribute("data-status") === "done" && body.getAttribute("data-query") === query;
        },
        q,
        { polling: "raf" },
      );
      return performance.now() - t0;
    };
    const queries = [
      "запуска",
      "скриншотов",
      "браузере",
      "ожидание элемента",
      "assertView",
      "конфигурация",
      "плагины",
      "waitUntil",
    ];
    const first = await timeQuery(queries[0]);
    const warm = [];
    for (const q of queries.slice(1)) warm.push(await timeQuery(q));
    warm.sort((a, b) => a - b);
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    console.log("\n## Search (modal, Russian edition, local index; includes the 100 ms input debounce)\n");
    console.log(row(["query", "query to results"]));
    console.log(row(["---", "---:"]));
    console.log(row(["first query (loads engine and index)", ms(first)]));
    console.log(row([`next queries, median of ${warm.length}`, ms(warm[Math.floor(warm.length / 2)])]));
    console.log(row([`next queries, slowest`, ms(warm[warm.length - 1])]));
    // The search page at 4× CPU (Lighthouse's mobile profile): no long task while its results are built.
    const { searchLongTasks, formatLongTasks } = await import("../support/search-page-timing.ts");
    const t = await searchLongTasks(browser, origin);
    const worst = Math.max(0, ...t.during.map(([, d]) => d));
    console.log("\n## Search page at 4× CPU (budget: no task over 50 ms while results are built)\n");
    console.log(row(["long tasks", "longest", "within budget", "detail"]));
    console.log(row(["---:", "---:", "---", "---"]));
    console.log(row([t.during.length, ms(worst), t.during.length === 0 ? "yes" : "NO", formatLongTasks(t)]));
  } finally {
    await browser.close();
    await new Promise<void>((r) => server.close(() => r()));
  }
}

// Search quality: where the page a reader means lands for Russian queries whose word forms differ from the page's,
// run through the browser's engine over the written index (docs/search.md).
if (wants("search")) {
  const { readFile } = await import("node:fs/promises");
  const { localEngine } = await import("../../theme/search/local-engine.ts");
  const dir = join(outDir, "search-index", "ru", "v8");
  const engine = localEngine(async (f) => JSON.parse(await readFile(join(dir, f), "utf8")));
  const cases: Array<[string, string]> = [
    ["запуска тестов в GitHub", "Как запускать тесты в GitHub Actions"],
    ["запускать только нужные тесты", "Как запустить только нужные тесты"],
    ["перехват запросов", "Как перехватывать запросы и ответы"],
    ["отладка тестов", "Как отлаживать тесты"],
    ["скриншотов", "Скриншотное тестирование с assertView"],
    ["доступности", "Как проверять доступность"],
    ["стабильности теста", "Как проверить стабильность теста"],
    ["пропускной способности сети", "Как управлять пропускной способностью сети"],
    ["компонентного тестирования", "Компонентное тестирование"],
    ["отчёта о прогоне", "Как получить отчёт о прогоне"],
    ["обновление браузеров", "Как обновлять браузеры"],
    ["установки testplane", "Быстрый старт"],
  ];
  console.log("\n## Search quality (Russian edition: rank of the expected page)\n");
  console.log(row(["query", "expected page", "rank"]));
  console.log(row(["---", "---", "---:"]));
  let first = 0;
  for (const [q, want] of cases) {
    const ranked = (await engine.rank(q)).pages.slice(0, 10);
    const titles = await Promise.all(ranked.map(async (r) => (await engine.fragment(r.page)).title));
    const rank = titles.indexOf(want) + 1;
    if (rank === 1) first++;
    console.log(row([q, want, rank || "not in top 10"]));
  }
  console.log(row(["**first**", "", `**${first} of ${cases.length}**`]));
}

if (wants("dev")) {
  console.log(devTable(await benchDev(root, "/ru/docs/v8/commands/browser/url/", EDITED)));
  console.log(await importedDevTable());
}

// Memory of dev under 200 saves of a 300 KB page with 10 live-update clients that never read (dev-memory.ts).
if (wants("devmemory")) {
  const { benchDevMemory, devMemoryTable } = await import("./dev-memory.ts");
  console.log(devMemoryTable(await benchDevMemory(root, EDITED, "/ru/docs/v8/commands/browser/url/")));
}

if (wants("lighthouse")) {
  const { lighthouseTable } = await import("./lighthouse.ts");
  const post = cold?.table.routes.find((r) => r.kind === "blogPost" && r.locale === "ru")?.path ?? "/ru/blog/";
  console.log(await lighthouseTable(outDir, post));
}

// Search quality over both query sets, both locales (tests/bench/search-eval.ts): the first set, and the reader set
// of issue 39 whose every category should hold MRR@10 ≥ 0.9 in both locales (the rows under it are listed).
if (wants("search")) {
  const { evaluateSearch, formatEval, FIRST_SET, READER_SET, belowFloor } = await import("./search-eval.ts");
  console.log("\n## Search quality: first query set (top-1, top-3, MRR@10)\n");
  console.log(formatEval(await evaluateSearch(outDir, "v8", FIRST_SET)));
  const reader = await evaluateSearch(outDir, "v8", READER_SET);
  console.log("\n## Search quality: reader query set, nine categories (top-1, top-3, MRR@10)\n");
  console.log(formatEval(reader));
  const low = belowFloor(reader, 0.9);
  console.log(low.length ? `\nBelow MRR@10 0.9: ${low.join(", ")}` : "\nEvery category at MRR@10 ≥ 0.9.");
}
