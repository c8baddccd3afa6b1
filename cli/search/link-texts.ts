// What other pages call a page when they link to it (anchor text): words readers may use that the page itself does
// not (a guide's "rerun automatically" linking to the retry option). Collected from the links the MDX step keeps
// with their text (cli/mdx/remark-docsite.ts), resolved to the page (and the section, for a link to an anchor) they
// reach. Pure: the index (local-index.ts) weighs them as a field of that section.
import { posix } from "node:path";
import { words } from "../../theme/search/words.ts";

/**
 * A page as the collection sees it: where it is, its title, the ids of its indexed sections (a link to any other
 * anchor counts for the page) and the links it writes.
 */
export interface LinkingPage {
  path: string;
  title: string;
  anchors: Set<string>;
  links: Array<{ url: string; text?: string }>;
}

/** One incoming link text: the section it points to ("" for the page) and what it says. */
export interface LinkText {
  anchor: string;
  text: string;
}

/**
 * Distinct link texts kept per section: a page linked from everywhere («Конфигурация», the quickstart) would
 * otherwise collect half the site's vocabulary and come up for any query.
 */
export const LINK_TEXTS_PER_SECTION = 3;
/** Distinct link texts kept per page, over its sections: config/browsers has sixty options other pages link to. */
export const LINK_TEXTS_PER_PAGE = 24;

/**
 * Texts that say nothing about the target: where to click, not what is there. Folded, whole texts only (a text
 * with other words keeps them).
 */
const GENERIC = new Set(
  [
    "here",
    "click here",
    "this",
    "this page",
    "this guide",
    "this article",
    "link",
    "this link",
    "more",
    "read more",
    "learn more",
    "see",
    "see also",
    "see here",
    "details",
    "more details",
    "docs",
    "documentation",
    "the docs",
    "the documentation",
    "здесь",
    "тут",
    "вот",
    "ссылка",
    "ссылке",
    "по ссылке",
    "эта страница",
    "этой странице",
    "эту страницу",
    "подробнее",
    "читать далее",
    "далее",
    "см",
    "смотрите",
    "документация",
    "документации",
    "документацию",
    "в документации",
  ].map((t) => key(t)),
);

/** A text as compared: its words, folded. */
function key(text: string): string {
  return words(text)
    .map((w) => w.text)
    .join(" ");
}

/** A text that is an address or a file name written out (`https://…`, `/docs/x`, `config.ts`): no reader's words. */
const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.|\/|\.\.?\/)|^[\w-]+\.(?:mdx?|html?)$/i;

/** The page path a link reaches, and its anchor; undefined for another site. */
function resolve(from: string, url: string): { path: string; anchor: string } | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//")) return undefined;
  const hashAt = url.indexOf("#");
  const raw = (hashAt < 0 ? url : url.slice(0, hashAt)).split("?")[0];
  let anchor = "";
  try {
    anchor = hashAt < 0 ? "" : decodeURIComponent(url.slice(hashAt + 1));
  } catch {
    anchor = url.slice(hashAt + 1);
  }
  // posix.join keeps a trailing slash: "../c/" from "/docs/a/" is "/docs/c/".
  const path = raw === "" ? from : raw.startsWith("/") ? raw : posix.join(from, raw);
  return { path, anchor };
}

/**
 * Per target page path: the texts of the links other pages of `pages` point at it with, at most
 * LINK_TEXTS_PER_SECTION distinct texts a section, the most used first (then in page order). A text is dropped when
 * it is generic, an address, or the target's title (indexed already, with more weight).
 */
export function incomingLinkTexts(pages: LinkingPage[]): Map<string, LinkText[]> {
  const byPath = new Map<string, LinkingPage>();
  for (const p of pages) byPath.set(p.path, p);
  const find = (path: string) => byPath.get(path) ?? (path.endsWith("/") ? undefined : byPath.get(`${path}/`));
  // target path → section anchor → folded text → [uses, the text as first written]
  const found = new Map<string, Map<string, Map<string, { uses: number; text: string }>>>();
  for (const from of pages) {
    const seen = new Set<string>();
    for (const link of from.links) {
      const text = link.text?.replace(/\s+/g, " ").trim();
      if (!text || URL_LIKE.test(text)) continue;
      const at = resolve(from.path, link.url);
      const target = at && find(at.path);
      if (!at || !target || target === from) continue;
      const folded = key(text);
      if (!folded || GENERIC.has(folded) || folded === key(target.title)) continue;
      const anchor = target.anchors.has(at.anchor) ? at.anchor : "";
      // A page that links twice with the same words is one vote.
      const once = `${target.path}#${anchor}|${folded}`;
      if (seen.has(once)) continue;
      seen.add(once);
      let sections = found.get(target.path);
      if (!sections) found.set(target.path, (sections = new Map()));
      let texts = sections.get(anchor);
      if (!texts) sections.set(anchor, (texts = new Map()));
      const t = texts.get(folded);
      if (t) t.uses++;
      else texts.set(folded, { uses: 1, text });
    }
  }
  const out = new Map<string, LinkText[]>();
  for (const [path, sections] of found) {
    const kept: Array<LinkText & { uses: number }> = [];
    for (const [anchor, texts] of sections)
      for (const t of [...texts.values()].sort((a, b) => b.uses - a.uses).slice(0, LINK_TEXTS_PER_SECTION))
        kept.push({ anchor, text: t.text, uses: t.uses });
    // The page's most used texts, in a stable order (sort keeps the order of equals).
    kept.sort((a, b) => b.uses - a.uses);
    out.set(
      path,
      kept.slice(0, LINK_TEXTS_PER_PAGE).map(({ anchor, text }) => ({ anchor, text })),
    );
  }
  return out;
}
