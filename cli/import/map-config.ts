// Docusaurus config (as evaluated) → site.config.json plus the interface strings its labels need. Labels become
// i18n keys whose values come from the config (default locale) and from i18n/<locale>/docusaurus-theme-classic
// (other locales). Whatever has no docsite counterpart is listed in `skipped`, with the reason.
import type { DocusaurusConfig, Loose } from "./docusaurus-config.ts";
import { existsSync, readFileSync } from "node:fs";
import fg from "fast-glob";
import { reportOverrides } from "../theme-overrides/report.ts";
import { join } from "node:path";
import { isStub } from "./load-module.ts";
import type { VersionPlan } from "./docs-instances.ts";
import type { PageFileGlobs } from "../content/page-files.ts";
import type { PluginSource } from "./mdx-plugins.ts";
import { blogSidebar, customFields, docsChrome, mapLogo } from "./map-chrome.ts";
import { mapCustomCss, mapPostcss, postcssOfPlugin } from "./map-css.ts";
import { mapPages } from "./map-pages.ts";
import { pluginEntries } from "./plugin-entries.ts";
import { mapHeadingIds } from "./heading-ids.ts";
import { mapDocs } from "./map-docs.ts";
import { mapThemeExtras } from "./map-theme-config.ts";
import { mapFooterLinks, mapNavbarItems, type NavigationContext } from "./map-navigation.ts";
import { mapContentPlugins } from "./content-plugins.ts";
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

export function mapConfig(dir: string, dc: DocusaurusConfig): MappedConfig {
  const mapped: string[] = [];
  const skipped: string[] = [];
  const blockers: string[] = [];
  const files: Record<string, string> = {};
  const copy: string[] = [];
  let redirects: Loose | undefined;
  const str = (v: unknown) => (typeof v === "string" && !isStub(v) ? v : undefined);
  const i18n = dc.i18n ?? {};
  const defaultLocale: string = str(i18n.defaultLocale) ?? "en";
  const locales: string[] = Array.isArray(i18n.locales) && i18n.locales.length ? i18n.locales : [defaultLocale];
  const strings: Record<string, Record<string, string>> = Object.fromEntries(locales.map((l) => [l, {}]));
  const baseUrl = (str(dc.baseUrl) ?? "/").replace(/\/?$/, "/");

  /** Adds a key with the default-locale text and each locale's translation (by its Docusaurus key). */
  const label = (key: string, text: string, file: string, dKey: string): string => {
    for (const l of locales) {
      const t = l === defaultLocale ? undefined : translations(join(dir, "i18n", l, file))[dKey];
      strings[l][key] = icuLabel(t ?? text);
    }
    return key;
  };

  // Presets, plugins and themes, by what each is (plugin-entries.ts), however the config names them.
  const plugins = pluginEntries(dc, dir);
  skipped.push(...plugins.skipped);
  const content = mapContentPlugins(dir, plugins.entries);
  mapped.push(...content.mapped);
  skipped.push(...content.skipped);
  blockers.push(...content.blockers);
  const blogOpts = content.blog;
  const customCss = content.customCss;
  const postcssFrom: Array<{ label: string; plugins: string[] }> = [];
  for (const e of plugins.entries) {
    if (e.kind === "sass")
      mapped.push(`plugin ${e.label}: docsite compiles the .scss/.sass files components import itself`);
    else if (e.kind === "redirects") {
      const r = mapRedirects(e.options, samplePaths(dir));
      redirects = r.redirects;
      if (r.module) files[r.module.file] = r.module.text;
      mapped.push(...r.mapped);
      skipped.push(...r.skipped);
    } else if (e.kind === "other" && e.from === "plugin") {
      // A plugin that adds PostCSS plugins (Tailwind's, typically): the build runs them (map-css.ts).
      const postcss = postcssOfPlugin(dir, e.entry);
      if (postcss) postcssFrom.push({ label: e.label, plugins: postcss });
      else
        skipped.push(
          `plugin ${e.label}: not run (what it adds — pages, redirects, files, scripts — is not in the new site; ` +
            "rebuild it as docsite pages or static files where the site needs it)",
        );
    }
  }
  const tc: Loose = dc.themeConfig ?? {};

  // Docs: every instance, each with its versions (map-docs.ts).
  const docs = mapDocs(dir, plugins.entries);
  mapped.push(...docs.mapped);
  skipped.push(...docs.skipped);
  blockers.push(...docs.blockers);
  const { found, versions, mainId, routeBasePath, sidebarIdOf, docUrl } = docs;

  let blogBasePath = ((blogOpts && str(blogOpts.routeBasePath)) || "blog").replace(/^\/+|\/+$/g, "");
  if (blogOpts && !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(blogBasePath)) {
    skipped.push(`blog.routeBasePath "${blogBasePath}": docsite publishes the blog under a folder; "blog" is used`);
    blogBasePath = "blog";
  }

  // Custom CSS (read for the icon links it draws).
  const css = mapCustomCss(dir, customCss);
  skipped.push(...css.skipped);
  copy.push(...css.copy);
  const cssText = css.customCss
    .filter((f) => existsSync(join(dir, f)))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n");

  const nav: NavigationContext = {
    label,
    sitePath: (to) => sitePath(to, baseUrl),
    docUrl,
    sidebarIdOf,
    css: cssText,
    skipped,
  };
  const navItems = mapNavbarItems(tc.navbar?.items, nav);
  mapped.push(`navbar: ${navItems.length} items`);
  const footerLinks = mapFooterLinks(tc.footer?.links, nav);
  const copyright = str(tc.footer?.copyright);
  if (copyright)
    label("footer.copyright", copyright.replace(/<[^>]+>/g, ""), "docusaurus-theme-classic/footer.json", "copyright");
  else for (const l of locales) strings[l]["footer.copyright"] = "";

  const config: Loose = {
    // Where the new project's npm install puts the schema, so editors complete and check the file.
    $schema: SCHEMA_PATH,
    title: str(dc.title) ?? "Docs",
    tagline: str(dc.tagline) ?? "",
    favicon: str(dc.favicon) ?? "",
    url: (str(dc.url) ?? "https://example.com").replace(/\/+$/, ""),
    baseUrl,
    // Docusaurus' default (unset) writes the same files as `true`: docsite keeps folder URLs then (README).
    trailingSlash: dc.trailingSlash !== false,
    i18n: {
      defaultLocale,
      locales,
      localeConfigs: Object.fromEntries(
        locales.map((l) => {
          const c: Loose = i18n.localeConfigs?.[l] ?? {};
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
    },
    docs: {
      routeBasePath,
      pluginId: mainId,
      breadcrumbs: docsChrome(versions[0]?.options ?? {}, versions.length).breadcrumbs,
      versions: versions.map((v) => ({
        ...(v.pluginId === mainId ? {} : { pluginId: v.pluginId, routeBasePath: v.routeBasePath }),
        // Each instance's own options and version count decide its badge (Docusaurus names versions as it does).
        ...(docsChrome(v.options ?? {}, versions.filter((x) => x.pluginId === v.pluginId).length).badge(
          v.docusaurusName,
        )
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
    },
    blog: {
      routeBasePath: blogBasePath,
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
    },
    navbar: {
      title: str(tc.navbar?.title) ?? str(dc.title) ?? "",
      logo: mapLogo(dir, tc.navbar?.logo, str(dc.title)),
      items: navItems,
    },
    footer: {
      links: footerLinks,
      copyright: "footer.copyright",
      ...(tc.footer?.style === "dark" ? { style: "dark" } : {}),
    },
    onBrokenLinks: severity(dc.onBrokenLinks, "throw"),
    onBrokenAnchors: severity(dc.onBrokenAnchors, "warn"),
    onDuplicateRoutes: severity(dc.onDuplicateRoutes, "warn"),
    onMissingTranslations: "warn",
  };
  // The theme config's extras (announcement bar, colour mode, Algolia) and what pages do not carry (map-theme-config.ts).
  const extras = mapThemeExtras(dc, tc, plugins.entries, label);
  Object.assign(config, extras.fields);
  mapped.push(...extras.mapped);
  skipped.push(...extras.skipped);
  // Swizzled theme components: MDXComponents (the components every page may use) is carried as mdxComponents.
  const swizzled = swizzledComponents(dir);
  const mdxComponents = swizzled.find((s) => s.name === "MDXComponents")?.file;
  if (mdxComponents)
    mapped.push(`${mdxComponents}: the components it adds are available on every page, as in Docusaurus`);
  // The others are theme overrides: carried where docsite can run them, each other one named with why.
  const overrides = reportOverrides(dir);
  mapped.push(...overrides.mapped);
  skipped.push(...overrides.skipped);
  const themeOverrides = Object.keys(overrides.themeOverrides).length ? overrides.themeOverrides : undefined;
  const pages = content.pagesPath
    ? mapPages(dir, locales, content.pagesPath)
    : { copy: [], mapped: [], pages: undefined };
  if (pages.pages) config.docusaurus = { pages: pages.pages };
  copy.push(...pages.copy);
  mapped.push(...pages.mapped);
  if (css.customCss.length) {
    config.customCss = css.customCss;
    mapped.push(`custom CSS: ${css.customCss.join(", ")} (Infima's colours and fonts mapped onto docsite's theme)`);
  }
  if (redirects) config.redirects = redirects;
  const fields = customFields(dc.customFields);
  if (fields) config.docusaurus = { ...config.docusaurus, customFields: fields };
  const postcss = mapPostcss(dir, postcssFrom);
  if (postcss.plugins) config.docusaurus = { ...config.docusaurus, postcss: { plugins: postcss.plugins } };
  copy.push(...postcss.copy);
  mapped.push(...postcss.mapped);
  // The blog's title (its list pages' heading) and its sidebar's, translated in the instance's options.json.
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
  const blogDir = blogOpts === false ? null : (str((blogOpts as Loose).path) ?? "blog");
  const format = dc.markdown?.format;
  const ids = mapHeadingIds(dir, dc.markdown);
  mapped.push(...ids.mapped);
  skipped.push(...ids.skipped);
  blockers.push(...ids.blockers);
  if (ids.anchors) config.docusaurus = { ...config.docusaurus, anchors: ids.anchors };
  // Which files are pages, where a content plugin chose them with include/exclude.
  const pageFiles = { ...docs.pageFiles, ...content.pageFiles };
  const pluginSources: PluginSource[] = [
    ...found.instances.map((i) => ({
      options: i.options,
      key: i.id === mainId ? "docs" : `docs:${i.id}`,
      label: i.id === mainId ? "docs" : `docs instance "${i.id}"`,
    })),
    ...(blogOpts ? [{ options: blogOpts, key: "blog", label: "blog" }] : []),
  ];
  return {
    pluginSources,
    config,
    docusaurus: {
      trailingSlash: typeof dc.trailingSlash === "boolean" ? dc.trailingSlash : null,
      format: format === "md" || format === "detect" ? format : "mdx",
      ...(mdxComponents ? { mdxComponents } : {}),
      ...(themeOverrides ? { themeOverrides } : {}),
      ...(Object.keys(pageFiles).length ? { pageFiles } : {}),
    },
    strings,
    versions,
    blogDir: blogDir && existsSync(join(dir, blogDir)) ? blogDir : null,
    blogI18n,
    mapped,
    skipped,
    blockers,
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
