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

export function Toc({ items }: { items: TocItem[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <nav className="toc" aria-label={t("theme.TOC.ariaLabel")} data-toc>
      <p className="toc__title">{t("theme.TOC.title")}</p>
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
