// Docs sidebar. Collapsed categories are hidden only when JavaScript runs (html.js), so without it every link is
// reachable; with it, toggle buttons open and close them (animated in theme/client/behaviours.ts). The runtime
// keeps the sidebar element (scroll position, open categories) across pages that share it.
import { useT } from "../context.tsx";
import type { SidebarItemData } from "../types.ts";
import { Themed } from "../layout/overrides.tsx";

function containsActive(item: SidebarItemData, active: string): boolean {
  return item.href === active || (item.items ?? []).some((i) => containsActive(i, active));
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

/** `@theme/DocSidebarItem/Category`: its toggle and its items, open when it holds the page or says so. */
export function DocSidebarItemCategory({ item, activePath, level }: DocSidebarItemProps) {
  const t = useT();
  const isActive = item.href === activePath;
  const open = containsActive(item, activePath) || item.collapsed === false;
  const toggleLabel = t("theme.DocSidebarItem.toggleCollapsedCategoryAriaLabel", { label: item.label ?? "" });
  return (
    <li className={withClass(item, "menu__item menu__item--category")}>
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
        ) : (
          <button type="button" className="menu__link menu__link--toggle" data-category-toggle aria-expanded={open}>
            {item.label}
          </button>
        )}
      </div>
      <Items items={item.items ?? []} active={activePath} level={level + 1} collapsed={!open} />
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
  return (
    <>
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
    </>
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
