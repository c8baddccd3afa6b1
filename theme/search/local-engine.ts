// The local provider's query side: query words → the shards covering their stems → pages ranked by the summed
// BM25 weights the build stored. No DOM, no fetch of its own: files come through `load`, so Node tests and the
// browser run the same code.
import { words, stem, joined, matchWeight, matchRange, oneEditApart } from "./words.ts";
import { memoAsync } from "../memo-async.ts";
import { MANIFEST, compareTerms, type Fragment, type Manifest, type Shard } from "./local-format.ts";

export type Load = (file: string) => Promise<unknown>;

/** Typos are looked for in stems this long: shorter ones are one edit away from too many words. */
const FUZZY_FROM = 5;
/** A corrected word counts less than one the reader typed right. */
const FUZZY_WEIGHT = 0.4;

export interface RankedSection {
  index: number;
  score: number;
  matched: number;
}
export interface RankedPage {
  page: number;
  score: number;
  /** How many of the query's words the page has. */
  matched: number;
  /** Sections where query words occur, best first. */
  sections: RankedSection[];
}

/** The distinct stems of a query, in order, then its dotted or hyphenated pairs (see `joined`). */
export const queryStems = (query: string) => [...new Set([...words(query).map((w) => stem(w.text)), ...joined(query)])];

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
  const loaded = memoAsync(load);
  const get = <T>(file: string) => loaded(file) as Promise<T>;
  const manifest = () => get<Manifest>(MANIFEST);

  /** The terms of the shards covering [lo, hi]. */
  async function termsIn(m: Manifest, lo: string, hi: string): Promise<Array<[string, number[]]>> {
    const shards = await Promise.all(shardsFor(m.shards, lo, hi).map((i) => get<Shard>(m.shards[i][1])));
    return shards.flatMap((sh) => Object.entries(sh));
  }

  /**
   * Index terms answering one query stem, with their match weights. A stem nothing answers is taken for a typo:
   * terms one edit away (starting with the same two letters, so only their shards are read) answer it instead.
   */
  async function termsFor(m: Manifest, q: string): Promise<{ terms: Array<[number[], number]>; corrected: string[] }> {
    const terms: Array<[number[], number]> = [];
    for (const [term, flat] of await termsIn(m, ...matchRange(q))) {
      const w = matchWeight(term, q);
      if (w) terms.push([flat, w]);
    }
    if (terms.length || q.length < FUZZY_FROM) return { terms, corrected: [] };
    const corrected: string[] = [];
    for (const [term, flat] of await termsIn(m, q.slice(0, 2), `${q.slice(0, 2)}\uffff`)) {
      if (oneEditApart(term, q)) {
        terms.push([flat, FUZZY_WEIGHT]);
        corrected.push(term);
      }
    }
    return { terms, corrected };
  }

  /** Pages for a query, best first, and the stems to mark in their text (the query's, and any typo corrections). */
  async function rank(query: string): Promise<{ pages: RankedPage[]; stems: string[] }> {
    const stems = queryStems(query);
    if (!stems.length) return { pages: [], stems };
    const m = await manifest();
    const found = await Promise.all(stems.map((q) => termsFor(m, q)));

    // page → section → per-stem best weight
    const hits = new Map<number, Map<number, number[]>>();
    found.forEach(({ terms }, qi) => {
      for (const [flat, mw] of terms) {
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
    });

    const ranked: RankedPage[] = [];
    for (const [page, bySection] of hits) {
      const best = new Array<number>(stems.length).fill(0);
      const sections: RankedSection[] = [];
      for (const [index, scores] of bySection) {
        scores.forEach((s, qi) => {
          best[qi] = Math.max(best[qi], s);
        });
        sections.push({ index, score: scores.reduce((a, b) => a + b, 0), matched: scores.filter((s) => s > 0).length });
      }
      // A page with every query word beats one with a single word repeated (coverage counts twice), and words
      // that stand together in one section beat words scattered over the page: half of the score is the page's,
      // half its best section's.
      const covered = (score: number, matched: number) => score * (matched / stems.length) ** 2;
      const matched = best.filter((s) => s > 0).length;
      const whole = covered(
        best.reduce((a, b) => a + b, 0),
        matched,
      );
      const together = Math.max(...sections.map((s) => covered(s.score, s.matched)));
      sections.sort((a, b) => b.matched - a.matched || b.score - a.score);
      ranked.push({ page, score: (whole + together) / 2, matched, sections });
    }
    // Pages with all the words, when there are any; a long query may miss one word in three (a "как" or "в"
    // the page does not use), and with no page having them all, the pages with the most are the results.
    const most = Math.max(0, ...ranked.map((r) => r.matched));
    const need = Math.max(1, most - Math.floor(stems.length / 3));
    return {
      pages: ranked.filter((r) => r.matched >= need).sort((a, b) => b.score - a.score || a.page - b.page),
      stems: [...stems, ...found.flatMap((f) => f.corrected)],
    };
  }

  return {
    /** Fetches the manifest ahead of the first query. */
    preload: () => manifest().then(() => undefined),
    rank,
    fragment: async (page: number) => get<Fragment>((await manifest()).pages[page]),
  };
}
