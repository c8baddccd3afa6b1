// How links inside a content file are rewritten, derived from the site config alone, so a worker thread can
// rebuild the same rewriter from plain data.
import type { CompileSettings } from "./compile-settings.ts";
import { localeBase, routeOfContentFile, docPath } from "../routes/paths.ts";
import { linkRewriter } from "./compile.ts";
import { applyAliases } from "./modules.ts";
import { docIdOf } from "../content/doc-id.ts";

/** Where a doc file is published when its path alone does not say: its id (front matter `id`) and front matter slug. */
export interface DocTarget {
  id: string;
  slug?: string;
}

/**
 * Docs whose URL differs from their file path's, by "version|path": a link to such a doc's file goes to its
 * slug or id, not its path. (Number prefixes alone are handled by the path: `routeOfContentFile`.)
 */
export function docSlugs(
  docs: Iterable<{ version: string; id: string; path: string; data: { slug?: unknown } }>,
): Map<string, DocTarget> {
  const out = new Map<string, DocTarget>();
  for (const d of docs) {
    const slug = typeof d.data.slug === "string" ? d.data.slug : undefined;
    if (slug !== undefined || d.id !== docIdOf(d.path).id) out.set(`${d.version}|${d.path}`, { id: d.id, slug });
  }
  return out;
}

export function contentLinkRewriter(
  config: CompileSettings,
  file: string,
  locale: string,
  slugs: Map<string, DocTarget> = new Map(),
): (url: string) => string {
  const route = (f: string) => {
    const m = /^content\/[^/]+\/docs\/([^/]+)\/(.+)\.mdx?$/.exec(f);
    const version = m && config.docs.versions.find((v) => v.name === m[1]);
    const target = m ? slugs.get(`${m[1]}|${m[2]}`) : undefined;
    if (version && target) return docPath(config, locale, version, target.id, target.slug);
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
