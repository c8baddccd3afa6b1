// The bundle's map from sound keys to the English terms its pages use (theme/search/translit.ts): the engine keys a
// Cyrillic query word the index does not have («ассерты», «таймаутов», «сетвалью») and searches the term with the
// same key. Derived from the pages themselves, so it holds the site's own vocabulary and nothing else.
import { soundKey, KEY_FROM } from "../../theme/search/translit.ts";
import { stem } from "../../theme/search/words.ts";
import type { IndexedPage } from "./local-index.ts";
import type { Translit } from "../../theme/search/local-format.ts";

const LATIN_WORD = /[A-Za-z]{4,}/g;

/**
 * Sound key → the stem of the Latin word with that key on the most pages (its raw form and its English stem are
 * both keyed: "chunks" answers «чанки» through "chunk"). A word on a single page is left out unless a title or a
 * heading names it: the map is for the terms a reader could have heard of, and stays small.
 */
export function translitMap(pages: IndexedPage[]): Translit {
  const df = new Map<string, number>();
  const named = new Set<string>();
  for (const p of pages) {
    const seen = new Set<string>();
    const titles = [p.title, ...p.sections.map((s) => s.title)].join(" ");
    for (const m of titles.matchAll(LATIN_WORD)) named.add(m[0].toLowerCase());
    const text = [titles, p.description, ...p.sections.map((s) => s.text)].join(" ");
    for (const m of text.matchAll(LATIN_WORD)) seen.add(m[0].toLowerCase());
    for (const w of seen) df.set(w, (df.get(w) ?? 0) + 1);
  }
  const best = new Map<string, [term: string, pages: number]>();
  for (const [word, n] of df) {
    if (n < 2 && !named.has(word)) continue;
    const term = stem(word);
    for (const key of new Set([soundKey(word), soundKey(term)])) {
      if (key.length < KEY_FROM) continue;
      const had = best.get(key);
      if (!had || had[1] < n || (had[1] === n && had[0] > term)) best.set(key, [term, n]);
    }
  }
  const out: Translit = {};
  for (const key of [...best.keys()].sort()) out[key] = best.get(key)![0];
  return out;
}
