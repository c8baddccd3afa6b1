// The local provider's query side: query words → the shards covering their stems → pages ranked by the summed
// BM25 weights the build stored. No DOM, no fetch of its own: files come through `load`, so Node tests and the
// browser run the same code.
import { words, stem, joined, matchWeight, matchRange, oneEditApart, isStopword, nameTerm } from "./words.ts";
import { memoAsync } from "../memo-async.ts";
import { soundKey, KEY_FROM } from "./translit.ts";
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
  type Translit,
} from "./local-format.ts";

export type Load = (file: string) => Promise<unknown>;

/**
 * Index terms answering one stem with their match weights; `exact` when the stem itself is one of them; `forms`:
 * the other forms of the word among them (not the stem, not longer words the reader may be typing).
 */
type Found = Array<[number[], number]> & { exact: boolean; forms?: Array<[string, number]> };

/** Typos are looked for in stems this long: shorter ones are one edit away from too many words. */
const FUZZY_FROM = 5;
/** A corrected word counts less than one the reader typed right. */
const FUZZY_WEIGHT = 0.4;
/** At most this many corrections of one misspelt word. */
const FUZZY_MAX = 6;
/** Corrections on fewer pages than this share of the most frequent one are left out: the site's words win. */
const FUZZY_RARE = 0.1;
/**
 * A word the index has only as other forms or longer words ("браузре" → браузерн…) is also corrected, when a term
 * one edit away is on this many times as many sections: a slip on a frequent word of the site, not a rare form.
 */
const FUZZY_FREQUENT = 4;
/** Such a correction of a word that found something counts like another form of the word. */
const FUZZY_BESIDE_WEIGHT = 0.6;
/** An English term found through the sound of a Cyrillic word («ассерты» → assert). */
const SPOKEN_WEIGHT = 0.9;
/** Cyrillic words shorter than this are not looked up by sound (their keys say too little). */
const SPOKEN_FROM = 4;
/** A "why / when / what's new" question lifts blog posts (announcements) by this much. */
const HISTORY_POST = 2;
/** A synonym (куки → cookie) counts a little less than the word the reader typed. */
const SYNONYM_WEIGHT = 0.8;
/** A longer word the last query word starts with, when the index has that very word too ("mock" → mockClearAll). */
const COMPLETION_BESIDE_EXACT = 0.1;
/**
 * Another form Snowball cut differently, when the index has the query's stem itself (English words): "selector" finds the select*
 * commands through "select" only well behind the pages that say selector.
 */
const LOOSE_BESIDE_EXACT = 0.5;
/**
 * An English other form more than one edit from the query's stem when the index lacks the stem itself: "selectro"
 * (a slip of selectors) is one swap from selector but a cut of select, whose commands would otherwise tie with it.
 */
const FAR_FORM_WEIGHT = 0.25;
/** English stems only: Russian word forms need the other forms Snowball cut differently (запуск, запуст). */
const LATIN = /^[a-z]+$/;
/** A page titled exactly what the reader typed ("url", "sets", "browsers") is the page about it. */
const TITLE_IS_QUERY = 4;
/** A page with a heading that is exactly the query (an option: "retry", "tolerance") is where it is explained. */
const HEADING_IS_QUERY = 2;
/**
 * How steeply a page's score falls with the share of the query's words it lacks (share ** this). Measured on the
 * reader set (docs/search.md): 2 and 2.5 left intents to pages with most of the words, 4 cost blog and question.
 */
const COVERAGE_POWER = 3;
/** Extra score, as a share of the page's, for two query words standing together in its text ("browser url"). */
const ADJACENT_BONUS = 0.5;
/** How many of the best pages are checked for adjacent query words: the ones whose text the UI fetches anyway. */
const ADJACENT_TOP = 5;

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
export interface Ranking {
  pages: RankedPage[];
  /** Stems to mark in result text: the query's, its synonyms' and any typo corrections. */
  stems: string[];
  /** Set when the query found nothing as typed and this (the other keyboard layout) was searched instead. */
  searched?: string;
}

/** One stem to look up; `prefix` for the query's last word, which the reader may still be typing. */
interface Lookup {
  stem: string;
  prefix: boolean;
  /** The word as the reader wrote it (folded), for typo corrections made before stemming. */
  word?: string;
  /** Answered by that very term only, not by other forms of it (a joined identifier: "base url" → baseurl). */
  whole?: boolean;
}
/** One unit of the query: a word (or a phrase with synonyms) and the ways it may be answered. */
interface Slot {
  /** `spoken`: the English term a Cyrillic word sounds like; found that way only, the query is not "exact". */
  alts: Array<{ lookups: number[]; weight: number; spoken?: boolean }>;
}
export interface ParsedQuery {
  lookups: Lookup[];
  slots: Slot[];
  /** Query words written together in the text ("browser url" → browser.url): a bonus, not a required word. */
  adjacent: number[];
  /** Folded words of the query (stop words left out) in order, for the adjacency check on result text. */
  stems: string[];
  /** The query asks why, when or what is new: the history the blog tells. */
  history: boolean;
  /**
   * Lookups of the "titled exactly this" terms (words.ts nameTerm): the query's words, and for a one-word query
   * each one-word synonym («плагины» → plugins, the page titled so).
   */
  named: number[];
  /** The English originals of the loanwords in the shards the query read (плагин → plugin), for its corrections. */
  loans: Synonyms;
}

/**
 * Words that ask for the product's history: why something changed, when it came, what is new. Stop words, so they
 * are matched on the query as written.
 */
const HISTORY =
  /(^|[^\p{L}])(why|when (?:did|was|were|will|has|have)|what'?s new|new in|released?|introduced|announced?|почему|зачем|когда \p{L}+(?:л|ла|ло|ли)|что нового|нового в|появил\p{L}*|релиз\p{L}*|вышел|вышла|вышли)(?!\p{L})/iu;

/** The query's words, stop words left out when others remain, grouped into slots by the synonyms. */
export function parseQuery(query: string, synonyms: Synonyms = {}, spoken: Synonyms = {}): ParsedQuery {
  const all = words(query);
  const kept = all.some((w) => !isStopword(w.text)) ? all.filter((w) => !isStopword(w.text)) : all;
  const last = all[all.length - 1];
  const lookups: Lookup[] = [];
  const lookup = (s: string, prefix = false, word?: string) => {
    const i = lookups.findIndex((l) => l.stem === s && l.prefix === prefix);
    return i >= 0 ? i : lookups.push(word ? { stem: s, prefix, word } : { stem: s, prefix }) - 1;
  };
  const stems = kept.map((w) => stem(w.text));
  const slots: Slot[] = [];
  for (let i = 0; i < kept.length; ) {
    let len = Math.min(3, kept.length - i);
    while (len > 1 && !synonyms[stems.slice(i, i + len).join(" ")]) len--;
    const phrase = kept.slice(i, i + len);
    const alts: Slot["alts"] = [{ lookups: phrase.map((w, k) => lookup(stems[i + k], w === last, w.text)), weight: 1 }];
    for (const alt of synonyms[stems.slice(i, i + len).join(" ")] ?? [])
      alts.push({ lookups: alt.map((s) => lookup(s)), weight: SYNONYM_WEIGHT });
    if (len === 1)
      for (const alt of spoken[stems[i]] ?? [])
        alts.push({ lookups: alt.map((s) => lookup(s)), weight: SPOKEN_WEIGHT, spoken: true });
    slots.push({ alts });
    i += len;
  }
  const pairs = joined(query);
  for (const p of pairs) slots.push({ alts: [{ lookups: [lookup(p)], weight: 1 }] });
  const adjacent: number[] = [];
  for (let i = 0; i + 1 < kept.length; i++) {
    for (const sep of [".", "-"]) {
      const p = kept[i].text + sep + kept[i + 1].text;
      if (!pairs.includes(p)) adjacent.push(lookup(p));
    }
    // Two English words a reader types apart may be one identifier of the docs ("base url" → baseUrl, "window
    // size" → windowSize): the option's own term lifts the section it heads.
    if (LATIN.test(kept[i].text) && LATIN.test(kept[i + 1].text)) {
      const whole = stem(kept[i].text + kept[i + 1].text);
      if (!lookups.some((l) => l.stem === whole))
        adjacent.push(lookups.push({ stem: whole, prefix: false, whole: true }) - 1);
    }
  }
  const name = nameTerm(kept.map((w) => w.text).join(" "));
  const named = name ? [lookup(name)] : [];
  if (name && slots.length === 1)
    for (const alt of slots[0].alts.slice(1))
      if (alt.lookups.length === 1) named.push(lookup(`${lookups[alt.lookups[0]].stem}=`));
  return { lookups, slots, adjacent, stems, history: HISTORY.test(query), named, loans: spoken };
}

/** The stems a query marks in result text, synonyms aside (the words as typed, stop words left out). */
export const queryStems = (query: string) =>
  parseQuery(query)
    .lookups.map((l) => l.stem)
    .filter((s) => !s.endsWith("="));

/** Indexes of the shards that can hold terms in [lo, hi]. */
export function shardsFor(shards: Manifest["shards"], lo: string, hi: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < shards.length; i++) {
    const next = shards[i + 1]?.[0];
    if (compareTerms(shards[i][0], hi) <= 0 && (next === undefined || compareTerms(next, lo) > 0)) out.push(i);
  }
  return out;
}

/** Whether words of `wanted` (stems) stand next to each other, in query order, somewhere in `text`. */
function adjacentIn(text: string, wanted: string[]): number {
  const seq = words(text).map((w) => stem(w.text));
  let found = 0;
  for (let i = 0; i + 1 < wanted.length; i++) {
    for (let k = 0; k + 1 < seq.length; k++)
      if (matchWeight(seq[k], wanted[i]) && matchWeight(seq[k + 1], wanted[i + 1])) {
        found++;
        break;
      }
  }
  return found;
}

/** The stretch of terms a lookup reads: a name term ("url=") is that one term, in the shard of its first stem. */
const rangeOf = (stem: string): [string, string] => (stem.endsWith("=") ? [stem, stem] : matchRange(stem));

const LATIN_LETTERS = "abcdefghijklmnopqrstuvwxyz";
const CYRILLIC_LETTERS = "абвгдежзийклмнопрстуфхцчшщъыьэюя";

/**
 * Words one edit (deletion, swap of neighbours, substitution, insertion) from `word`, its first two letters kept:
 * the shards of those letters are the ones the corrections read (a slip in the first letters goes through the
 * tails instead).
 */
export function editsOf(word: string): Set<string> {
  const out = new Set<string>();
  if (word.length < FUZZY_FROM) return out;
  const letters = /[а-я]/.test(word) ? CYRILLIC_LETTERS : /^[a-z]+$/.test(word) ? LATIN_LETTERS : "";
  if (!letters) return out;
  for (let i = 2; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const ch of letters) {
      if (tail) out.add(head + ch + tail.slice(1));
      out.add(head + ch + tail);
    }
  }
  out.delete(word);
  return out;
}

export function localEngine(load: Load) {
  const loaded = memoAsync(load);
  const get = <T>(file: string) => loaded(file) as Promise<T>;
  const manifest = () => get<Manifest>(MANIFEST);

  const shardsIn = (m: Manifest, lo: string, hi: string) =>
    Promise.all(shardsFor(m.shards, lo, hi).map((i) => get<Shard>(m.shards[i][1])));

  /** The terms of the shards covering [lo, hi]. */
  async function termsIn(m: Manifest, lo: string, hi: string): Promise<Array<[string, number[]]>> {
    return (await shardsIn(m, lo, hi)).flatMap((sh) => Object.entries(sh.terms));
  }

  /**
   * The synonyms that may apply to a query (they travel in the shards its words read anyway), and for Cyrillic
   * words the index does not have, the English terms they sound like (`spoken`, from the bundle's sound-key map).
   */
  async function synonymsFor(m: Manifest, query: string): Promise<{ synonyms: Synonyms; spoken: Synonyms }> {
    const synonyms: Synonyms = {};
    const spoken: Synonyms = {};
    const shards = await Promise.all(parseQuery(query).lookups.map((l) => shardsIn(m, ...rangeOf(l.stem))));
    for (const sh of shards.flat()) Object.assign(synonyms, sh.synonyms);
    // A loanword's English original helps a one-word query find its page; in a longer query it pulls in every page
    // with the English word (скриншот → the saveScreenshot commands for «игнорировать область на скриншоте»).
    const one = words(query).filter((w) => !isStopword(w.text)).length === 1;
    if (one) for (const sh of shards.flat()) Object.assign(spoken, sh.loans);
    const unknown = words(query).filter((w) => {
      const s = stem(w.text);
      // Stop words are never looked up («как»): they are no reason to read the map.
      return (
        /^[а-я]+$/.test(w.text) &&
        !isStopword(w.text) &&
        w.text.length >= SPOKEN_FROM &&
        !synonyms[s] &&
        !shards.flat().some((sh) => sh.terms[s])
      );
    });
    if (!unknown.length || !m.translit) return { synonyms, spoken };
    const map = await get<Translit>(m.translit);
    for (const w of unknown) {
      const s = stem(w.text);
      const terms = new Set(
        [soundKey(s), soundKey(w.text)].flatMap((k) => (k.length >= KEY_FROM && map[k] ? [map[k]] : [])),
      );
      if (terms.size) spoken[s] = [...terms].map((t) => [t]);
    }
    return { synonyms, spoken };
  }

  /**
   * Index terms answering one stem, with their match weights: the term itself, other forms of the word, and for
   * the word being typed longer words starting with it (weighed down when the word itself is in the index).
   */
  async function termsOfStem(m: Manifest, q: string, prefix: boolean, only = false): Promise<Found> {
    const out: Array<[number[], number, boolean, boolean]> = [];
    const names: string[] = [];
    let exact = false;
    if (q.endsWith("=")) {
      const named = (await termsIn(m, ...rangeOf(q))).find(([term]) => term === q);
      return Object.assign(named ? [[named[1], 1] as [number[], number]] : [], { exact: !!named });
    }
    for (const [term, flat] of await termsIn(m, ...matchRange(q))) {
      const w = term.endsWith("=") || (only && term !== q) ? 0 : matchWeight(term, q);
      if (!w) continue;
      const completion = term.length > q.length + 2;
      if (completion && !prefix) continue;
      if (term === q) exact = true;
      names.push(term);
      out.push([flat, w, completion, !completion && term !== q && !term.startsWith(q) && LATIN.test(q)]);
    }
    const terms = out.map(([flat, w, completion, loose], i): [number[], number] => [
      flat,
      exact && completion
        ? w * COMPLETION_BESIDE_EXACT
        : exact && loose
          ? w * LOOSE_BESIDE_EXACT
          : !exact && loose && !oneEditApart(names[i], q)
            ? w * FAR_FORM_WEIGHT
            : w,
    ]);
    const forms = names.flatMap(
      (t, i): Array<[string, number]> => (t !== q && !out[i][2] ? [[t, out[i][0].length / 3]] : []),
    );
    return Object.assign(terms, { exact, forms });
  }

  /**
   * Terms one edit away from a stem nothing answers (a typo), wherever the edit is: terms sharing its first two
   * letters come from the shards already read, the others from the tails chunk covering its reversed end.
   */
  async function corrections(m: Manifest, q: string, word = q): Promise<string[]> {
    if (q.length < FUZZY_FROM || /[^\p{L}]/u.test(q)) return [];
    const near = new Set<string>();
    const start = await termsIn(m, q.slice(0, 2), `${q.slice(0, 2)}\uffff`);
    for (const [term] of start) if (oneEditApart(term, q)) near.add(term);
    // The slip fixed before stemming: "accessibilty" stems to accessibilti, but "accessibility" to access.
    const known = new Set(start.map(([term]) => term));
    for (const fixed of editsOf(word)) {
      const s = stem(fixed);
      if (s !== q && known.has(s)) near.add(s);
    }
    const end = reversed(q.slice(3));
    const chunks = shardsFor(m.tails, end, `${end}\uffff`).map((i) => get<Tails>(m.tails[i][1]));
    for (const chunk of await Promise.all(chunks))
      for (const term of chunk) if (reversed(term).startsWith(end) && oneEditApart(term, q)) near.add(term);
    return [...near];
  }

  async function lookupAll(m: Manifest, parsed: ParsedQuery) {
    const found: Array<Array<[number[], number]>> = await Promise.all(
      parsed.lookups.map((l) => termsOfStem(m, l.stem, l.prefix, l.whole)),
    );
    const corrected: string[] = [];
    const fuzzy = new Set<number>();
    const sections = (terms: Array<[number[], number]>) => Math.max(0, ...terms.map(([flat]) => flat.length / 3));
    /**
     * The page titled with `term`, or with the English original of the loanword it is («плагинв» → плагин →
     * the page titled plugins), is the one a one-word query names: their title terms join the query's.
     */
    const nameTitled = async (term: string) => {
      const loans = (parsed.loans[term] ?? []).filter((alt) => alt.length === 1).map(([t]) => t);
      for (const t of [term, ...loans]) {
        const named = parsed.lookups.push({ stem: `${t}=`, prefix: false }) - 1;
        parsed.named.push(named);
        found[named] = await termsOfStem(m, `${t}=`, false);
      }
    };
    // A slot's own words that nothing answers, with no synonym to answer for them, are taken for typos; so is a word
    // found only as other forms when a far more frequent term of the site is one edit away.
    await Promise.all(
      parsed.slots.map(async (slot) => {
        if (slot.alts.some((a, i) => i > 0 && a.lookups.some((l) => found[l].length))) return;
        for (const l of slot.alts[0].lookups) {
          if ((found[l] as Found).exact) continue;
          // A one-word query answered only by other forms of its word ("testplnae" → testplan, "browsres" →
          // browser): the page titled with the most frequent of them is the one it names, as for a correction.
          const forms = (found[l] as Found).forms ?? [];
          if (parsed.slots.length === 1 && parsed.named.length && forms.length)
            await nameTitled([...forms].sort((a, b) => b[1] - a[1])[0][0]);
          const near = await corrections(m, parsed.lookups[l].stem, parsed.lookups[l].word);
          // An English correction is that very term: its other forms would be two steps from what the reader typed
          // (Russian ones keep theirs, as Snowball cuts Russian forms of one word differently).
          const terms = (await Promise.all(near.map((c) => termsOfStem(m, c, false, LATIN.test(c))))).map(
            (t, i) => [near[i], t, sections(t)] as const,
          );
          const answered = found[l].length > 0;
          const floor = answered
            ? FUZZY_FREQUENT * sections(found[l])
            : FUZZY_RARE * Math.max(0, ...terms.map((t) => t[2]));
          const kept = terms
            .filter((t) => t[2] > 0 && t[2] >= floor)
            .sort((a, b) => b[2] - a[2])
            .slice(0, FUZZY_MAX);
          if (!kept.length) continue;
          const weight = answered ? FUZZY_BESIDE_WEIGHT : FUZZY_WEIGHT;
          corrected.push(...kept.map((t) => t[0]));
          found[l] = [
            ...found[l],
            ...kept.flatMap((t) => t[1].map(([flat, w]): [number[], number] => [flat, w * weight])),
          ];
          if (!answered) fuzzy.add(l);
          // A one-word query corrected: the page titled so is still the one it names ("browsres" → browsers).
          if (parsed.slots.length === 1 && parsed.named.length) await nameTitled(kept[0][0]);
        }
      }),
    );
    return { found, corrected, fuzzy };
  }

  async function rankParsed(m: Manifest, parsed: ParsedQuery) {
    const { lookups, slots, adjacent } = parsed;
    const { found, corrected, fuzzy } = await lookupAll(m, parsed);

    // page → section → per-lookup best weight
    const hits = new Map<number, Map<number, number[]>>();
    found.forEach((terms, li) => {
      for (const [flat, mw] of terms) {
        let page = 0;
        for (let k = 0; k < flat.length; k += 3) {
          page += flat[k];
          let bySection = hits.get(page);
          if (!bySection) hits.set(page, (bySection = new Map()));
          let scores = bySection.get(flat[k + 1]);
          if (!scores) bySection.set(flat[k + 1], (scores = new Array<number>(lookups.length).fill(0)));
          scores[li] = Math.max(scores[li], flat[k + 2] * mw);
        }
      }
    });

    /** Per slot: the best of its alternatives, a phrase counting the mean of its words. */
    const slotScores = (byLookup: number[]) =>
      slots.map((slot) =>
        Math.max(
          ...slot.alts.map((a) => (a.weight * a.lookups.reduce((s, l) => s + byLookup[l], 0)) / a.lookups.length),
        ),
      );
    const bonus = (byLookup: number[]) => Math.max(0, ...adjacent.map((l) => byLookup[l]));

    const ranked: RankedPage[] = [];
    for (const [page, bySection] of hits) {
      const best = new Array<number>(lookups.length).fill(0);
      const sections: RankedSection[] = [];
      for (const [index, scores] of bySection) {
        scores.forEach((s, li) => {
          best[li] = Math.max(best[li], s);
        });
        const perSlot = slotScores(scores);
        sections.push({
          index,
          score: perSlot.reduce((a, b) => a + b, 0) + ADJACENT_BONUS * bonus(scores),
          matched: perSlot.filter((s) => s > 0).length,
        });
      }
      // A page with every query word beats one with a single word repeated (coverage counts three times: a page with
      // three of an intent's four words no longer outranks the option section that has them all), and words that
      // stand together in one section beat words scattered over the page: half of the score is the page's, half its
      // best section's.
      const covered = (score: number, matched: number) => score * (matched / slots.length) ** COVERAGE_POWER;
      const perSlot = slotScores(best);
      const matched = perSlot.filter((s) => s > 0).length;
      if (!matched) continue;
      const whole = covered(perSlot.reduce((a, b) => a + b, 0) + ADJACENT_BONUS * bonus(best), matched);
      const together = Math.max(...sections.map((s) => covered(s.score, s.matched)));
      sections.sort((a, b) => b.matched - a.matched || b.score - a.score);
      const { named } = parsed;
      const titled = named.some((l) => (bySection.get(0)?.[l] ?? 0) > 0)
        ? TITLE_IS_QUERY
        : [...bySection.values()].some((sc) => named.some((l) => sc[l] > 0))
          ? HEADING_IS_QUERY
          : 1;
      ranked.push({ page, score: (titled * (whole + together)) / 2, matched, sections });
    }
    // Pages with all the words, when there are any; a long query may miss one word in three (a "как" or "в" the
    // page does not use), and a two-word one may miss one of them: the verb a reader asks with is often not the
    // page's ("connect a plugin": the page titled Plugins), and coverage weighs such a page down. With no page having
    // them all, the pages with the most are the results.
    // A history question ("why was hermione renamed", «что нового в testplane») is answered by the announcement.
    if (parsed.history && m.posts) for (const r of ranked) if (m.posts.includes(r.page)) r.score *= HISTORY_POST;
    const most = Math.max(0, ...ranked.map((r) => r.matched));
    const need = Math.max(1, most - (slots.length === 2 ? 1 : Math.floor(slots.length / 3)));
    const pages = ranked.filter((r) => r.matched >= need).sort((a, b) => b.score - a.score || a.page - b.page);
    const spokenOnly = (li: number) => slots.every((sl) => sl.alts.every((a) => a.spoken || !a.lookups.includes(li)));
    const exact = found.some((f, li) => f.length && !fuzzy.has(li) && !adjacent.includes(li) && !spokenOnly(li));
    const marks = lookups.filter((_, li) => !adjacent.includes(li) && !parsed.named.includes(li)).map((l) => l.stem);
    return { pages, stems: [...new Set([...marks, ...corrected])], exact };
  }

  /**
   * Among the first few pages, whose fragments the results show anyway: a page titled exactly the query comes
   * first, and words that stand together in the query and in a page's text (title or a matched section) lift it.
   */
  async function byFragments(pages: RankedPage[], wanted: string[]): Promise<RankedPage[]> {
    if (pages.length < 2 || !wanted.length) return pages;
    const top = pages.slice(0, ADJACENT_TOP);
    const m = await manifest();
    const lifted = await Promise.all(
      top.map(async (r) => {
        const f = await get<Fragment>(fragmentFile(r.page, m.pages.hash));
        let factor = 1;
        if (wanted.length > 1) {
          const texts = [f.title, ...r.sections.slice(0, 3).flatMap((s) => f.sections[s.index]?.slice(1) ?? [])];
          const pairs = Math.max(...texts.map((t) => adjacentIn(t, wanted)));
          factor *= 1 + (0.3 * pairs) / (wanted.length - 1);
        }
        return { ...r, score: r.score * factor };
      }),
    );
    lifted.sort((a, b) => b.score - a.score || a.page - b.page);
    return [...lifted, ...pages.slice(ADJACENT_TOP)];
  }

  /** Pages for a query, best first, and the stems to mark in their text. */
  async function rank(query: string): Promise<Ranking> {
    const m = await manifest();
    const { synonyms, spoken } = await synonymsFor(m, query);
    const parsed = parseQuery(query, synonyms, spoken);
    if (!parsed.slots.length) return { pages: [], stems: [] };
    let result = await rankParsed(m, parsed);
    let searched: string | undefined;
    let wanted = parsed.stems;
    // Nothing found as typed (or only through typo corrections): the same keys in the other keyboard layout.
    if (!result.exact) {
      const { otherLayout } = await import("./layout.ts");
      const other = otherLayout(query);
      const again = other !== query ? parseQuery(other, (await synonymsFor(m, other)).synonyms) : null;
      const second = again?.slots.length ? await rankParsed(m, again) : null;
      // Over results the query found itself (a Cyrillic word sounding like a term of the site: «вебдрайвер»), the
      // other layout wins only with every one of its words (not "dt" of «lhfqdth dt» alone).
      const whole = !result.pages.length || (second?.pages[0]?.matched ?? 0) === again?.slots.length;
      if (again && second?.exact && second.pages.length && whole) {
        result = second;
        searched = other.trim();
        wanted = again.stems;
      }
    }
    const pages = await byFragments(result.pages, wanted);
    return searched ? { pages, stems: result.stems, searched } : { pages, stems: result.stems };
  }

  return {
    /** Fetches the manifest ahead of the first query. */
    preload: () => manifest().then(() => undefined),
    rank,
    fragment: async (page: number) => get<Fragment>(fragmentFile(page, (await manifest()).pages.hash)),
  };
}
