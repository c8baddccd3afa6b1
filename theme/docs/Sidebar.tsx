// Docs sidebar. Collapsed categories are hidden only when JavaScript runs (html.js), so without it every link is
// reachable; with it, toggle buttons open and close them (animated in theme/client/behaviours.ts). The runtime
// keeps the sidebar element (scroll position, open categories) across pages that share it.
import { useT } from "../context.tsx";
import type { SidebarItemData } from "../types.ts";

function containsActive(item: SidebarItemData, active: string): boolean {
  return item.href === active || (item.items ?? []).some((i) => containsActive(i, active));
}

function Items({ items, active, collapsed }: { items: SidebarItemData[]; active: string; collapsed?: boolean }) {
  const t = useT();
  return (
    <ul className="menu__list" data-collapsed={collapsed ? "" : undefined}>
      {items
        .filter((i) => !i.hidden)
        .map((item, n) => {
          const isActive = item.href === active;
          const cls = (base: string) => (item.className ? `${base} ${item.className}` : base);
          if (item.type === "html") {
            // The author's HTML from the sidebars file, drawn as is (Docusaurus' `html` item).
            return (
              <li
                className={item.defaultStyle ? cls("menu__item menu__item--html") : item.className}
                key={n}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the site author's own markup, as Docusaurus draws it
                dangerouslySetInnerHTML={{ __html: item.value ?? "" }}
              />
            );
          }
          if (item.type === "link") {
            return (
              <li className={cls("menu__item")} key={n}>
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
          const open = containsActive(item, active) || item.collapsed === false;
          const toggleLabel = t("theme.DocSidebarItem.toggleCollapsedCategoryAriaLabel", { label: item.label ?? "" });
          return (
            <li className={cls("menu__item menu__item--category")} key={n}>
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
                  <button
                    type="button"
                    className="menu__link menu__link--toggle"
                    data-category-toggle
                    aria-expanded={open}
                  >
                    {item.label}
                  </button>
                )}
              </div>
              <Items items={item.items ?? []} active={active} collapsed={!open} />
            </li>
          );
        })}
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
        <Items items={items} active={active} />
      </nav>
    </div>
  );
}
