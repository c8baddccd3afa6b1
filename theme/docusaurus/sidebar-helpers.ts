// Docusaurus' sidebar helpers (`@docusaurus/plugin-content-docs/client` since 3.5, and theme-common/internal before):
// pure functions of a sidebar item and the page's path, computed as Docusaurus' docsUtils computes them, so a
// swizzled DocSidebarItem draws the same active and collapsed states on the server and in an island.

export interface SidebarItem {
  type: string;
  href?: string;
  label?: string;
  items?: SidebarItem[];
  unlisted?: boolean;
  /** A category whose own page is unlisted: its label links nowhere (Docusaurus' `linkUnlisted`). */
  linkUnlisted?: boolean;
  customProps?: Record<string, unknown>;
}

/** Docusaurus' isSamePath: the same path, trailing slash and case aside. */
export const isSamePath = (a?: string, b?: string): boolean =>
  a !== undefined && b !== undefined && a.replace(/\/$/, "").toLowerCase() === b.replace(/\/$/, "").toLowerCase();

/** The first link of an item: a link's own, a category's own page unless unlisted, else its first item's. */
export function findFirstSidebarItemLink(item: SidebarItem): string | undefined {
  if (item.type === "link") return item.href;
  if (item.type !== "category") return undefined;
  if (item.href && !item.linkUnlisted) return item.href;
  for (const i of item.items ?? []) {
    const found = findFirstSidebarItemLink(i);
    if (found) return found;
  }
  return undefined;
}

/** Whether the item is the page at `activePath`, or a category holding it. */
export function isActiveSidebarItem(item: SidebarItem, activePath: string): boolean {
  if (isSamePath(item.href, activePath)) return true;
  return item.type === "category" && (item.items ?? []).some((i) => isActiveSidebarItem(i, activePath));
}

/** Docusaurus hides unlisted items unless they are the page shown (or hold it). */
export function isVisibleSidebarItem(item: SidebarItem, activePath: string): boolean {
  if (item.type === "category") return (item.items ?? []).some((i) => isVisibleSidebarItem(i, activePath));
  return !item.unlisted || isActiveSidebarItem(item, activePath);
}

/** The first category, depth first, that `predicate` accepts. */
export function findSidebarCategory(
  sidebar: SidebarItem[],
  predicate: (c: SidebarItem) => boolean,
): SidebarItem | undefined {
  for (const item of sidebar) {
    if (item.type !== "category") continue;
    if (predicate(item)) return item;
    const inner = findSidebarCategory(item.items ?? [], predicate);
    if (inner) return inner;
  }
  return undefined;
}
