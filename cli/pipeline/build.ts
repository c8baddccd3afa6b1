// `docsite build`: config → content index → compiled pages → route table → checks → client bundle → HTML →
// extras → atomic swap. Data flows one way; only the last step touches dist/.
import { join, resolve } from "node:path";
import { loadConfig } from "../config/load.ts";
import { loadStrings, missingTranslations, type Strings } from "../i18n/strings.ts";
import { scanContent, staticFiles, type ContentIndex } from "../content/scan.ts";
import type { CompiledMdx, CompileStats } from "../mdx/compile.ts";
import { docSlugs } from "../mdx/content-links.ts";
import { planDocs, planBlog, planKey, buildRouteTable } from "../routes/table.ts";
import { localeBase, outputFileOf } from "../routes/paths.ts";
import { checkLinks, type LinkProblem } from "../links/check.ts";
import type { RenderContext } from "../render/render-route.ts";
import { loadPageModule, type PageModule } from "../render/page-module.ts";
import { sitemaps, robots, feeds } from "../emit/extras.ts";
import { searchFiles } from "../search/index.ts";
import { runImageStage, contentImages, pageModuleImages, type ImageStats } from "../images/stage.ts";
import { ImageFeed } from "../images/image-feed.ts";
import { headersFile } from "../emit/security-headers.ts";
import { openOutput, type Output } from "./output.ts";
import { assertRoutesInside } from "./confine.ts";
import { htmlFileWarnings } from "../mdx/rehype-inline-code.ts";
import { pageWarnings } from "../mdx/page-warnings.ts";
import { locateRenderError } from "../render/locate-render-error.ts";
import { manifestFileOf, type Content } from "./output-update.ts";
import { DocsiteError, createLogger, location, type Logger } from "../log.ts";
import type { SiteConfig, Severity } from "../config/types.ts";
import type { RouteTable } from "../routes/types.ts";
import { PageErrorCollector, withoutFailed } from "./page-errors.ts";
import { checkComponents } from "./page-checks.ts";
import { pageAssets, readPageAssets, componentStylesheet } from "./page-assets.ts";
import { knownComponentNames } from "../render/page-components.ts";
import { BuildCache, cacheDirOf } from "./cache.ts";
import { PACK_GRACE_MS } from "./pack-store.ts";
import { RENDER_NS } from "./render-store.ts";
import { cachedClientBundle, cachedSearchBundles, SEARCH_PAGE_NS } from "./cached-steps.ts";
import { createPool, inlinePool, type BuildPool } from "./pool.ts";
import { stopEsbuild } from "../boot/esbuild-service.ts";
import { compilePages } from "./compile-stage.ts";
import { renderRoutes, type RenderStats } from "./render-stage.ts";
import { CONTENT_NS } from "./content-cache.ts";
import { siteIslandChunks, siteIslandKeys } from "../islands/site-islands.ts";
import { addSitePages, bundleSitePages, sitePageIslands, sitePageStyles } from "../pages/site-pages.ts";
import { brandStylesheet } from "../brand/brand-css.ts";
import { applyBlogSwitch } from "../routes/blog-off.ts";
import { addRedirects } from "../redirects/redirect-routes.ts";
import { redirectsFile } from "../redirects/redirects-file.ts";

export interface BuildOptions {
  root: string;
  outDir?: string;
  logger?: Logger;
  /** Include draft pages (dev server). */
  drafts?: boolean;
  dev?: boolean;
  /** Write nothing; return the site in memory (dev server, tests). */
  write?: boolean;
  /** Build the pages that work and list the failing ones as warnings (measuring a migration). */
  skipFailingPages?: boolean;
}

export interface SiteModel {
  config: SiteConfig;
  strings: Map<string, Strings>;
  index: ContentIndex;
  table: RouteTable;
  warnings: string[];
  problems: LinkProblem[];
  /** Pages compiled now vs. taken from the cache. */
  compileStats: CompileStats;
  /** The compile cache entries of the pages (mdx/compile.ts). */
  compiledEntries: string[];
}

export interface BuildResult extends SiteModel {
  pages: number;
  files: number;
  timings: Record<string, number>;
  outDir: string;
  /** Images encoded now vs. taken from the cache. */
  imageStats: ImageStats;
  /** Routes rendered now vs. taken from the cache. */
  renderStats: RenderStats;
}

/** Applies a severity to a problem: throw stops the build, warn reports it. */
function report(severity: Severity, msg: string, logger: Logger, warnings: string[]): boolean {
  if (severity === "ignore") return false;
  if (severity === "throw") return true;
  warnings.push(msg);
  logger.warn(msg);
  return false;
}

/** Everything up to the route table and its checks: shared by build, dev and tests. */
export async function loadSite(
  opts: BuildOptions,
  timings: Record<string, number> = {},
  pool: () => BuildPool = () => inlinePool,
  /** Called with each page compiled now (not taken from the cache), as it comes. */
  onCompiled?: (compiled: CompiledMdx) => void,
): Promise<SiteModel> {
  const logger = opts.logger ?? createLogger();
  const warnings: string[] = [];
  let done = logger.step("config");
  const config = loadConfig(opts.root);
  const stringWarnings: string[] = [];
  const strings = loadStrings(config, stringWarnings);
  for (const w of stringWarnings) report("warn", w, logger, warnings);
  for (const gap of missingTranslations(strings)) {
    if (
      report(
        config.onMissingTranslations,
        `i18n/${gap.locale}.json: missing translation "${gap.key}" (present in i18n/${gap.from}.json)`,
        logger,
        warnings,
      )
    ) {
      throw new DocsiteError(
        `missing translation "${gap.key}"`,
        { file: `i18n/${gap.locale}.json` },
        `add it; it exists in i18n/${gap.from}.json`,
      );
    }
  }
  timings.config = done();

  done = logger.step("content index");
  const index = await scanContent(config, cacheDirOf(opts.root));
  for (const w of index.warnings ?? []) report("warn", w, logger, warnings);
  let { docs, drafts } = planDocs(config, index, Boolean(opts.drafts));
  let blog = planBlog(index, Boolean(opts.drafts), config.i18n);
  timings.scan = done();

  done = logger.step(`compile ${docs.length + blog.length} pages`);
  const compiled = new Map<string, CompiledMdx>();
  const compileStats: CompileStats = { compiled: 0, cached: 0 };
  const jobs = [...docs, ...blog];
  // Every failing page is reported, not only the first: a migration is then fixed in one pass.
  const errors = new PageErrorCollector(opts.skipFailingPages ? Number.POSITIVE_INFINITY : undefined);
  // Cache misses compile on the worker pool when there are many (pipeline/compile-stage.ts).
  const stage = await compilePages(
    config,
    docSlugs(index.docs),
    jobs.map((j) => ({ file: j.source.file, body: j.source.body, bodyOffset: j.source.bodyOffset, locale: j.locale })),
    cacheDirOf(opts.root),
    compileStats,
    pool,
    (n, total) => logger.progress("compiling", n, total),
    onCompiled,
  );
  for (const { index: i, error } of stage.errors) errors.add(error, jobs[i].source.file);
  const pageWarned = new Set<string>();
  for (const [i, c] of stage.compiled) {
    checkComponents(c, knownComponentNames, errors);
    // Inline code, layout id clashes, no title: said once per file and line (not once per locale).
    for (const w of pageWarnings(jobs[i].source, c, pageWarned)) report("warn", w, logger, warnings);
    compiled.set(planKey(jobs[i]), c);
  }
  if (opts.skipFailingPages && errors.count) {
    for (const e of errors.list())
      report("warn", `${location(e.where)}: ${e.message} (page left out)`, logger, warnings);
    ({ docs, blog, drafts } = withoutFailed(docs, blog, drafts, compiled));
  } else errors.throwIfAny();
  timings.compile = done();

  done = logger.step("routes and checks");
  let duplicateFailure: string | null = null;
  const table = buildRouteTable(config, index, { docs, drafts, blog }, compiled, strings, (msg) => {
    if (report(config.onDuplicateRoutes, msg, logger, warnings)) duplicateFailure ??= msg;
  });
  applyBlogSwitch(config, table);
  // The site's Docusaurus pages (src/pages of an imported site): React and Markdown pages at their URLs.
  await addSitePages(config, table, docSlugs(index.docs), cacheDirOf(opts.root), (msg) => {
    if (report(config.onDuplicateRoutes, msg, logger, warnings)) duplicateFailure ??= msg;
  });
  if (duplicateFailure) throw new DocsiteError(duplicateFailure, {}, "give one of the pages another slug or file name");
  // The config's redirects (Docusaurus' client redirects): static redirect pages, after every page is known.
  const badRedirects: string[] = [];
  await addRedirects(config, table, (msg) => {
    if (report(config.onBrokenLinks, msg, logger, warnings)) badRedirects.push(msg);
  });
  if (badRedirects.length)
    throw new DocsiteError(badRedirects.join("\n  "), { file: "site.config.json" }, "fix the redirect's target");
  // After every route is added: no page, site page or redirect is written outside the output folder.
  assertRoutesInside(config, table.routes);
  for (const d of docs.filter((p) => p.untranslated)) {
    if (
      report(
        config.onMissingTranslations,
        `${d.source.file}: no ${d.locale} translation of doc "${d.id}"; the ${d.source.locale} page is shown`,
        logger,
        warnings,
      )
    ) {
      throw new DocsiteError(
        `no ${d.locale} translation`,
        { file: d.source.file },
        `create content/${d.locale}/docs/${d.version.name}/${d.source.path}${d.source.file.slice(d.source.file.lastIndexOf("."))}`,
      );
    }
  }
  const extra = new Set([
    "robots.txt",
    "404.html",
    ...config.i18n.locales.flatMap((l) => {
      const b = localeBase(config, l).slice(config.baseUrl.length);
      return [
        `${b}sitemap.xml`,
        `${b}${config.blog.routeBasePath}/rss.xml`,
        `${b}${config.blog.routeBasePath}/atom.xml`,
      ];
    }),
  ]);
  for (const f of staticFiles(opts.root)) extra.add(f);
  for (const f of pageAssets(compiled.values(), config.baseUrl).keys()) extra.add(f);
  const problems = checkLinks(config, table, extra);
  const broken: string[] = [];
  for (const p of problems) {
    const msg = `${location({ file: p.file, line: p.line })}: ${p.message}`;
    if (report(p.kind === "link" ? config.onBrokenLinks : config.onBrokenAnchors, msg, logger, warnings))
      broken.push(msg);
  }
  if (broken.length) {
    throw new DocsiteError(
      `${broken.length} broken link${broken.length > 1 ? "s" : ""}:\n  ${broken.join("\n  ")}`,
      {},
      "fix the link targets (site paths end with '/', e.g. /docs/v8/quickstart/), or set onBrokenLinks in site.config.json",
    );
  }
  timings.routes = done();
  return { config, strings, index, table, warnings, problems, compileStats, compiledEntries: stage.entries };
}

export async function loadPageModules(site: SiteModel): Promise<Map<string, PageModule>> {
  const mods = new Map<string, PageModule>();
  for (const p of site.index.pages)
    mods.set(p.abs, await loadPageModule(p.abs, p.file, cacheDirOf(site.config.rootDir)));
  return mods;
}

export async function build(opts: BuildOptions): Promise<BuildResult> {
  const logger = opts.logger ?? createLogger();
  // The output is checked and locked before any work, so a refused --out or a concurrent build fails at once.
  const outDir = opts.outDir ?? join(opts.root, "dist");
  const output =
    opts.write === false
      ? null
      : await openOutput({
          root: opts.root,
          outDir,
          warn: logger.warn,
          // A rebuild writes only the files that changed (pipeline/output-update.ts).
          manifest: manifestFileOf(cacheDirOf(opts.root), resolve(outDir)),
        });
  try {
    return await buildInto({ ...opts, logger }, output);
  } finally {
    output?.close();
  }
}

async function buildInto(opts: BuildOptions, output: Output | null): Promise<BuildResult> {
  const logger = opts.logger ?? createLogger();
  const timings: Record<string, number> = {};
  const t0 = performance.now();
  // Worker threads for a big render batch (pipeline/pool.ts), started on first use and closed when done.
  let shared: BuildPool | undefined;
  const pool = () => (shared ??= createPool());
  // Closed as soon as the last render is done: the threads' heaps (~150–200 MB each) are not kept through the
  // search index and the write, where the main thread's memory peaks.
  const release = async () => {
    const s = shared;
    shared = undefined;
    await s?.close();
  };
  // Images found by the compile are encoded while it runs, in the CPU time it leaves (images/image-feed.ts).
  const feed = new ImageFeed(opts.root, cacheDirOf(opts.root));
  try {
    return await buildWith(opts, logger, timings, t0, pool, output, release, feed);
  } finally {
    try {
      await feed.stop();
    } finally {
      await release();
    }
  }
}

async function buildWith(
  opts: BuildOptions,
  logger: Logger,
  timings: Record<string, number>,
  t0: number,
  pool: () => BuildPool,
  output: Output | null,
  releasePool: () => Promise<void>,
  feed: ImageFeed,
): Promise<BuildResult> {
  const site = await loadSite({ ...opts, logger }, timings, pool, (c) => feed.page(c.images));
  // The compile's threads end here; the render starts new ones if it needs them. A thread's heap keeps the size the
  // compile grew it to: 10× site (3,536 pages on two threads), peak RSS during the render 1,149 → 1,083 MB (one run
  // each; the new threads cost about 0.3 s of start-up).
  await releasePool();
  const { config, table, strings } = site;
  const cache = new BuildCache(cacheDirOf(opts.root));

  const pageModules = await loadPageModules(site);
  const sitePages = await bundleSitePages(
    config,
    table,
    opts.skipFailingPages
      ? (err) =>
          report(
            "warn",
            `${err instanceof DocsiteError ? `${location(err.where)}: ` : ""}${(err as Error).message} (page left out)`,
            logger,
            site.warnings,
          )
      : undefined,
  );
  // The image stage runs beside the client bundle; rendering needs its sizes and URLs.
  const imagesStarted = performance.now();
  const imagesP = runImageStage({
    root: opts.root,
    cacheDir: cacheDirOf(opts.root),
    baseUrl: config.baseUrl,
    pages: [
      ...contentImages(table.routes as Parameters<typeof contentImages>[0]),
      ...pageModuleImages(site.index.pages, pageModules),
    ],
    logger,
    skipFailing: opts.skipFailingPages,
    childProcess: true,
    encodedEarly: await feed.handOver(),
  });
  imagesP.catch(() => {
    /* awaited below; this only keeps an early failure from counting as unhandled */
  });
  let done = logger.step("client bundle");
  // Project components that need the browser (cli/islands/): the runtime then loads them, each from its own chunk.
  const islandKeys = siteIslandKeys(table.routes, sitePageIslands(sitePages));
  const bundle = await cachedClientBundle(cache, {
    baseUrl: config.baseUrl,
    dev: opts.dev,
    trailingSlash: config.trailingSlash,
    ...(islandKeys.length ? { islands: true } : {}),
  });
  const islands = await siteIslandChunks(config, islandKeys, opts.dev);
  // The site's own stylesheets (customCss) and, for an imported site, Infima's classes (cli/brand/).
  const brand = await brandStylesheet(config);
  for (const w of brand?.warnings ?? []) report("warn", w, logger, site.warnings);
  timings.bundle = done();
  // This build needs esbuild's service process (about 20 MB) no more: stopped, it does not add to the memory of the
  // image and render stages. A later call (the next build of a long-lived process) starts it again.
  await stopEsbuild();
  const images = await imagesP;
  timings.images = performance.now() - imagesStarted;
  site.warnings.push(...images.warnings);

  done = logger.step(`render ${table.routes.length} routes`);
  const componentCss = componentStylesheet(
    table.routes.flatMap((r) => ("compiled" in r ? [r.compiled] : [])),
    config.baseUrl,
    sitePageStyles(sitePages),
  );
  const ctx: RenderContext = {
    config,
    table,
    strings,
    assets: {
      entry: bundle.entry,
      css: bundle.css,
      extraCss: [brand?.url, componentCss?.url].filter((u): u is string => Boolean(u)),
      inlineCss: bundle.inlineCss,
      preload: bundle.preload,
      searchPage: bundle.searchPage,
      movingPictures: bundle.movingPictures,
      ...(islands.loader ? { islands: islands.loader } : {}),
    },
    pageModules,
    images: images.images,
    islands: islands.urls,
    sitePages,
  };
  const files = new Map<string, Content>([...bundle.files, ...islands.files, ...images.files]);
  if (componentCss) files.set(componentCss.file, componentCss.css);
  if (brand) for (const [f, c] of [[brand.file, brand.css] as const, ...brand.assets]) files.set(f, c);
  // Routes whose render job is unchanged come from the cache; the rest render (on the pool when many).
  const rendered = await renderRoutes(ctx, table.routes, cache, logger, pool);
  await releasePool();
  for (const [f, html] of rendered.files) files.set(f, html);
  const errors = new PageErrorCollector(opts.skipFailingPages ? Number.POSITIVE_INFINITY : undefined);
  for (const { route, error } of rendered.errors)
    errors.add(await locateRenderError(error, route, ctx, site.index), route.origin);
  if (opts.skipFailingPages)
    for (const e of errors.list())
      report("warn", `${location(e.where)}: ${e.message} (page left out)`, logger, site.warnings);
  else errors.throwIfAny();
  const assets = pageAssets(
    table.routes.flatMap((r) => ("compiled" in r ? [r.compiled] : [])),
    config.baseUrl,
  );
  for (const [f, bytes] of await readPageAssets(config.rootDir, assets)) {
    files.set(f, bytes);
    // An HTML file a page links to is content: the policy does not allow its inline code, and the build says so.
    if (f.endsWith(".html"))
      for (const w of htmlFileWarnings(assets.get(f)!, f, bytes)) report("warn", w, logger, site.warnings);
  }
  // The default locale's 404 page is the one static hosts serve.
  const notFound = table.routes.find((r) => r.kind === "notFound" && r.locale === config.i18n.defaultLocale);
  if (notFound) files.set("404.html", files.get(outputFileOf(config, notFound.path))!);
  // The pages' code is not needed after the render: let go of it before the search index, where a big site's memory
  // peaks (10× site: about 150 MB of code).
  for (const r of table.routes) {
    if ("compiled" in r) {
      r.compiled.code = "";
      delete r.compiled.excerpt;
    }
  }
  timings.render = done();

  done = logger.step("sitemaps, feeds, robots.txt, search index");
  for (const [f, c] of sitemaps(config, table)) files.set(f, c);
  files.set("robots.txt", robots(config));
  const redirects = redirectsFile(config, table);
  if (redirects) files.set("_redirects", redirects);
  for (const [f, c] of feeds(config, table, strings, (r) => r.post.description)) files.set(f, c);
  const searchBundles = cachedSearchBundles(cache);
  for (const [f, c] of searchFiles(config, table, strings, searchBundles.bundle)) files.set(f, c);
  searchBundles.finish();
  files.set(
    "_headers",
    headersFile(config, rendered.inline, { style: brand?.origins, font: brand?.origins, frame: islands.frames }),
  );
  timings.extras = done();

  const outDir = output?.outDir ?? opts.outDir ?? join(opts.root, "dist");
  if (output) {
    done = logger.step("write dist/");
    await output.write(files, join(opts.root, "static"));
    timings.write = done();
  }
  // Entries this full build did not use are old versions of pages: removed so the cache does not grow.
  // ("render-meta" held per-page records before the render index: emptied once.)
  cache.keep("mdx", site.compiledEntries);
  await Promise.all([
    ...["render-meta", "search", "client", "mdx"].map((ns) => cache.prune(ns)),
    ...[RENDER_NS, CONTENT_NS, SEARCH_PAGE_NS].map((ns) => cache.prune(ns, PACK_GRACE_MS)),
  ]);
  timings.total = performance.now() - t0;
  return {
    ...site,
    pages: table.routes.length,
    renderStats: rendered.stats,
    files: files.size,
    timings,
    outDir,
    imageStats: images.stats,
  };
}
