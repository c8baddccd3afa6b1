// Redirects the config asks for (Docusaurus' client-redirects plugin, carried over by `docsite import`): each is a
// static page that sends the reader on (meta refresh, canonical link to the target, `noindex`; left out of the
// sitemap and the search index like every redirect route), in every locale, and a line of `_redirects` so that hosts
// that read it, and `docsite serve`, answer with a real 301. As in Docusaurus, a redirect never replaces a page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import type { SiteConfig } from "../config/types.ts";
import { DocsiteError } from "../log.ts";
import { localizePath, outputFileOf, stripLocale } from "../content/paths.ts";
import type { RedirectRoute, Route, RouteTable } from "../routes/types.ts";

const ORIGIN = "site.config.json (redirects)";
const isUrl = (s: string) => /^https?:\/\//.test(s);

/** A Docusaurus path as docsite's route path under the locale: folders get their slash; a file (`x.html`) stays. */
function routePath(config: SiteConfig, locale: string, path: string): string {
  const [p, hash] = path.split("#");
  const rel = p.startsWith(config.baseUrl) ? `/${p.slice(config.baseUrl.length)}` : p;
  const form = /\.[A-Za-z0-9]+$/.test(rel) || rel.endsWith("/") ? rel : `${rel}/`;
  return localizePath(config, locale, form) + (hash ? `#${hash}` : "");
}

/** Docusaurus' form of a page's path, as createRedirects receives it: under the locale's base, without the slash. */
const docusaurusPath = (config: SiteConfig, route: Route) =>
  stripLocale(config, route.path).rest.replace(/(.)\/$/, "$1");

/** Runs the config's createRedirects module alone: no imports, no require, no globals of the build. */
async function loadCreateRedirects(config: SiteConfig, file: string): Promise<(path: string) => unknown> {
  let code: string;
  try {
    // Loaded here: most sites have no such module, and the build starts esbuild only when it needs it.
    const { transform } = await import("esbuild");
    code = (
      await transform(readFileSync(join(config.rootDir, file), "utf8"), {
        format: "cjs",
        loader: "js",
        logLevel: "silent",
      })
    ).code;
  } catch (err) {
    throw new DocsiteError(
      `redirects.module ${file} cannot be read: ${(err as Error).message.split("\n")[0]}`,
      { file: "site.config.json" },
      "give an ES module exporting createRedirects(path)",
    );
  }
  const module = { exports: {} as Record<string, unknown> };
  vm.runInNewContext(code, { module, exports: module.exports }, { timeout: 5000, filename: file });
  const fn = module.exports.createRedirects ?? module.exports.default;
  if (typeof fn !== "function")
    throw new DocsiteError(`redirects.module ${file} exports no createRedirects function`, { file });
  return fn as (path: string) => unknown;
}

/**
 * Adds the config's redirects to `table`, per locale. `report` gets what is wrong with one (a target that is no page
 * of the site): the build applies onBrokenLinks to it.
 */
export async function addRedirects(
  config: SiteConfig,
  table: RouteTable,
  report: (message: string) => void,
): Promise<RedirectRoute[]> {
  const r = config.redirects;
  if (!r) return [];
  const create = r.module ? await loadCreateRedirects(config, r.module) : undefined;
  const pages = table.routes.filter((x) => x.kind !== "redirect" && x.kind !== "notFound");
  const taken = new Set(table.routes.map((x) => outputFileOf(config, x.path)));
  const added: RedirectRoute[] = [];
  const add = (locale: string, from: string, to: string) => {
    const path = routePath(config, locale, from).split("#")[0];
    const target = isUrl(to) ? to : routePath(config, locale, to);
    if (table.byPath.has(path) || taken.has(outputFileOf(config, path))) return; // a page is there: it wins
    if (!isUrl(to) && !table.byPath.has(target.split("#")[0]))
      report(`${ORIGIN}: the redirect from ${from} goes to ${to}, which is no page of the site`);
    const route: RedirectRoute = {
      kind: "redirect",
      path,
      locale,
      key: stripLocale(config, path).rest,
      origin: ORIGIN,
      to: target,
      permanent: true,
    };
    table.byPath.set(path, route);
    table.routes.push(route);
    taken.add(outputFileOf(config, path));
    added.push(route);
  };
  for (const locale of config.i18n.locales) {
    for (const rule of r.rules ?? [])
      for (const from of Array.isArray(rule.from) ? rule.from : [rule.from]) add(locale, from, rule.to);
    for (const page of pages.filter((p) => p.locale === locale)) {
      const path = docusaurusPath(config, page);
      const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1];
      // fromExtensions: the old address with an extension leads to the page; toExtensions: the page's address
      // without its extension leads to it.
      if (path !== "/" && !ext) for (const e of r.fromExtensions ?? []) add(locale, `${path}.${e}`, path);
      if (ext && (r.toExtensions ?? []).includes(ext)) add(locale, path.slice(0, -ext.length - 1), path);
      if (create) {
        let froms: unknown;
        try {
          froms = create(path);
        } catch (err) {
          throw new DocsiteError(
            `redirects.module ${r.module}: createRedirects("${path}") failed: ${(err as Error).message}`,
            { file: r.module },
            "fix the function (it runs alone, without imports)",
          );
        }
        for (const from of Array.isArray(froms) ? froms : [froms])
          if (typeof from === "string" && from.startsWith("/")) add(locale, from, path);
      }
    }
  }
  return added;
}
