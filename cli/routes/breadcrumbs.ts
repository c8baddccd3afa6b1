// A doc's breadcrumbs, as Docusaurus draws them above the title (`docs.breadcrumbs`): the categories of the sidebar
// that lead to the page (linked when the category has a page of its own), then the page itself, unlinked.
import type { SidebarNode } from "./sidebar-nodes.ts";

export interface Crumb {
  label: string;
  href?: string;
}

/** The path from the sidebar's top to the item linking `activeHref`; undefined when the page is not in it. */
export function docBreadcrumbs(sidebar: readonly SidebarNode[] | undefined, activeHref: string): Crumb[] | undefined {
  if (!sidebar) return undefined;
  const walk = (nodes: readonly SidebarNode[], trail: Crumb[]): Crumb[] | undefined => {
    for (const n of nodes) {
      if (n.type === "html") continue;
      if (n.href === activeHref) return [...trail, { label: n.label }];
      if (n.type === "category") {
        const found = walk(n.items, [...trail, { label: n.label, ...(n.href ? { href: n.href } : {}) }]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(sidebar, []);
}
