// Docusaurus' DocCardList and DocCard: the items of a sidebar category as cards (title and description), drawn on
// the server. Content reaches them through `@theme/DocCardList`, or the build through generated-index pages. The
// hooks `useCurrentSidebarCategory` and `useDocsSidebar` read the sidebar of the page being rendered.
import { createContext, useContext } from "react";
import { useT } from "../context.tsx";
import type { SidebarItemData } from "../types.ts";
import type { DocSidebarContext } from "./sidebar-context.ts";

export const DocContext = createContext<DocSidebarContext | null>(null);

/** The sidebar of the current doc: `{name, items}`, or null when the page has none. */
export function useDocsSidebar(): { name?: string; items: SidebarItemData[] } | null {
  const c = useContext(DocContext);
  return c?.items ? { name: c.name, items: c.items } : null;
}

function categoryAt(items: SidebarItemData[], href: string): SidebarItemData | undefined {
  for (const i of items) {
    if (i.type !== "category") continue;
    if (i.href === href) return i;
    const inner = categoryAt(i.items ?? [], href);
    if (inner) return inner;
  }
  return undefined;
}

/** The sidebar category whose link is the current page (its `items` feed `<DocCardList>`). */
export function useCurrentSidebarCategory(): SidebarItemData & { items: SidebarItemData[] } {
  const c = useContext(DocContext);
  const found = c?.items ? categoryAt(c.items, c.activeHref) : undefined;
  if (!found)
    throw new Error(
      "useCurrentSidebarCategory (or <DocCardList> without items) is used on a page that is not the link of a " +
        "sidebar category: give the category `link: {type: 'doc', id: ...}` to this page, or pass items",
    );
  return { ...found, items: found.items ?? [] };
}

const isExternal = (href: string) => /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href);

function firstHref(item: SidebarItemData): string | undefined {
  if (item.href) return item.href;
  for (const i of item.items ?? []) {
    const h = firstHref(i);
    if (h) return h;
  }
  return undefined;
}

export function DocCard({ item }: { item: SidebarItemData }) {
  const t = useT();
  const href = firstHref(item);
  if (!href || item.type === "html") return null;
  const category = item.type === "category";
  const icon = category ? "🗃️" : isExternal(href) ? "🔗" : "📄️";
  const description =
    item.description ??
    (category ? t("theme.docs.DocCard.categoryDescription.plurals", { count: item.items?.length ?? 0 }) : undefined);
  return (
    <a className="doc-card" href={href}>
      <h2 className="doc-card__title" title={item.label}>
        <span aria-hidden="true">{icon}</span> {item.label}
      </h2>
      {description && (
        <p className="doc-card__description" title={description}>
          {description}
        </p>
      )}
    </a>
  );
}

/** Cards of `items`, or of the current sidebar category's items when none are given. */
export function DocCardList({ items, className }: { items?: SidebarItemData[]; className?: string }) {
  if (!items) return <CurrentCategoryCards className={className} />;
  const shown = items.filter((i) => i.type !== "html" && !i.hidden);
  return (
    <section className={className ? `doc-cards ${className}` : "doc-cards"}>
      {shown.map((item, n) => (
        <article className="doc-cards__item" key={n}>
          <DocCard item={item} />
        </article>
      ))}
    </section>
  );
}

function CurrentCategoryCards({ className }: { className?: string }) {
  const category = useCurrentSidebarCategory();
  return <DocCardList items={category.items} className={className} />;
}
