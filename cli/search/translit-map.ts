// The bundle's map from sound keys to the English terms its pages use (theme/search/translit.ts): the engine keys a
// Cyrillic query word the index does not have («ассерты», «таймаутов», «сетвалью») and searches the term with the
// same key. Derived from the pages themselves, so it holds the site's own vocabulary and nothing else.
import { latinKeys, soundKey, KEY_FROM } from "../../theme/search/translit.ts";
import { stem } from "../../theme/search/words.ts";
import type { Synonyms, Translit } from "../../theme/search/local-format.ts";

const LATIN_WORD = /[A-Za-z]{4,}/g;
/** The share of Cyrillic words from which an edition gets a map. */
const CYRILLIC_SHARE = 0.2;
/** Longer keys are names nobody spells out in Cyrillic (chainablePromiseElement): left out to keep the map small. */
const KEY_TO = 10;

/**
 * A word that ends in a vowel said aloud ("webdriverio", "redux-saga"): its key drops that vowel as it drops a
 * Russian ending, but a reader writes it («вебдрайверио»), so a word without it («вебдрайвер» → webdriver) has
 * the key first whatever the page counts.
 */
const VOICED_END = /(?:[aeiouy][aiouy]|[aiou])$/;

/**
 * Sound key → the stem of the Latin word with that key on the most pages (its raw form and its English stem are
 * both keyed: "chunks" answers «чанки» through "chunk"). A word on a single page is left out unless a title or a
 * heading names it: the map is for the terms a reader could have heard of, and stays small.
 */
/** What the map reads of a page (local-index.ts' IndexedPage has these; named here so neither module imports the other). */
interface PageText {
  title: string;
  description: string;
  sections: Array<{ title: string; text: string }>;
}

export function translitMap(pages: PageText[]): Translit {
  const df = new Map<string, number>();
  const named = new Set<string>();
  let [latin, cyrillic] = [0, 0];
  for (const p of pages) {
    for (const s of p.sections) {
      latin += s.text.match(/[A-Za-z]+/g)?.length ?? 0;
      cyrillic += s.text.match(/[А-Яа-яЁё]+/g)?.length ?? 0;
    }
  }
  // Readers write English terms in Cyrillic on an edition written in it; an English edition needs no map (13 KB
  // gzip on this site's, a tenth of its index).
  if (cyrillic < CYRILLIC_SHARE * (latin + cyrillic)) return {};
  for (const p of pages) {
    const seen = new Set<string>();
    const titles = [p.title, ...p.sections.map((s) => s.title)].join(" ");
    for (const m of titles.matchAll(LATIN_WORD)) named.add(m[0].toLowerCase());
    const text = [titles, p.description, ...p.sections.map((s) => s.text)].join(" ");
    for (const m of text.matchAll(LATIN_WORD)) seen.add(m[0].toLowerCase());
    for (const w of seen) df.set(w, (df.get(w) ?? 0) + 1);
  }
  const best = new Map<string, [term: string, pages: number, voiced: boolean]>();
  for (const [word, n] of df) {
    if (n < 2 && !named.has(word)) continue;
    const term = stem(word);
    const voiced = VOICED_END.test(word);
    for (const key of new Set([...latinKeys(word), ...latinKeys(term)])) {
      if (key.length < KEY_FROM || key.length > KEY_TO) continue;
      const had = best.get(key);
      const better =
        !had || (had[2] && !voiced) || (had[2] === voiced && (had[1] < n || (had[1] === n && had[0] > term)));
      if (better) best.set(key, [term, n, voiced]);
    }
  }
  const out: Translit = {};
  for (const key of [...best.keys()].sort()) out[key] = best.get(key)![0];
  return out;
}

/** Loanwords shorter than this (stems) are too often plain Russian words with an English look-alike. */
const LOAN_FROM = 5;

/**
 * Synonyms from the pages' own words: a Cyrillic term that sounds like an English term of the same pages
 * (плагин ~ plugin, таймаут ~ timeout, селектор ~ selector) is answered by it as well, so «плагины» also finds the
 * page that says "plugins" and the page titled so. Stored like the content's synonyms, in the shard of the word.
 */
export function loanSynonyms(terms: Iterable<string>, latin: Translit): Synonyms {
  const out: Synonyms = {};
  for (const term of terms) {
    if (term.length < LOAN_FROM || !/^[а-я]+$/.test(term)) continue;
    const key = soundKey(term);
    if (key.length > KEY_FROM && latin[key]) out[term] = [[latin[key]]];
  }
  return out;
}
