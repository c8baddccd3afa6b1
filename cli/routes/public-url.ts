// `trailingSlash`: route paths are kept in folder form inside docsite ("/docs/intro/": the route table, link
// checks, alternates and sidebars compare them). What a reader sees — files, hrefs, canonical and alternate URLs,
// sitemaps, feeds, the search index — takes the published form decided here: unchanged with trailingSlash true,
// "/docs/intro" (file docs/intro.html) with false.
import type { SiteConfig } from "../config/types.ts";
import { withoutSlash } from "../../theme/clean-path.ts";
import { localeBase } from "../content/paths.ts";

/** The paths that keep their slash in every form: the site's home and each locale's ("/", "/ru/"). */
const homePaths = (config: SiteConfig): string[] => config.i18n.locales.map((l) => localeBase(config, l));

/** A site path (with `?query`/`#hash` or not) as the site publishes it. */
export function publicPath(config: SiteConfig, path: string): string {
  return config.trailingSlash ? path : withoutSlash(path, homePaths(config));
}

/** An absolute URL of the site (`config.url` + a site path) as the site publishes it. */
export const publicUrl = (config: SiteConfig, path: string): string => config.url + publicPath(config, path);

/**
 * Every internal `href` of a rendered document in its published form: the site's own absolute paths and absolute
 * URLs of `config.url`, whoever wrote them (theme, sidebars, content links written with a slash, prefetch hints).
 * Hrefs elsewhere (other origins, relative, `mailto:`, assets) are left as they are. Identity with trailingSlash
 * true, so folder-URL sites are written byte for byte as before.
 */
export function publishHrefs(config: SiteConfig, html: string): string {
  if (config.trailingSlash) return html;
  const homes = homePaths(config);
  const own = `${config.url}/`;
  return html.replace(/(\shref=")([^"]*)"/g, (all, attr: string, value: string) => {
    const origin = value.startsWith(own) ? config.url : "";
    const path = value.slice(origin.length);
    if (!path.startsWith(config.baseUrl) || path.startsWith("//")) return all;
    return `${attr}${origin}${withoutSlash(path, homes)}"`;
  });
}
