// Docs sidebar. A page draws the items of the categories on its own path (and of those its author keeps open), not
// of every collapsed one: otherwise each page carries the whole sidebar, and a page's HTML grows with the site
// (issue 41: 368 KB a page at 2,000 pages). A collapsed category's label links to a page that shows it open (its own
// page, else its first doc, as Docusaurus' category links do without JavaScript), so every page is reachable without
// JavaScript; with it, the toggle opens the category in place, its items taken from that page's sidebar
// (theme/client/sidebar-lazy.ts), animated (theme/client/behaviours.ts). The runtime keeps the sidebar element
// (scroll position, open categories) across pages that share it.
import { useOptionalSite, useT } from "../context.tsx";
import type { SidebarItemData } from "../types.ts";
import { Themed } from "../layout/overrides.tsx";
import { DocSidebarItemsExpandedStateProvider } from "../docusaurus/docs-client.ts";

function containsActive(item: SidebarItemData, active: string): boolean {
  return item.href === active || (item.items ?? []).some((i) => containsActive(i, active));
}

/**
 * The page that shows `category` open: its own page, else the first doc (or category page) inside it. Only pages of
 * this sidebar qualify (a link item may lead anywhere), so a category of external links alone has none and is drawn
 * with its items.
 */
export function categoryPage(category: SidebarItemData): string | undefined {
  if (category.href) return category.href;
  for (const item of category.items ?? []) {
    if (item.hidden) continue;
    if (item.type === "link" && item.docId && item.href) return item.href;
    if (item.type === "category") {
      const inner = categoryPage(item);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** The props Docusaurus gives `@theme/DocSidebarItem` and its parts (`/Link`, `/Category`, `/Html`). */
export interface DocSidebarItemProps<I = SidebarItemData> {
  item: I;
  activePath: string;
  level: number;
  index: number;
  tabIndex?: number;
  onItemClick?: (item: SidebarItemData) => void;
}

const withClass = (item: SidebarItemData, base: string) => (item.className ? `${base} ${item.className}` : base);

/** `@theme/DocSidebarItem/Html`: the author's HTML from the sidebars file, drawn as is. */
export function DocSidebarItemHtml({ item, index }: DocSidebarItemProps) {
  return (
    <li
      className={item.defaultStyle ? withClass(item, "menu__item menu__item--html") : item.className}
      key={index}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the site author's own markup, as Docusaurus draws it
      dangerouslySetInnerHTML={{ __html: item.value ?? "" }}
    />
  );
}

/** `@theme/DocSidebarItem/Link`. */
export function DocSidebarItemLink({ item, activePath }: DocSidebarItemProps) {
  const isActive = item.href === activePath;
  return (
    <li className={withClass(item, "menu__item")}>
      <a
        className={`menu__link${isActive ? " menu__link--active" : ""}`}
        href={item.href}
        aria-current={isActive ? "page" : undefined}
      >
        {item.label}
      </a>
    </li>
  );
}

/**
 * `@theme/DocSidebarItem/Category`: its toggle and its items, open when it holds the page or says so. A collapsed
 * one with a page that shows it open draws no items (`data-lazy`): the browser fetches them when it is opened.
 */
export function DocSidebarItemCategory({ item, activePath, level }: DocSidebarItemProps) {
  // Drawn inside a site's own sidebar component that runs as an island (a swizzled DocSidebarItem/Category rendering
  // `@theme/DocSidebarItems`), it has no site context in the browser: the interface strings stay on the server, and
  // the toggle keeps the category's name as its label there rather than the page crashing.
  const site = useOptionalSite();
  const isActive = item.href === activePath;
  const open = containsActive(item, activePath) || item.collapsed === false;
  const page = categoryPage(item);
  const lazy = !open && page !== undefined;
  const toggleLabel = site
    ? site.i18n.t("theme.DocSidebarItem.toggleCollapsedCategoryAriaLabel", { label: item.label ?? "" })
    : (item.label ?? "");
  return (
    <li className={withClass(item, "menu__item menu__item--category")} data-lazy={lazy ? "" : undefined}>
      <div className="menu__row">
        {item.href ? (
          <>
            <a
              className={`menu__link${isActive ? " menu__link--active" : ""}`}
              href={item.href}
              aria-current={isActive ? "page" : undefined}
            >
              {item.label}
            </a>
            <button
              type="button"
              className="menu__caret"
              data-category-toggle
              aria-expanded={open}
              aria-label={toggleLabel}
              title={toggleLabel}
            />
          </>
        ) : page ? (
          // A link without JavaScript (to the page that shows the category open), a toggle with it.
          <a
            className="menu__link menu__link--toggle"
            href={page}
            role="button"
            data-category-toggle
            aria-expanded={open}
          >
            {item.label}
          </a>
        ) : (
          <button type="button" className="menu__link menu__link--toggle" data-category-toggle aria-expanded={open}>
            {item.label}
          </button>
        )}
      </div>
      {lazy ? null : <Items items={item.items ?? []} active={activePath} level={level + 1} collapsed={!open} />}
    </li>
  );
}

/** `@theme/DocSidebarItem`: `{ item, activePath, level, index }`, drawn by the part of its type. */
export function DocSidebarItem(props: DocSidebarItemProps) {
  const { item } = props;
  if (item.type === "html") return <Themed name="DocSidebarItem/Html" own={DocSidebarItemHtml} props={props} />;
  if (item.type === "link") return <Themed name="DocSidebarItem/Link" own={DocSidebarItemLink} props={props} />;
  return <Themed name="DocSidebarItem/Category" own={DocSidebarItemCategory} props={props} />;
}

/** `@theme/DocSidebarItems`: `{ items, activePath, level }`, each item in turn (the list element is its parent's). */
export function DocSidebarItems({
  items,
  activePath,
  level,
}: {
  items: SidebarItemData[];
  activePath: string;
  level: number;
}) {
  // As Docusaurus' list: which of its categories is open, for a site's category with `autoCollapseCategories`.
  return (
    <DocSidebarItemsExpandedStateProvider>
      {items
        .filter((i) => !i.hidden)
        .map((item, n) => (
          <Themed
            key={n}
            name="DocSidebarItem"
            own={DocSidebarItem}
            props={{ item: { collapsible: true, ...item }, activePath, level, index: n }}
          />
        ))}
    </DocSidebarItemsExpandedStateProvider>
  );
}

function Items({
  items,
  active,
  level,
  collapsed,
}: {
  items: SidebarItemData[];
  active: string;
  level: number;
  collapsed?: boolean;
}) {
  return (
    <ul className="menu__list" data-collapsed={collapsed ? "" : undefined}>
      <Themed name="DocSidebarItems" own={DocSidebarItems} props={{ items, activePath: active, level }} />
    </ul>
  );
}

export function Sidebar({
  items,
  active,
  sidebarKey,
}: {
  items: SidebarItemData[];
  active: string;
  sidebarKey?: string;
}) {
  const t = useT();
  return (
    <div className="doc-sidebar" data-sidebar={sidebarKey}>
      <nav className="menu" aria-label={t("theme.docs.sidebar.navAriaLabel")}>
        <Items items={items} active={active} level={1} />
      </nav>
    </div>
  );
}
