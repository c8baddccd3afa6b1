// The sidebar helpers Docusaurus exports from both `@docusaurus/plugin-content-docs/client` (3.5+, where swizzled
// DocSidebarItem parts import them) and `@docusaurus/theme-common/internal` (older swizzles): plain functions over
// the sidebar items docsite gives `@theme/DocSidebarItem` (type, href, label, items), computing what Docusaurus' do.
export interface SidebarItem {
  type: string;
  href?: string;
  label?: string;
  items?: SidebarItem[];
  unlisted?: boolean;
  customProps?: Record<string, unknown>;
}

export const samePath = (a?: string, b?: string) =>
  a !== undefined && b !== undefined && a.replace(/\/$/, "").toLowerCase() === b.replace(/\/$/, "").toLowerCase();

function findFirstSidebarItemLink(item: SidebarItem): string | undefined {
  if (item.href && !item.unlisted) return item.href;
  for (const i of item.items ?? []) {
    const found = findFirstSidebarItemLink(i);
    if (found) return found;
  }
  return undefined;
}

function isActiveSidebarItem(item: SidebarItem, activePath: string): boolean {
  if (samePath(item.href, activePath)) return true;
  return item.type === "category" && (item.items ?? []).some((i) => isActiveSidebarItem(i, activePath));
}

function isVisibleSidebarItem(item: SidebarItem, activePath: string): boolean {
  if (item.type === "category") return (item.items ?? []).some((i) => isVisibleSidebarItem(i, activePath));
  return !item.unlisted || isActiveSidebarItem(item, activePath);
}

function findSidebarCategory(sidebar: SidebarItem[], predicate: (c: SidebarItem) => boolean): SidebarItem | undefined {
  for (const item of sidebar) {
    if (item.type !== "category") continue;
    if (predicate(item)) return item;
    const inner = findSidebarCategory(item.items ?? [], predicate);
    if (inner) return inner;
  }
  return undefined;
}

/** The helpers by their Docusaurus names, for both modules. */
export const sidebarHelpers = {
  findSidebarCategory,
  findFirstSidebarItemLink,
  isActiveSidebarItem,
  isVisibleSidebarItem,
  useVisibleSidebarItems: (items: SidebarItem[], activePath: string) =>
    items.filter((i) => isVisibleSidebarItem(i, activePath)),
};
