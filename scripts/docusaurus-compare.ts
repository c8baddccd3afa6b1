// Page-by-page comparison of a Docusaurus build with docsite's build of the same site (the real-site check's
// `--compare`): what a reader gets from the article of each page — its words, headings, code blocks, images, tabs
// and the internal links in it. Both sides are read from their HTML files; the article is the first element whose
// class list holds `markdown` (Docusaurus' `theme-doc-markdown markdown` and blog post body, docsite's
// `<article class="markdown">`).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Parser } from "htmlparser2";

export interface Article {
  /** The article's text (code included), whitespace collapsed. */
  text: string;
  headings: string[];
  codeBlocks: number;
  /** Image names, normalised so both builds' hashed file names compare (see imageKey). */
  images: string[];
  tabs: string[];
  /** Internal link targets (path without trailing slash, `.html`, query or hash). */
  links: string[];
}

const VOID = new Set(["img", "br", "hr", "input", "meta", "link", "source", "wbr", "area", "col", "embed", "track"]);
/** Elements whose text is not article text: the UI around code (copy buttons), screen-reader-only helpers. */
const SKIP_CLASS =
  /(^|\s)(code-block__copy|clean-btn|buttonGroup_|copyButton|hash-link|tabs__nojs-label|sr-only|visually-hidden)/;

/**
 * An image's identity across both builds: its file name without the extension, lowercase, hashes removed
 * (Docusaurus `/assets/images/shot-1a2b3c4d….png`, docsite `/assets/img/shot.1a2b3c4d5e.webp`). docsite writes a
 * resized copy as `shot-1280.<hash>`: such a name gives both keys, with and without the width (a name may end in
 * digits of its own).
 */
export function imageKeys(src: string): string[] {
  const base = decodeURIComponent(src.split(/[?#]/)[0].split("/").pop() ?? "")
    .toLowerCase()
    .replace(/\.[a-z0-9]+$/, "");
  const clean = (s: string) => s.replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  const docsite = /^(.*)\.[0-9a-f]{10}$/.exec(base);
  if (docsite) return [...new Set([clean(docsite[1]), clean(docsite[1].replace(/-\d+$/, ""))])];
  return [clean(base.replace(/-[0-9a-f]{8,}$/, ""))];
}

export const imageKey = (src: string): string => imageKeys(src)[0];

/** The internal path a link goes to, in one form for both builds, or undefined for an external or in-page link. */
export function linkKey(href: string, pagePath: string, baseUrl: string): string | undefined {
  if (!href || href.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) return undefined;
  let path: string;
  try {
    path = new URL(href, `http://site.invalid${pagePath}`).pathname;
  } catch {
    return undefined;
  }
  if (!path.startsWith(baseUrl)) return undefined;
  return (
    decodeURI(path)
      .replace(/\/index\.html$/, "/")
      .replace(/\.html$/, "")
      .replace(/\/$/, "") || "/"
  );
}

/** What marks the article, best first: Docusaurus' and docsite's `markdown` container, else (a site that swizzled
 * its layout) the `<article>`, else `<main>`. */
const ARTICLE_MARKS: Array<(name: string, cls: string) => boolean> = [
  (_name, cls) => /(^|\s)markdown(\s|$)/.test(cls),
  (name) => name === "article",
  (name) => name === "main",
];

/** Reads the article of an HTML page; undefined when the page has none. */
export function readArticle(html: string, pagePath: string, baseUrl: string): Article | undefined {
  for (const mark of ARTICLE_MARKS) {
    const a = readMarked(html, pagePath, baseUrl, mark);
    if (a) return a;
  }
  return undefined;
}

function readMarked(
  html: string,
  pagePath: string,
  baseUrl: string,
  isArticle: (name: string, cls: string) => boolean,
): Article | undefined {
  let depth = 0; // depth inside the article; 0 = outside
  let found = false;
  let skipDepth = 0;
  let inPre = 0;
  let heading: string | null = null;
  let headingText = "";
  let tab: string | null = null;
  let tabText = "";
  const text: string[] = [];
  const out: Article = { text: "", headings: [], codeBlocks: 0, images: [], tabs: [], links: [] };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const cls = attrs.class ?? "";
        if (!found && depth === 0 && isArticle(name, cls)) {
          found = true;
          depth = 1;
          return;
        }
        if (depth === 0) return;
        if (!VOID.has(name)) depth++;
        if (skipDepth) {
          if (!VOID.has(name)) skipDepth++;
          return;
        }
        // Not article text: scripts and styles (a swizzled layout may put an ad script in the article), the UI
        // around code, screen-reader hints, and what an island keeps in a <template> until it draws it (a tooltip's
        // text: Docusaurus' server HTML does not have it either).
        // The page's title, a post's date line and tags: Docusaurus keeps a post's outside its article, docsite inside;
        // both are compared by the check's URL and page lists, not here.
        const title = name === "h1" || /(^|\s)(blog-meta|blog-tags)(\s|$)/.test(cls);
        if (
          title ||
          name === "script" ||
          name === "style" ||
          name === "template" ||
          SKIP_CLASS.test(cls) ||
          attrs["aria-hidden"] === "true"
        ) {
          if (!VOID.has(name)) skipDepth = 1;
          return;
        }
        if (name === "pre") {
          inPre++;
          if (inPre === 1) out.codeBlocks++;
        }
        if (/^h[1-6]$/.test(name)) {
          heading = name;
          headingText = "";
        }
        if (attrs.role === "tab") {
          tab = name;
          tabText = "";
        }
        // Inlined images (data: URLs, which Docusaurus makes of small files) have no name to compare.
        if (name === "img" && attrs.src && !attrs.src.startsWith("data:")) out.images.push(...imageKeys(attrs.src));
        if (name === "a" && attrs.href) {
          const k = linkKey(attrs.href, pagePath, baseUrl);
          if (k) out.links.push(k);
        }
        if (name === "br" || name === "p" || name === "li" || name === "tr" || /^h[1-6]$/.test(name)) text.push(" ");
      },
      ontext(t) {
        if (depth === 0 || skipDepth) return;
        text.push(t);
        if (heading) headingText += t;
        if (tab) tabText += t;
      },
      onclosetag(name) {
        if (depth === 0) return;
        if (VOID.has(name)) return;
        depth--;
        if (depth === 0) return;
        if (skipDepth) {
          skipDepth--;
          return;
        }
        if (name === "pre") inPre--;
        if (heading === name) {
          out.headings.push(
            headingText
              .replace(/\s+/g, " ")
              .replace(/[\u200b#]/g, "")
              .trim(),
          );
          heading = null;
        }
        if (tab === name) {
          out.tabs.push(tabText.replace(/\s+/g, " ").trim());
          tab = null;
        }
        text.push(" ");
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  if (!found) return undefined;
  out.text = text
    .join("")
    .replace(/[\u200b]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  // A page shows one copy of an image per colour mode in both builds; each name counts once.
  out.images = [...new Set(out.images.filter(Boolean))];
  return out;
}

/** Word tokens of a text: lower-case runs of letters and digits. */
export const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** |A ∩ B| / |A ∪ B| of two texts' word sets (1 for two empty texts). */
export function jaccard(a: string, b: string): number {
  const A = words(a);
  const B = words(b);
  if (!A.size && !B.size) return 1;
  let both = 0;
  for (const w of A) if (B.has(w)) both++;
  return both / (A.size + B.size - both);
}

/** How many of `expected` are not in `actual`, counting repeats (a multiset difference). */
export function missingCount(expected: readonly string[], actual: readonly string[]): number {
  const left = new Map<string, number>();
  for (const x of actual) left.set(x, (left.get(x) ?? 0) + 1);
  let missing = 0;
  for (const x of expected) {
    const n = left.get(x) ?? 0;
    if (n > 0) left.set(x, n - 1);
    else missing++;
  }
  return missing;
}

export interface PageComparison {
  url: string;
  jaccard: number;
  headingsMissing: number;
  codeBlocksLost: number;
  imagesLost: string[];
  tabsLost: number;
  /** Links that reach a page in the Docusaurus build and none in docsite's. */
  brokenLinks: string[];
}

/** The file a build holds for a site path, as each writes it (folder `x/index.html` or `x.html`). */
export function fileFor(dist: string, path: string, baseUrl: string): string | undefined {
  const rel = decodeURI(path.slice(baseUrl.length)).replace(/\/$/, "");
  const candidates = rel
    ? [join(dist, rel, "index.html"), join(dist, `${rel}.html`), join(dist, rel)]
    : [join(dist, "index.html")];
  return candidates.find((f) => existsSync(f) && f.endsWith(".html"));
}

export function comparePage(
  url: string,
  docusaurusHtml: string,
  docsiteHtml: string,
  builds: { docusaurus: string; docsite: string; baseUrl: string },
): PageComparison | undefined {
  const d = readArticle(docusaurusHtml, url, builds.baseUrl);
  const s = readArticle(docsiteHtml, url, builds.baseUrl);
  if (!d || !s) return undefined;
  const reaches = (dist: string, link: string) =>
    /\.[a-z0-9]+$/i.test(link)
      ? existsSync(join(dist, link.slice(builds.baseUrl.length)))
      : fileFor(dist, link, builds.baseUrl) !== undefined;
  // A link that works in the Docusaurus build (its target page is there) and reaches nothing in docsite's: from
  // either page's links, so a link docsite published to another address counts too.
  const dLinks = new Set(d.links);
  const brokenLinks = [...new Set([...d.links, ...s.links])].filter((l) => {
    if (reaches(builds.docsite, l)) return false;
    // docsite's own link to nowhere counts unless the Docusaurus page has the same dead link.
    return dLinks.has(l) ? reaches(builds.docusaurus, l) : true;
  });
  const sImages = new Set(s.images);
  return {
    url,
    jaccard: jaccard(d.text, s.text),
    headingsMissing: missingCount(
      d.headings.map((h) => h.toLowerCase()),
      s.headings.map((h) => h.toLowerCase()),
    ),
    codeBlocksLost: Math.max(0, d.codeBlocks - s.codeBlocks),
    imagesLost: d.images.filter((i) => !sImages.has(i)),
    tabsLost: Math.max(0, d.tabs.length - s.tabs.length),
    brokenLinks,
  };
}

export const readHtml = (file: string) => readFileSync(file, "utf8");
