// How links inside a content file are rewritten, derived from the site config alone, so a worker thread can
// rebuild the same rewriter from plain data.
import type { SiteConfig } from "../config/types.ts";
import { localeBase, routeOfContentFile } from "../routes/paths.ts";
import { linkRewriter } from "./compile.ts";

export function contentLinkRewriter(config: SiteConfig, file: string, locale: string): (url: string) => string {
  return linkRewriter({
    file,
    localeBase: localeBase(config, locale),
    baseUrl: config.baseUrl,
    // A page shown in another locale (a missing translation) links within the locale it is shown in.
    routeOfContentFile: (f) => routeOfContentFile(config, f.replace(/^content\/[^/]+\//, `content/${locale}/`)),
  });
}

export const rewriteKeyOf = (config: SiteConfig, locale: string) =>
  `${locale}|${config.baseUrl}|${config.i18n.defaultLocale}`;
