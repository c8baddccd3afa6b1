// How links inside a content file are rewritten, derived from the site config alone, so a worker thread can
// rebuild the same rewriter from plain data.
import type { SiteConfig } from "../config/types.ts";
import { localeBase, routeOfContentFile } from "../routes/paths.ts";
import { linkRewriter } from "./compile.ts";
import { applyAliases } from "./modules.ts";

export function contentLinkRewriter(config: SiteConfig, file: string, locale: string): (url: string) => string {
  return linkRewriter({
    file,
    localeBase: localeBase(config, locale),
    baseUrl: config.baseUrl,
    // A page shown in another locale (a missing translation) links within the locale it is shown in.
    // `/docs/x.md` written for Docusaurus finds the file where `docsite import` put it.
    routeOfContentFile: (f) =>
      routeOfContentFile(
        config,
        applyAliases(f, config.docusaurus?.aliases ?? {}).replace(/^content\/[^/]+\//, `content/${locale}/`),
      ),
    localePrefixed: (p) =>
      config.i18n.locales.some((l) => l !== config.i18n.defaultLocale && (p === `/${l}` || p.startsWith(`/${l}/`))),
  });
}

export const rewriteKeyOf = (config: SiteConfig, locale: string) =>
  `${locale}|${config.baseUrl}|${config.i18n.locales.join(",")}|${JSON.stringify(config.docusaurus?.aliases ?? {})}`;
