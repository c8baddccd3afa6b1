// The first-screen comparison of the real-site check (`docusaurus-check --screens`): what a reader sees of a page
// before scrolling, measured in Chromium on both builds (scripts/first-screen-browser.ts), compared here. Pure
// functions only, so the verdicts are unit-tested without a browser: where the first h1 starts and whether it is above
// the fold, the headings in order (first screen and whole page), the logo, the navbar's background and link colours,
// the page's width overflow and the CSP violations.
import { imageKey } from "./docusaurus-compare.ts";
import type { ExpectedPage } from "./docusaurus-urls.ts";

/**
 * Three doc pages for --screens: the first, middle and last (in URL order) of the version served at the docs' root
 * (the one whose pages share the shortest URL prefix: `/docs/x`, not `/docs/next/x`), of those both builds published.
 */
export function pickDocPages(docs: ExpectedPage[], compared: Set<string>): string[] {
  const byVersion = new Map<string, string[]>();
  for (const p of docs) {
    // The comparison has the address a page is served at: with its slash under trailingSlash: true.
    const url = [p.url, `${p.url}/`].find((u) => compared.has(u));
    if (url) byVersion.set(p.version ?? "", [...(byVersion.get(p.version ?? "") ?? []), url]);
  }
  const prefix = (urls: string[]) => {
    let common = urls[0] ?? "";
    for (const u of urls) while (!u.startsWith(common)) common = common.slice(0, -1);
    return common.length;
  };
  const root = [...byVersion.values()].sort((a, b) => prefix(a) - prefix(b) || b.length - a.length)[0] ?? [];
  const urls = [...new Set(root)].sort();
  if (urls.length <= 3) return urls;
  return [urls[0], urls[Math.floor(urls.length / 2)], urls[urls.length - 1]];
}

/** One page at one viewport, as one build draws it. Colours are `r,g,b` after compositing (see rgbKey). */
export interface FirstScreen {
  url: string;
  width: number;
  height: number;
  /** The first visible h1's top, in CSS pixels from the top of the page; undefined when the page has none. */
  h1Top?: number;
  h1Text?: string;
  /** Headings (h1–h3) outside the navbar, sidebars and footer whose top is on the first screen, in document order. */
  firstScreenHeadings: string[];
  /** Every visible heading (h1–h3) of the main content, in document order: the page's sections. */
  headings: string[];
  /** The navbar logo's src (or "inline-svg"), undefined when no logo is visible. */
  logo?: string;
  logoSize?: [number, number];
  navbarBackground?: string;
  /** The first visible navbar link's colour (none at 375 px, where both builds fold the links into a menu). */
  navbarLink?: string;
  /** The first link of the article or main content, and its text (colours compare only for the same link). */
  contentLink?: string;
  contentLinkText?: string;
  bodyBackground?: string;
  /** The document is wider than the viewport: the reader scrolls sideways. */
  overflowX: number;
  cspViolations: string[];
}

/** Heading text in one form for both builds: permalink marks, zero-width characters and case left out. */
export function headingKey(text: string): string {
  return text
    .replace(/\u200b|\u200c|\u200d|\ufeff/g, "")
    .replace(/\s*#\s*$/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** `r,g,b` of a CSS colour given as rgb()/rgba() numbers; undefined for anything else. */
export function parseRgb(colour: string | undefined): [number, number, number] | undefined {
  if (!colour) return undefined;
  const m = /^(?:rgba?\()?\s*(\d+(?:\.\d+)?)[,\s]+(\d+(?:\.\d+)?)[,\s]+(\d+(?:\.\d+)?)/.exec(colour.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/**
 * Two colours a reader sees as the same: no channel differs by more than `tolerance` (anti-aliasing and colour
 * spaces round differently; a themed colour differs by far more). Both absent is the same; one absent is not.
 */
export function sameColour(a: string | undefined, b: string | undefined, tolerance = 12): boolean {
  const x = parseRgb(a);
  const y = parseRgb(b);
  if (!x || !y) return !x && !y;
  return x.every((v, i) => Math.abs(v - y[i]) <= tolerance);
}

export interface SequenceDiff {
  same: boolean;
  missing: string[];
  extra: string[];
  /** Both have the same headings, in another order. */
  reordered: boolean;
}

/** How docsite's headings differ from Docusaurus' (keys compared, see headingKey). */
export function compareSequences(docusaurus: string[], docsite: string[]): SequenceDiff {
  const a = docusaurus.map(headingKey).filter(Boolean);
  const b = docsite.map(headingKey).filter(Boolean);
  const missing = a.filter((h) => !b.includes(h));
  const extra = b.filter((h) => !a.includes(h));
  const common = (xs: string[], ys: string[]) => xs.filter((h) => ys.includes(h));
  const reordered = common(a, b).join("\n") !== common(b, a).join("\n");
  return { same: !missing.length && !extra.length && !reordered, missing, extra, reordered };
}

export interface ScreenVerdict {
  url: string;
  width: number;
  h1: { docusaurus?: number; docsite?: number; aboveFold: boolean };
  firstScreen: SequenceDiff;
  sections: SequenceDiff;
  logoSame: boolean;
  coloursSame: boolean;
  colourDiffs: string[];
  overflow: { docusaurus: number; docsite: number };
  csp: number;
  /** Everything that differs, in words, for the table's last column. */
  differs: string[];
}

const logoKey = (src: string | undefined) =>
  src === undefined ? undefined : src === "inline-svg" ? src : imageKey(src);

/**
 * The verdict for one page at one viewport. The h1 is "above the fold" when docsite draws it on the first screen
 * wherever Docusaurus does (a page whose Docusaurus h1 is below the fold asks nothing more of docsite).
 */
export function compareScreens(docusaurus: FirstScreen, docsite: FirstScreen): ScreenVerdict {
  const fold = docsite.height;
  const onScreen = (top: number | undefined) => top !== undefined && top < fold;
  const aboveFold = onScreen(docsite.h1Top) || !onScreen(docusaurus.h1Top);
  const firstScreen = compareSequences(docusaurus.firstScreenHeadings, docsite.firstScreenHeadings);
  const sections = compareSequences(docusaurus.headings, docsite.headings);
  const logoSame = logoKey(docusaurus.logo) === logoKey(docsite.logo);
  const colourDiffs: string[] = [];
  for (const [name, key] of [
    ["navbar background", "navbarBackground"],
    ["navbar link", "navbarLink"],
    ["content link", "contentLink"],
    ["page background", "bodyBackground"],
  ] as const) {
    // A link one side shows and the other folds away is a layout difference, not a colour one.
    if (key !== "navbarBackground" && key !== "bodyBackground" && (!docusaurus[key] || !docsite[key])) continue;
    if (
      key === "contentLink" &&
      headingKey(docusaurus.contentLinkText ?? "") !== headingKey(docsite.contentLinkText ?? "")
    )
      continue;
    if (!sameColour(docusaurus[key], docsite[key]))
      colourDiffs.push(`${name} ${docsite[key] ?? "none"} vs ${docusaurus[key] ?? "none"}`);
  }
  const differs: string[] = [];
  if (!aboveFold) differs.push(`h1 below the fold (${docsite.h1Top ?? "no h1"} vs ${docusaurus.h1Top})`);
  const words = (label: string, d: SequenceDiff) => {
    if (d.same) return;
    const parts = [
      d.missing.length
        ? `missing ${d.missing
            .slice(0, 3)
            .map((h) => `"${h}"`)
            .join(", ")}`
        : "",
      d.extra.length
        ? `extra ${d.extra
            .slice(0, 3)
            .map((h) => `"${h}"`)
            .join(", ")}`
        : "",
      d.reordered ? "another order" : "",
    ].filter(Boolean);
    differs.push(`${label}: ${parts.join("; ")}`);
  };
  words("first screen", firstScreen);
  if (!firstScreen.same || !sections.same) words("sections", sections);
  if (!logoSame) differs.push(`logo ${docsite.logo ?? "none"} vs ${docusaurus.logo ?? "none"}`);
  differs.push(...colourDiffs);
  if (docsite.overflowX > 0 && docusaurus.overflowX === 0) differs.push(`docsite ${docsite.overflowX} px wider`);
  if (docsite.cspViolations.length) differs.push(`CSP: ${docsite.cspViolations.slice(0, 2).join("; ")}`);
  return {
    url: docsite.url,
    width: docsite.width,
    h1: { docusaurus: docusaurus.h1Top, docsite: docsite.h1Top, aboveFold },
    firstScreen,
    sections,
    logoSame,
    coloursSame: !colourDiffs.length,
    colourDiffs,
    overflow: { docusaurus: docusaurus.overflowX, docsite: docsite.overflowX },
    csp: docsite.cspViolations.length,
    differs,
  };
}

const yes = (b: boolean) => (b ? "yes" : "no");
const px = (n: number | undefined) => (n === undefined ? "—" : String(Math.round(n)));

/** A Markdown table of the verdicts, one row per page and viewport. */
export function screensTable(verdicts: ScreenVerdict[]): string {
  const head =
    "| page | width | h1 top docsite / Docusaurus | first screen same | sections same | logo same | colours same | overflow docsite / Docusaurus | CSP violations | what differs |";
  const rule = "|---|---:|---|---|---|---|---|---|---:|---|";
  const rows = verdicts.map(
    (v) =>
      `| ${v.url} | ${v.width} | ${px(v.h1.docsite)} / ${px(v.h1.docusaurus)}${v.h1.aboveFold ? "" : " (below)"} | ` +
      `${yes(v.firstScreen.same)} | ${yes(v.sections.same)} | ${yes(v.logoSame)} | ${yes(v.coloursSame)} | ` +
      `${v.overflow.docsite} / ${v.overflow.docusaurus} | ${v.csp} | ${v.differs.join("; ").replace(/\|/g, "\\|") || "—"} |`,
  );
  return [head, rule, ...rows].join("\n");
}
