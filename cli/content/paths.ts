// Every URL shape of the site is decided here, so links, routes and files agree.
import type { SiteConfig, VersionConfig } from "../config/types.ts";
import { docIdOf } from "./doc-id.ts";
import { resolveRelativeSlug } from "./url-segments.ts";

/** The settings a page's URL is made of: what the URL helpers below read (the compile gets only these too). */
type UrlConfig = Pick<SiteConfig, "baseUrl" | "i18n" | "docs" | "blog">;

/** "/" for the default locale, "/ru/" for the others (with baseUrl in front). */
export function localeBase(config: UrlConfig, locale: string): string {
  return locale === config.i18n.defaultLocale ? config.baseUrl : `${config.baseUrl}${locale}/`;
}

/** A site path written without locale ("/docs/v8/x/") made absolute for a locale ("/ru/docs/v8/x/"). */
export function localizePath(config: UrlConfig, locale: string, sitePath: string): string {
  return localeBase(config, locale) + sitePath.replace(/^\//, "");
}

/**
 * A path written the way URLs carry it: spaces, non-ASCII letters, `?` and `#` percent-encoded, `/` and valid
 * `%XX` escapes kept. Every href, canonical URL and sitemap entry comes from route paths made with it.
 */
export function encodePath(path: string): string {
  return path.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]|%(?![0-9A-Fa-f]{2})/gu, (c) => encodeURIComponent(c));
}

/** The file-system form of an encoded path segment; a segment that would decode to a separator or `..` stays. */
function decodeSegment(segment: string): string {
  try {
    const d = decodeURIComponent(segment);
    return /[/\\\0]/.test(d) || d === "." || d === ".." ? segment : d;
  } catch {
    return segment;
  }
}

/** Doc id → path inside the version: "quickstart/index" → "quickstart/", "index" → "", "commands/browser/url" → "commands/browser/url/". */
function docIdToSlug(id: string): string {
  const trimmed = encodePath(id.replace(/(^|\/)index$/, ""));
  return trimmed ? `${trimmed}/` : "";
}

/** "seg/" for a non-empty path segment (or segments), "" for an empty one: docs may live at the site root. */
const folder = (segment: string) => (segment ? `${segment}/` : "");

/** The docs instance a version belongs to (`docs.pluginId` for the site's main docs). */
export const pluginIdOf = (config: UrlConfig, version: VersionConfig): string =>
  version.pluginId ?? config.docs.pluginId;

/** The versions of one docs instance, in config order. */
export const instanceVersions = (config: UrlConfig, pluginId: string): VersionConfig[] =>
  config.docs.versions.filter((v) => pluginIdOf(config, v) === pluginId);

/** The last version of a docs instance (the main one when no id is given). */
export function lastVersionOf(config: UrlConfig, pluginId = config.docs.pluginId): VersionConfig {
  const versions = instanceVersions(config, pluginId);
  return versions.find((v) => v.isLast) ?? versions[0] ?? config.docs.versions[0];
}

/** The docs instances, main one first: their ids. */
export const docsInstances = (config: UrlConfig): string[] => [
  ...new Set([config.docs.pluginId, ...config.docs.versions.map((v) => pluginIdOf(config, v))]),
];

/**
 * Where the docs of a locale start: "/docs/", "/ru/docs/", or "/" with `routeBasePath: ""` (docs at the root); for
 * another docs instance, where its docs start ("/community/").
 */
export function docsRoot(config: UrlConfig, locale: string, version?: VersionConfig): string {
  return localeBase(config, locale) + folder(version?.routeBasePath ?? config.docs.routeBasePath);
}

export function versionBase(config: UrlConfig, locale: string, version: VersionConfig): string {
  return docsRoot(config, locale, version) + folder(version.path);
}

export function docPath(config: UrlConfig, locale: string, version: VersionConfig, id: string, slug?: string): string {
  // A relative slug (no leading slash) is resolved against the doc's folder, as Docusaurus does; one that climbs
  // above the version was refused when the front matter was read (content/url-segments.ts), and stays inside here.
  if (slug !== undefined && !slug.startsWith("/"))
    slug = resolveRelativeSlug(id.includes("/") ? id.slice(0, id.lastIndexOf("/")) : "", slug) ?? "";
  const tail =
    slug !== undefined
      ? encodePath(slug).replace(/^\/+/, "").replace(/\/*$/, "/").replace(/^\/$/, "")
      : docIdToSlug(id);
  return versionBase(config, locale, version) + tail;
}

export function blogBase(config: UrlConfig, locale: string): string {
  return localeBase(config, locale) + folder(config.blog.routeBasePath);
}

/** A path of the locale with its locale prefix removed: "/ru/docs/v8/" → "/docs/v8/". */
export function stripLocale(config: UrlConfig, path: string): { locale: string; rest: string } {
  for (const l of config.i18n.locales) {
    if (l === config.i18n.defaultLocale) continue;
    const base = localeBase(config, l);
    if (path === base.slice(0, -1) || path.startsWith(base)) return { locale: l, rest: "/" + path.slice(base.length) };
  }
  return { locale: config.i18n.defaultLocale, rest: "/" + path.slice(config.baseUrl.length) };
}

/**
 * Output file for a route path: "/ru/docs/" → "ru/docs/index.html"; with `trailingSlash: false`, as Docusaurus
 * writes it, "/ru/docs/intro/" → "ru/docs/intro.html" and "/ru/docs/" → "ru/docs.html" (only the site's and the
 * locales' homes stay `index.html`).
 */
export function outputFileOf(config: SiteConfig, path: string): string {
  const rel = path.slice(config.baseUrl.length).split("/").map(decodeSegment).join("/");
  if (rel.endsWith(".html") || rel.endsWith(".xml") || rel.endsWith(".txt")) return rel;
  const home = config.i18n.locales.some((l) => localeBase(config, l) === path);
  return config.trailingSlash || home || !rel ? `${rel}index.html` : `${rel.slice(0, -1)}.html`;
}

/**
 * Where a content file is published, derived from its path alone (front-matter slugs are applied by the route table).
 * Used to resolve relative links such as `./click.mdx` while compiling, before the route table exists.
 */
export function routeOfContentFile(config: UrlConfig, relFile: string): string | null {
  const m = /^content\/([^/]+)\/(?:docs\/([^/]+)\/(.+)|blog\/(.+))\.mdx?$/.exec(relFile);
  if (!m) return null;
  const [, locale, versionName, docId, blogFile] = m;
  if (versionName) {
    const version = config.docs.versions.find((v) => v.name === versionName);
    return version ? docPath(config, locale, version, docIdOf(docId).id) : null;
  }
  return `${blogBase(config, locale)}${encodePath(blogFile.replace(/^\d{4}-\d{2}-\d{2}-/, ""))}/`;
}
