// Search at build time: the files of the per-locale client config (render/search-config.ts) and the local provider's
// index bundles (one per locale and docs version). Runs in the extras step; reads the route table only.
import type { SiteConfig } from "../config/types.ts";
import type { Strings } from "../i18n/strings.ts";
import type { Route, RouteTable, DocRoute, BlogPostRoute } from "../routes/types.ts";
import type { SidebarNode } from "../routes/sidebar-nodes.ts";
import { docsInstances, instanceVersions, lastVersionOf } from "../content/paths.ts";
import { publicPath } from "../routes/public-url.ts";
import { lastVersion, searchClientConfig, searchConfigPath, searchRoot } from "../render/search-config.ts";
import { localIndexFiles, type IndexedPage } from "./local-index.ts";
import type { Synonyms } from "../../theme/search/local-format.ts";
import { loadSynonyms } from "./synonyms.ts";
import { incomingLinkTexts } from "./link-texts.ts";

/** Breadcrumbs of a doc: the sidebar categories above its link. */
function breadcrumbs(table: RouteTable, route: DocRoute): string[] {
  const nodes = route.sidebarKey ? table.sidebars.get(route.sidebarKey) : undefined;
  const find = (items: SidebarNode[], trail: string[]): string[] | null => {
    for (const n of items) {
      if (n.href === route.path) return trail;
      if (n.type === "category") {
        const r = find(n.items, [...trail, n.label]);
        if (r) return r;
      }
    }
    return null;
  };
  return (nodes && find(nodes, [])) ?? [];
}

function indexedRoutes(
  config: SiteConfig,
  table: RouteTable,
  locale: string,
  version: string,
): Array<DocRoute | BlogPostRoute> {
  const isLast = lastVersion(config).name === version;
  // Unlisted pages stay out of search; blog posts go into the latest version's bundle.
  return table.routes.filter(
    (r: Route): r is DocRoute | BlogPostRoute =>
      r.locale === locale &&
      !r.unlisted &&
      ((r.kind === "doc" && r.version.name === version) || (r.kind === "blogPost" && isLast)),
  );
}

/** Client configs for every locale and, for the local provider, the index bundles. Paths are relative to dist/. */
export function searchFiles<F = string>(
  config: SiteConfig,
  table: RouteTable,
  strings: Map<string, Strings>,
  /**
   * Builds a bundle, or takes it from a cache keyed by its pages, its files as the output gets them (known by their
   * hash, read only if written: pipeline/cached-steps.ts); `dir` is the bundle's folder in the output.
   */
  bundle: (pages: IndexedPage[], synonyms: Synonyms | undefined, dir: string) => Map<string, F | string> = (p, s) =>
    localIndexFiles(p, s),
): Map<string, F | string> {
  const files = new Map<string, F | string>();
  const rel = (p: string) => p.slice(config.baseUrl.length);
  for (const [locale, s] of strings)
    files.set(rel(searchConfigPath(config, locale)), JSON.stringify(searchClientConfig(config, table, s)));
  if (config.search.provider !== "local") return files;
  const synonyms = loadSynonyms(config.rootDir, config.i18n.locales);
  for (const locale of config.i18n.locales) {
    const s = strings.get(locale)!;
    const blogLabel = s.has("theme.blog.title") ? s.t("theme.blog.title") : "Blog";
    // A bundle per version of the main docs; the other docs instances' last versions are searched with its last.
    const others = docsInstances(config)
      .filter((id) => id !== config.docs.pluginId)
      .map((id) => lastVersionOf(config, id).name);
    for (const v of instanceVersions(config, config.docs.pluginId)) {
      const names = v.isLast ? [v.name, ...others] : [v.name];
      const routes = names.flatMap((name) => indexedRoutes(config, table, locale, name));
      // What the bundle's other pages call each page when they link to it.
      const linkTexts = incomingLinkTexts(
        routes.map((r) => ({
          path: r.path,
          title: r.kind === "doc" ? r.title : r.post.title,
          // The index's sections: a link to another anchor counts for the page as a whole.
          anchors: new Set(r.compiled.sections.flatMap((s) => (s.id ? [s.id] : []))),
          links: r.compiled.links,
        })),
      );
      const pages: IndexedPage[] = routes.map((r) => ({
        url: publicPath(config, r.path),
        title: r.kind === "doc" ? r.title : r.post.title,
        description: r.kind === "doc" ? r.description : r.post.description,
        keywords: r.source.data.keywords ?? [],
        breadcrumbs: r.kind === "doc" ? breadcrumbs(table, r) : [blogLabel],
        sections: r.compiled.sections,
        ...(linkTexts.has(r.path) ? { linkTexts: linkTexts.get(r.path) } : {}),
        ...(r.kind === "blogPost" ? { post: true } : {}),
      }));
      const dir = rel(`${searchRoot(config, locale)}${v.name}/`);
      for (const [f, c] of bundle(pages, synonyms.get(locale), dir)) files.set(dir + f, c);
    }
  }
  return files;
}
