// The routes of the site's Docusaurus pages (cli/content/find-pages.ts), one per page and locale, added to the route
// table before its link checks. Markdown pages are compiled here like docs (the compile cache in front); React pages
// are bundled when the site is rendered (cli/pages/bundle-page.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SiteConfig } from "../config/types.ts";
import { splitFrontMatter } from "../content/frontmatter.ts";
import { compileSource, emptyCompiledMdx, type CompiledMdx } from "../mdx/compile.ts";
import { contentLinkRewriter, type DocTarget } from "../mdx/content-links.ts";
import type { CompiledPages } from "../cache/compiled-pages.ts";
import { moduleContextOf } from "../mdx/modules.ts";
import { encodePath, localeBase, stripLocale } from "../content/paths.ts";
import { contentTitle, firstParagraph } from "../mdx/page-meta.ts";
import type { RouteTable, SitePageRoute } from "../routes/types.ts";
import { findSitePages } from "../content/find-pages.ts";
import { bundleSitePage, type SitePageBuild } from "./bundle-page.ts";
import type { ComponentMdx } from "../mdx/components.ts";
import type { BuildCache } from "../cache/cache.ts";
import { readRecorded, writeRecorded } from "../cache/recorded-inputs.ts";
import { compileSettingsOf, portableSettings } from "../mdx/compile-settings.ts";

/** The store of bundled React pages (cli/cache/README.md). */
export const SITE_PAGES_STORE = "site-pages";

/**
 * Adds the site's pages to `table` (a page at a taken path follows onDuplicateRoutes, as any duplicate route:
 * Docusaurus' docs at the site root win over `src/pages/index`). Returns the routes added.
 */
export async function addSitePages(
  config: SiteConfig,
  table: RouteTable,
  slugs: Map<string, DocTarget>,
  /** The compile store (with the settings and slugs of this config), when there is a build cache. */
  store: CompiledPages<CompiledMdx> | undefined,
  onDuplicate: (msg: string) => void,
): Promise<SitePageRoute[]> {
  const pages = findSitePages(config);
  const added: SitePageRoute[] = [];
  const modules = moduleContextOf(config);
  for (const locale of config.i18n.locales) {
    for (const page of pages) {
      const path = localeBase(config, locale) + (page.slug ? `${encodePath(page.slug)}/` : "");
      const origin = page.translations[locale] ?? page.file;
      let prev = table.byPath.get(path);
      // The site's own page at docsite's list of versions (`/versions`, as jest's site has) is the page its readers
      // know: it replaces docsite's, which is only a fallback.
      if (prev?.kind === "versions" && prev.origin === "docsite") {
        const replaced = prev;
        table.routes = table.routes.filter((r) => r !== replaced);
        table.byPath.delete(path);
        prev = undefined;
      }
      if (prev) {
        onDuplicate(`duplicate route ${path}: ${prev.origin} and ${origin}; the first one is kept`);
        continue;
      }
      let route: SitePageRoute;
      if (page.kind === "markdown") {
        const text = readFileSync(join(config.rootDir, origin), "utf8");
        const { data, body, bodyOffset } = splitFrontMatter(text, origin);
        const source = { file: origin, body, bodyOffset, locale };
        let compiled = store?.get(source, true);
        if (!compiled) {
          compiled = await compileSource({
            file: origin,
            body,
            bodyOffset,
            rewriteLink: contentLinkRewriter(config, origin, locale, slugs),
            locale,
            modules,
          });
          await store?.put(source, compiled);
        }
        route = {
          kind: "sitePage",
          path,
          locale,
          key: stripLocale(config, path).rest,
          origin,
          unlisted: Boolean(data.unlisted),
          page,
          compiled,
          title: String(data.title ?? contentTitle(compiled) ?? config.title),
          description: String(data.description ?? firstParagraph(compiled)),
          hideToc: Boolean(data.hide_table_of_contents),
        };
      } else {
        route = {
          kind: "sitePage",
          path,
          locale,
          key: stripLocale(config, path).rest,
          origin,
          page,
          compiled: emptyCompiledMdx(),
          title: config.title,
          description: config.tagline,
        };
      }
      table.byPath.set(path, route);
      table.routes.push(route);
      added.push(route);
    }
  }
  return added;
}

/**
 * How a Markdown file a React page imports is compiled: as content of the default locale (one bundle serves every
 * locale's page), its `.md` links to the docs they name.
 */
export function pageMdx(config: SiteConfig, file: string, slugs: Map<string, DocTarget> = new Map()): ComponentMdx {
  return {
    modules: moduleContextOf(config),
    rewriteLink: contentLinkRewriter(config, file, config.i18n.defaultLocale, slugs),
    key: `page:${config.i18n.defaultLocale}`,
    compile: compileSource,
  };
}

/**
 * Bundles the site's React pages (one per file, whatever the locales), by file. A page that cannot be bundled is an
 * error naming it; with `skipFailing` (build --skip-failing-pages) it is handed to `skipped` instead and its routes
 * are taken out of the table. With a `cache`, a page is bundled again only when a site file its bundle read (the
 * page, its components, stylesheets, Sass partials, Markdown) changed, or the settings its bundle is given.
 */
export async function bundleSitePages(
  config: SiteConfig,
  table: RouteTable,
  skipped?: (err: unknown) => void,
  cache?: BuildCache,
): Promise<Map<string, SitePageBuild>> {
  const builds = new Map<string, SitePageBuild>();
  const failed = new Set<string>();
  const aliases = config.docusaurus?.aliases ?? {};
  for (const r of table.routes) {
    if (r.kind !== "sitePage" || r.page.kind !== "react" || builds.has(r.page.file) || failed.has(r.page.file))
      continue;
    const file = r.page.file;
    const mdx = pageMdx(config, file);
    // Everything the bundle is given besides the files it reads: the file, the aliases, and the compile settings of
    // a Markdown file it imports (pageMdx: the config's compile settings, the default locale, no doc slugs).
    const key = cache?.key(SITE_PAGES_STORE, file, aliases, portableSettings(compileSettingsOf(config)), mdx.key);
    const kept = cache && key ? readRecorded<SitePageBuild>(cache, SITE_PAGES_STORE, key, config.rootDir) : undefined;
    if (kept) {
      builds.set(file, kept);
      continue;
    }
    try {
      const build = await bundleSitePage(config.rootDir, file, aliases, mdx);
      builds.set(file, build);
      if (cache && key) writeRecorded(cache, SITE_PAGES_STORE, key, config.rootDir, build, build.inputs);
    } catch (err) {
      if (!skipped) throw err;
      skipped(err);
      failed.add(file);
    }
  }
  if (failed.size) {
    table.routes = table.routes.filter((r) => !(r.kind === "sitePage" && failed.has(r.page.file)));
    for (const [path, r] of table.byPath)
      if (r.kind === "sitePage" && failed.has(r.page.file)) table.byPath.delete(path);
  }
  return builds;
}

/** The island keys of bundled React pages (the islands they import, and pages that are islands themselves). */
export const sitePageIslands = (builds: ReadonlyMap<string, SitePageBuild>): string[] =>
  [...builds.values()].flatMap((b) => [...Object.keys(b.islands), ...(b.island ? [b.island] : [])]);

/** The files bundled React pages and their islands emitted (cli/mdx/asset-loader.ts), for the build to publish. */
export const sitePageAssets = (builds: ReadonlyMap<string, SitePageBuild>): Array<{ file: string; url: string }> =>
  [...builds.values()].flatMap((b) => b.assets ?? []);

/** The CSS of bundled React pages and their islands. */
export const sitePageStyles = (builds: ReadonlyMap<string, SitePageBuild>): string[] =>
  [...builds.values()].flatMap((b) => b.css);
