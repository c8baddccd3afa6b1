// Interface strings: ICU messages formatted with intl-messageformat, in two layers. docsite's own (theme/i18n/
// <locale>.json: the theme's words, shipped in the package) are the defaults; a site's i18n/<locale>.json holds its
// own keys (navbar, footer, sidebar labels, its pages) and may override any default. So a site needs no copy of the
// theme's strings, and a docsite release that adds one does not break it.
// Docusaurus-style plural strings ("один|два|пять", picked by {count}) are converted to ICU plurals at load.
import { readFileSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { DocsiteError } from "../log.ts";
import { fromRoot } from "../boot/locations.ts";
import { lineOfPointer } from "../config/load.ts";
import { duplicateKeys, parseJsonText, readUserFile } from "../config/json-text.ts";
import type { SiteConfig } from "../config/types.ts";

export type Messages = Record<string, string>;

export interface Strings {
  locale: string;
  messages: Messages;
  /** Formats a message; a key missing here is an error the build reports with the locale file. */
  t(key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/**
 * "a|b|c" → ICU plural on {count}, variants in the order of the locale's plural categories. Only a message that
 * uses `{count}` is a plural (Docusaurus picks plural forms by a count, always named so): a `|` anywhere else is text
 * ("Docs | Company" in a copyright).
 */
export function convertPipePlural(message: string, locale: string): string {
  if (!message.includes("|") || message.includes("{count, plural") || !/\{count\}/.test(message)) return message;
  const variants = message.split("|");
  const order = ["zero", "one", "two", "few", "many", "other"];
  const cats = (new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[]).sort(
    (a, b) => order.indexOf(a) - order.indexOf(b),
  );
  const parts = cats.map((cat, i) => `${cat} {${variants[Math.min(i, variants.length - 1)]}}`);
  if (!cats.includes("other")) parts.push(`other {${variants[variants.length - 1]}}`);
  return `{count, plural, ${parts.join(" ")}}`;
}

/**
 * `fallback` (the default locale's strings) answers keys this locale lacks: the build has already reported the
 * gap by `onMissingTranslations` and stopped when it is "throw".
 */
export function createStrings(
  locale: string,
  messages: Messages,
  file = `i18n/${locale}.json`,
  fallback?: Strings,
): Strings {
  const cache = new Map<string, IntlMessageFormat>();
  // Formatting is pure: a build asks the same few keys with the same values for every route (hundreds of times).
  const results = new Map<string, string>();
  return {
    locale,
    messages,
    has: (key) => key in messages || Boolean(fallback?.has(key)),
    t(key, values) {
      const raw = messages[key];
      if (raw === undefined && fallback?.has(key)) return fallback.t(key, values);
      if (raw === undefined)
        throw new DocsiteError(`missing interface string "${key}"`, { file }, `add "${key}" to ${file}`);
      let fmt = cache.get(key);
      if (!fmt) {
        try {
          fmt = new IntlMessageFormat(convertPipePlural(raw, locale), locale, undefined, { ignoreTag: true });
        } catch (err) {
          throw new DocsiteError(
            `interface string "${key}" is not a valid ICU message: ${(err as Error).message}`,
            { file },
            "check braces and plural syntax: {count, plural, one {…} other {…}}",
          );
        }
        cache.set(key, fmt);
      }
      const memo = values ? `${key}\0${JSON.stringify(values)}` : key;
      let text = results.get(memo);
      if (text === undefined) {
        text = String(fmt.format(values ?? {}));
        if (results.size < 10_000) results.set(memo, text);
      }
      return text;
    },
  };
}

/** The locales docsite's theme is translated into (theme/i18n/<locale>.json). */
export const THEME_LOCALES = ["en", "ru"];

const themeMessages = new Map<string, Messages>();

/**
 * docsite's default interface strings for a locale: its own translation, that of its language (`pt` for `pt-BR`),
 * else English.
 */
export function themeDefaults(locale: string): Messages {
  const lang = locale.split("-")[0];
  const pick = THEME_LOCALES.includes(locale) ? locale : THEME_LOCALES.includes(lang) ? lang : "en";
  let messages = themeMessages.get(pick);
  if (!messages) {
    messages = JSON.parse(readFileSync(fromRoot("theme", "i18n", `${pick}.json`), "utf8")) as Messages;
    themeMessages.set(pick, messages);
  }
  return messages;
}

/**
 * `warnings`, when given, receives one line per key a file has twice (JSON keeps the last value, as Docusaurus
 * does: a warning, not an error).
 */
export function loadStrings(config: SiteConfig, warnings?: string[]): Map<string, Strings> {
  const loaded = new Map<string, { messages: Messages; file: string }>();
  for (const locale of config.i18n.locales) {
    const abs = join(config.rootDir, "i18n", `${locale}.json`);
    const file = relative(process.cwd(), abs) || `i18n/${locale}.json`;
    if (!existsSync(abs))
      throw new DocsiteError(
        `no interface strings for locale "${locale}"`,
        { file },
        `create ${file} (copy i18n/${config.i18n.defaultLocale}.json and translate it)`,
      );
    const text = readUserFile(abs, file, `it holds the interface strings of locale "${locale}" (JSON)`);
    const messages = parseJsonText<Messages>(text, file);
    checkMessages(messages, text, file, locale);
    for (const d of warnings ? duplicateKeys(text.replace(/^\uFEFF/, "")) : [])
      warnings?.push(
        `${file}:${d.line}: interface string "${d.key}" is defined twice (first on line ${d.firstLine}); ` +
          "this later one is used: remove the other",
      );
    loaded.set(locale, { messages: { ...themeDefaults(locale), ...messages }, file });
  }
  const out = new Map<string, Strings>();
  const def = loaded.get(config.i18n.defaultLocale);
  const fallback = def ? createStrings(config.i18n.defaultLocale, def.messages, def.file) : undefined;
  for (const [locale, { messages, file }] of loaded) {
    out.set(
      locale,
      locale === config.i18n.defaultLocale && fallback ? fallback : createStrings(locale, messages, file, fallback),
    );
  }
  return out;
}

/** Every value is a string and a valid ICU message; an error names the line of its key (and the column in it). */
function checkMessages(messages: unknown, text: string, file: string, locale: string): asserts messages is Messages {
  if (typeof messages !== "object" || messages === null || Array.isArray(messages))
    throw new DocsiteError("must be a JSON object of interface strings", { file, line: 1 }, '{ "key": "text", … }');
  for (const [key, raw] of Object.entries(messages)) {
    const lineOf = () => lineOfPointer(text, `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    if (typeof raw !== "string")
      throw new DocsiteError(
        `interface string "${key}" must be a string`,
        { file, line: lineOf() },
        "write the text in quotes",
      );
    // Text without braces or plural bars is a valid message as it is: only the others go through the ICU parser.
    if (!/[{}|]/.test(raw)) continue;
    try {
      new IntlMessageFormat(convertPipePlural(raw, locale), locale, undefined, { ignoreTag: true });
    } catch (err) {
      const line = lineOf();
      const at = (err as { location?: { start: { offset: number } } }).location?.start.offset;
      const lineText = text.split("\n")[line - 1] ?? "";
      const valueStart = lineText.indexOf('"', lineText.indexOf(":") + 1) + 1;
      throw new DocsiteError(
        `interface string "${key}" is not a valid ICU message: ${(err as Error).message}` +
          (at !== undefined ? ` at character ${at + 1} of the message` : ""),
        {
          file,
          line,
          column: valueStart > 0 && at !== undefined && !raw.includes("|") ? valueStart + at + 1 : undefined,
        },
        "check braces and plural syntax: {count, plural, one {…} other {…}}; write a literal brace as '{'",
      );
    }
  }
}

/** Keys present in one locale and missing in another: [locale, key][] */
export function missingTranslations(
  strings: Map<string, Strings>,
): Array<{ locale: string; key: string; from: string }> {
  const gaps: Array<{ locale: string; key: string; from: string }> = [];
  for (const [a, sa] of strings)
    for (const [b, sb] of strings) {
      if (a === b) continue;
      for (const key of Object.keys(sa.messages)) if (!(key in sb.messages)) gaps.push({ locale: b, key, from: a });
    }
  return gaps;
}
