// Interface strings: i18n/<locale>.json, ICU messages formatted with intl-messageformat.
// Docusaurus-style plural strings ("один|два|пять", picked by {count}) are converted to ICU plurals at load.
import { readFileSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { DocsiteError } from "../log.ts";
import type { SiteConfig } from "../config/types.ts";

export type Messages = Record<string, string>;

export interface Strings {
  locale: string;
  messages: Messages;
  /** Formats a message; a key missing here is an error the build reports with the locale file. */
  t(key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/** "a|b|c" → ICU plural on {count}, variants in the order of the locale's plural categories. */
export function convertPipePlural(message: string, locale: string): string {
  if (!message.includes("|") || message.includes("{count, plural")) return message;
  const variants = message.split("|");
  const order = ["zero", "one", "two", "few", "many", "other"];
  const cats = (new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[]).sort(
    (a, b) => order.indexOf(a) - order.indexOf(b),
  );
  const parts = cats.map((cat, i) => `${cat} {${variants[Math.min(i, variants.length - 1)]}}`);
  if (!cats.includes("other")) parts.push(`other {${variants[variants.length - 1]}}`);
  return `{count, plural, ${parts.join(" ")}}`;
}

export function createStrings(locale: string, messages: Messages, file = `i18n/${locale}.json`): Strings {
  const cache = new Map<string, IntlMessageFormat>();
  return {
    locale,
    messages,
    has: (key) => key in messages,
    t(key, values) {
      const raw = messages[key];
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
      return String(fmt.format(values ?? {}));
    },
  };
}

export function loadStrings(config: SiteConfig): Map<string, Strings> {
  const out = new Map<string, Strings>();
  for (const locale of config.i18n.locales) {
    const abs = join(config.rootDir, "i18n", `${locale}.json`);
    const file = relative(process.cwd(), abs) || `i18n/${locale}.json`;
    if (!existsSync(abs))
      throw new DocsiteError(
        `no interface strings for locale "${locale}"`,
        { file },
        `create ${file} (copy i18n/${config.i18n.defaultLocale}.json and translate it)`,
      );
    let messages: Messages;
    try {
      messages = JSON.parse(readFileSync(abs, "utf8"));
    } catch (err) {
      throw new DocsiteError(`is not valid JSON: ${(err as Error).message}`, { file });
    }
    out.set(locale, createStrings(locale, messages, file));
  }
  return out;
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
