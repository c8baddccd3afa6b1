// Docs sidebar. Categories are <details> so they open and close without JavaScript; the runtime animates them
// and keeps the sidebar (scroll position, open categories) across pages that share it.
import { useT } from "../context.tsx";
import type { SidebarItemData } from "../types.ts";

function containsActive(item: SidebarItemData, active: string): boolean {
  return item.href === active || (item.items ?? []).some((i) => containsActive(i, active));
}

function Items({ items, active }: { items: SidebarItemData[]; active: string }) {
  return (
    <ul className="menu__list">
      {items.filter((i) => !i.hidden).map((item, n) => {
        if (item.type === "link") {
          const isActive = item.href === active;
          return (
            <li className="menu__item" key={n}>
              <a className={`menu__link${isActive ? " menu__link--active" : ""}`} href={item.href} aria-current={isActive ? "page" : undefined}>{item.label}</a>
            </li>
          );
        }
        const open = containsActive(item, active) || item.collapsed === false;
        const isActive = item.href === active;
        return (
          <li className="menu__item menu__item--category" key={n}>
            <details className="menu__category" open={open}>
              <summary className="menu__summary">
                {item.href
                  ? <a className={`menu__link${isActive ? " menu__link--active" : ""}`} href={item.href} aria-current={isActive ? "page" : undefined}>{item.label}</a>
                  : <span className="menu__link">{item.label}</span>}
              </summary>
              <Items items={item.items ?? []} active={active} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}

export function Sidebar({ items, active, sidebarKey }: { items: SidebarItemData[]; active: string; sidebarKey?: string }) {
  const t = useT();
  return (
    <aside className="doc-sidebar" data-sidebar={sidebarKey}>
      <nav className="menu" aria-label={t("theme.docs.sidebar.navAriaLabel")}>
        <Items items={items} active={active} />
      </nav>
    </aside>
  );
}
