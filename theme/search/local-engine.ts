// The local provider's query side: query words → the shards covering their stems → pages ranked by the summed
// BM25 weights the build stored. No DOM, no fetch of its own: files come through `load`, so Node tests and the
// browser run the same code.
import { words, stem, matchWeight, matchRange } from "./words.ts";
import { MANIFEST, compareTerms, type Fragment, type Manifest, type Shard } from "./local-format.ts";

export type Load = (file: string) => Promise<unknown>;

export interface RankedSection { index: number; score: number; matched: number }
export interface RankedPage {
  page: number;
  score: number;
  /** How many of the query's words the page has. */
  matched: number;
  /** Sections where query words occur, best first. */
  sections: RankedSection[];
}

/** The distinct stems of a query, in order. */
export const queryStems = (query: string) => [...new Set(words(query).map((w) => stem(w.text)))];

/** Indexes of the shards that can hold terms in [lo, hi]. */
export function shardsFor(shards: Manifest["shards"], lo: string, hi: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < shards.length; i++) {
    const next = shards[i + 1]?.[0];
    if (compareTerms(shards[i][0], hi) <= 0 && (next === undefined || compareTerms(next, lo) > 0)) out.push(i);
  }
  return out;
}

export function localEngine(load: Load) {
  // Memoised loads; a failed one is forgotten so that the next query (say, after the network is back) retries.
  const cache = new Map<string, Promise<unknown>>();
  const get = <T>(file: string): Promise<T> => {
    let p = cache.get(file);
    if (!p) {
      p = load(file);
      cache.set(file, p);
      p.catch(() => cache.delete(file));
    }
    return p as Promise<T>;
  };
  const manifest = () => get<Manifest>(MANIFEST);

  async function rank(query: string): Promise<RankedPage[]> {
    const stems = queryStems(query);
    if (!stems.length) return [];
    const m = await manifest();
    const ranges = stems.map((s) => shardsFor(m.shards, ...matchRange(s)));
    const shards = new Map<number, Shard>();
    await Promise.all([...new Set(ranges.flat())].map(async (i) => { shards.set(i, await get<Shard>(m.shards[i][1])); }));

    // page → section → per-stem best weight
    const hits = new Map<number, Map<number, number[]>>();
    stems.forEach((q, qi) => {
      for (const i of ranges[qi]) {
        for (const [term, flat] of Object.entries(shards.get(i)!)) {
          const mw = matchWeight(term, q);
          if (!mw) continue;
          let page = 0;
          for (let k = 0; k < flat.length; k += 3) {
            page += flat[k];
            let bySection = hits.get(page);
            if (!bySection) hits.set(page, (bySection = new Map()));
            let scores = bySection.get(flat[k + 1]);
            if (!scores) bySection.set(flat[k + 1], (scores = new Array<number>(stems.length).fill(0)));
            scores[qi] = Math.max(scores[qi], flat[k + 2] * mw);
          }
        }
      }
    });

    const ranked: RankedPage[] = [];
    for (const [page, bySection] of hits) {
      const best = new Array<number>(stems.length).fill(0);
      const sections: RankedSection[] = [];
      for (const [index, scores] of bySection) {
        scores.forEach((s, qi) => { best[qi] = Math.max(best[qi], s); });
        sections.push({ index, score: scores.reduce((a, b) => a + b, 0), matched: scores.filter((s) => s > 0).length });
      }
      // A page with every query word beats one with a single word repeated (coverage counts twice), and words
      // that stand together in one section beat words scattered over the page: half of the score is the page's,
      // half its best section's.
      const covered = (score: number, matched: number) => score * (matched / stems.length) ** 2;
      const matched = best.filter((s) => s > 0).length;
      const whole = covered(best.reduce((a, b) => a + b, 0), matched);
      const together = Math.max(...sections.map((s) => covered(s.score, s.matched)));
      sections.sort((a, b) => b.matched - a.matched || b.score - a.score);
      ranked.push({ page, score: (whole + together) / 2, matched, sections });
    }
    // Pages with all the words, when there are any; a long query may miss one word in three (a "как" or "в"
    // the page does not use), and with no page having them all, the pages with the most are the results.
    const most = Math.max(0, ...ranked.map((r) => r.matched));
    const need = Math.max(1, most - Math.floor(stems.length / 3));
    return ranked.filter((r) => r.matched >= need).sort((a, b) => b.score - a.score || a.page - b.page);
  }

  return {
    /** Fetches the manifest ahead of the first query. */
    preload: () => manifest().then(() => undefined),
    rank,
    fragment: async (page: number) => get<Fragment>((await manifest()).pages[page]),
  };
}
