// Search quality over the query set (tests/bench/search-queries.ts): the browser's engine run in Node over a built
// index, scored as top-1, top-3 and MRR@10 per locale and category. `npm run bench` prints it; the unit test
// tests/unit/search-eval.test.ts asserts floors under the measured figures.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { localEngine } from "../../theme/search/local-engine.ts";
import { EN, RU } from "./search-queries.ts";
import { READER_EN, READER_RU } from "./search-reader-queries.ts";

export interface Score {
  queries: number;
  top1: number;
  top3: number;
  mrr: number;
}
export interface LocaleEval {
  locale: string;
  total: Score;
  categories: Map<string, Score>;
  misses: Array<{ query: string; category: string; rank: number; got: string[] }>;
}

export type QuerySet = Array<{ locale: string; prefix: string; queries: Array<[string, string, string[]]> }>;

/** The first query set (search-queries.ts, ten categories). */
export const FIRST_SET: QuerySet = [
  { locale: "ru", prefix: "/ru/", queries: RU },
  { locale: "en", prefix: "/", queries: EN },
];
/** The reader set of issue 39 (search-reader-queries.ts, nine categories, ≥ 150 queries a locale). */
export const READER_SET: QuerySet = [
  { locale: "ru", prefix: "/ru/", queries: READER_RU },
  { locale: "en", prefix: "/", queries: READER_EN },
];

/** "/ru/docs/v8/guides/x/#y" → "guides/x"; "/ru/blog/post/" → "blog/post". */
export const pageId = (url: string, prefix: string, version: string) =>
  url
    .split("#")[0]
    .slice(prefix.length)
    .replace(new RegExp(`^docs/${version}/`), "")
    .replace(/\/$/, "");

function score(ranks: number[]): Score {
  const n = ranks.length;
  return {
    queries: n,
    top1: ranks.filter((r) => r === 1).length / n,
    top3: ranks.filter((r) => r > 0 && r <= 3).length / n,
    mrr: ranks.reduce((a, r) => a + (r > 0 ? 1 / r : 0), 0) / n,
  };
}

/** Runs every query of both locales against `<distDir>/search-index/<locale>/<version>/`. */
export async function evaluateSearch(distDir: string, version = "v8", set = FIRST_SET): Promise<LocaleEval[]> {
  const out: LocaleEval[] = [];
  for (const { locale, prefix, queries } of set) {
    const dir = join(distDir, "search-index", locale, version);
    const engine = localEngine(async (f) => JSON.parse(await readFile(join(dir, f), "utf8")));
    const ranks: number[] = [];
    const byCategory = new Map<string, number[]>();
    const misses: LocaleEval["misses"] = [];
    for (const [query, category, expected] of queries) {
      const ranked = (await engine.rank(query)).pages.slice(0, 10);
      const ids = await Promise.all(
        ranked.map(async (r) => pageId((await engine.fragment(r.page)).url, prefix, version)),
      );
      const rank = ids.findIndex((id) => expected.includes(id)) + 1;
      ranks.push(rank);
      byCategory.set(category, [...(byCategory.get(category) ?? []), rank]);
      if (rank !== 1) misses.push({ query, category, rank, got: ids.slice(0, 3) });
    }
    out.push({
      locale,
      total: score(ranks),
      categories: new Map([...byCategory].map(([c, r]) => [c, score(r)])),
      misses,
    });
  }
  return out;
}

/** "locale · category (MRR)" of the categories under `floor`. */
export const belowFloor = (results: LocaleEval[], floor: number) =>
  results.flatMap((r) =>
    [...r.categories].filter(([, s]) => s.mrr < floor).map(([c, s]) => `${r.locale} · ${c} (${s.mrr.toFixed(2)})`),
  );

/** Markdown tables of the figures, and the queries whose page did not come first. */
export function formatEval(results: LocaleEval[], withMisses = false): string {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const lines = ["| locale | category | queries | top-1 | top-3 | MRR@10 |", "|---|---|---:|---:|---:|---:|"];
  for (const r of results) {
    for (const [c, s] of r.categories)
      lines.push(`| ${r.locale} | ${c} | ${s.queries} | ${pct(s.top1)} | ${pct(s.top3)} | ${s.mrr.toFixed(2)} |`);
    const t = r.total;
    lines.push(
      `| **${r.locale}** | **all** | **${t.queries}** | **${pct(t.top1)}** | **${pct(t.top3)}** | **${t.mrr.toFixed(2)}** |`,
    );
  }
  if (withMisses)
    for (const r of results) {
      lines.push("", `Not first (${r.locale}):`);
      for (const m of r.misses)
        lines.push(`- [${m.category}] «${m.query}»: rank ${m.rank || "> 10"}; got ${m.got.join(", ") || "nothing"}`);
    }
  return lines.join("\n");
}

// `npx tsx tests/bench/search-eval.ts <dist>`: the figures alone, with the misses.
if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? "dist";
  const set = process.argv[3] === "first" ? FIRST_SET : READER_SET;
  console.log(formatEval(await evaluateSearch(dist, "v8", set), true));
}
