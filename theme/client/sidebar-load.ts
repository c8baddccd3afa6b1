// Puts a lazy sidebar category's items in (sidebar-lazy.ts says where they come from). A chunk of its own, loaded
// when a reader first points at or opens a collapsed category: most pages never do, and every page loads the entry.
// It imports nothing: what it shares with the entry comes as an argument, since a module that both import would be
// split into a chunk of its own that every page then preloads.
import type { MemoAsync } from "../memo-async.ts";

/**
 * What the entry gives: its page fetcher and the sidebar helpers (sidebar-lazy.ts), spelled out here rather than
 * taken from that module's types, so that neither module imports the other (tests/unit/layers.test.ts).
 */
export interface Shared {
  categoryAt: (nav: Element, path: number[]) => Element | null;
  categoryPath: (li: Element) => number[];
  labelOf: (li: Element) => string | null | undefined;
  pageOf: (li: Element) => string | undefined;
  fetchPage: MemoAsync<string>;
}

/** The items of lazy category `li` from the page that shows it open; null when that page does not. */
async function itemsOf(
  li: Element,
  page: string,
  { fetchPage, categoryAt, categoryPath, labelOf }: Shared,
): Promise<Element | null> {
  const doc = new DOMParser().parseFromString(await fetchPage(page), "text/html");
  const key = document.querySelector<HTMLElement>("[data-sidebar]")?.dataset.sidebar;
  const sidebar = doc.querySelector<HTMLElement>("[data-sidebar]");
  const nav = sidebar?.dataset.sidebar === key ? sidebar?.querySelector("nav") : null;
  const there = nav && categoryAt(nav, categoryPath(li));
  if (!there || labelOf(there) !== labelOf(li)) return null;
  const list = there.querySelector(":scope > .menu__list");
  // That page is marked as the current one there; here it is not.
  if (list)
    for (const a of list.querySelectorAll("[aria-current=page]")) {
      a.removeAttribute("aria-current");
      a.classList.remove("menu__link--active");
    }
  return list && document.adoptNode(list);
}

const loading = new WeakSet<Element>();

/**
 * Puts lazy category `li`'s items in (collapsed), then calls `loaded`. When they cannot be had (offline, a page
 * that does not show the category), the reader goes to that page, as the link does without JavaScript.
 */
export function loadCategory(li: Element, shared: Shared, loaded: () => void): void {
  const page = shared.pageOf(li);
  if (!page || loading.has(li)) return;
  loading.add(li);
  itemsOf(li, page, shared)
    .then((list) => {
      if (!list) throw new Error("the category's page does not show it");
      list.setAttribute("data-collapsed", "");
      li.append(list);
      li.removeAttribute("data-lazy");
      loaded();
    })
    .catch(() => location.assign(page))
    .finally(() => loading.delete(li));
}
