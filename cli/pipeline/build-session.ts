// One run of `docsite build`: the site, the cache, the output and the options held once, and the stages in order —
// load (config → compiled pages → route table → checks: load-stage.ts), custom pages, images beside the client
// bundle, render, extras, write. Each stage is a method of its own; what one hands the next is a plain value. The
// per-page checks and the render context come from page-pass.ts, which `dev` uses the same way.
import { join } from "node:path";
import type { RenderContext } from "../render/render-route.ts";
import { loadPageModule, type PageModule } from "../render/page-module.ts";
import { outputFileOf } from "../content/paths.ts";
import { sitemaps, robots, feeds } from "../emit/extras.ts";
import { searchFiles } from "../search/index.ts";
import { EarlyCounts } from "../search/early-counts.ts";
import { runImageStage, contentImages, pageModuleImages, type ImageStats } from "../images/stage.ts";
import { ImageFeed } from "../images/image-feed.ts";
import { headersFile } from "../emit/security-headers.ts";
import type { Output } from "../output/output.ts";
import { outputHolds, type Content } from "../output/output-update.ts";
import { locateRenderError } from "../render/locate-render-error.ts";
import { DocsiteError, location, stageLine, type Logger } from "../log.ts";
import { PageErrorCollector } from "./page-errors.ts";
import { pageAssets, componentStylesheet } from "./page-assets.ts";
import { bundleThemeOverrides, type ThemeOverridesBuild } from "../theme-overrides/bundle.ts";
import type { BuildCache } from "../cache/cache.ts";
import { pruneStores } from "../cache/stores.ts";
import type { ManifestStore } from "../cache/output-manifests.ts";
import { cachedClientBundle, cachedSearchBundles } from "./cached-steps.ts";
import { createPool, type BuildPool } from "./pool.ts";
import { stopEsbuild } from "../boot/esbuild-service.ts";
import { PageTimeLimitError } from "./time-limit.ts";
import { renderRoutes } from "./render-stage.ts";
import { cacheWarnings } from "../cache/report.ts";
import { siteIslandChunks, siteIslandKeys } from "../islands/site-islands.ts";
import { bundleSitePages, sitePageAssets, sitePageIslands, sitePageStyles } from "../pages/site-pages.ts";
import type { SitePageBuild } from "../pages/bundle-page.ts";
import { brandStylesheet, type BrandStylesheet } from "../brand/brand-css.ts";
import type { ClientBundle } from "../client/bundle.ts";
import { redirectsFile } from "../redirects/redirects-file.ts";
import { loadSite } from "./load-stage.ts";
import { readLinkedFiles, renderContextOf } from "./page-pass.ts";
import type { BuildOptions, BuildResult, SiteModel } from "./build-types.ts";

/** What a build session is opened with. */
export interface SessionOptions {
  opts: BuildOptions;
  logger: Logger;
  cache: BuildCache;
  /** Where the build writes; null: nothing is written (`write: false`). */
  output: Output | null;
  /** The record of the last write, by which a rebuild writes only what changed (output/output-update.ts). */
  manifest?: ManifestStore;
}

/** The site's custom pages, React pages and theme overrides (the "custom pages" stage). */
interface SitePagesStage {
  pageModules: Map<string, PageModule>;
  sitePages: Map<string, SitePageBuild>;
  overrides: ThemeOverridesBuild | undefined;
}

/** The image stage under way beside the client bundle. */
interface ImagesUnderWay {
  result: ReturnType<typeof runImageStage>;
  started: number;
  /** Images encoded while the pages compiled. */
  early: number;
  /** What the output folder already holds, by its manifest (undefined: nothing known). */
  outputHas: ReturnType<typeof outputHolds> | undefined;
}

/** The client bundle stage: the runtime, the islands' chunks and the site's own stylesheets. */
interface ClientStage {
  bundle: ClientBundle;
  islands: Awaited<ReturnType<typeof siteIslandChunks>>;
  brand: BrandStylesheet | null | undefined;
}

export class BuildSession {
  private readonly opts: BuildOptions;
  private readonly logger: Logger;
  private readonly cache: BuildCache;
  private readonly output: Output | null;
  private readonly manifest: ManifestStore | undefined;
  private readonly timings: Record<string, number> = {};
  /** What the output folder already holds, by its manifest (startImages; undefined: nothing known). */
  private outputHas: ReturnType<typeof outputHolds> | undefined;
  private readonly t0 = performance.now();
  /** Worker threads for a big batch (pipeline/pool.ts), started on first use and closed when a stage is done. */
  private shared: BuildPool | undefined;
  // Images found by the compile are encoded while it runs, in the CPU time it leaves (images/image-feed.ts).
  private readonly feed: ImageFeed;
  /** The local search index's term counts, worked out as pages compile (search/early-counts.ts). */
  private readonly early = new EarlyCounts();
  /** The warnings of this build, once the site is loaded (its loading's warnings first). */
  private warnings: string[] = [];

  constructor(s: SessionOptions) {
    this.opts = s.opts;
    this.logger = s.logger;
    this.cache = s.cache;
    this.output = s.output;
    this.manifest = s.manifest;
    this.feed = new ImageFeed(s.opts.root, s.cache);
  }

  /** Runs the build; the pool, the image feed and the early counts are let go of however it ends. */
  async run(): Promise<BuildResult> {
    try {
      const result = await this.stages();
      // What went wrong with the cache is told once, at the end: the build did not need it.
      for (const w of cacheWarnings(this.cache)) this.warn(w);
      return { ...result, cache: this.cache.report() };
    } finally {
      this.early.drop();
      try {
        await this.feed.stop();
      } finally {
        await this.releasePool();
      }
    }
  }

  private pool = (): BuildPool => (this.shared ??= createPool());

  /**
   * Closes the pool as soon as a stage no longer needs it: the threads' heaps are not kept through the search index
   * and the write, where the main thread's memory peaks (a thread's heap keeps the size the compile grew it to).
   */
  private async releasePool(): Promise<void> {
    const s = this.shared;
    this.shared = undefined;
    await s?.close();
  }

  /** A warning of this build: in its result, and told now. */
  private warn = (msg: string): void => {
    this.warnings.push(msg);
    this.logger.warn(msg);
  };

  private async stages(): Promise<Omit<BuildResult, "cache">> {
    const site = await this.load();
    this.warnings = site.warnings;
    await this.releasePool();
    const pages = await this.customPages(site);
    const images = await this.startImages(site, pages.pageModules);
    const client = await this.clientBundle(site, pages);
    // This build needs esbuild's service process no more: stopped, it does not add to the memory of the image and
    // render stages. A later call (the next build of a long-lived process) starts it again.
    await stopEsbuild();
    const imaged = await this.finishImages(images);
    const { files, rendered } = await this.render(site, pages, client, imaged);
    this.extras(site, files, rendered.inline, client);
    const outDir = this.output?.outDir ?? this.opts.outDir ?? join(this.opts.root, "dist");
    await this.write(files);
    return {
      ...site,
      pages: site.table.routes.length,
      renderStats: rendered.stats,
      files: files.size,
      timings: this.timings,
      outDir,
      imageStats: imaged.stats,
    };
  }

  /** Config to route table and checks, every page compiled and checked (load-stage.ts). */
  private load(): Promise<SiteModel> {
    const { feed, early } = this;
    return loadSite({
      opts: this.opts,
      logger: this.logger,
      cache: this.cache,
      timings: this.timings,
      pool: this.pool,
      onCompiled: (c, config) => {
        feed.page(c.images);
        if (config.search.provider === "local") early.add(c.sections);
      },
      besideCompile: () =>
        [
          feed.found ? `encoding ${feed.found} images as they were found` : "",
          early.counted ? `search terms of ${early.counted} pages counted` : "",
        ]
          .filter(Boolean)
          .join("; ") || undefined,
    });
  }

  /** Page modules (content/pages), the site's React pages and its theme overrides (src/theme of an imported site). */
  private async customPages(site: SiteModel): Promise<SitePagesStage> {
    const done = this.logger.step("custom pages");
    const pageModules = new Map<string, PageModule>();
    for (const p of site.index.pages)
      pageModules.set(p.abs, await loadPageModule(site.config.rootDir, p.abs, p.file, this.cache));
    const leftOut = (err: unknown) =>
      this.warn(
        `${err instanceof DocsiteError ? `${location(err.where)}: ` : ""}${(err as Error).message} (page left out)`,
      );
    const sitePages = await bundleSitePages(
      site.config,
      site.table,
      this.opts.skipFailingPages ? leftOut : undefined,
      this.cache,
    );
    // The site's theme overrides (src/theme of an imported site), drawn where docsite draws those parts.
    const overrides = await bundleThemeOverrides(site.config, this.cache);
    this.timings.pages = done();
    return { pageModules, sitePages, overrides };
  }

  /** Starts the image stage, which runs beside the client bundle; rendering needs its sizes and URLs. */
  private async startImages(site: SiteModel, pageModules: Map<string, PageModule>): Promise<ImagesUnderWay> {
    const { output, manifest } = this;
    const started = performance.now();
    const encodedEarly = await this.feed.handOver();
    // What the output folder already holds, by its manifest: neither the render nor the image stage reads the cached
    // files it holds.
    const outputHas = output && manifest ? outputHolds(output.outDir, manifest.read()) : undefined;
    this.outputHas = outputHas;
    const result = runImageStage({
      root: this.opts.root,
      cache: this.cache,
      baseUrl: site.config.baseUrl,
      pages: [
        ...contentImages(site.table.routes as Parameters<typeof contentImages>[0]),
        ...pageModuleImages(site.index.pages, pageModules),
      ],
      logger: this.logger,
      skipFailing: this.opts.skipFailingPages,
      // Docusaurus publishes a page whose <img> names a file that is not there (the browser shows its alt text).
      missingImagesWarn: Boolean(site.config.docusaurus),
      childProcess: true,
      encodedEarly,
      // A build that writes no output reads no image; one without a manifest writes (so reads) them all.
      outputHolds: output ? outputHas : () => true,
    });
    result.catch(() => {
      /* awaited in finishImages; this only keeps an early failure from counting as unhandled */
    });
    return { result, started, early: encodedEarly.size, outputHas };
  }

  /** The runtime's bundle, the islands' chunks and the site's own stylesheets. */
  private async clientBundle(site: SiteModel, pages: SitePagesStage): Promise<ClientStage> {
    const { config, table } = site;
    const done = this.logger.step("client bundle");
    // Project components that need the browser (cli/islands/): the runtime then loads them, each from its own chunk.
    const islandKeys = siteIslandKeys(table.routes, [
      ...sitePageIslands(pages.sitePages),
      ...(pages.overrides?.islands ?? []),
    ]);
    const bundle = await cachedClientBundle(this.cache, {
      baseUrl: config.baseUrl,
      dev: this.opts.dev,
      trailingSlash: config.trailingSlash,
      ...(islandKeys.length ? { islands: true } : {}),
    });
    const islands = await siteIslandChunks(config, islandKeys, this.opts.dev, this.cache);
    // The site's own stylesheets (customCss) and, for an imported site, Infima's classes (cli/brand/).
    const brand = await brandStylesheet(config, this.cache);
    for (const w of brand?.warnings ?? []) this.warn(w);
    this.timings.bundle = done();
    return { bundle, islands, brand };
  }

  /** Waits for the image stage; its line says how long the render waited for it after the bundle. */
  private async finishImages(under: ImagesUnderWay): Promise<ImagesUnderWay & Awaited<ImagesUnderWay["result"]>> {
    const bundleEnded = performance.now();
    const images = await under.result;
    const ended = performance.now();
    this.timings.images = ended - under.started;
    this.warnings.push(...images.warnings);
    this.logger.info(stageLine(imagesLabel(images.stats, under.early, ended - bundleEnded), this.timings.images));
    return { ...under, ...images };
  }

  /** Every route's HTML (from the cache when its render job is unchanged), with the files the pages need. */
  private async render(
    site: SiteModel,
    pages: SitePagesStage,
    client: ClientStage,
    images: Awaited<ReturnType<BuildSession["finishImages"]>>,
  ) {
    const { config, table } = site;
    const { bundle, islands, brand } = client;
    const done = this.logger.step(`render ${table.routes.length} routes`);
    const compiled = () => table.routes.flatMap((r) => ("compiled" in r ? [r.compiled] : []));
    const componentCss = componentStylesheet(compiled(), config.baseUrl, [
      ...sitePageStyles(pages.sitePages),
      ...(pages.overrides?.css ?? []),
    ]);
    const ctx: RenderContext = renderContextOf({
      ...site,
      bundle,
      extraCss: [brand?.url, componentCss?.url].filter((u): u is string => Boolean(u)),
      islandLoader: islands.loader,
      pageModules: pages.pageModules,
      images: images.images,
      islands: islands.urls,
      sitePages: pages.sitePages,
      overrides: pages.overrides,
    });
    const files = new Map<string, Content>([...bundle.files, ...islands.files, ...images.files]);
    if (componentCss) files.set(componentCss.file, componentCss.css);
    if (brand) for (const [f, c] of [[brand.file, brand.css] as const, ...brand.assets]) files.set(f, c);
    // Routes whose render job is unchanged come from the cache; the rest render (on the pool when many). A cached
    // page the output already holds is not read.
    const rendered = await renderRoutes(ctx, table.routes, this.cache, this.logger, this.pool, {
      outputHas: images.outputHas,
      recompile: site.recompile,
    });
    await this.releasePool();
    for (const [f, html] of rendered.files) files.set(f, html);
    await this.renderErrors(site, ctx, rendered.errors);
    const emitted = [...sitePageAssets(pages.sitePages), ...(pages.overrides?.assets ?? [])];
    const linked = await readLinkedFiles(config.rootDir, pageAssets(compiled(), config.baseUrl, emitted));
    for (const [f, bytes] of linked.files) files.set(f, bytes);
    for (const w of linked.warnings) this.warn(w);
    // The default locale's 404 page is the one static hosts serve.
    const notFound = table.routes.find((r) => r.kind === "notFound" && r.locale === config.i18n.defaultLocale);
    if (notFound) files.set("404.html", files.get(outputFileOf(config, notFound.path))!);
    // The pages' code is not needed after the render: let go of it before the search index, where a big site's
    // memory peaks.
    for (const r of table.routes) {
      if ("compiled" in r) {
        r.compiled.code = "";
        delete r.compiled.excerpt;
      }
    }
    this.timings.render = done();
    return { files, rendered };
  }

  /** The pages that failed to render, each at its line: an error, or warnings with `skipFailingPages`. */
  private async renderErrors(
    site: SiteModel,
    ctx: RenderContext,
    failed: Awaited<ReturnType<typeof renderRoutes>>["errors"],
  ): Promise<void> {
    const errors = new PageErrorCollector(this.opts.skipFailingPages ? Number.POSITIVE_INFINITY : undefined);
    // A page stopped at the time limit is not rendered again here to find its line: nothing would stop it.
    for (const { route, error } of failed)
      errors.add(
        error instanceof PageTimeLimitError ? error : await locateRenderError(error, route, ctx, site.index),
        route.origin,
      );
    if (this.opts.skipFailingPages)
      for (const e of errors.list()) this.warn(`${location(e.where)}: ${e.message} (page left out)`);
    else errors.throwIfAny();
  }

  /** Sitemaps, robots.txt, redirects, feeds, the search index and the security headers. */
  private extras(
    site: SiteModel,
    files: Map<string, Content>,
    inline: Parameters<typeof headersFile>[1],
    client: ClientStage,
  ): void {
    const { config, table, strings } = site;
    const done = this.logger.step("sitemaps, feeds, robots.txt, search index");
    for (const [f, c] of sitemaps(config, table)) files.set(f, c);
    files.set("robots.txt", robots(config));
    const redirects = redirectsFile(config, table);
    if (redirects) files.set("_redirects", redirects);
    for (const [f, c] of feeds(config, table, strings, (r) => r.post.description)) files.set(f, c);
    // A bundle from the cache is read only for files the output lacks; a build that writes nothing reads none.
    const searchBundles = cachedSearchBundles(this.cache, this.output ? (this.outputHas ?? (() => false)) : () => true);
    for (const [f, c] of searchFiles(config, table, strings, searchBundles.bundle)) files.set(f, c);
    searchBundles.finish();
    // The index is made (in one synchronous call, so no page was counted meanwhile): the early counts go.
    this.early.drop();
    const { brand, islands } = client;
    files.set(
      "_headers",
      headersFile(config, inline, {
        style: brand?.origins,
        font: brand?.origins,
        frame: islands.frames,
        inlineStyleFrom: islands.styleInjectors,
      }),
    );
    this.timings.extras = done();
  }

  /** The output written (when there is one), and the cache pruned. */
  private async write(files: Map<string, Content>): Promise<void> {
    if (this.output) {
      const done = this.logger.step("write dist/");
      await this.output.write(files, join(this.opts.root, "static"));
      this.timings.write = done();
    }
    // Entries this full build did not use are old versions of pages: removed so the cache does not grow, as each
    // store says (cli/cache/stores.ts). Packs another build may still be using are kept a while (cli/cache/packs.ts).
    const done = this.logger.step("cache pruned");
    await pruneStores(this.cache);
    this.timings.prune = done();
    this.timings.total = performance.now() - this.t0;
  }
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
