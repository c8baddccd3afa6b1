// Builds the route table from the content index and the compiled pages: docs per locale and version (with the
// default locale's page standing in for a missing translation), sidebars, blog lists/archive/posts, and the fixed
// pages (search, versions, 404, the docs root redirect).
import type { SiteConfig } from "../config/types.ts";
import type { ContentIndex, DocSource } from "../content/scan.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import type { Strings } from "../i18n/strings.ts";
import { DocsiteError } from "../log.ts";
import {
  localeBase,
  docPath,
  versionBase,
  encodePath,
  docsRoot as docsRootOf,
  docsInstances,
  lastVersionOf,
} from "../content/paths.ts";
import type { SidebarNode } from "./sidebar-nodes.ts";
import type { RouteTable } from "./types.ts";
import type { DocPlan, BlogPlan } from "./plans.ts";
import { routeSink, type RouteSink } from "./route-sink.ts";
import { addVersionRoutes } from "./version-routes.ts";
import { addBlogRoutes } from "./blog-routes.ts";

export { planKey, type DocPlan, type BlogPlan } from "./plans.ts";

/** Which source serves each doc in each locale. Drafts are left out unless `includeDrafts` (dev). */
export function planDocs(
  config: SiteConfig,
  index: ContentIndex,
  includeDrafts: boolean,
): { docs: DocPlan[]; drafts: Set<string> } {
  const drafts = new Set<string>();
  const usable = index.docs.filter((d) => {
    if (d.data.draft && !includeDrafts) {
      drafts.add(`${d.version}|${d.id}`);
      return false;
    }
    return true;
  });
  const docs: DocPlan[] = [];
  const def = config.i18n.defaultLocale;
  for (const version of config.docs.versions) {
    const byLocale = new Map<string, Map<string, DocSource>>();
    for (const d of usable)
      if (d.version === version.name) {
        if (!byLocale.has(d.locale)) byLocale.set(d.locale, new Map());
        const twin = byLocale.get(d.locale)!.get(d.id);
        if (twin)
          throw new DocsiteError(
            `two docs have the id "${d.id}": ${twin.file} and ${d.file}`,
            { file: d.file },
            "give one of them another file name or front matter id (number prefixes such as 01- are not part of the id)",
          );
        byLocale.get(d.locale)!.set(d.id, d);
      }
    const ids = new Set([...byLocale.values()].flatMap((m) => [...m.keys()]));
    for (const locale of config.i18n.locales) {
      for (const id of [...ids].sort()) {
        const own = byLocale.get(locale)?.get(id);
        const fallback = own ?? byLocale.get(def)?.get(id) ?? [...byLocale.values()].find((m) => m.has(id))!.get(id)!;
        docs.push({ locale, version, id, source: fallback, untranslated: !own });
      }
    }
  }
  return { docs, drafts };
}

/**
 * Which source serves each post in each locale. As in Docusaurus, a locale without its own copy of a post shows
 * the default locale's (when `locales` and `defaultLocale` are given).
 */
export function planBlog(
  index: ContentIndex,
  includeDrafts: boolean,
  i18n?: { locales: string[]; defaultLocale: string },
): BlogPlan[] {
  const usable = index.blog.filter((b) => includeDrafts || !b.data.draft);
  const plans: BlogPlan[] = usable.map((source) => ({ locale: source.locale, source }));
  if (!i18n) return plans;
  for (const locale of i18n.locales) {
    if (locale === i18n.defaultLocale) continue;
    const own = new Set(usable.filter((b) => b.locale === locale).map((b) => b.slug));
    for (const b of usable) if (b.locale === i18n.defaultLocale && !own.has(b.slug)) plans.push({ locale, source: b });
  }
  return plans;
}

export function buildRouteTable(
  config: SiteConfig,
  index: ContentIndex,
  plans: { docs: DocPlan[]; drafts: Set<string>; blog: BlogPlan[] },
  compiled: Map<string, CompiledMdx>,
  strings: Map<string, Strings>,
  onDuplicate: (msg: string) => void,
): RouteTable {
  const sink = routeSink(config, onDuplicate);
  const sidebars = new Map<string, SidebarNode[]>();
  const sidebarLinks = new Map<string, string>();
  for (const locale of config.i18n.locales) {
    addPages(sink, config, index, plans.docs, locale);
    addDocsRootRedirects(sink, config, locale);
    for (const version of config.docs.versions)
      addVersionRoutes({ config, locale, version, compiled, strings, sink, sidebars, sidebarLinks }, plans);
    addBlogRoutes(config, locale, plans.blog, compiled, sink);
    addFixedPages(sink, config, locale);
  }
  checkNavbarSidebars(config, sidebars, sidebarLinks);
  return { routes: sink.routes, byPath: sink.byPath, sidebars, sidebarLinks };
}

/**
 * The site's own pages. With docs at the site root (`routeBasePath: ""`), as in Docusaurus, the doc with slug "/"
 * is the home page: no page is made there.
 */
function addPages(sink: RouteSink, config: SiteConfig, index: ContentIndex, docs: DocPlan[], locale: string): void {
  const base = localeBase(config, locale);
  const docAtHome = docs.some(
    (p) => p.locale === locale && docPath(config, locale, p.version, p.id, p.source.data.slug as string) === base,
  );
  for (const page of index.pages) {
    const path = base + (page.slug ? `${encodePath(page.slug)}/` : "");
    if (docAtHome && path === base) continue;
    sink.add({ kind: "page", path, locale, key: sink.keyOf(path), origin: page.file, module: page });
  }
}

/** Each docs instance redirects its root to its last version. */
function addDocsRootRedirects(sink: RouteSink, config: SiteConfig, locale: string): void {
  for (const pluginId of docsInstances(config)) {
    const last = lastVersionOf(config, pluginId);
    const docsRoot = docsRootOf(config, locale, last);
    // A last version published right under the docs path (Docusaurus without versions) needs no redirect there.
    if (versionBase(config, locale, last) !== docsRoot)
      sink.add({
        kind: "redirect",
        path: docsRoot,
        locale,
        key: sink.keyOf(docsRoot),
        origin: "site.config.json (docs)",
        to: versionBase(config, locale, last),
      });
  }
}

/** The search and versions pages and the 404 page. */
function addFixedPages(sink: RouteSink, config: SiteConfig, locale: string): void {
  const base = localeBase(config, locale);
  for (const kind of ["search", "versions"] as const) {
    const path = `${base}${kind}/`;
    sink.add({ kind, path, locale, key: sink.keyOf(path), origin: "docsite" });
  }
  const nf = `${base}404.html`;
  sink.add({ kind: "notFound", path: nf, locale, key: sink.keyOf(nf), origin: "docsite", unlisted: true });
}

/** A navbar docSidebar item must lead somewhere. */
function checkNavbarSidebars(
  config: SiteConfig,
  sidebars: Map<string, SidebarNode[]>,
  sidebarLinks: Map<string, string>,
): void {
  for (const item of config.navbar.items) {
    if (item.type !== "docSidebar") continue;
    for (const locale of config.i18n.locales) {
      if (!sidebarLinks.has(`${locale}|${item.sidebarId}`)) {
        const known = [...new Set([...sidebars.keys()].map((k) => k.split("|")[2]))];
        throw new DocsiteError(
          `navbar item "${item.label}" points to sidebar "${item.sidebarId}", which has no link${known.includes(item.sidebarId) ? "" : " (no such sidebar)"}`,
          { file: "site.config.json" },
          `use a sidebar with at least one doc: ${known.join(", ")}`,
        );
      }
    }
  }
}
