// Sidebar categories drawn without their items (`data-lazy`, theme/docs/Sidebar.tsx) get them when first opened,
// from the page their label links to: that page shows the category open, drawn by the same components (the site's
// overrides too), and the browser keeps it for a click on it later (page-fetch.ts). A category is found there by
// its place in the sidebar, so nothing in the HTML names it.
import { prefetch } from "./page-fetch.ts";
import { pagePath } from "./url-form.ts";

/** The category's place in its sidebar: its index in each list from the top one down. */
export function categoryPath(li: Element): number[] {
  const path: number[] = [];
  for (let el: Element | null = li; el?.parentElement?.classList.contains("menu__list"); ) {
    const list: Element = el.parentElement;
    path.unshift(Array.prototype.indexOf.call(list.children, el));
    el = list.parentElement?.classList.contains("menu__item") ? list.parentElement : null;
  }
  return path;
}

/** The item at `path` in the sidebar `nav`. */
export function categoryAt(nav: Element, path: number[]): Element | null {
  let list = nav.querySelector(":scope > .menu__list");
  let li: Element | null = null;
  for (const i of path) {
    li = list?.children[i] ?? null;
    list = li?.querySelector(":scope > .menu__list") ?? null;
  }
  return li;
}

export const labelOf = (li: Element) => li.querySelector(":scope > .menu__row")?.textContent;
/** The page a lazy category's items come from (its label's link), as the router asks for it. */
export const pageOf = (li: Element): string | undefined => {
  const a = li.querySelector<HTMLAnchorElement>(":scope > .menu__row > a[href]");
  if (!a) return undefined;
  const url = new URL(a.href, location.href);
  return pagePath(url.pathname) + url.search;
};

/**
 * Fetches ahead the items of the lazy category whose toggle `el` is in (on hover or focus, as links are), and the
 * code that puts them in (sidebar-load.ts, a chunk of its own: most pages never open a category).
 */
export function prefetchCategory(el: Element): void {
  const li = el.closest("[data-lazy]");
  const page = li && pageOf(li);
  if (!page) return;
  prefetch(page);
  import("./sidebar-load.ts").catch(() => {});
}

/**
 * Moves into the kept sidebar `kept` the items of the first category on the way to `next`'s active page that `kept`
 * has not drawn (it holds the rest of the way), so the active page's link is there to mark.
 */
export function graftActivePath(kept: Element, next: Element): void {
  const active = next.querySelector("[aria-current=page]");
  const keptNav = kept.querySelector("nav");
  const nextNav = next.querySelector("nav");
  if (!active || !keptNav || !nextNav) return;
  const way: Element[] = [];
  for (
    let li = active.closest(".menu__item--category");
    li;
    li = li.parentElement?.closest(".menu__item--category") ?? null
  )
    way.unshift(li);
  for (const li of way) {
    const mine = categoryAt(keptNav, categoryPath(li));
    if (!mine || labelOf(mine) !== labelOf(li)) return;
    if (mine.querySelector(":scope > .menu__list")) continue;
    const list = li.querySelector(":scope > .menu__list");
    if (!list) return;
    // Collapsed until the router marks the page active, which opens the categories on its way.
    list.setAttribute("data-collapsed", "");
    mine.append(list);
    mine.removeAttribute("data-lazy");
    return;
  }
}
