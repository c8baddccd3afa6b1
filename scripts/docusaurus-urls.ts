// Docusaurus 3's URL rules for docs and blog posts, written from its documented behaviour, for the real-site
// check: what a page's URL is in the Docusaurus site, independent of how docsite maps it.

const IGNORED_PREFIX = /^\d+[-_.]\d+/;
const NUMBER_PREFIX = /^\d+\s*[-_.]+\s*([^-_.\s].*)$/;

/** "01-intro" → "intro"; "2021-01-01-x" and "1.2-x" keep theirs (dates and versions). */
export function stripNumberPrefix(name: string): string {
  if (IGNORED_PREFIX.test(name)) return name;
  return NUMBER_PREFIX.exec(name)?.[1] ?? name;
}

/** URL segments joined with single slashes; the last argument "" keeps a trailing slash. */
export function joinUrl(...parts: string[]): string {
  const joined = parts.join("/").replace(/\/{2,}/g, "/");
  return joined.startsWith("/") ? joined : `/${joined}`;
}

/** Resolves `rel` against the folder path `base` ("/a/b/") like a relative URL. */
function resolveAgainst(rel: string, base: string): string {
  const out = base.split("/").filter(Boolean);
  for (const seg of rel.split("/")) {
    if (seg === "..") out.pop();
    else if (seg && seg !== ".") out.push(seg);
  }
  return `/${out.join("/")}`;
}

/**
 * A doc's slug inside its version, from its path in the docs folder ("guide/01-start/index.md") and front matter:
 * an absolute `slug` as written, a relative one against the folder; a category index (index, README, or the
 * folder's own name) is its folder; otherwise folder + (front matter `id` or the file name without number prefix).
 */
export function expectedDocSlug(rel: string, fm: { slug?: unknown; id?: unknown }): string {
  const parts = rel.replace(/\.mdx?$/, "").split("/");
  const fileName = parts.pop()!;
  const dirSlug = parts.length ? `/${parts.map(stripNumberPrefix).join("/")}/` : "/";
  const slug = typeof fm.slug === "string" ? fm.slug : undefined;
  if (slug?.startsWith("/")) return slug;
  // Compared as written (number prefixes included), as Docusaurus' category-index matcher does.
  const lower = fileName.toLowerCase();
  const folder = parts.length ? parts[parts.length - 1].toLowerCase() : undefined;
  const isIndex = lower === "index" || lower === "readme" || lower === folder;
  if (slug === undefined && isIndex) return dirSlug;
  const baseId = typeof fm.id === "string" ? fm.id : stripNumberPrefix(fileName);
  return resolveAgainst(slug ?? baseId, dirSlug);
}

// Docusaurus' DATE_FILENAME_REGEX (plugin-content-blog blogUtils): the last date in the path.
const DATED = /^(.*)(\d{4})[-/](\d{1,2})[-/](\d{1,2})[-/]?(.*?)(?:\/index)?\.mdx?$/;

/**
 * A post's path under the blog: the front matter `slug`, else `YYYY/MM/DD/<folders><name>` from a dated path (the
 * folders before the date come after it, as Docusaurus' `/${slugDate}/${folder}${text}`), else the file path.
 */
export function expectedBlogSlug(rel: string, fm: { slug?: unknown }): string {
  if (typeof fm.slug === "string" && fm.slug) return fm.slug;
  const m = DATED.exec(rel);
  if (m) return `${m[2]}/${m[3]}/${m[4]}/${m[1]}${m[5]}`;
  return rel.replace(/\.mdx?$/, "").replace(/\/index$/, "");
}

// ---- every page a Docusaurus site publishes, by its source ------------------------------------------------------

type Any = Record<string, any>;

export interface ExpectedPage {
  kind: "doc" | "post";
  /** The docs instance ("default" for the main docs) or "blog". */
  instance: string;
  version?: string;
  locale: string;
  /** The Docusaurus source file serving the page (a translation, or the default locale's). */
  source: string;
  url: string;
}

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, "");
const DOCS_PLUGIN = /^(@docusaurus\/plugin-content-docs|docusaurus-plugin-content-docs|content-docs)$/;
const BLOG_PLUGIN = /^(@docusaurus\/plugin-content-blog|docusaurus-plugin-content-blog|content-blog)$/;

/** The classic preset's docs and blog options, and every docs/blog plugin instance, with their ids. */
export function contentPlugins(dc: Any): { docs: Array<{ id: string; o: Any }>; blogs: Array<{ id: string; o: Any }> } {
  const docs: Array<{ id: string; o: Any }> = [];
  const blogs: Array<{ id: string; o: Any }> = [];
  for (const p of (Array.isArray(dc.presets) ? dc.presets : []) as unknown[]) {
    const [name, opts] = Array.isArray(p) ? p : [p, {}];
    if (typeof name === "string" && /classic/.test(name)) {
      const o = (opts ?? {}) as Any;
      if (o.docs !== false) docs.push({ id: "default", o: o.docs ?? {} });
      if (o.blog !== false) blogs.push({ id: "default", o: o.blog ?? {} });
    }
  }
  for (const p of (Array.isArray(dc.plugins) ? dc.plugins : []) as unknown[]) {
    const [name, opts] = Array.isArray(p) ? p : [p, {}];
    const o = (opts ?? {}) as Any;
    const id = typeof o.id === "string" ? o.id : "default";
    if (typeof name === "string" && DOCS_PLUGIN.test(name) && !docs.some((d) => d.id === id)) docs.push({ id, o });
    if (typeof name === "string" && BLOG_PLUGIN.test(name) && !blogs.some((b) => b.id === id)) blogs.push({ id, o });
  }
  return { docs, blogs };
}

/**
 * Every doc page and blog post the Docusaurus site publishes, per locale, with its URL, by Docusaurus' rules.
 * `list(dir, options, kind)` gives the pages of a content folder (relative, `/`) by the plugin's include/exclude,
 * `frontMatter(file)` a file's front matter.
 */
export function expectedPages(
  dc: Any,
  exists: (rel: string) => boolean,
  readJson: (rel: string) => unknown,
  list: (rel: string, options: Any, kind: "docs" | "blog") => string[],
  frontMatter: (rel: string) => Any,
): ExpectedPage[] {
  const baseUrl: string = typeof dc.baseUrl === "string" ? dc.baseUrl : "/";
  const def: string = dc.i18n?.defaultLocale ?? "en";
  const locales: string[] = Array.isArray(dc.i18n?.locales) ? dc.i18n.locales : [def];
  const localeBase = (l: string) => (l === def ? baseUrl : joinUrl(baseUrl, l, ""));
  const pages: ExpectedPage[] = [];
  const { docs, blogs } = contentPlugins(dc);
  for (const { id, o } of docs) {
    const main = id === "default";
    const prefix = main ? "" : `${id}_`;
    const routeBasePath = trimSlashes(typeof o.routeBasePath === "string" ? o.routeBasePath : "docs");
    const listed = readJson(`${prefix}versions.json`);
    const released: string[] = Array.isArray(listed) && o.disableVersioning !== true ? listed : [];
    const last: string = o.lastVersion ?? released[0] ?? "current";
    const names = [...(o.includeCurrentVersion === false ? [] : ["current"]), ...released].filter(
      (n) => !Array.isArray(o.onlyIncludeVersions) || o.onlyIncludeVersions.includes(n),
    );
    const i18nPlugin = main ? "docusaurus-plugin-content-docs" : `docusaurus-plugin-content-docs-${id}`;
    for (const name of names) {
      const dir =
        name === "current"
          ? String(o.path ?? (main ? "docs" : id)).replace(/^\.\//, "")
          : `${prefix}versioned_docs/version-${name}`;
      const vPath = trimSlashes(o.versions?.[name]?.path ?? (name === last ? "" : name === "current" ? "next" : name));
      const i18nKey = name === "current" ? "current" : `version-${name}`;
      for (const rel of list(dir, o, "docs")) {
        const d = frontMatter(`${dir}/${rel}`);
        if (d.draft === true) continue;
        for (const l of locales) {
          // Each locale's i18n folder comes first, the default locale's too.
          const translated = `i18n/${l}/${i18nPlugin}/${i18nKey}/${rel}`;
          const own = exists(translated);
          const fm = own ? frontMatter(translated) : d;
          pages.push({
            kind: "doc",
            instance: id,
            version: name,
            locale: l,
            source: own ? translated : `${dir}/${rel}`,
            url: joinUrl(localeBase(l), routeBasePath, vPath, expectedDocSlug(rel, fm)),
          });
        }
      }
    }
  }
  for (const { id, o } of blogs) {
    const dir = String(o.path ?? (id === "default" ? "blog" : id)).replace(/^\.\//, "");
    const routeBasePath = trimSlashes(typeof o.routeBasePath === "string" ? o.routeBasePath : "blog");
    const i18nPlugin = id === "default" ? "docusaurus-plugin-content-blog" : `docusaurus-plugin-content-blog-${id}`;
    for (const rel of list(dir, o, "blog")) {
      const d = frontMatter(`${dir}/${rel}`);
      if (d.draft === true) continue;
      for (const l of locales) {
        const translated = `i18n/${l}/${i18nPlugin}/${rel}`;
        const own = exists(translated);
        const fm = own ? frontMatter(translated) : d;
        pages.push({
          kind: "post",
          instance: "blog",
          locale: l,
          source: own ? translated : `${dir}/${rel}`,
          url: joinUrl(localeBase(l), routeBasePath, expectedBlogSlug(rel, fm)),
        });
      }
    }
  }
  return pages;
}
