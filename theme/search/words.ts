// Words and their stems: one definition for the index writer (cli/search) and the browser engine, so a word is
// cut and stemmed the same way on both sides. Stemming goes by script, not by page language: Russian pages are full
// of English identifiers (waitUntil, assertView), and Snowball's Russian stemmer leaves Latin words alone.
import { stemmer as stemRu } from "@orama/stemmers/russian";
import { stemmer as stemEn } from "@orama/stemmers/english";

export interface Word {
  /** As written. */
  raw: string;
  /** Lower-cased, ё folded to е. */
  text: string;
  /** Where the word starts and ends in the source string (UTF-16 offsets). */
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}_]+/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN_ONLY = /^[a-z]+$/;

const fold = (w: string) => w.toLowerCase().replace(/ё/g, "е");

/** The words of a text; one-letter words carry no meaning for search and are skipped. */
export function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    if (m[0].length < 2) continue;
    out.push({ raw: m[0], text: fold(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/**
 * Neighbouring words written together with a dot or a hyphen, as extra terms: `browser.url`, `html-reporter`.
 * A query written the same way then prefers pages that say exactly that over pages that merely have both words.
 * Found word by word, not with one regex for the chain: a backtracking chain pattern tries every start inside a long
 * word, quadratic in its length (a 120 KB word took minutes).
 */
export function joined(text: string): string[] {
  const out: string[] = [];
  let prev: { raw: string; end: number } | undefined;
  for (const m of text.matchAll(WORD)) {
    const sep = prev && m.index === prev.end + 1 ? text[prev.end] : "";
    if (prev && (sep === "." || sep === "-")) out.push(fold(prev.raw + sep + m[0]));
    prev = { raw: m[0], end: m.index + m[0].length };
  }
  return out;
}

/** Snowball stem by script; words with digits or underscores are kept whole (versions, option names). */
export function stem(word: string): string {
  if (CYRILLIC.test(word)) return stemRu(word);
  if (LATIN_ONLY.test(word) && word.length > 3) return stemEn(word);
  return word;
}

/**
 * The terms a source word is indexed under: its stem, and for camelCase identifiers also the stems of their parts,
 * so "assertView" is found by "assertview" and by "view".
 */
export function termsOf(word: Word): string[] {
  const whole = stem(word.text);
  const parts = word.raw.split(/(?<=\p{Ll})(?=\p{Lu})/u);
  if (parts.length < 2) return [whole];
  return [whole, ...parts.filter((p) => p.length > 1).map((p) => stem(fold(p)))];
}

/**
 * Query words this long already match longer words: typing "те" shows pages for тест, текст… rather than a
 * no-results screen (a two-letter range is one to three ~6 KB shards).
 */
const PREFIX_FROM = 2;

/** Letters a term must share with a query stem from the start to count as another form of the same word. */
const shared = (query: string) => Math.max(Math.min(query.length, 4), query.length - 2);

/**
 * Whether an index term answers a query stem, and how well (0 for not at all): the same term; a longer word that
 * starts with the stem (the reader is still typing); or another form of the word that Snowball cut differently,
 * sharing all but the stem's last two letters (запускать → запуска finds запуск and запуст(ить),
 * обновление → обновлен finds обновля(ть)).
 */
export function matchWeight(term: string, query: string): number {
  if (term === query) return 1;
  if (query.length < PREFIX_FROM) return 0;
  if (term.startsWith(query)) return 0.5 + 0.4 * (query.length / term.length);
  const need = shared(query);
  if (term.length < need || term.length > query.length + 2 || term.slice(0, need) !== query.slice(0, need)) return 0;
  return 0.6;
}

/** The smallest and largest terms matchWeight can accept for a query stem: the stretch of a sorted term list to read. */
export const matchRange = (query: string): [string, string] =>
  query.length < PREFIX_FROM
    ? [query, query]
    : [query.slice(0, shared(query)), `${query.slice(0, shared(query))}\uffff`];

/** Whether two words are at most one insertion, deletion, substitution or swap of neighbours apart. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Words that carry no subject in a query ("как настроить", "how to"): left out of a query that has other words, so
 * they neither pull in pages that merely use them nor, as prefixes, words like "touchAction" for "to".
 */
const STOPWORDS = new Set(
  (
    "как в во на с со что где для по и не из к ко о об от до за при это ли же а но или чтобы то так у мне можно " +
    "еще если чем какой какие почему зачем " +
    "how to a an the of in on for is are do does did i my me what where when why can that this it with by from " +
    "and or be at which there"
  ).split(" "),
);
export const isStopword = (folded: string) => STOPWORDS.has(folded);

/** Names of up to this many words get a term of their own (`nameTerm`): longer ones are not typed whole. */
const NAME_WORDS = 3;

/**
 * The term saying "titled exactly this": the stems of a title or heading (stop words left out, as from a query)
 * and "=". It sorts right after its first stem, so it lives in the shard a query of those words reads anyway.
 * "" for a text of no word or of more than three.
 */
export function nameTerm(text: string): string {
  const all = words(text);
  const kept = all.some((w) => !isStopword(w.text)) ? all.filter((w) => !isStopword(w.text)) : all;
  if (!kept.length || kept.length > NAME_WORDS) return "";
  return `${kept.map((w) => stem(w.text)).join(" ")}=`;
}
