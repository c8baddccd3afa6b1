// Missing translations, told once per locale. A site imported with nine locales and few translated pages has
// hundreds of untranslated docs: a line each buried everything else the build said. A locale with up to three gaps
// gets them named in its line; `--verbose` lists every one on a line of its own.

export interface MissingTranslation {
  locale: string;
  kind: "string" | "doc";
  /** The full sentence for this one gap (file, key or doc, what is shown instead). */
  message: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The lines to print: per locale one summary (naming the gaps when there are few), or every gap when verbose. */
export function missingTranslationLines(
  gaps: readonly MissingTranslation[],
  defaultLocale: string,
  verbose = false,
): string[] {
  if (verbose) return gaps.map((g) => g.message);
  const byLocale = new Map<string, MissingTranslation[]>();
  for (const g of gaps) byLocale.set(g.locale, [...(byLocale.get(g.locale) ?? []), g]);
  return [...byLocale].map(([locale, list]) => {
    // A few gaps are named in the line itself.
    if (list.length <= 3) return list.map((g) => g.message).join("; ");
    const docs = list.filter((g) => g.kind === "doc").length;
    const strings = list.length - docs;
    const what = [
      docs ? plural(docs, "doc", "docs") : "",
      strings ? plural(strings, "interface string", "interface strings") : "",
    ]
      .filter(Boolean)
      .join(" and ");
    return `${locale}: ${what} have no ${locale} translation; the ${defaultLocale} text is shown (docsite build --verbose lists each)`;
  });
}
