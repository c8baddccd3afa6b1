// The links a page's navigation chrome draws around its content — version dropdown, version banner, breadcrumbs,
// previous/next — worked out with the functions the layout uses (routes/version-targets.ts, routes/breadcrumbs.ts),
// so the build checks the hrefs readers get, as it checks the content's links.
import type { SiteConfig } from "../config/types.ts";
import type { SidebarNode } from "../routes/sidebar-nodes.ts";
import type { Route, RouteTable } from "../routes/types.ts";
import { instanceVersions, lastVersionOf, pluginIdOf } from "../content/paths.ts";
import { versionTarget } from "../routes/version-targets.ts";
import { docBreadcrumbs } from "../routes/breadcrumbs.ts";

export interface ChromeLink {
  /** What draws the link, for messages. */
  what: "version dropdown" | "version banner" | "breadcrumbs" | "previous link" | "next link" | "sidebar";
  /** The file that decides it: the config, the sidebars file or the page. */
  file: string;
  url: string;
}

/** Pages that draw the version dropdown: all of them, when the navbar has one. */
const hasVersionDropdown = (config: SiteConfig) => config.navbar.items.some((i) => i.type === "docsVersionDropdown");

export function chromeLinksOf(config: SiteConfig, table: RouteTable, route: Route): ChromeLink[] {
  const links: ChromeLink[] = [];
  if (route.kind === "redirect") return links; // a redirect page draws no layout
  if (hasVersionDropdown(config))
    for (const v of instanceVersions(config, config.docs.pluginId))
      links.push({ what: "version dropdown", file: "site.config.json", url: versionTarget(config, table, route, v) });
  if (route.kind === "doc") {
    if (route.version.status !== "current" && !route.version.isLast) {
      const latest = lastVersionOf(config, pluginIdOf(config, route.version));
      links.push({ what: "version banner", file: route.origin, url: versionTarget(config, table, route, latest) });
    }
    if (config.docs.breadcrumbs && route.sidebarKey) {
      const crumbs = docBreadcrumbs(table.sidebars.get(route.sidebarKey), route.path) ?? [];
      for (const c of crumbs)
        if (c.href) links.push({ what: "breadcrumbs", file: route.version.sidebarsFile, url: c.href });
    }
  }
  if (route.kind === "doc" || route.kind === "blogPost") {
    if (route.prev) links.push({ what: "previous link", file: route.origin, url: route.prev.href });
    if (route.next) links.push({ what: "next link", file: route.origin, url: route.next.href });
  }
  return links;
}

/**
 * The `link` items of every sidebar, once per sidebar (its docs' pages draw it): an internal one is drawn as written,
 * so it must reach a page like any link.
 */
export function sidebarLinksOf(config: SiteConfig, table: RouteTable): Array<ChromeLink & { sidebar: string }> {
  const links: Array<ChromeLink & { sidebar: string }> = [];
  const walk = (nodes: readonly SidebarNode[], file: string, sidebar: string) => {
    for (const n of nodes) {
      if (n.type === "link") links.push({ what: "sidebar", file, url: n.href, sidebar });
      else if (n.type === "category") walk(n.items, file, sidebar);
    }
  };
  for (const [key, nodes] of table.sidebars) {
    const [, versionName, sidebarId] = key.split("|");
    const version = config.docs.versions.find((v) => v.name === versionName);
    if (version) walk(nodes, version.sidebarsFile, sidebarId);
  }
  return links;
}
