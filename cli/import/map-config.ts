// Docusaurus config (as evaluated) → site.config.json plus the interface strings its labels need. Labels become
// i18n keys whose values come from the config (default locale) and from i18n/<locale>/docusaurus-theme-classic
// (other locales). Whatever has no docsite counterpart is listed in `skipped`, with the reason.
import { existsSync, readFileSync, statSync } from "node:fs";
import { MAX_PAGE_BYTES } from "../content/page-size.ts";
import fg from "fast-glob";
import { join } from "node:path";
import { isFunctionRef, isStub } from "./load-module.ts";
import { splitFrontMatter } from "../content/frontmatter.ts";
import { categoryIndexSlug, docIdOf } from "../content/doc-id.ts";
import { docsInstances, isDocsPlugin, planVersions, type VersionPlan } from "./docs-instances.ts";
import type { PluginSource } from "./mdx-plugins.ts";
import { blogSidebar, customFields, docsChrome, mapLogo, mapNavbarExtra } from "./map-chrome.ts";
import { mapCustomCss } from "./map-css.ts";
import { mapPages } from "./map-pages.ts";
import { mapRedirects } from "./map-redirects.ts";

export type { VersionPlan } from "./docs-instances.ts";

export interface MappedConfig {
  config: Record<string, any>;
  /** How content is read, as the project's Docusaurus read it (site.config.json `docusaurus`, less the aliases). */
  docusaurus: { trailingSlash: boolean | null; format: "mdx" | "md" | "detect"; mdxComponents?: string };
  /** Interface strings per locale that the mapped config and sidebars use. */
  strings: Record<string, Record<string, string>>;
  versions: VersionPlan[];
  /** Where the project's remark/rehype plugins are configured (cli/import/mdx-plugins.ts reads them). */
  pluginSources: PluginSource[];
  blogDir: string | null;
  mapped: string[];
  skipped: string[];
  /** Files the import writes into the new project (a redirects module), path → text. */
  files: Record<string, string>;
  /** Project files and folders copied as they are, beyond content, static/ and src/. */
  copy: string[];
}

type Any = Record<string, any>;

const readJson = (file: string): Any => {
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

export const keyPart = (label: string) =>
  label
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "") || "item";

/** A site path as docsite writes them: leading and trailing slash. Null when it is not a plain site path. */
export function sitePath(to: string, baseUrl: string): string | null {
  let p = to.startsWith(baseUrl) ? `/${to.slice(baseUrl.length)}` : to;
  if (!p.startsWith("/")) p = `/${p}`;
  const [path, hash] = p.split("#");
  if (/[?\s]/.test(path) || /\.[a-z0-9]+$/i.test(path)) return null;
  return `${path.replace(/\/?$/, "/")}${hash ? `#${hash}` : ""}`.replace(/^\/\/+/, "/");
}

export function mapConfig(dir: string, dc: Any): MappedConfig {
  const mapped: string[] = [];
  const skipped: string[] = [];
  const files: Record<string, string> = {};
  const copy: string[] = [];
  let redirects: Any | undefined;
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

  // Presets and plugins: the classic preset's docs, blog and theme options.
  // Without the classic preset there are no preset docs and no blog (only the plugins' instances), as in Docusaurus.
  let docsOpts: Any | false = false;
  let blogOpts: Any | false = false;
  let customCss: string[] = [];
  for (const p of dc.presets ?? []) {
    const [name, opts] = Array.isArray(p) ? p : [p, {}];
    if (typeof name === "string" && /classic/.test(name) && opts && typeof opts === "object") {
      const css = opts.theme?.customCss;
      customCss = (Array.isArray(css) ? css : [css]).filter((c): c is string => typeof c === "string");
      docsOpts = opts.docs === false ? false : (opts.docs ?? {});
      blogOpts = opts.blog === false ? false : (opts.blog ?? {});
    } else skipped.push(`preset ${typeof name === "string" ? name : "(unnamed)"}: only the classic preset is read`);
  }
  for (const p of dc.plugins ?? []) {
    const name = Array.isArray(p) ? p[0] : p;
    if (isDocsPlugin(name)) continue;
    if (typeof name === "string" && /(^|\/)docusaurus-plugin-sass$/.test(name)) {
      mapped.push(`plugin ${name}: docsite compiles the .scss/.sass files components import itself`);
      continue;
    }
    if (typeof name === "string" && /(^|\/)plugin-client-redirects$/.test(name)) {
      const r = mapRedirects(Array.isArray(p) ? p[1] : undefined, samplePaths(dir));
      redirects = r.redirects;
      if (r.module) files[r.module.file] = r.module.text;
      mapped.push(...r.mapped);
      skipped.push(...r.skipped);
      continue;
    }
    const label =
      typeof name === "string"
        ? name
        : isFunctionRef(name)
          ? `${name.$fn || "(a function)"}${name.$module ? ` from ${name.$module}` : " written in the config"}`
          : isStub(name)
            ? `${name.$stub} (not installed)`
            : typeof name?.name === "string"
              ? name.name
              : "(an object)";
    skipped.push(
      `plugin ${label}: not run (what it adds — pages, redirects, files, scripts — is not in the new site; ` +
        "rebuild it as docsite pages or static files where the site needs it)",
    );
  }
  const tc: Any = dc.themeConfig ?? {};

  // Docs: every instance (the preset's and each plugin-content-docs with an id), each with its versions.
  const found = docsInstances(dc, docsOpts === false ? false : docsOpts);
  skipped.push(...found.skipped);
  // A site without docs still has the one docsite expects (its folder stays empty).
  if (!found.instances.length) {
    skipped.push("docs: disabled in the preset");
    found.instances.push({ id: "default", options: {} });
  }
  const planned = planVersions(dir, found.instances);
  skipped.push(...planned.skipped);
  const versions: VersionPlan[] = planned.versions;
  const mainId = versions[0]?.pluginId ?? "default";
  const routeBasePath = versions[0]?.routeBasePath ?? "docs";
  /** A sidebar's id in the new project: another instance's ids get the instance's id in front. */
  const sidebarIdOf = (pluginId: string | undefined, id: string) =>
    (pluginId ?? mainId) === mainId ? id : `${pluginId}-${id}`;
  /** The site path of a doc of an instance's last version, by its id, with Docusaurus' slug rules. */
  const docUrl = (pluginId: string | undefined, docId: string): string => {
    const v = versions.find((x) => x.pluginId === (pluginId ?? mainId) && x.isLast);
    const prefix = `/${[v?.routeBasePath ?? routeBasePath, v?.path ?? ""].filter(Boolean).join("/")}/`.replace(
      /^\/\/$/,
      "/",
    );
    const file = v ? findDoc(join(dir, v.docsDir), docId) : undefined;
    const slug = file?.slug ?? docId.replace(/(^|\/)index$/, "");
    return `${prefix}${slug.replace(/^\/+/, "")}`;
  };
  for (const id of new Set(versions.map((v) => v.pluginId))) {
    const here = versions.filter((v) => v.pluginId === id);
    mapped.push(
      `docs${id === mainId ? "" : ` instance "${id}"`}: ${here.map((v) => `${v.docusaurusName} at /${[v.routeBasePath, v.path].filter(Boolean).join("/")}`).join(", ")}`,
    );
  }

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

  // Navbar.
  const navItems: Any[] = [];
  for (const item of (tc.navbar?.items ?? []) as Any[]) {
    const text = str(item.label) ?? "";
    const key = text
      ? label(`theme.navbar.item.${keyPart(text)}`, text, "docusaurus-theme-classic/navbar.json", `item.label.${text}`)
      : undefined;
    const position = item.position === "right" ? "right" : "left";
    // An item with `items` and no type is a dropdown, as Docusaurus reads it.
    const type = item.type ?? (Array.isArray(item.items) ? "dropdown" : "default");
    if (type === "docSidebar" && key)
      navItems.push({
        type: "docSidebar",
        sidebarId: sidebarIdOf(str(item.docsPluginId), String(item.sidebarId)),
        label: key,
        position,
      });
    else if (type === "docsVersionDropdown") navItems.push({ type: "docsVersionDropdown", position });
    else if (type === "localeDropdown") navItems.push({ type: "localeDropdown", position });
    else if (type === "search") navItems.push({ type: "search", position });
    else if ((type === "default" || type === "doc") && key) {
      const href = str(item.href);
      const to = type === "doc" ? docUrl(str(item.docsPluginId), String(item.docId)) : str(item.to);
      if (href && /^https?:\/\//.test(href)) navItems.push({ type: "link", label: key, href, position });
      else if (to && sitePath(to, baseUrl))
        navItems.push({ type: "link", label: key, to: sitePath(to, baseUrl), position });
      else
        skipped.push(
          `navbar item "${text}": its target ${to ?? href ?? "(none)"} is not a site path or an http(s) URL`,
        );
    } else {
      const extra = mapNavbarExtra(
        { ...item, type },
        {
          label: (t) =>
            label(`theme.navbar.item.${keyPart(t)}`, t, "docusaurus-theme-classic/navbar.json", `item.label.${t}`),
          sitePath: (to) => sitePath(to, baseUrl),
          css: cssText,
        },
      );
      if (extra) navItems.push(extra);
      else {
        // What the reader would see of it: its label, an HTML item's text, or where it leads.
        const what = text
          ? `"${text}" `
          : typeof item.html === "string"
            ? `of raw HTML (${
                item.html
                  .replace(/<[^>]+>/g, "")
                  .trim()
                  .slice(0, 40) || "no text"
              }) `
            : str(item.href) || str(item.to)
              ? `to ${str(item.href) ?? str(item.to)} `
              : "";
        skipped.push(
          type === "dropdown" && Array.isArray(item.items)
            ? `navbar item ${what}of type dropdown: ${item.items.length ? `none of its ${item.items.length} links is a site path or an http(s) URL` : "it has no links"}`
            : `navbar item ${what}of type ${type}: no docsite counterpart`,
        );
      }
    }
  }
  if (!navItems.some((i) => i.type === "search")) navItems.push({ type: "search", position: "right" });
  mapped.push(`navbar: ${navItems.length} items`);

  // Footer: grouped links (a flat list becomes one group).
  const footerLinks: Any[] = [];
  const groups: Any[] = tc.footer?.links ?? [];
  const asGroups = groups.length && !groups[0].items ? [{ title: "Links", items: groups }] : groups;
  for (const g of asGroups) {
    const title = str(g.title) ?? "Links";
    const items: Any[] = [];
    for (const it of (g.items ?? []) as Any[]) {
      const text = str(it.label);
      if (!text) {
        skipped.push(`footer item in "${title}" without a label (HTML items are not carried over)`);
        continue;
      }
      const key = label(
        `footer.link.item.${keyPart(title)}.${keyPart(text)}`,
        text,
        "docusaurus-theme-classic/footer.json",
        `link.item.label.${text}`,
      );
      const rawHref = str(it.href);
      // A footer `href` may be a site path too.
      const href = rawHref && /^https?:\/\//.test(rawHref) ? rawHref : undefined;
      const toText = str(it.to) ?? (rawHref?.startsWith("/") ? rawHref : undefined);
      const to = toText && sitePath(toText, baseUrl);
      if (href && /^https?:\/\//.test(href)) items.push({ label: key, href });
      else if (to) items.push({ label: key, to });
      else skipped.push(`footer item "${text}": its target is not a site path or an http(s) URL`);
    }
    footerLinks.push({
      title: label(
        `footer.link.title.${keyPart(title)}`,
        title,
        "docusaurus-theme-classic/footer.json",
        `link.title.${title}`,
      ),
      items,
    });
  }
  const copyright = str(tc.footer?.copyright);
  if (copyright)
    label("footer.copyright", copyright.replace(/<[^>]+>/g, ""), "docusaurus-theme-classic/footer.json", "copyright");
  else for (const l of locales) strings[l]["footer.copyright"] = "";

  const config: Any = {
    $schema: "https://docsite.local/site-config.schema.json",
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
          const c: Any = i18n.localeConfigs?.[l] ?? {};
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
  const ab = tc.announcementBar;
  if (ab && str(ab.content)) {
    config.announcementBar = {
      id: str(ab.id) ?? "announcement",
      content: label(
        "theme.announcementBar.content",
        ab.content.replace(/<[^>]+>/g, ""),
        "code.json",
        "theme.announcementBar.content",
      ),
      isCloseable: ab.isCloseable !== false,
    };
    mapped.push("announcement bar (HTML reduced to its text)");
  }
  if (tc.colorMode) {
    config.colorMode = {
      defaultMode: tc.colorMode.defaultMode === "dark" ? "dark" : "light",
      disableSwitch: Boolean(tc.colorMode.disableSwitch),
      respectPrefersColorScheme: Boolean(tc.colorMode.respectPrefersColorScheme),
    };
    mapped.push("colour mode");
  }
  const alg = tc.algolia;
  if (alg && str(alg.appId) && str(alg.apiKey) && str(alg.indexName)) {
    config.search = {
      provider: "algolia",
      algolia: {
        appId: alg.appId,
        apiKey: alg.apiKey,
        indexName: alg.indexName,
        contextualSearch: alg.contextualSearch !== false,
        ...(alg.replaceSearchResultPathname ? { replaceSearchResultPathname: alg.replaceSearchResultPathname } : {}),
      },
    };
    mapped.push("Algolia DocSearch");
  }
  if (tc.prism) skipped.push("themeConfig.prism: docsite highlights code with its own theme");
  // Themes beside the classic one: what each draws is drawn by docsite's theme, or not at all.
  const themeNotes: Array<[RegExp, string]> = [
    [/theme-mermaid/, "```mermaid blocks are shown as their source (docsite does not draw the diagrams)"],
    [/theme-live-codeblock/, "```jsx live blocks are shown as code (no live editor)"],
    [/search/, "docsite has its own search (local, or Algolia when themeConfig.algolia is set)"],
  ];
  for (const t of Array.isArray(dc.themes) ? dc.themes : []) {
    const name = typeof t === "string" ? t : Array.isArray(t) && typeof t[0] === "string" ? t[0] : "(a theme object)";
    const note = themeNotes.find(([re]) => re.test(name))?.[1] ?? "not run; docsite draws its own theme";
    skipped.push(`theme ${name}: ${note}`);
  }
  if (
    dc.markdown?.mermaid === true &&
    !(Array.isArray(dc.themes) && dc.themes.some((t: unknown) => /mermaid/.test(String(t))))
  )
    skipped.push("markdown.mermaid: ```mermaid blocks are shown as their source (docsite does not draw the diagrams)");
  const listOf = (v: unknown) => (Array.isArray(v) ? v : []);
  const described = (v: unknown) =>
    typeof v === "string"
      ? v
      : (str((v as Any)?.src) ?? str((v as Any)?.href) ?? str((v as Any)?.tagName) ?? "an entry");
  for (const [field, what] of [
    ["headTags", "head tags"],
    ["scripts", "scripts"],
    ["stylesheets", "stylesheets"],
    ["clientModules", "client modules"],
  ] as const) {
    const items = listOf(dc[field]);
    if (items.length)
      skipped.push(
        `${field}: ${items.length} ${what} (${items.map(described).join(", ")}) not added to pages; ` +
          "docsite pages carry only their own head and scripts",
      );
  }
  // Swizzled theme components: MDXComponents (the components every page may use) is carried; the others are not.
  const swizzled = swizzledComponents(dir);
  const mdxComponents = swizzled.find((s) => s.name === "MDXComponents")?.file;
  if (mdxComponents)
    mapped.push(`${mdxComponents}: the components it adds are available on every page, as in Docusaurus`);
  const others = swizzled.filter((s) => s.name !== "MDXComponents").map((s) => s.name);
  if (others.length)
    skipped.push(
      `swizzled theme components in src/theme/ (${others.join(", ")}): not carried over; docsite draws its own layout, ` +
        "so port what they change into the site's components or CSS",
    );
  const pages = mapPages(dir, locales, defaultLocale);
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
  const sidebarTitle = blogOpts ? blogSidebar(blogOpts).title : undefined;
  if (sidebarTitle)
    label("theme.blog.sidebar.title", sidebarTitle, "docusaurus-plugin-content-blog/options.json", "sidebar.title");
  if (blogOpts === false) {
    config.blog = false;
    mapped.push("blog: false (no blog pages)");
  }
  const blogDir = blogOpts === false ? null : (str((blogOpts as Any).path) ?? "blog");
  const format = dc.markdown?.format;
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
    },
    strings,
    versions,
    blogDir: blogDir && existsSync(join(dir, blogDir)) ? blogDir : null,
    mapped,
    skipped,
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

/**
 * The doc of a docs folder with this id (its path without number prefixes and extension, the file name replaced
 * by front matter `id`), and its slug inside the version as Docusaurus gives it: front matter `slug` (a relative one
 * against the doc's folder), else the folder for a category index (README, named like its folder, index), else
 * the id's path.
 */
function findDoc(docsDir: string, docId: string): { slug: string } | undefined {
  if (!existsSync(docsDir)) return undefined;
  for (const rel of fg.sync("**/*.{md,mdx}", { cwd: docsDir })) {
    const path = rel.replace(/\.mdx?$/, "");
    let fm: Any = {};
    try {
      // A file too large to be a page is not read (the copy refuses it, naming it: import/copy-tree.ts).
      if (statSync(join(docsDir, rel)).size > MAX_PAGE_BYTES) continue;
      fm = splitFrontMatter(readFileSync(join(docsDir, rel), "utf8"), rel).data as Any;
    } catch {
      continue;
    }
    const { id } = docIdOf(path, typeof fm.id === "string" ? fm.id : undefined);
    if (id !== docId) continue;
    const dir = id.includes("/") ? id.slice(0, id.lastIndexOf("/")) : "";
    if (typeof fm.slug === "string")
      return { slug: fm.slug.startsWith("/") ? fm.slug : `${dir ? `${dir}/` : ""}${fm.slug}` };
    const index = categoryIndexSlug(path) ?? (/(^|\/)index$/.test(path) ? `/${dir}` : undefined);
    return { slug: index ?? id };
  }
  return undefined;
}
