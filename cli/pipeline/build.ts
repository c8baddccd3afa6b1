// `docsite build`: config → content index → compiled pages → route table → checks → client bundle → HTML →
// extras → atomic swap. Data flows one way; only the last step touches dist/.
import { join, resolve } from "node:path";
import type { Strings } from "../i18n/strings.ts";
import type { ContentIndex } from "../content/scan.ts";
import type { CompiledMdx, CompileStats } from "../mdx/compile.ts";
import { docSlugs } from "../mdx/content-links.ts";
import { planKey } from "../routes/table.ts";
import { outputFileOf } from "../routes/paths.ts";
import type { LinkProblem } from "../links/check.ts";
import type { RenderContext } from "../render/render-route.ts";
import { loadPageModule, type PageModule } from "../render/page-module.ts";
import { sitemaps, robots, feeds } from "../emit/extras.ts";
import { searchFiles } from "../search/index.ts";
import { EarlyCounts } from "../search/early-counts.ts";
import { runImageStage, contentImages, pageModuleImages, type ImageStats } from "../images/stage.ts";
import { ImageFeed } from "../images/image-feed.ts";
import { headersFile } from "../emit/security-headers.ts";
import { openOutput, type Output } from "../output/output.ts";
import { assertRoutesInside } from "../output/confine.ts";
import { htmlFileWarnings } from "../mdx/rehype-inline-code.ts";
import { pageWarnings } from "../mdx/page-warnings.ts";
import { locateRenderError } from "../render/locate-render-error.ts";
import { outputHolds, type Content } from "../output/output-update.ts";
import { DocsiteError, createLogger, location, stageLine, type Logger } from "../log.ts";
import type { SiteConfig } from "../config/types.ts";
import type { RouteTable } from "../routes/types.ts";
import { PageErrorCollector, withoutFailed } from "./page-errors.ts";
import { checkComponents } from "./page-checks.ts";
import { pageAssets, readPageAssets, componentStylesheet } from "./page-assets.ts";
import { bundleThemeOverrides } from "../theme-overrides/bundle.ts";
import { knownComponentNames } from "../render/page-components.ts";
import { BuildCache, type CacheReport } from "../cache/cache.ts";
import { pruneStores } from "../cache/stores.ts";
import { outputManifest, type ManifestStore } from "../cache/output-manifests.ts";
import { cachedClientBundle, cachedSearchBundles } from "./cached-steps.ts";
import { createPool, inlinePool, type BuildPool } from "./pool.ts";
import { stopEsbuild } from "../boot/esbuild-service.ts";
import { compilePages } from "./compile-stage.ts";
import { PageTimeLimitError } from "./time-limit.ts";
import { renderRoutes, type RenderStats } from "./render-stage.ts";
import { checkSiteLinks, extraFiles, loadSources, routeTable, SiteProblems } from "../site/load.ts";
import { cacheWarnings } from "../cache/report.ts";
import { siteIslandChunks, siteIslandKeys } from "../islands/site-islands.ts";
import { bundleSitePages, sitePageIslands, sitePageStyles } from "../pages/site-pages.ts";
import { brandStylesheet } from "../brand/brand-css.ts";
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
  /** Every missing translation on a line of its own, rather than a summary per locale. */
  verbose?: boolean;
  /** false: read and write no build cache (`docsite build --no-cache`); the output is the same. */
  cache?: boolean;
}

interface SiteModel {
  config: SiteConfig;
  strings: Map<string, Strings>;
  index: ContentIndex;
  table: RouteTable;
  warnings: string[];
  problems: LinkProblem[];
  /** Pages compiled now vs. taken from the cache. */
  compileStats: CompileStats;
  /** Compiles a page again whose cached code turned out to be lost (pipeline/compile-stage.ts). */
  recompile(compiled: CompiledMdx): Promise<void>;
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
  /** Damaged entries met and the first failed write, if any (each also told once as a warning). */
  cache: CacheReport;
}

/** Everything up to the route table and its checks, every page compiled (cli/site/load.ts is shared with dev). */
async function loadSite(
  opts: BuildOptions,
  cache: BuildCache,
  timings: Record<string, number> = {},
  pool: () => BuildPool = () => inlinePool,
  /** Called with each page compiled now (not taken from the cache), as it comes, and the site's config. */
  onCompiled?: (compiled: CompiledMdx, config: SiteConfig) => void,
  /** What ran beside the compile, for its line (the images it found, encoding meanwhile; search terms counted). */
  besideCompile?: () => string | undefined,
): Promise<SiteModel> {
  const logger = opts.logger ?? createLogger();
  const problems = new SiteProblems(logger, { verbose: opts.verbose });
  let done = logger.step("config and content index");
  const sources = await loadSources(opts.root, { drafts: Boolean(opts.drafts), cache }, problems);
  const { config, index } = sources;
  let { docs, drafts, blog } = sources;
  timings.scan = done();

  done = logger.step(`compile ${docs.length + blog.length} pages`);
  const compiled = new Map<string, CompiledMdx>();
  const compileStats: CompileStats = { compiled: 0, cached: 0 };
  const jobs = [...docs, ...blog];
  // Every failing page is reported, not only the first: a migration is then fixed in one pass.
  const errors = new PageErrorCollector(opts.skipFailingPages ? Number.POSITIVE_INFINITY : undefined);
  // Cache misses compile on the worker pool when there are many (pipeline/compile-stage.ts).
  const slugs = docSlugs(index.docs, index.blog);
  const stage = await compilePages(
    config,
    slugs,
    jobs.map((j) => ({ file: j.source.file, body: j.source.body, bodyOffset: j.source.bodyOffset, locale: j.locale })),
    cache,
    compileStats,
    pool,
    (n, total) => logger.progress("compiling", n, total),
    onCompiled && ((c) => onCompiled(c, config)),
  );
  for (const { index: i, error } of stage.errors) errors.add(error, jobs[i].source.file);
  const pageWarned = new Set<string>();
  for (const [i, c] of stage.compiled) {
    checkComponents(c, knownComponentNames, errors);
    // Inline code, layout id clashes, no title: said once per file and line (not once per locale).
    for (const w of pageWarnings(jobs[i].source, c, pageWarned)) problems.report("warn", w);
    compiled.set(planKey(jobs[i]), c);
  }
  if (opts.skipFailingPages && errors.count) {
    for (const e of errors.list()) problems.report("warn", `${location(e.where)}: ${e.message} (page left out)`);
    ({ docs, blog, drafts } = withoutFailed(docs, blog, drafts, compiled));
  } else errors.throwIfAny();
  const beside = besideCompile?.();
  timings.compile = done(beside ? `(beside it: ${beside})` : undefined);

  done = logger.step("routes and checks");
  const table = await routeTable(sources, { docs, drafts, blog }, compiled, problems, { cache, slugs });
  // After every route is added: no page, site page or redirect is written outside the output folder.
  assertRoutesInside(config, table.routes);
  const extra = extraFiles(config);
  for (const f of pageAssets(compiled.values(), config.baseUrl).keys()) extra.add(f);
  const linkProblems = checkSiteLinks(config, table, extra, problems);
  timings.routes = done();
  return {
    config,
    strings: sources.strings,
    index,
    table,
    warnings: problems.warnings,
    problems: linkProblems,
    compileStats,
    recompile: stage.recompile,
  };
}

async function loadPageModules(site: SiteModel, cache: BuildCache): Promise<Map<string, PageModule>> {
  const mods = new Map<string, PageModule>();
  for (const p of site.index.pages) mods.set(p.abs, await loadPageModule(site.config.rootDir, p.abs, p.file, cache));
  return mods;
}

export async function build(opts: BuildOptions): Promise<BuildResult> {
  const logger = opts.logger ?? createLogger();
  const cache = BuildCache.forSite(opts.root, { enabled: opts.cache !== false });
  // The output is checked and locked before any work, so a refused --out or a concurrent build fails at once.
  const outDir = opts.outDir ?? join(opts.root, "dist");
  // A rebuild writes only the files that changed (output/output-update.ts), by the manifest of the last write.
  const manifest = cache.enabled ? outputManifest(cache, opts.root, resolve(outDir)) : undefined;
  const output =
    opts.write === false ? null : await openOutput({ root: opts.root, outDir, warn: logger.warn, manifest });
  try {
    return await buildInto({ ...opts, logger }, cache, output, manifest);
  } finally {
    output?.close();
  }
}

async function buildInto(
  opts: BuildOptions,
  cache: BuildCache,
  output: Output | null,
  manifest: ManifestStore | undefined,
): Promise<BuildResult> {
  const logger = opts.logger ?? createLogger();
  const timings: Record<string, number> = {};
  const t0 = performance.now();
  // Worker threads for a big render batch (pipeline/pool.ts), started on first use and closed when done.
  let shared: BuildPool | undefined;
  const pool = () => (shared ??= createPool());
  // Closed as soon as the last render is done: the threads' heaps are not kept through the search index and the
  // write, where the main thread's memory peaks.
  const release = async () => {
    const s = shared;
    shared = undefined;
    await s?.close();
  };
  // Images found by the compile are encoded while it runs, in the CPU time it leaves (images/image-feed.ts).
  const feed = new ImageFeed(opts.root, cache);
  // The local search index's term counts, worked out as pages compile (search/early-counts.ts).
  const early = new EarlyCounts();
  try {
    const result = await buildWith(opts, cache, logger, timings, t0, pool, output, manifest, release, feed, early);
    // What went wrong with the cache is told once, at the end: the build did not need it.
    for (const w of cacheWarnings(cache)) {
      result.warnings.push(w);
      logger.warn(w);
    }
    return { ...result, cache: cache.report() };
  } finally {
    early.drop();
    try {
      await feed.stop();
    } finally {
      await release();
    }
  }
}

async function buildWith(
  opts: BuildOptions,
  cache: BuildCache,
  logger: Logger,
  timings: Record<string, number>,
  t0: number,
  pool: () => BuildPool,
  output: Output | null,
  manifest: ManifestStore | undefined,
  releasePool: () => Promise<void>,
  feed: ImageFeed,
  early: EarlyCounts,
): Promise<Omit<BuildResult, "cache">> {
  const site = await loadSite(
    { ...opts, logger },
    cache,
    timings,
    pool,
    (c, config) => {
      feed.page(c.images);
      if (config.search.provider === "local") early.add(c.sections);
    },
    () =>
      [
        feed.found ? `encoding ${feed.found} images as they were found` : "",
        early.counted ? `search terms of ${early.counted} pages counted` : "",
      ]
        .filter(Boolean)
        .join("; ") || undefined,
  );
  /** A warning of this build: in its result, and told now. */
  const warn = (msg: string) => {
    site.warnings.push(msg);
    logger.warn(msg);
  };
  // The compile's threads end here; the render starts new ones if it needs them (a thread's heap keeps the size the
  // compile grew it to).
  await releasePool();
  const { config, table, strings } = site;

  let done = logger.step("custom pages");
  const pageModules = await loadPageModules(site, cache);
  const sitePages = await bundleSitePages(
    config,
    table,
    opts.skipFailingPages
      ? (err) =>
          warn(
            `${err instanceof DocsiteError ? `${location(err.where)}: ` : ""}${(err as Error).message} (page left out)`,
          )
      : undefined,
    cache,
  );
  // The site's theme overrides (src/theme of an imported site), drawn where docsite draws those parts.
  const overrides = await bundleThemeOverrides(config, cache);
  timings.pages = done();
  // The image stage runs beside the client bundle; rendering needs its sizes and URLs.
  const imagesStarted = performance.now();
  const encodedEarly = await feed.handOver();
  // What the output folder already holds, by its manifest: neither the render nor the image stage reads the cached
  // files it holds.
  const outputHas = output && manifest ? outputHolds(output.outDir, manifest.read()) : undefined;
  const imagesP = runImageStage({
    root: opts.root,
    cache,
    baseUrl: config.baseUrl,
    pages: [
      ...contentImages(table.routes as Parameters<typeof contentImages>[0]),
      ...pageModuleImages(site.index.pages, pageModules),
    ],
    logger,
    skipFailing: opts.skipFailingPages,
    // Docusaurus publishes a page whose <img> names a file that is not there (the browser shows its alt text).
    missingImagesWarn: Boolean(config.docusaurus),
    childProcess: true,
    encodedEarly,
    // A build that writes no output reads no image; one without a manifest writes (so reads) them all.
    outputHolds: output ? outputHas : () => true,
  });
  imagesP.catch(() => {
    /* awaited below; this only keeps an early failure from counting as unhandled */
  });
  done = logger.step("client bundle");
  // Project components that need the browser (cli/islands/): the runtime then loads them, each from its own chunk.
  const islandKeys = siteIslandKeys(table.routes, [...sitePageIslands(sitePages), ...(overrides?.islands ?? [])]);
  const bundle = await cachedClientBundle(cache, {
    baseUrl: config.baseUrl,
    dev: opts.dev,
    trailingSlash: config.trailingSlash,
    ...(islandKeys.length ? { islands: true } : {}),
  });
  const islands = await siteIslandChunks(config, islandKeys, opts.dev, cache);
  // The site's own stylesheets (customCss) and, for an imported site, Infima's classes (cli/brand/).
  const brand = await brandStylesheet(config, cache);
  for (const w of brand?.warnings ?? []) warn(w);
  timings.bundle = done();
  // This build needs esbuild's service process no more: stopped, it does not add to the memory of the image and
  // render stages. A later call (the next build of a long-lived process) starts it again.
  await stopEsbuild();
  const bundleEnded = performance.now();
  const images = await imagesP;
  const imagesEnded = performance.now();
  timings.images = imagesEnded - imagesStarted;
  site.warnings.push(...images.warnings);
  logger.info(stageLine(imagesLabel(images.stats, encodedEarly.size, imagesEnded - bundleEnded), timings.images));

  done = logger.step(`render ${table.routes.length} routes`);
  const componentCss = componentStylesheet(
    table.routes.flatMap((r) => ("compiled" in r ? [r.compiled] : [])),
    config.baseUrl,
    [...sitePageStyles(sitePages), ...(overrides?.css ?? [])],
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
    ...(overrides ? { overrides } : {}),
  };
  const files = new Map<string, Content>([...bundle.files, ...islands.files, ...images.files]);
  if (componentCss) files.set(componentCss.file, componentCss.css);
  if (brand) for (const [f, c] of [[brand.file, brand.css] as const, ...brand.assets]) files.set(f, c);
  // Routes whose render job is unchanged come from the cache; the rest render (on the pool when many). A cached
  // page the output already holds is not read.
  const rendered = await renderRoutes(ctx, table.routes, cache, logger, pool, {
    outputHas,
    recompile: site.recompile,
  });
  await releasePool();
  for (const [f, html] of rendered.files) files.set(f, html);
  const errors = new PageErrorCollector(opts.skipFailingPages ? Number.POSITIVE_INFINITY : undefined);
  // A page stopped at the time limit is not rendered again here to find its line: nothing would stop it.
  for (const { route, error } of rendered.errors)
    errors.add(
      error instanceof PageTimeLimitError ? error : await locateRenderError(error, route, ctx, site.index),
      route.origin,
    );
  if (opts.skipFailingPages) for (const e of errors.list()) warn(`${location(e.where)}: ${e.message} (page left out)`);
  else errors.throwIfAny();
  const assets = pageAssets(
    table.routes.flatMap((r) => ("compiled" in r ? [r.compiled] : [])),
    config.baseUrl,
  );
  for (const [f, bytes] of await readPageAssets(config.rootDir, assets)) {
    files.set(f, bytes);
    // An HTML file a page links to is content: the policy does not allow its inline code, and the build says so.
    if (f.endsWith(".html")) for (const w of htmlFileWarnings(assets.get(f)!, f, bytes)) warn(w);
  }
  // The default locale's 404 page is the one static hosts serve.
  const notFound = table.routes.find((r) => r.kind === "notFound" && r.locale === config.i18n.defaultLocale);
  if (notFound) files.set("404.html", files.get(outputFileOf(config, notFound.path))!);
  // The pages' code is not needed after the render: let go of it before the search index, where a big site's memory
  // peaks.
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
  // The index is made (in one synchronous call, so no page was counted meanwhile): the early counts go.
  early.drop();
  files.set(
    "_headers",
    headersFile(config, rendered.inline, {
      style: brand?.origins,
      font: brand?.origins,
      frame: islands.frames,
      inlineStyleFrom: islands.styleInjectors,
    }),
  );
  timings.extras = done();

  const outDir = output?.outDir ?? opts.outDir ?? join(opts.root, "dist");
  if (output) {
    done = logger.step("write dist/");
    await output.write(files, join(opts.root, "static"));
    timings.write = done();
  }
  // Entries this full build did not use are old versions of pages: removed so the cache does not grow, as each store
  // says (cli/cache/stores.ts). Packs another build may still be using are kept a while (cli/cache/packs.ts).
  done = logger.step("cache pruned");
  await pruneStores(cache);
  timings.prune = done();
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

/**
 * The image stage's line: what it did, and that it ran beside other stages. Its time runs from the end of the compile
 * (beside the custom pages and the client bundle); `waited` is how long the render waited for it after the bundle.
 */
export function imagesLabel(stats: ImageStats, early: number, waited: number): string {
  const beside = [
    early ? `${early} of them begun while the pages compiled` : "",
    `beside the client bundle${waited > 1 ? `, ${waited.toFixed(0)} ms waited for after it` : ""}`,
  ].filter(Boolean);
  const files = `${stats.encoded} encoded, ${stats.cached} cached, of which ${stats.passed} passed through as they are`;
  return `images: ${files} (${beside.join("; ")})`;
}
