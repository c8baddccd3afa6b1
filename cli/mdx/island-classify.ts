// Which project components need the browser (islands) and which only draw. The rule, as docs/migration.md states it:
// a module that content imports is an island when its bundled code (the module and everything it imports, docsite's
// React, `@docusaurus/*` and `@theme/*` aside) keeps state, runs effects, holds refs, sets event handlers, is a class
// component with state or lifecycle methods, draws only in the browser (BrowserOnly, useIsBrowser, canUseDOM,
// useColorMode), or draws what the browser gives after mounting (useLocation, useWindowSize, storage and
// query-string hooks, a nav Link). Its author decides instead with a directive or comment at the top of the module:
// `"use client"` or `@docsite-island` makes it an island, `@docsite-static` keeps it on the server.
//
// The bundled code is read rather than the module's own source so that a component that draws through an imported
// interactive one (a card holding a carousel) is an island too: nothing below a static component is hydrated.

export interface Classification {
  island: boolean;
  /** Why, in a few words (the import report and the docs name it). */
  reason: string;
}

/** What marks browser work in bundled JavaScript, with the words that say so. */
const SIGNS: Array<[RegExp, string]> = [
  [
    /\buse(State|Reducer|Effect|LayoutEffect|InsertionEffect|Ref|ImperativeHandle|SyncExternalStore|Transition|DeferredValue|Optimistic|ActionState)\b/,
    "calls use$1",
  ],
  // Compiled JSX passes handlers as object properties (`onClick: () => …`), JSX source as attributes (`onClick={`).
  [/\b(on[A-Z][a-zA-Z]+)\s*(?::|=\s*\{)/, "sets an $1 handler"],
  [/\b(componentDidMount|componentDidUpdate|setState)\b/, "is a class component with $1"],
  // Bundled imports read `import_BrowserOnly.default`: no word boundary before the name.
  [/(BrowserOnly|useIsBrowser|canUseDOM|useColorMode)\b/, "uses $1"],
  // Docusaurus hooks whose value the browser gives after mounting (theme/docusaurus/): the address, the viewport,
  // storage and the query string; a nav link is marked active then too.
  [
    /\b(useLocation|useLocalPathname|useWindowSize|useStorageSlot|useQueryString\w*|useSearchQueryString|useHistorySelector|useDocsPreferredVersion|ThemedComponent)\b/,
    "uses $1",
  ],
  [/\bisNavLink\b/, "draws a nav link (Link's isNavLink)"],
];

/** The author's word at the top of a module (before its first statement): island, static, or none. */
export function authorMark(source: string): "island" | "static" | null {
  // Comments and directives before the first import or statement.
  const head = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/|(["'])use [a-z]+\1;?)*/.exec(source)?.[0] ?? "";
  if (/@docsite-static\b/.test(head)) return "static";
  if (/@docsite-island\b/.test(head) || /(["'])use client\1/.test(head)) return "island";
  return null;
}

/**
 * Classifies a component module from its bundled code and (for a project file) its own source, which holds the
 * author's mark: esbuild drops directives when it bundles.
 */
export function classify(bundledCode: string, entrySource: string | null): Classification {
  const mark = entrySource === null ? null : authorMark(entrySource);
  if (mark === "island") return { island: true, reason: "marked by its author" };
  if (mark === "static") return { island: false, reason: "marked static by its author" };
  for (const [sign, why] of SIGNS) {
    const m = sign.exec(bundledCode);
    if (m) return { island: true, reason: m[0].replace(sign, why).trim() };
  }
  return { island: false, reason: "only draws" };
}
