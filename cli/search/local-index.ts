// The local provider's index for one locale and docs version: pages in, files out (paths relative to the bundle
// folder). Pure: no I/O. Scores are computed here, once, so the browser only adds numbers up.
//
// Why not a general engine: the ≤ 150 KB budget of a first query, which Pagefind's chunks and WebAssembly and a whole
// MiniSearch index went over (docs/search.md). Here a query loads a few small shards and an engine of a few KB.
import { hashText } from "../cache/hash.ts";
import { words, termsOf, joined, nameTerm, type Word } from "../../theme/search/words.ts";
import { translitMap, loanSynonyms } from "./translit-map.ts";
import type { LinkText } from "./link-texts.ts";
import {
  MANIFEST,
  compareTerms,
  fragmentFile,
  reversed,
  type Fragment,
  type Manifest,
  type Shard,
  type Synonyms,
  type Tails,
} from "../../theme/search/local-format.ts";

export interface IndexedPage {
  url: string;
  title: string;
  description: string;
  breadcrumbs: string[];
  /** Front matter keywords: words a reader may search for that the page does not use (установка on «Быстрый старт»). */
  keywords: string[];
  /** As the MDX step extracts them: "" id and title for the text before the first heading. */
  sections: Array<{ id: string; title: string; text: string }>;
  /**
   * What other pages call this page when they link to it, per section ("" for the page as a whole): the words
   * readers may use that the page does not (link-texts.ts).
   */
  linkTexts?: LinkText[];
  /** A blog post (an announcement: "why / when / what's new" questions prefer them). */
  post?: boolean;
}

/**
 * How much a word counts where it stands: a page title says more than a heading, a heading more than prose. Each
 * field saturates on its own (BM25F-style), so a title match is not drowned by a word repeated in the text.
 * `linkText`, what other pages call a section when they link to it, was measured on the reader set (docs/search.md):
 * 2 and 4–5 scored lower than 3.
 */
const BOOST = {
  pageTitle: 10,
  titleName: 5,
  keywords: 10,
  description: 2,
  heading: 5,
  constant: 2,
  linkText: 3,
  text: 1,
};
const K1 = 1.2;
const B = 0.75;
/** A shard is closed once its JSON passes this size: one or two shards per query word. */
const SHARD_BYTES = 16_000;

interface Field {
  text: string;
  /**
   * The page title, keywords, description, a heading or prose: what its boost is (BOOST). `titleName` is the part
   * of a title written as a package name ("testplane-retry-progressive"): its words are the plugin's name, not what
   * the page tells how to do, so they count as a heading does and a page whose title or option heading says "retry"
   * ranks above it. `constant` is a heading that names a constant (an event such as RETRY): the word is explained
   * on the page of the option or guide, not under the constant. `linkText` holds the texts of the links other pages
   * point at the section with (link-texts.ts).
   */
  kind: keyof typeof BOOST;
}

/** A tails chunk (terms only, no postings) is closed past this size. */
const TAILS_BYTES = 9_000;
/** Terms shorter than this are never a typo's answer (the engine corrects query words of five letters and more). */
const TAIL_FROM = 4;
/**
 * A heading repeated on more pages than this is boilerplate («Передача опций через CLI и переменные окружения» on
 * twelve plugin pages, «См. также»): its weight falls with the square root of how often it repeats, so the page
 * whose subject the words are ranks above the pages that share the heading.
 */
const REPEATS_FREE = 2;

/**
 * Text characters a fragment keeps, over all its sections: a result shows a title and a snippet of ~24 words per
 * section, so a long page's fragment need not carry every word. Over the limit,
 * the longest sections are cut first, each to the same length, at a word boundary.
 */
const FRAGMENT_CHARS = 8_000;

/** Section texts cut so that together they stay within `budget` characters, longest first. */
export function fitTexts(texts: string[], budget = FRAGMENT_CHARS): string[] {
  const total = texts.reduce((n, t) => n + t.length, 0);
  if (total <= budget) return texts;
  // The largest cap L with Σ min(length, L) ≤ budget.
  const lengths = texts.map((t) => t.length).sort((a, b) => a - b);
  let rest = budget;
  let cap = 0;
  for (let i = 0; i < lengths.length; i++) {
    const even = Math.floor(rest / (lengths.length - i));
    if (lengths[i] > even) {
      cap = even;
      break;
    }
    rest -= lengths[i];
    cap = lengths[i];
  }
  return texts.map((t) => {
    if (t.length <= cap) return t;
    const cut = t.slice(0, cap);
    const space = cut.lastIndexOf(" ");
    return `${(space > cap / 2 ? cut.slice(0, space) : cut).trimEnd()} …`;
  });
}

/** Ten hex digits of the content hash: enough to tell builds apart in a file name. */
const hash = (s: string) => hashText(s).slice(0, 10);

/** The prose before a page's first heading: the text of its sections without an id. */
const introText = (sections: IndexedPage["sections"]) =>
  sections
    .filter((s) => !s.id)
    .map((s) => s.text)
    .join(" ");

const NAME_PART = /[\p{L}\p{N}_]+/gu;
/**
 * The names written with hyphens or dots in a title (a package or plugin name: "html-reporter", "url-decorator"), as
 * [start, end) ranges. Found part by part: one regex for the whole chain backtracks from every start inside a long
 * word, quadratic in its length (a 120 KB one-word title took minutes).
 */
function nameRanges(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  let end = -2;
  let parts = 0;
  for (const m of text.matchAll(NAME_PART)) {
    const from = m.index ?? 0;
    if (parts > 0 && from === end + 1 && (text[end] === "." || text[end] === "-")) {
      end = from + m[0].length;
      parts++;
      continue;
    }
    if (parts > 1) out.push([start, end]);
    start = from;
    end = from + m[0].length;
    parts = 1;
  }
  if (parts > 1) out.push([start, end]);
  return out;
}

/** A title without its names, and its names: what the pageTitle and titleName fields hold. */
function splitNames(title: string): { rest: string; names: string } {
  const ranges = nameRanges(title);
  let rest = "";
  let at = 0;
  for (const [from, to] of ranges) {
    rest += `${title.slice(at, from)} `;
    at = to;
  }
  rest += title.slice(at);
  return { rest, names: ranges.map(([from, to]) => title.slice(from, to)).join(" ") };
}
/**
 * A heading that names an option or a command: one identifier (`retry`, `takeScreenshotOnFails`, `browser.url`),
 * not a section of prose (the events reference's «Запуск» is not what a one-word query for «запуска» asks for).
 */
const OPTION = /^[A-Za-z_$][\w$]*(?:[.-][\w$]+)*$/;
/** A heading that is one upper-case identifier: a constant or an event name (RETRY, TEST_FAIL). */
const CONSTANT = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/** The texts of the links to one section (or the page, anchor ""), as one field: none when there are none. */
function linkTextField(p: IndexedPage, anchor: string): Field[] {
  const texts = (p.linkTexts ?? []).filter((l) => l.anchor === anchor).map((l) => l.text);
  return texts.length ? [{ text: texts.join(" · "), kind: "linkText" }] : [];
}

/** Each page's sections with the fields that feed them, section 0 first (even when the page starts with a heading). */
function sectionsOf(p: IndexedPage): Array<{ anchor: string; heading: string; text: string; fields: Field[] }> {
  const intro = introText(p.sections);
  const titleParts = splitNames(p.title);
  const out: ReturnType<typeof sectionsOf> = [
    {
      anchor: "",
      heading: "",
      text: [p.description, intro].filter(Boolean).join(" "),
      fields: [
        { text: titleParts.rest, kind: "pageTitle" },
        { text: titleParts.names, kind: "titleName" },
        { text: p.keywords.join(" "), kind: "keywords" },
        { text: p.description, kind: "description" },
        { text: intro, kind: "text" },
        ...linkTextField(p, ""),
      ],
    },
  ];
  for (const s of p.sections) {
    if (s.id)
      out.push({
        anchor: s.id,
        heading: s.title,
        text: s.text,
        fields: [
          { text: s.title, kind: CONSTANT.test(s.title.trim()) ? "constant" : "heading" },
          { text: s.text, kind: "text" },
          ...linkTextField(p, s.id),
        ],
      });
  }
  return out;
}

// Stemming was most of a cold index's CPU (docs/speed.md), and prose repeats its words: the terms of each written
// form are worked out once per process. Bounded, since a dev server lives long.
const termsMemo = new Map<string, string[]>();
const TERMS_MEMO_LIMIT = 50_000;

/** termsOf's terms of a written form, whole word first, then its distinct camelCase parts other than the whole. */
function termsByForm(w: Word): string[] {
  let terms = termsMemo.get(w.raw);
  if (!terms) {
    const [whole, ...parts] = termsOf(w);
    terms = [whole, ...new Set(parts.filter((p) => p !== whole))];
    if (termsMemo.size >= TERMS_MEMO_LIMIT) termsMemo.clear();
    termsMemo.set(w.raw, terms);
  }
  return terms;
}

interface FieldCounts {
  length: number;
  tf: Map<string, number>;
}

/**
 * Term counts of one field; a camelCase part counts half (runStep is about running less than "run" itself is), and
 * dotted or hyphenated pairs count as terms of their own.
 */
function countTerms(text: string): FieldCounts {
  const tf = new Map<string, number>();
  const all = words(text);
  for (const w of all) {
    const terms = termsByForm(w);
    tf.set(terms[0], (tf.get(terms[0]) ?? 0) + 1);
    for (let i = 1; i < terms.length; i++) tf.set(terms[i], (tf.get(terms[i]) ?? 0) + 0.5);
  }
  for (const pair of joined(text)) tf.set(pair, (tf.get(pair) ?? 0) + 1);
  return { length: all.length, tf };
}

// Term counts worked out ahead of the index, for the texts a page's sections give its fields (headings and prose),
// while the pages compile: on a cold build the main thread waits for the compile thread then, and tokenising and
// stemming was most of the index step (pipeline/build.ts). Invariant: an entry is countTerms of its key, so a field
// counts the same whether it was counted early or in the index step. Read-only once made; emptied after the index.
const primed = new Map<string, FieldCounts>();
/** Texts kept at most: a bound on the memory of a very large site (the rest is counted in the index step). */
const PRIMED_LIMIT = 50_000;
/** Fields the index took from the early counts, for tests: a priming that is never used shows as 0 here. */
export const primedUse = { hits: 0 };

/** The texts a page's sections give the index's heading and prose fields (as sectionsOf makes them). */
export function sectionFieldTexts(sections: IndexedPage["sections"]): string[] {
  const texts = [introText(sections)];
  for (const s of sections) if (s.id) texts.push(s.title, s.text);
  return texts;
}

/** Counts `texts` now, for the index step to take (see `primed`). */
export function primeCounts(texts: string[]): void {
  for (const t of texts) if (!primed.has(t) && primed.size < PRIMED_LIMIT) primed.set(t, countTerms(t));
}

/** Lets go of the early counts (the index is done, or the build ended before it). */
export function dropPrimedCounts(): void {
  primed.clear();
}

/** A field's term counts: counted early, or now. */
function counts(text: string): FieldCounts {
  const early = primed.get(text);
  if (!early) return countTerms(text);
  primedUse.hits++;
  return early;
}

/** Heading text as compared across pages: its words, folded. */
const headingKey = (title: string) =>
  words(title)
    .map((w) => w.text)
    .join(" ");

/**
 * What indexing needs of one page, worked out from that page alone (so a build can keep it per page and redo only
 * the pages that changed): its fragment as written, and per section the term counts of each field, as two lists
 * side by side (`terms[i]` occurs `counts[i]` times): read back from the cache, that is two arrays a field rather
 * than one per term (a bundle's analyses parse in about half the time).
 */
export interface PageAnalysis {
  fragment: string;
  sections: Array<Array<{ kind: Field["kind"]; length: number; terms: string[]; counts: number[]; heading?: string }>>;
}

export function analysePage(page: IndexedPage): PageAnalysis {
  const sections = sectionsOf(page);
  const texts = fitTexts(sections.map((s) => s.text));
  const fragment: Fragment = {
    url: page.url,
    title: page.title,
    breadcrumbs: page.breadcrumbs,
    sections: sections.map((s, i) => [s.anchor, s.heading, texts[i]]),
  };
  return {
    fragment: JSON.stringify(fragment),
    sections: sections.map((s) =>
      s.fields.map((f) => {
        const { length, tf } = counts(f.text);
        return {
          kind: f.kind,
          length,
          terms: [...tf.keys()],
          counts: [...tf.values()],
          ...(f.kind === "heading" ? { heading: headingKey(f.text) } : {}),
        };
      }),
    ),
  };
}

/** How much a heading counts given how many pages carry the same heading text. */
function headingWeights(pages: PageAnalysis[]): (key: string) => number {
  const pagesWith = new Map<string, number>();
  for (const p of pages)
    for (const key of new Set(
      p.sections.flatMap((fields) => fields.flatMap((f) => (f.heading !== undefined ? [f.heading] : []))),
    ))
      pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  return (key) => {
    const n = pagesWith.get(key) ?? 1;
    return n <= REPEATS_FREE ? 1 : Math.sqrt(REPEATS_FREE / n);
  };
}

/**
 * Term → its (page, section, weight) triples as one flat array in page and section order, and how many pages it
 * is on. Flat arrays, not maps: this runs over every page on each rebuild.
 */
type TermWeights = Map<string, { entries: number[]; pages: number }>;
type AnalysedSections = PageAnalysis["sections"][];

/**
 * The bundle's files. `analyse` may come from a cache (pipeline/cached-steps.ts); term weights depend on every
 * page (document frequencies, the average prose length, repeated headings), so the assembly always sees them all.
 */
export function localIndexFiles(
  pages: IndexedPage[],
  synonyms: Synonyms = {},
  analyse: (pages: IndexedPage[]) => PageAnalysis[] = (all) => all.map(analysePage),
): Map<string, string> {
  const files = new Map<string, string>();
  const analysed = analyse(pages);
  const fragments = analysed.map((a) => a.fragment);
  const headingWeight = headingWeights(analysed);
  const counted = analysed.map((a) => a.sections);
  const weights = fieldWeights(counted, headingWeight);
  addNameTerms(pages, weights, headingWeight);
  const postings = scoredPostings(weights, pages.length);

  // The pages' loanwords answer for their English originals (translit-map.ts), in one-word queries.
  const translit = translitMap(pages);
  const loans = loanSynonyms(postings.keys(), translit);

  const shards = shardFiles(shardGroups(postings), synonyms, loans, files);
  const tails = tailFiles(postings, files);

  // Fragments share one hash, of all of them: the manifest then names them with ten characters instead of one
  // name per page (smaller on every first query); a content change renews every fragment's name.
  const fragmentsHash = hash(fragments.join("\n"));
  for (const [p, json] of fragments.entries()) files.set(fragmentFile(p, fragmentsHash), json);
  const manifest: Manifest = { format: 2, pages: { count: fragments.length, hash: fragmentsHash }, shards, tails };
  if (Object.keys(translit).length) {
    const json = JSON.stringify(translit);
    manifest.translit = `x.${hash(json)}.json`;
    files.set(manifest.translit, json);
  }
  const posts = pages.flatMap((p, i) => (p.post ? [i] : []));
  if (posts.length) manifest.posts = posts;
  files.set(MANIFEST, JSON.stringify(manifest));
  return files;
}

/**
 * Each term's (page, section, Σ over fields of boost × saturated term frequency), in page and section order: pages
 * and sections are visited in order, and a section's fields one after the other, so a term's (page, section) pair
 * is either its last entry or a new one.
 */
function fieldWeights(counted: AnalysedSections, headingWeight: (key: string) => number): TermWeights {
  const prose = counted.flat(2).filter((f) => f.kind === "text");
  const avg = Math.max(1, prose.reduce((a, f) => a + f.length, 0) / Math.max(1, prose.length));
  const weights: TermWeights = new Map();
  counted.forEach((sections, p) => {
    sections.forEach((fields, si) => {
      for (const f of fields) {
        const norm = f.kind === "text" ? 1 - B + (B * f.length) / avg : 1;
        const boost = f.heading !== undefined ? BOOST.heading * headingWeight(f.heading) : BOOST[f.kind];
        const { terms, counts: tfs } = f;
        for (let i = 0; i < terms.length; i++) {
          const term = terms[i];
          const n = tfs[i];
          const w = (boost * n * (K1 + 1)) / (n + K1 * norm);
          let t = weights.get(term);
          if (!t) weights.set(term, (t = { entries: [], pages: 0 }));
          const e = t.entries;
          const last = e.length - 3;
          if (last >= 0 && e[last] === p && e[last + 1] === si) e[last + 2] += w;
          else {
            if (last < 0 || e[last] !== p) t.pages++;
            e.push(p, si, w);
          }
        }
      }
    });
  });
  return weights;
}

/**
 * "Titled exactly this" terms: a page's title, and a heading that names an option or a command of the page's own
 * (not repeated boilerplate, not an event constant): what a one-word query names ("retry", "tolerance", "sets").
 */
function addNameTerms(pages: IndexedPage[], weights: TermWeights, headingWeight: (key: string) => number): void {
  pages.forEach((page, p) => {
    const named = [
      [page.title, 0] as const,
      ...sectionsOf(page).flatMap((s, si) =>
        si > 0 &&
        OPTION.test(s.heading.trim()) &&
        !CONSTANT.test(s.heading.trim()) &&
        headingWeight(headingKey(s.heading)) === 1
          ? [[s.heading, si] as const]
          : [],
      ),
    ];
    for (const [text, si] of named) {
      const term = nameTerm(text);
      if (!term) continue;
      let t = weights.get(term);
      if (!t) weights.set(term, (t = { entries: [], pages: 0 }));
      const e = t.entries;
      if (e.length && e[e.length - 3] === p) continue;
      e.push(p, si, 1);
      t.pages++;
    }
  });
}

/**
 * Each term's postings in term order, as the shards store them: (page delta, section, score) triples, the score
 * the weight times the term's idf over `n` pages, in tenths.
 */
function scoredPostings(weights: TermWeights, n: number): Map<string, number[]> {
  const postings = new Map<string, number[]>();
  for (const term of [...weights.keys()].sort(compareTerms)) {
    const { entries, pages: df } = weights.get(term)!;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const flat: number[] = [];
    let prev = 0;
    for (let i = 0; i < entries.length; i += 3) {
      flat.push(entries[i] - prev, entries[i + 1], Math.max(1, Math.round(idf * entries[i + 2] * 10)));
      prev = entries[i];
    }
    postings.set(term, flat);
  }
  return postings;
}

/**
 * How far a shard may stray from SHARD_BYTES to close where two neighbouring terms share few first letters: a query
 * word reads every term sharing its first four letters (words.ts matchRange), so a shard edge inside such a stretch
 * («настро…» ending one shard and starting the next) costs that word a second shard.
 */
const SHARD_SLACK = 0.25;
/** Shared first letters at which a shard edge splits no query word's range (words.ts: at least four are read). */
const RANGE_LETTERS = 4;

/** How many first letters two terms share, up to RANGE_LETTERS. */
function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < RANGE_LETTERS && i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * Terms in order, cut into shards of about SHARD_BYTES (at least one shard). Each edge is placed, within
 * SHARD_SLACK of that size, between two terms that differ in their first four letters (the one nearest the size), so
 * one query word reads one shard.
 */
export function shardGroups(postings: Map<string, number[]>): Array<Shard["terms"]> {
  const ordered = [...postings];
  const sizes = ordered.map(([term, flat]) => term.length + 6 + flat.join(",").length);
  const groups: Array<Shard["terms"]> = [];
  // Bytes from each term to the end: what is left within one shard's slack is the last shard, not a shard and a crumb.
  const rest = [...sizes, 0];
  for (let i = sizes.length - 1; i >= 0; i--) rest[i] += rest[i + 1];
  for (let start = 0; start < ordered.length; ) {
    let end = ordered.length - 1;
    let best: { at: number; shared: number; off: number } | null = null;
    let size = 0;
    for (let i = start; rest[start] > SHARD_BYTES * (1 + SHARD_SLACK) && i < ordered.length - 1; i++) {
      size += sizes[i];
      if (size < SHARD_BYTES * (1 - SHARD_SLACK)) continue;
      if (best && size > SHARD_BYTES * (1 + SHARD_SLACK)) break;
      const next = ordered[i + 1][0];
      // A name term ("браузер поддержива=") stays in the shard of the stem before it: the shard its query reads.
      if (next.endsWith("=")) continue;
      // Splitting a shorter shared start only splits the range of a word typed two or three letters so far.
      const shared = sharedStart(ordered[i][0], next) >= RANGE_LETTERS ? 1 : 0;
      const off = Math.abs(size - SHARD_BYTES);
      if (!best || shared < best.shared || (shared === best.shared && off < best.off)) best = { at: i, shared, off };
    }
    // No cut point: what is left is smaller than a shard and closes the last one.
    if (best) end = best.at;
    groups.push(Object.fromEntries(ordered.slice(start, end + 1)));
    start = end + 1;
  }
  if (!groups.length) groups.push({});
  return groups;
}

/**
 * The shortest start of `first` that sorts after `last`: where a shard begins in the manifest. A query word reads
 * every shard whose range meets its own (words.ts matchRange); with the shard's first term there, «repo…» would read
 * the shard ending in «replmod» as well as the one starting with «report», though only the second can hold it.
 */
export function shardEdge(last: string, first: string): string {
  for (let n = 1; n < first.length; n++) if (compareTerms(first.slice(0, n), last) > 0) return first.slice(0, n);
  return first;
}

/**
 * The shards' files (into `files`) and their manifest entries. Each synonym goes into the shard whose range holds
 * its phrase's first stem (the shard that query word reads anyway).
 */
function shardFiles(
  groups: Array<Shard["terms"]>,
  synonyms: Synonyms,
  loans: Synonyms,
  files: Map<string, string>,
): Manifest["shards"] {
  const firsts = groups.map((g, i) => {
    const first = Object.keys(g)[0] ?? "";
    return i ? shardEdge(Object.keys(groups[i - 1]).at(-1) ?? "", first) : first;
  });
  const byShard = (all: Synonyms) => {
    const out = groups.map((): Synonyms => ({}));
    for (const [phrase, alts] of Object.entries(all).sort((a, b) => compareTerms(a[0], b[0]))) {
      const stem = phrase.split(" ")[0];
      let i = 0;
      while (i + 1 < firsts.length && compareTerms(firsts[i + 1], stem) <= 0) i++;
      out[i][phrase] = alts;
    }
    return out;
  };
  const [bySynonym, byLoan] = [byShard(synonyms), byShard(loans)];
  return groups.map((terms, i) => {
    const shard: Shard = { terms };
    if (Object.keys(bySynonym[i]).length) shard.synonyms = bySynonym[i];
    if (Object.keys(byLoan[i]).length) shard.loans = byLoan[i];
    const json = JSON.stringify(shard);
    const file = `s/${i}.${hash(json)}.json`;
    files.set(file, json);
    return [firsts[i], file];
  });
}

/**
 * The typo tails' files (into `files`) and their manifest entries: terms of TAIL_FROM letters and more, ordered by
 * their reversed spelling, in chunks of about TAILS_BYTES.
 */
function tailFiles(postings: Map<string, number[]>, files: Map<string, string>): Manifest["tails"] {
  const tails: Manifest["tails"] = [];
  let chunk: Tails = [];
  let chunkSize = 0;
  const closeTails = () => {
    if (!chunk.length) return;
    const json = JSON.stringify(chunk);
    const file = `t/${tails.length}.${hash(json)}.json`;
    files.set(file, json);
    tails.push([reversed(chunk[0]), file]);
    chunk = [];
    chunkSize = 0;
  };
  const byTail = [...postings.keys()]
    .filter((t) => t.length >= TAIL_FROM && !/[.=-]/.test(t))
    .map((t) => [reversed(t), t] as const)
    .sort((a, b) => compareTerms(a[0], b[0]));
  for (const [, term] of byTail) {
    chunk.push(term);
    chunkSize += term.length + 3;
    if (chunkSize >= TAILS_BYTES) closeTails();
  }
  closeTails();
  return tails;
}
