// Search synonyms per locale: the words readers type (slang, short forms, the other language's term) mapped to the
// words the pages use. Two sources, both in the content: `content/search-synonyms.json` ({ locale: { "куки":
// ["cookie"] } }) and the glossary's table (content/GLOSSARY.md: English ↔ Russian terms, so "screenshot" typed on
// the Russian edition also finds «скриншот», and «скриншот» on the English one finds "screenshot"). Validated here,
// at build time, with the file and line of anything wrong.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DocsiteError } from "../log.ts";
import { words, stem, isStopword } from "../../theme/search/words.ts";
import type { Synonyms } from "../../theme/search/local-format.ts";

const SYNONYMS_FILE = "content/search-synonyms.json";
const GLOSSARY_FILE = "content/GLOSSARY.md";

/** Phrase → phrases, as written, per locale. */
type SynonymSource = Map<string, Map<string, string[]>>;

const lineAt = (text: string, index: number) => (index < 0 ? undefined : text.slice(0, index).split("\n").length);

/** Reads and checks the synonyms file; absent means none. */
export function readSynonymsFile(rootDir: string, locales: string[]): SynonymSource {
  const out: SynonymSource = new Map(locales.map((l) => [l, new Map()]));
  const path = join(rootDir, SYNONYMS_FILE);
  if (!existsSync(path)) return out;
  const raw = readFileSync(path, "utf8");
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (e) {
    const at = Number(/position (\d+)/.exec((e as Error).message)?.[1] ?? -1);
    throw new DocsiteError(
      `invalid JSON: ${(e as Error).message}`,
      { file: SYNONYMS_FILE, line: lineAt(raw, at) },
      'write { "<locale>": { "word readers type": ["word the pages use", …] } }',
    );
  }
  const fail = (msg: string, near: string, hint: string): never => {
    throw new DocsiteError(msg, { file: SYNONYMS_FILE, line: lineAt(raw, raw.indexOf(near)) }, hint);
  };
  if (!data || typeof data !== "object" || Array.isArray(data))
    fail("the file must hold one object keyed by locale", "", `write { "${locales[0]}": { … } }`);
  let from = 0;
  for (const [locale, entries] of Object.entries(data as Record<string, unknown>)) {
    if (locale.startsWith("$")) continue; // "$comment" and the like
    const key = JSON.stringify(locale);
    from = Math.max(from, raw.indexOf(key, from));
    if (!locales.includes(locale))
      fail(`unknown locale "${locale}"`, key, `use one of the site's locales: ${locales.join(", ")}`);
    if (!entries || typeof entries !== "object" || Array.isArray(entries))
      fail(`"${locale}" must be an object of word → list of words`, key, 'write "куки": ["cookie"]');
    const map = out.get(locale)!;
    for (const [phrase, alts] of Object.entries(entries as Record<string, unknown>)) {
      const near = raw.indexOf(JSON.stringify(phrase), from) >= 0 ? JSON.stringify(phrase) : key;
      if (!words(phrase).length) fail(`"${phrase}" has no word to search for`, near, "remove it or write a word");
      const list = typeof alts === "string" ? [alts] : alts;
      if (!Array.isArray(list) || !list.length || list.some((a) => typeof a !== "string" || !words(a).length))
        fail(
          `"${phrase}" (${locale}) must map to a non-empty list of words`,
          near,
          `write "${phrase}": ["a word the pages use"]`,
        );
      map.set(phrase, [...(map.get(phrase) ?? []), ...(list as string[])]);
    }
  }
  return out;
}

/** Glossary rows "| English | Русский | notes |" as pairs of term lists (parenthesised remarks and code dropped). */
export function glossaryPairs(markdown: string): Array<[string[], string[]]> {
  const out: Array<[string[], string[]]> = [];
  const terms = (cell: string) =>
    cell
      .replace(/\([^)]*\)/g, " ")
      .replace(/`[^`]*`/g, " ")
      .split(/[,/]/)
      .map((t) => t.trim())
      .filter((t) => words(t).length > 0);
  for (const line of markdown.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 4 || /^-+$/.test(cells[1]) || cells[1] === "English") continue;
    const [en, ru] = [terms(cells[1]), terms(cells[2])];
    if (en.length && ru.length) out.push([en, ru]);
  }
  return out;
}

const stems = (phrase: string) => words(phrase).map((w) => stem(w.text));
/** A phrase as the engine sees it in a query: stop words left out (parseQuery drops them too). */
const keyOf = (phrase: string) => {
  const all = words(phrase);
  const kept = all.some((w) => !isStopword(w.text)) ? all.filter((w) => !isStopword(w.text)) : all;
  return kept.map((w) => stem(w.text)).join(" ");
};

/**
 * The synonyms of one locale as the engine reads them: stemmed phrase → stemmed alternatives. The glossary adds the
 * other edition's term (English → Russian on "ru", Russian → English on "en").
 */
function localeSynonyms(locale: string, source: SynonymSource, glossary: Array<[string[], string[]]>): Synonyms {
  const out: Synonyms = {};
  const add = (phrase: string, alt: string) => {
    const key = keyOf(phrase);
    const value = stems(alt);
    if (!key || value.join(" ") === key) return;
    const list = (out[key] ??= []);
    if (!list.some((v) => v.join(" ") === value.join(" "))) list.push(value);
  };
  for (const [phrase, alts] of source.get(locale) ?? []) for (const a of alts) add(phrase, a);
  for (const [en, ru] of glossary) {
    const [from, to] = locale === "ru" ? [en, ru] : locale === "en" ? [ru, en] : [[], []];
    for (const f of from) for (const t of to) add(f, t);
  }
  return out;
}

/** Every locale's synonyms, from the content folder. */
export function loadSynonyms(rootDir: string, locales: string[]): Map<string, Synonyms> {
  const source = readSynonymsFile(rootDir, locales);
  const glossaryPath = join(rootDir, GLOSSARY_FILE);
  const glossary = existsSync(glossaryPath) ? glossaryPairs(readFileSync(glossaryPath, "utf8")) : [];
  return new Map(locales.map((l) => [l, localeSynonyms(l, source, glossary)]));
}
