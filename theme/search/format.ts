// A tiny ICU message formatter for the search UI: `{name}` placeholders and `{count, plural, one {…} other {…}}`
// (with `#` for the number, and `=0`-style exact cases). The client has no intl-messageformat; this is all the
// search strings use, and it costs a few hundred bytes.
type Values = Record<string, string | number>;

/** Index of the brace that closes the one at `open`. */
function closing(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === "{") depth++;
    else if (s[i] === "}" && --depth === 0) return i;
  }
  return s.length;
}

export function format(message: string, values: Values = {}, locale = "en"): string {
  let out = "";
  for (let i = 0; i < message.length; i++) {
    if (message[i] !== "{") {
      out += message[i];
      continue;
    }
    const end = closing(message, i);
    const inner = message.slice(i + 1, end);
    const m = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(inner);
    if (m) out += plural(m[2], Number(values[m[1]] ?? 0), values, locale);
    else out += String(values[inner.trim()] ?? "");
    i = end;
  }
  return out;
}

function plural(body: string, n: number, values: Values, locale: string): string {
  const cases: Record<string, string> = {};
  const re = /\s*(=?\w+)\s*\{/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const open = m.index + m[0].length - 1;
    const end = closing(body, open);
    cases[m[1]] = body.slice(open + 1, end);
    re.lastIndex = end + 1;
  }
  const chosen = cases[`=${n}`] ?? cases[new Intl.PluralRules(locale).select(n)] ?? cases.other ?? "";
  return format(chosen.replace(/#/g, String(n)), values, locale);
}

/** A formatter bound to a locale's messages; an unknown key shows itself, which a test would notice. */
export function translator(strings: Record<string, string>, locale: string) {
  return (key: string, values?: Values) => format(strings[key] ?? key, values, locale);
}

/** The query in the locale's quotation marks: «…» in Russian, “…” otherwise. */
export const quote = (text: string, locale: string) => (locale === "ru" ? `«${text}»` : `“${text}”`);
