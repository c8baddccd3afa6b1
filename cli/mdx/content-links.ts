// How links inside a content file are rewritten, derived from the site config alone, so a worker thread can
// rebuild the same rewriter from plain data.
import type { SiteConfig } from "../config/types.ts";
import { localeBase, routeOfContentFile, docPath } from "../routes/paths.ts";
import { linkRewriter } from "./compile.ts";
import { applyAliases } from "./modules.ts";

/** Front-matter slugs of docs by "version|id": a link to such a doc's file goes to its slug, not its path. */
export function docSlugs(
  docs: Iterable<{ version: string; id: string; data: { slug?: unknown } }>,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of docs) if (typeof d.data.slug === "string") out.set(`${d.version}|${d.id}`, d.data.slug);
  return out;
}

export function contentLinkRewriter(
  config: SiteConfig,
  file: string,
  locale: string,
  slugs: Map<string, string> = new Map(),
): (url: string) => string {
  const route = (f: string) => {
    const m = /^content\/[^/]+\/docs\/([^/]+)\/(.+)\.mdx?$/.exec(f);
    const version = m && config.docs.versions.find((v) => v.name === m[1]);
    const slug = m ? slugs.get(`${m[1]}|${m[2]}`) : undefined;
    if (version && slug !== undefined) return docPath(config, locale, version, m[2], slug);
    return routeOfContentFile(config, f);
  };
  return linkRewriter({
    file,
    localeBase: localeBase(config, locale),
    baseUrl: config.baseUrl,
    // A page shown in another locale (a missing translation) links within the locale it is shown in.
    // `/docs/x.md` written for Docusaurus finds the file where `docsite import` put it.
    routeOfContentFile: (f) =>
      route(applyAliases(f, config.docusaurus?.aliases ?? {}).replace(/^content\/[^/]+\//, `content/${locale}/`)),
    localePrefixed: (p) =>
      config.i18n.locales.some((l) => l !== config.i18n.defaultLocale && (p === `/${l}` || p.startsWith(`/${l}/`))),
  });
}

export const rewriteKeyOf = (config: SiteConfig, locale: string, slugs: Map<string, string> = new Map()) =>
  `${JSON.stringify([...slugs])}|${locale}|${config.baseUrl}|${config.i18n.locales.join(",")}|${JSON.stringify(config.docusaurus?.aliases ?? {})}`;
