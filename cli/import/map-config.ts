// Docusaurus config (as evaluated) → site.config.json plus the interface strings its labels need. Labels become
// i18n keys whose values come from the config (default locale) and from i18n/<locale>/docusaurus-theme-classic
// (other locales). Whatever has no docsite counterpart is listed in `skipped`, with the reason.
import { existsSync, readFileSync } from "node:fs";
import fg from "fast-glob";
import { join } from "node:path";
import { isStub } from "./load-module.ts";
import { blogSidebar, customFields, docsChrome, mapLogo, mapNavbarExtra } from "./map-chrome.ts";
import { mapCustomCss } from "./map-css.ts";
import { mapPages } from "./map-pages.ts";
import { mapRedirects } from "./map-redirects.ts";

export interface VersionPlan {
  /** Folder name under content/<locale>/docs/ and the version's name ("current" or as in versions.json). */
  name: string;
  label: string;
  path: string;
  isLast: boolean;
  /** Where the default locale's docs are in the Docusaurus project. */
  docsDir: string;
  /** Its sidebars: a sidebars file to evaluate or a versioned JSON file. */
  sidebarsFile: string | null;
  /** Key of i18n/<locale>/docusaurus-plugin-content-docs/<key>.json and of the folder of translations. */
  i18nKey: string;
}

export interface MappedConfig {
  config: Record<string, any>;
  /** Interface strings per locale that the mapped config and sidebars use. */
  strings: Record<string, Record<string, string>>;
  versions: VersionPlan[];
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
  let docsOpts: Any = {};
  let blogOpts: Any | false = {};
  let customCss: string[] = [];
  for (const p of dc.presets ?? []) {
    const [name, opts] = Array.isArray(p) ? p : [p, {}];
    if (typeof name === "string" && /classic/.test(name) && opts && typeof opts === "object") {
      const css = opts.theme?.customCss;
      customCss = (Array.isArray(css) ? css : [css]).filter((c): c is string => typeof c === "string");
      if (opts.docs === false) skipped.push("docs: disabled in the preset");
      else docsOpts = opts.docs ?? {};
      blogOpts = opts.blog === false ? false : (opts.blog ?? {});
    } else skipped.push(`preset ${typeof name === "string" ? name : "(unnamed)"}: only the classic preset is read`);
  }
  for (const p of dc.plugins ?? []) {
    const name = Array.isArray(p) ? p[0] : p;
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
      (typeof name === "string" ? name : name?.name) ||
      (typeof name === "function" ? "(a function)" : "(an object, or from a module that was not loaded)");
    skipped.push(`plugin ${label}: plugins are not run`);
  }
  const tc: Any = dc.themeConfig ?? {};

  // Docs versions: docs/ is "current"; versions.json lists the released ones, newest first.
  // "/" (docs at the site root, the doc with slug "/" being the home page) maps to "".
  let routeBasePath = (str(docsOpts.routeBasePath) ?? "docs").replace(/^\/+|\/+$/g, "");
  if (!/^([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/.test(routeBasePath)) {
    skipped.push(`docs.routeBasePath "${routeBasePath}": not a plain URL path; "docs" is used`);
    routeBasePath = "docs";
  }
  const released: string[] = existsSync(join(dir, "versions.json"))
    ? (readJson(join(dir, "versions.json")) as any)
    : [];
  const lastVersion: string = str(docsOpts.lastVersion) ?? released[0] ?? "current";
  const vOpts: Any = docsOpts.versions ?? {};
  const onlyInclude: string[] | undefined = Array.isArray(docsOpts.onlyIncludeVersions)
    ? docsOpts.onlyIncludeVersions
    : undefined;
  const sidebarPath = str(docsOpts.sidebarPath);
  const versions: VersionPlan[] = [];
  const docsPath = str(docsOpts.path) ?? "docs";
  const names = [
    ...(docsOpts.includeCurrentVersion === false ? [] : ["current"]),
    ...(Array.isArray(released) ? released : []),
  ];
  for (const name of names) {
    if (onlyInclude && !onlyInclude.includes(name)) continue;
    if (name !== "current" && !existsSync(join(dir, `versioned_docs/version-${name}`))) {
      skipped.push(`docs version ${name}: versioned_docs/version-${name} does not exist (generated by a script?)`);
      continue;
    }
    const o: Any = vOpts[name] ?? {};
    const isLast = name === lastVersion;
    const path = str(o.path) ?? (isLast ? "" : name === "current" ? "next" : name);
    versions.push({
      name,
      label: str(o.label) ?? (name === "current" ? "Next" : name),
      path: path.replace(/^\/|\/$/g, ""),
      isLast,
      docsDir: name === "current" ? docsPath : `versioned_docs/version-${name}`,
      sidebarsFile:
        name === "current"
          ? (sidebarPath ??
            ["sidebars.js", "sidebars.ts", "sidebars.mjs", "sidebars.cjs", "sidebars.json"].find((f) =>
              existsSync(join(dir, f)),
            ) ??
            null)
          : `versioned_sidebars/version-${name}-sidebars.json`,
      i18nKey: name === "current" ? "current" : `version-${name}`,
    });
  }
  // The last version may be one that was skipped: the newest remaining one takes its place (Docusaurus URLs kept).
  if (versions.length && !versions.some((v) => v.isLast)) versions[0].isLast = true;
  mapped.push(
    `docs versions: ${versions.map((v) => `${v.name} at /${[routeBasePath, v.path].filter(Boolean).join("/")}`).join(", ")}`,
  );
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
    const type = item.type ?? "default";
    if (type === "docSidebar" && key)
      navItems.push({ type: "docSidebar", sidebarId: item.sidebarId, label: key, position });
    else if (type === "docsVersionDropdown") navItems.push({ type: "docsVersionDropdown", position });
    else if (type === "localeDropdown") navItems.push({ type: "localeDropdown", position });
    else if (type === "search") navItems.push({ type: "search", position });
    else if ((type === "default" || type === "doc") && key) {
      const href = str(item.href);
      const docsAt = routeBasePath ? `/${routeBasePath}/` : "/";
      const to = type === "doc" ? `${docsAt}${String(item.docId).replace(/(^|\/)index$/, "")}` : str(item.to);
      if (href && /^https?:\/\//.test(href)) navItems.push({ type: "link", label: key, href, position });
      else if (to && sitePath(to, baseUrl))
        navItems.push({ type: "link", label: key, to: sitePath(to, baseUrl), position });
      else skipped.push(`navbar item "${text}": its target ${to ?? href} is not a site path or an http(s) URL`);
    } else {
      const extra = mapNavbarExtra(item, {
        label: (t) =>
          label(`theme.navbar.item.${keyPart(t)}`, t, "docusaurus-theme-classic/navbar.json", `item.label.${t}`),
        sitePath: (to) => sitePath(to, baseUrl),
        css: cssText,
      });
      if (extra) navItems.push(extra);
      else skipped.push(`navbar item ${text ? `"${text}" ` : ""}of type ${type}: no docsite counterpart`);
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
      breadcrumbs: docsChrome(docsOpts, versions.length).breadcrumbs,
      versions: versions.map((v) => ({
        ...(docsChrome(docsOpts, versions.length).badge(v.name) ? { badge: true } : {}),
        name: v.name,
        label: v.label,
        path: v.path,
        status: v.isLast ? "current" : v.name === "current" ? "unreleased" : "unmaintained",
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
  if (dc.headTags || dc.scripts || dc.stylesheets) skipped.push("headTags/scripts/stylesheets: not carried over");
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
  return {
    config,
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
