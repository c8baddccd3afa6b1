// The one site loader: config, interface strings, content index, page plans, route table and the checks between them,
// for `build` (pipeline/build.ts, every page compiled first), `dev` (dev/dev-site.ts, pages compiled when asked for)
// and the tests. What differs is only where the pages' compiled MDX comes from; the messages and severities are
// these.
import { loadConfig, missingStaticFiles } from "../config/load.ts";
import type { SiteConfig, Severity } from "../config/types.ts";
import { loadStrings, missingTranslations, type Strings } from "../i18n/strings.ts";
import { missingTranslationLines, type MissingTranslation } from "../i18n/missing.ts";
import { scanContent, staticFiles, type ContentIndex } from "../content/scan.ts";
import { planDocs, planBlog, buildRouteTable, type DocPlan, type BlogPlan } from "../routes/table.ts";
import { localeBase } from "../content/paths.ts";
import type { RouteTable } from "../routes/types.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import { checkLinks, severityOf, type LinkProblem } from "../links/check.ts";
import type { BuildCache } from "../cache/cache.ts";
import { CompiledPages } from "../cache/compiled-pages.ts";
import { compileSettingsOf, portableSettings } from "../mdx/compile-settings.ts";
import type { DocTarget } from "../mdx/content-links.ts";
import { addSitePages } from "../pages/site-pages.ts";
import { applyBlogSwitch } from "../routes/blog-off.ts";
import { addRedirects } from "../redirects/redirect-routes.ts";
import { DocsiteError, location, type Logger } from "../log.ts";

/** Problems by the config's severities: `throw` stops the load, `warn` is noted (and logged), `ignore` is dropped. */
export class SiteProblems {
  readonly warnings: string[] = [];
  /** Missing translations the config's severity made warnings: told once per locale (i18n/missing.ts). */
  private readonly untranslated: MissingTranslation[] = [];
  constructor(
    private readonly logger?: Logger,
    /** `verbose`: every missing translation on a line of its own (`docsite build --verbose`). */
    private readonly opts: { verbose?: boolean } = {},
  ) {}

  /** A missing translation by `onMissingTranslations`; a warning waits for `tellMissingTranslations`. */
  missingTranslation(severity: Severity, gap: MissingTranslation): boolean {
    if (severity !== "warn") return this.report(severity, gap.message);
    this.untranslated.push(gap);
    return false;
  }

  /** The missing translations noted so far, as warnings: one line per locale (every one when verbose). */
  tellMissingTranslations(defaultLocale: string): void {
    const gaps = this.untranslated.splice(0);
    for (const line of missingTranslationLines(gaps, defaultLocale, this.opts.verbose)) this.report("warn", line);
  }

  /** True when the problem must stop the load (its caller throws the error that says so). */
  report(severity: Severity, msg: string): boolean {
    if (severity === "ignore") return false;
    if (severity === "throw") return true;
    this.warnings.push(msg);
    this.logger?.warn(msg);
    return false;
  }
}

export type Plan = DocPlan | BlogPlan;

/** What a site is before any page is compiled. */
interface SiteSources {
  config: SiteConfig;
  strings: Map<string, Strings>;
  index: ContentIndex;
  docs: DocPlan[];
  drafts: Set<string>;
  blog: BlogPlan[];
}

/** Config, strings (every key in every locale, by `onMissingTranslations`), the content index and the page plans. */
export async function loadSources(
  root: string,
  opts: { drafts: boolean; cache?: BuildCache },
  problems: SiteProblems,
): Promise<SiteSources> {
  const config = loadConfig(root);
  // A warning whatever onBrokenLinks says: Docusaurus builds such a site (it does not check its favicon or logo), but
  // every page would link the missing file, and `check-links` reports it.
  for (const m of missingStaticFiles(config)) problems.report("warn", `site.config.json: ${m.message}; ${m.hint}`);
  const stringWarnings: string[] = [];
  const strings = loadStrings(config, stringWarnings);
  for (const w of stringWarnings) problems.report("warn", w);
  for (const gap of missingTranslations(strings)) {
    const message = `i18n/${gap.locale}.json: missing translation "${gap.key}" (present in i18n/${gap.from}.json)`;
    if (problems.missingTranslation(config.onMissingTranslations, { locale: gap.locale, kind: "string", message }))
      throw new DocsiteError(
        `missing translation "${gap.key}"`,
        { file: `i18n/${gap.locale}.json` },
        `add it; it exists in i18n/${gap.from}.json`,
      );
  }
  const index = await scanContent(config, opts.cache);
  for (const w of index.warnings ?? []) problems.report("warn", w);
  const { docs, drafts } = planDocs(config, index, opts.drafts);
  const blog = planBlog(index, opts.drafts, config.i18n);
  return { config, strings, index, docs, drafts, blog };
}

/**
 * The route table of `sources` with these pages (by plan key), the site's own pages (cli/pages/) and the config's
 * redirects added, checked for duplicate routes, broken redirects and missing translations. `cache`: where the site's
 * Markdown pages' compiles are kept.
 */
export async function routeTable(
  sources: Pick<SiteSources, "config" | "strings" | "index">,
  plans: { docs: DocPlan[]; drafts: Set<string>; blog: BlogPlan[] },
  compiled: Map<string, CompiledMdx>,
  problems: SiteProblems,
  opts: { cache?: BuildCache; slugs: Map<string, DocTarget> },
): Promise<RouteTable> {
  const { config, index, strings } = sources;
  let duplicate: string | null = null;
  const onDuplicate = (msg: string) => {
    if (problems.report(config.onDuplicateRoutes, msg)) duplicate ??= msg;
  };
  const table = buildRouteTable(config, index, plans, compiled, strings, onDuplicate);
  applyBlogSwitch(config, table);
  // The site's Docusaurus pages (src/pages of an imported site): React and Markdown pages at their URLs.
  const store =
    opts.cache &&
    new CompiledPages<CompiledMdx>(
      opts.cache,
      { settings: portableSettings(compileSettingsOf(config)), slugs: [...opts.slugs] },
      config.rootDir,
    );
  await addSitePages(config, table, opts.slugs, store, onDuplicate);
  if (duplicate) throw new DocsiteError(duplicate, {}, "give one of the pages another slug or file name");
  // The config's redirects (Docusaurus' client redirects): static redirect pages, after every page is known.
  const badRedirects: string[] = [];
  await addRedirects(config, table, (msg) => {
    if (problems.report(config.onBrokenLinks, msg)) badRedirects.push(msg);
  });
  if (badRedirects.length)
    throw new DocsiteError(badRedirects.join("\n  "), { file: "site.config.json" }, "fix the redirect's target");
  for (const d of plans.docs.filter((p) => p.untranslated)) {
    const message = `${d.source.file}: no ${d.locale} translation of doc "${d.id}"; the ${d.source.locale} page is shown`;
    if (problems.missingTranslation(config.onMissingTranslations, { locale: d.locale, kind: "doc", message }))
      throw new DocsiteError(
        `no ${d.locale} translation`,
        { file: d.source.file },
        `create content/${d.locale}/docs/${d.version.name}/${d.source.path}${d.source.file.slice(d.source.file.lastIndexOf("."))}`,
      );
  }
  problems.tellMissingTranslations(config.i18n.defaultLocale);
  return table;
}

/** Files a link may point to that are not routes: robots.txt, 404.html, sitemaps, feeds, and static/. */
export function extraFiles(config: SiteConfig): Set<string> {
  const extra = new Set(["robots.txt", "404.html"]);
  for (const l of config.i18n.locales) {
    const b = localeBase(config, l).slice(config.baseUrl.length);
    for (const f of ["sitemap.xml", `${config.blog.routeBasePath}/rss.xml`, `${config.blog.routeBasePath}/atom.xml`])
      extra.add(b + f);
  }
  for (const f of staticFiles(config.rootDir)) extra.add(f);
  return extra;
}

/** A doc page of this site as it is linked in content (without the locale prefix), for messages. */
function examplePath(config: SiteConfig, table: RouteTable): string {
  const doc = table.routes.find((r) => r.kind === "doc" && r.locale === config.i18n.defaultLocale) ?? table.routes[0];
  const path = doc?.path ?? "/";
  return config.trailingSlash === false && path.length > 1 ? path.replace(/\/$/, "") : path;
}

/** Checks every internal link and anchor of the table: broken ones by `onBrokenLinks` / `onBrokenAnchors`. */
export function checkSiteLinks(
  config: SiteConfig,
  table: RouteTable,
  extra: Set<string>,
  problems: SiteProblems,
): LinkProblem[] {
  const found = checkLinks(config, table, extra);
  const broken: string[] = [];
  for (const p of found) {
    const msg = `${location({ file: p.file, line: p.line })}: ${p.message}`;
    if (problems.report(severityOf(config, p), msg)) broken.push(msg);
  }
  if (broken.length) {
    throw new DocsiteError(
      `${broken.length} broken link${broken.length > 1 ? "s" : ""}:\n  ${broken.join("\n  ")}`,
      {},
      `fix the link targets (a page of this site, e.g. ${examplePath(config, table)}), or set onBrokenLinks in site.config.json`,
    );
  }
  return found;
}
