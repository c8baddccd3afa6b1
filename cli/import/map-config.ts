// Docusaurus config (as evaluated) → site.config.json plus the interface strings its labels need. Labels become
// i18n keys whose values come from the config (default locale) and from i18n/<locale>/docusaurus-theme-classic
// (other locales). Whatever has no docsite counterpart is listed in `skipped`, with the reason.
import type { ContentPluginOptions, DocusaurusConfig, Loose } from "./docusaurus-config.ts";
import { existsSync, readFileSync } from "node:fs";
import fg from "fast-glob";
import { reportOverrides } from "../theme-overrides/report.ts";
import { join } from "node:path";
import { isStub } from "./load-module.ts";
import type { VersionPlan } from "./docs-instances.ts";
import type { PageFileGlobs } from "../content/page-files.ts";
import type { PluginSource } from "./mdx-plugins.ts";
import { blogSidebar, customFields, docsChrome, mapLogo } from "./map-chrome.ts";
import { type MappedCss, mapCustomCss, mapPostcss, postcssOfPlugin } from "./map-css.ts";
import { mapPages } from "./map-pages.ts";
import { type PluginEntry, pluginEntries } from "./plugin-entries.ts";
import { mapHeadingIds } from "./heading-ids.ts";
import { type MappedDocs, mapDocs } from "./map-docs.ts";
import { mapThemeExtras } from "./map-theme-config.ts";
import { mapFooterLinks, mapNavbarItems, type NavigationContext } from "./map-navigation.ts";
import { type MappedContentPlugins, mapContentPlugins } from "./content-plugins.ts";
import { mapRedirects } from "./map-redirects.ts";

export type { VersionPlan } from "./docs-instances.ts";

export interface MappedConfig {
  config: Record<string, any>;
  /** How content is read, as the project's Docusaurus read it (site.config.json `docusaurus`, less the aliases). */
  docusaurus: {
    trailingSlash: boolean | null;
    format: "mdx" | "md" | "detect";
    mdxComponents?: string;
    themeOverrides?: Record<string, string>;
    /** The content plugins' include/exclude (content/page-files.ts). */
    pageFiles?: Record<string, PageFileGlobs>;
  };
  /** Interface strings per locale that the mapped config and sidebars use. */
  strings: Record<string, Record<string, string>>;
  versions: VersionPlan[];
  /** Where the project's remark/rehype plugins are configured (cli/import/mdx-plugins.ts reads them). */
  pluginSources: PluginSource[];
  blogDir: string | null;
  mapped: string[];
  skipped: string[];
  /** What the new site lacks that the Docusaurus site has (the verdict is "not ready" while there are any). */
  blockers: string[];
  /** The blog instance's i18n folder under i18n/<locale>/ (its translated posts). */
  blogI18n: string;
  /** Files the import writes into the new project (a redirects module), path → text. */
  files: Record<string, string>;
  /** Project files and folders copied as they are, beyond content, static/ and src/. */
  copy: string[];
}

const readJson = (file: string): Loose => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return {};
  }
};

/** Docusaurus translation file ({key: {message}}) → {key: message}. */
export function translations(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(readJson(file))) if (v && typeof v.message === "string") out[k] = v.message;
  return out;
}

/** Docusaurus' interface strings are plain text with `{name}` placeholders; docsite's are ICU, where an apostrophe
 * before a brace quotes it (`'{label}'` would print "{label}"). Doubled apostrophes are literal in ICU. */
export const icuMessage = (docusaurusMessage: string) => docusaurusMessage.replace(/'/g, "''");

/** A label (no placeholders) as an ICU message that prints it as written, braces included. */
export const icuLabel = (text: string) => icuMessage(text).replace(/[{}]/g, "'$&'");

import { sitePath } from "./map-navigation.ts";
import { SCHEMA_PATH } from "../init/site-package.ts";

export { keyPart, sitePath } from "./map-navigation.ts";

/** What the mapping steps report, each list in the order the steps run (the import report shows them so). */
interface Notes {
  mapped: string[];
  skipped: string[];
  blockers: string[];
}

/** A step's notes added to the config's (a step may report only some of the three). */
function note(notes: Notes, step: Partial<Notes>): void {
  notes.mapped.push(...(step.mapped ?? []));
  notes.skipped.push(...(step.skipped ?? []));
  notes.blockers.push(...(step.blockers ?? []));
}

/** A config string, unless it is missing or a stand-in for a package that is not installed (load-module.ts). */
const str = (v: unknown) => (typeof v === "string" && !isStub(v) ? v : undefined);

/** Adds an interface string under `key` for every locale; returns the key (labels in the config become keys). */
type Label = (key: string, text: string, file: string, dKey: string) => string;

interface SiteLocales {
  defaultLocale: string;
  locales: string[];
  /** Interface strings per locale, filled by the labels the steps map. */
  strings: Record<string, Record<string, string>>;
}

function siteLocales(dc: DocusaurusConfig): SiteLocales {
  const i18n = dc.i18n ?? {};
  const defaultLocale: string = str(i18n.defaultLocale) ?? "en";
  const locales: string[] = Array.isArray(i18n.locales) && i18n.locales.length ? i18n.locales : [defaultLocale];
  return { defaultLocale, locales, strings: Object.fromEntries(locales.map((l) => [l, {}])) };
}

/** Adds a key with the default-locale text and each locale's translation (by its Docusaurus key). */
function labeller(dir: string, { defaultLocale, locales, strings }: SiteLocales): Label {
  return (key, text, file, dKey) => {
    for (const l of locales) {
      const t = l === defaultLocale ? undefined : translations(join(dir, "i18n", l, file))[dKey];
      strings[l][key] = icuLabel(t ?? text);
    }
    return key;
  };
}

interface OtherPlugins {
  redirects?: Loose;
  /** Plugins that add PostCSS plugins, each with the plugins it adds. */
  postcssFrom: Array<{ label: string; plugins: string[] }>;
}

/** The plugins that are not content plugins: Sass, client redirects, and ones that add PostCSS plugins. */
function mapOtherPlugins(dir: string, entries: PluginEntry[], notes: Notes, files: Record<string, string>) {
  const found: OtherPlugins = { postcssFrom: [] };
  for (const e of entries) {
    if (e.kind === "sass")
      notes.mapped.push(`plugin ${e.label}: docsite compiles the .scss/.sass files components import itself`);
    else if (e.kind === "redirects") {
      const r = mapRedirects(e.options, samplePaths(dir));
      found.redirects = r.redirects;
      if (r.module) files[r.module.file] = r.module.text;
      notes.mapped.push(...r.mapped);
      notes.skipped.push(...r.skipped);
    } else if (e.kind === "other" && e.from === "plugin") {
      // A plugin that adds PostCSS plugins (Tailwind's, typically): the build runs them (map-css.ts).
      const postcss = postcssOfPlugin(dir, e.entry);
      if (postcss) found.postcssFrom.push({ label: e.label, plugins: postcss });
      else
        notes.skipped.push(
          `plugin ${e.label}: not run (what it adds — pages, redirects, files, scripts — is not in the new site; ` +
            "rebuild it as docsite pages or static files where the site needs it)",
        );
    }
  }
  return found;
}

/** The blog's folder under the site: Docusaurus' routeBasePath where it is plain path segments, else "blog". */
function blogRoute(blogOpts: ContentPluginOptions | false, skipped: string[]): string {
  const path = ((blogOpts && str(blogOpts.routeBasePath)) || "blog").replace(/^\/+|\/+$/g, "");
  if (!blogOpts || /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(path)) return path;
  skipped.push(`blog.routeBasePath "${path}": docsite publishes the blog under a folder; "blog" is used`);
  return "blog";
}

/** The custom CSS files' text (read for the icon links the navbar and footer draw). */
function cssText(dir: string, customCss: string[]): string {
  return customCss
    .filter((f) => existsSync(join(dir, f)))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n");
}

/** The navbar's items and the footer's links and copyright (map-navigation.ts), their labels as interface strings. */
function mapChromeLinks(tc: Loose, nav: NavigationContext, loc: SiteLocales, mapped: string[]) {
  const navItems = mapNavbarItems(tc.navbar?.items, nav);
  mapped.push(`navbar: ${navItems.length} items`);
  const footerLinks = mapFooterLinks(tc.footer?.links, nav);
  const copyright = str(tc.footer?.copyright);
  if (copyright)
    nav.label(
      "footer.copyright",
      copyright.replace(/<[^>]+>/g, ""),
      "docusaurus-theme-classic/footer.json",
      "copyright",
    );
  else for (const l of loc.locales) loc.strings[l]["footer.copyright"] = "";
  return { navItems, footerLinks };
}

/** site.config.json `i18n`: each locale's label, direction and html lang. */
function i18nConfig(dc: DocusaurusConfig, { defaultLocale, locales }: SiteLocales): Loose {
  return {
    defaultLocale,
    locales,
    localeConfigs: Object.fromEntries(
      locales.map((l) => {
        const c: Loose = dc.i18n?.localeConfigs?.[l] ?? {};
        return [
          l,
          {
            label: str(c.label) ?? l,
            direction: c.direction === "rtl" ? "rtl" : "ltr",
            htmlLang: str(c.htmlLang) ?? l,
          },
        ];
      }),
    ),
  };
}

/** site.config.json `docs`: the main instance and every version of every instance. */
function docsConfig({ versions, mainId, routeBasePath }: MappedDocs): Loose {
  return {
    routeBasePath,
    pluginId: mainId,
    breadcrumbs: docsChrome(versions[0]?.options ?? {}, versions.length).breadcrumbs,
    versions: versions.map((v) => ({
      ...(v.pluginId === mainId ? {} : { pluginId: v.pluginId, routeBasePath: v.routeBasePath }),
      // Each instance's own options and version count decide its badge (Docusaurus names versions as it does).
      ...(docsChrome(v.options ?? {}, versions.filter((x) => x.pluginId === v.pluginId).length).badge(v.docusaurusName)
        ? { badge: true }
        : {}),
      name: v.name,
      label: v.label,
      path: v.path,
      status: v.isLast ? "current" : v.docusaurusName === "current" ? "unreleased" : "unmaintained",
      isLast: v.isLast,
      mainDocId: "index",
      sidebarsFile: `content/sidebars-${v.name}.json`,
    })),
  };
}

/** site.config.json `blog` (a blog switched off is `false`, set after the other fields: mapBlogLabels). */
function blogConfig(blogOpts: ContentPluginOptions | false, routeBasePath: string): Loose {
  return {
    routeBasePath,
    // "ALL": every post on one page.
    postsPerPage: !blogOpts
      ? 10
      : typeof blogOpts.postsPerPage === "number"
        ? blogOpts.postsPerPage
        : blogOpts.postsPerPage === "ALL"
          ? 1_000_000
          : 10,
    feed: true,
    tagPages: true,
    excerpts: "truncate",
    ...(blogOpts ? { sidebarCount: blogSidebar(blogOpts).sidebarCount } : {}),
  };
}

interface SiteConfigParts {
  loc: SiteLocales;
  baseUrl: string;
  docs: MappedDocs;
  blogOpts: ContentPluginOptions | false;
  blogBasePath: string;
  navItems: unknown[];
  footerLinks: unknown;
}

/** site.config.json's fields, in the file's order; the optional ones are added after it (mapConfig). */
function siteConfig(dir: string, dc: DocusaurusConfig, tc: Loose, p: SiteConfigParts): Loose {
  return {
    // Where the new project's npm install puts the schema, so editors complete and check the file.
    $schema: SCHEMA_PATH,
    title: str(dc.title) ?? "Docs",
    tagline: str(dc.tagline) ?? "",
    favicon: str(dc.favicon) ?? "",
    url: (str(dc.url) ?? "https://example.com").replace(/\/+$/, ""),
    baseUrl: p.baseUrl,
    // Docusaurus' default (unset) writes the same files as `true`: docsite keeps folder URLs then (README).
    trailingSlash: dc.trailingSlash !== false,
    i18n: i18nConfig(dc, p.loc),
    docs: docsConfig(p.docs),
    blog: blogConfig(p.blogOpts, p.blogBasePath),
    navbar: {
      title: str(tc.navbar?.title) ?? str(dc.title) ?? "",
      logo: mapLogo(dir, tc.navbar?.logo, str(dc.title)),
      items: p.navItems,
      // Docusaurus adds Infima's `navbar--dark` / `navbar--primary` to the bar.
      ...(tc.navbar?.style === "dark" || tc.navbar?.style === "primary" ? { style: tc.navbar.style } : {}),
    },
    footer: {
      links: p.footerLinks,
      copyright: "footer.copyright",
      ...(tc.footer?.style === "dark" ? { style: "dark" } : {}),
    },
    onBrokenLinks: severity(dc.onBrokenLinks, "throw"),
    onBrokenAnchors: severity(dc.onBrokenAnchors, "warn"),
    onDuplicateRoutes: severity(dc.onDuplicateRoutes, "warn"),
    onMissingTranslations: "warn",
  };
}

/**
 * Swizzled theme components: MDXComponents (the components every page may use) is carried as mdxComponents; the
 * others are theme overrides, carried where docsite can run them, each other one named with why.
 */
function mapSwizzled(dir: string, notes: Notes) {
  const mdxComponents = swizzledComponents(dir).find((s) => s.name === "MDXComponents")?.file;
  if (mdxComponents)
    notes.mapped.push(`${mdxComponents}: the components it adds are available on every page, as in Docusaurus`);
  const overrides = reportOverrides(dir);
  note(notes, overrides);
  const themeOverrides = Object.keys(overrides.themeOverrides).length ? overrides.themeOverrides : undefined;
  return { mdxComponents, themeOverrides };
}

/** `docusaurus.<field>` of site.config.json set, the fields before it kept. */
/**
 * The classic theme's `prism` settings as JSON (its themes are plain objects once the config is evaluated), for a
 * swizzled CodeBlock's usePrismTheme and parseLines; undefined when there is no theme to carry.
 */
export function prismConfig(themeConfig: unknown): Record<string, unknown> | undefined {
  const prism = (themeConfig as { prism?: Record<string, unknown> } | undefined)?.prism;
  const json = prism && customFields(prism);
  const isTheme = (t: unknown) =>
    Boolean(t && typeof t === "object" && Array.isArray((t as { styles?: unknown }).styles));
  if (!json || !isTheme(json.theme)) return undefined;
  const keep = ["theme", "darkTheme", "magicComments", "defaultLanguage"];
  return Object.fromEntries(Object.entries(json).filter(([k]) => keep.includes(k)));
}

function setDocusaurusField(config: Loose, field: string, value: unknown): void {
  config.docusaurus = { ...config.docusaurus, [field]: value };
}

/** Pages, custom CSS, redirects, custom fields and PostCSS plugins: the optional fields, in the file's order. */
function mapSiteFiles(
  dir: string,
  dc: DocusaurusConfig,
  parts: { config: Loose; copy: string[]; notes: Notes; locales: string[] },
  from: { content: MappedContentPlugins; css: MappedCss; other: OtherPlugins },
): void {
  const { config, copy, notes } = parts;
  const pages = from.content.pagesPath
    ? mapPages(dir, parts.locales, from.content.pagesPath)
    : { copy: [], mapped: [], pages: undefined };
  if (pages.pages) config.docusaurus = { pages: pages.pages };
  copy.push(...pages.copy);
  notes.mapped.push(...pages.mapped);
  const customCss = from.css.customCss;
  if (customCss.length) {
    config.customCss = customCss;
    notes.mapped.push(`custom CSS: ${customCss.join(", ")} (Infima's colours and fonts mapped onto docsite's theme)`);
  }
  if (from.other.redirects) config.redirects = from.other.redirects;
  const fields = customFields(dc.customFields);
  if (fields) setDocusaurusField(config, "customFields", fields);
  const prism = prismConfig(dc.themeConfig);
  if (prism) setDocusaurusField(config, "prism", prism);
  const postcss = mapPostcss(dir, from.other.postcssFrom);
  if (postcss.plugins) setDocusaurusField(config, "postcss", { plugins: postcss.plugins });
  copy.push(...postcss.copy);
  notes.mapped.push(...postcss.mapped);
}

/**
 * The blog's title (its list pages' heading) and its sidebar's, translated in the instance's options.json, and a
 * blog switched off. Returns the instance's i18n folder.
 */
function mapBlogLabels(content: MappedContentPlugins, config: Loose, label: Label, mapped: string[]): string {
  const blogOpts = content.blog;
  const blogI18n =
    content.blogId === "default"
      ? "docusaurus-plugin-content-blog"
      : `docusaurus-plugin-content-blog-${content.blogId}`;
  const blogTitle = blogOpts ? str(blogOpts.blogTitle) : undefined;
  if (blogTitle) label("theme.blog.title", blogTitle, `${blogI18n}/options.json`, "title");
  const sidebarTitle = blogOpts ? blogSidebar(blogOpts).title : undefined;
  if (sidebarTitle) label("theme.blog.sidebar.title", sidebarTitle, `${blogI18n}/options.json`, "sidebar.title");
  if (blogOpts === false) {
    config.blog = false;
    mapped.push("blog: false (no blog pages)");
  }
  return blogI18n;
}

/** Where the remark/rehype plugins are configured: each docs instance's options and the blog's. */
function pluginSourcesOf(docs: MappedDocs, blogOpts: ContentPluginOptions | false): PluginSource[] {
  return [
    ...docs.found.instances.map((i) => ({
      options: i.options,
      key: i.id === docs.mainId ? "docs" : `docs:${i.id}`,
      label: i.id === docs.mainId ? "docs" : `docs instance "${i.id}"`,
    })),
    ...(blogOpts ? [{ options: blogOpts, key: "blog", label: "blog" }] : []),
  ];
}

/** How content is read (site.config.json `docusaurus`, less the aliases the import adds). */
function readingOptions(
  dc: DocusaurusConfig,
  swizzled: { mdxComponents?: string; themeOverrides?: Record<string, string> },
  pageFiles: Record<string, PageFileGlobs>,
): MappedConfig["docusaurus"] {
  const format = dc.markdown?.format;
  return {
    trailingSlash: typeof dc.trailingSlash === "boolean" ? dc.trailingSlash : null,
    format: format === "md" || format === "detect" ? format : "mdx",
    ...(swizzled.mdxComponents ? { mdxComponents: swizzled.mdxComponents } : {}),
    ...(swizzled.themeOverrides ? { themeOverrides: swizzled.themeOverrides } : {}),
    ...(Object.keys(pageFiles).length ? { pageFiles } : {}),
  };
}

export function mapConfig(dir: string, dc: DocusaurusConfig): MappedConfig {
  const notes: Notes = { mapped: [], skipped: [], blockers: [] };
  const files: Record<string, string> = {};
  const copy: string[] = [];
  const loc = siteLocales(dc);
  const baseUrl = (str(dc.baseUrl) ?? "/").replace(/\/?$/, "/");
  const label = labeller(dir, loc);

  // Presets, plugins and themes, by what each is (plugin-entries.ts), however the config names them.
  const plugins = pluginEntries(dc, dir);
  notes.skipped.push(...plugins.skipped);
  const content = mapContentPlugins(dir, plugins.entries);
  note(notes, content);
  const blogOpts = content.blog;
  const other = mapOtherPlugins(dir, plugins.entries, notes, files);
  const tc: Loose = dc.themeConfig ?? {};
  // Docs: every instance, each with its versions (map-docs.ts).
  const docs = mapDocs(dir, plugins.entries);
  note(notes, docs);
  const blogBasePath = blogRoute(blogOpts, notes.skipped);
  const css = mapCustomCss(dir, content.customCss);
  notes.skipped.push(...css.skipped);
  copy.push(...css.copy);
  const nav: NavigationContext = {
    label,
    sitePath: (to) => sitePath(to, baseUrl),
    docUrl: docs.docUrl,
    sidebarIdOf: docs.sidebarIdOf,
    css: cssText(dir, css.customCss),
    skipped: notes.skipped,
  };
  const { navItems, footerLinks } = mapChromeLinks(tc, nav, loc, notes.mapped);
  const config = siteConfig(dir, dc, tc, { loc, baseUrl, docs, blogOpts, blogBasePath, navItems, footerLinks });
  // The theme config's extras (announcement bar, colour mode, Algolia) and what pages do not carry (map-theme-config.ts).
  const extras = mapThemeExtras(dc, tc, plugins.entries, label);
  Object.assign(config, extras.fields);
  note(notes, extras);
  const swizzled = mapSwizzled(dir, notes);
  mapSiteFiles(dir, dc, { config, copy, notes, locales: loc.locales }, { content, css, other });
  const blogI18n = mapBlogLabels(content, config, label, notes.mapped);
  const blogDir = blogOpts === false ? null : (str((blogOpts as Loose).path) ?? "blog");
  const ids = mapHeadingIds(dir, dc.markdown);
  note(notes, ids);
  if (ids.anchors) setDocusaurusField(config, "anchors", ids.anchors);
  return {
    pluginSources: pluginSourcesOf(docs, blogOpts),
    config,
    // Which files are pages, where a content plugin chose them with include/exclude.
    docusaurus: readingOptions(dc, swizzled, { ...docs.pageFiles, ...content.pageFiles }),
    strings: loc.strings,
    versions: docs.versions,
    blogDir: blogDir && existsSync(join(dir, blogDir)) ? blogDir : null,
    blogI18n,
    mapped: notes.mapped,
    skipped: notes.skipped,
    blockers: notes.blockers,
    files,
    copy,
  };
}

function severity(v: unknown, fallback: string): string {
  if (v === "throw") return "throw";
  if (v === "warn" || v === "log") return "warn";
  if (v === "ignore") return "ignore";
  return fallback;
}

/** Paths like the site's pages (docs, src/pages) for trying a createRedirects function on (map-redirects.ts). */
function samplePaths(dir: string): string[] {
  const files = fg.sync(["docs/**/*.{md,mdx}", "src/pages/**/*.{md,mdx,js,jsx,ts,tsx}"], { cwd: dir }).slice(0, 2000);
  return files.map(
    (f) =>
      `/${f
        .replace(/^src\/pages\//, "")
        .replace(/\.[^.]+$/, "")
        .replace(/(^|\/)index$/, "")
        .replace(/(^|\/)\d+-/g, "$1")}`.replace(/\/$/, "") || "/",
  );
}

/** Theme components the project swizzled: `src/theme/<Name>.{js,jsx,ts,tsx}` or `src/theme/<Name>/index.*`. */
function swizzledComponents(dir: string): Array<{ name: string; file: string }> {
  const theme = join(dir, "src", "theme");
  if (!existsSync(theme)) return [];
  const found = new Map<string, string>();
  for (const f of fg.sync("**/*.{js,jsx,ts,tsx}", { cwd: theme, ignore: ["**/*.test.*", "**/__tests__/**"] }).sort()) {
    const m = /^(.+?)(?:\/index)?\.(?:js|jsx|ts|tsx)$/.exec(f);
    if (!m) continue;
    // `Foo/index.tsx` and `Foo.tsx` are the component Foo; deeper files are its parts.
    const name = m[1].includes("/") && !/\/index\.[jt]sx?$/.test(f) ? m[1].slice(0, m[1].lastIndexOf("/")) : m[1];
    // The component's own file (`Foo.tsx`, `Foo/index.tsx`) names it, not one of its parts.
    const own = !m[1].includes("/") || /\/index\.[jt]sx?$/.test(f);
    if (!found.has(name) || own) found.set(name, `src/theme/${f}`);
  }
  return [...found].map(([name, file]) => ({ name, file }));
}
