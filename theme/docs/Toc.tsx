// Table of contents (levels 2–3). The runtime highlights the section in view.
import { useT } from "../context.tsx";
import type { TocItem } from "../types.ts";

interface Node {
  item: TocItem;
  children: TocItem[];
}

function nest(items: TocItem[]): Node[] {
  const out: Node[] = [];
  for (const item of items) {
    if (item.depth === 2 || out.length === 0) out.push({ item, children: [] });
    else out[out.length - 1].children.push(item);
  }
  return out;
}

function List({ items }: { items: TocItem[] }) {
  return (
    <ul className="toc__list">
      {nest(items).map(({ item, children }) => (
        <li key={item.id}>
          <a className="toc__link" href={`#${item.id}`}>
            {item.text}
          </a>
          {children.length > 0 && (
            <ul className="toc__list">
              {children.map((c) => (
                <li key={c.id}>
                  <a className="toc__link" href={`#${c.id}`}>
                    {c.text}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Toc({ items, title = true }: { items: TocItem[]; title?: boolean }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <nav className="toc" aria-label={t("theme.TOC.ariaLabel")} data-toc>
      {title && <p className="toc__title">{t("theme.TOC.title")}</p>}
      <List items={items} />
    </nav>
  );
}

/** The same contents, collapsed, above the article on narrow screens. */
export function TocMobile({ items }: { items: TocItem[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <details className="toc-mobile">
      <summary>{t("theme.TOCCollapsible.toggleButtonLabel")}</summary>
      <List items={items} />
    </details>
  );
}

/** A heading of the table of contents as Docusaurus gives it (`value` is HTML), nested; `text` is docsite's own. */
export interface DocusaurusTocItem {
  value: string;
  id: string;
  level: number;
  children: DocusaurusTocItem[];
  text?: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
const unescapeHtml = (s: string) =>
  s
    .replace(/<[^>]*>/g, "")
    .replace(/&(lt|gt|quot|#39);/g, (_m, e: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'" })[e] as string)
    .replace(/&amp;/g, "&");

/** docsite's flat headings as Docusaurus' nested `toc` (each under the nearest earlier heading of a lower level). */
export function docusaurusToc(items: TocItem[]): DocusaurusTocItem[] {
  const root: DocusaurusTocItem[] = [];
  const stack: DocusaurusTocItem[] = [];
  for (const i of items) {
    const node: DocusaurusTocItem = { value: escapeHtml(i.text), id: i.id, level: i.depth, children: [], text: i.text };
    while (stack.length && stack[stack.length - 1].level >= node.level) stack.pop();
    (stack.length ? stack[stack.length - 1].children : root).push(node);
    stack.push(node);
  }
  return root;
}

/** Docusaurus' nested `toc` back as docsite's flat headings, between the levels asked for. */
function flatToc(toc: readonly DocusaurusTocItem[] | undefined, min: number, max: number): TocItem[] {
  const out: TocItem[] = [];
  const walk = (list: readonly DocusaurusTocItem[]) => {
    for (const i of list) {
      if (i.level >= min && i.level <= max)
        out.push({ depth: i.level, id: i.id, text: i.text ?? unescapeHtml(String(i.value ?? "")) });
      walk(i.children ?? []);
    }
  };
  walk(toc ?? []);
  return out;
}

interface DocusaurusTocProps {
  toc: readonly DocusaurusTocItem[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
  className?: string;
}

/**
 * `@theme/TOC`: `{ toc, minHeadingLevel, maxHeadingLevel, className }`, drawn as docsite's table of contents without
 * its title, as Docusaurus' is (what a wrapper of `@theme-original/TOC` gets: it usually draws a title of its own).
 */
export function TOC({ toc, minHeadingLevel = 2, maxHeadingLevel = 3 }: DocusaurusTocProps) {
  return <Toc items={flatToc(toc, minHeadingLevel, maxHeadingLevel)} title={false} />;
}

/** The table of contents docsite draws beside a doc when the site does not override `TOC`: with its title. */
export function TocWithTitle({ toc, minHeadingLevel = 2, maxHeadingLevel = 3 }: DocusaurusTocProps) {
  return <Toc items={flatToc(toc, minHeadingLevel, maxHeadingLevel)} />;
}

/** `@theme/TOCCollapsible`: the same props, drawn as docsite's collapsed contents above the article. */
export function TOCCollapsible({ toc, minHeadingLevel = 2, maxHeadingLevel = 3 }: DocusaurusTocProps) {
  return <TocMobile items={flatToc(toc, minHeadingLevel, maxHeadingLevel)} />;
}
