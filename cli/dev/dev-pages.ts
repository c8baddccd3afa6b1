// The dev server's pages: the lazy model loaded (dev/dev-site.ts), each page prepared as the build prepares it
// (compiled, its components, images and links checked) when it is asked for, and drawn with the client bundle's
// file names. Problems go to the problem board (terminal and overlay) under a key of what found them, and are
// cleared when that is fixed.
import { DevSite, isPageRoute, type PageRoute } from "./dev-site.ts";
import { DevImages } from "./dev-images.ts";
import type { ProblemBoard } from "./problem-board.ts";
import { pageLinkProblems } from "./page-links.ts";
import { withLiveScript } from "./live-client.ts";
import { loadPageModule, type PageModule } from "../render/page-module.ts";
import { prepareRoute, renderError, type RenderContext } from "../render/render-route.ts";
import { readLinkedFiles, renderContextOf } from "../pipeline/page-pass.ts";
import type { RenderJob } from "../render/render-job.ts";
import { pageTimeLimitMs, PageTimeLimitError } from "../pipeline/time-limit.ts";
import type { Route } from "../routes/types.ts";
import { severityOf, type LinkProblem } from "../links/check.ts";
import { pageAssets, componentStylesheet } from "../pipeline/page-assets.ts";
import { PageErrors } from "../pipeline/page-errors.ts";
import { bundleClient, type ClientBundle } from "../client/bundle.ts";
import { DevIslands } from "../islands/dev-islands.ts";
import { brandStylesheet, type BrandStylesheet } from "../brand/brand-css.ts";
import { siteIslandKeys } from "../islands/site-islands.ts";
import { bundleSitePage, type SitePageBuild } from "../pages/bundle-page.ts";
import { pageMdx, sitePageAssets, sitePageIslands, sitePageStyles } from "../pages/site-pages.ts";
import { searchFiles } from "../search/index.ts";
import { bundleThemeOverrides, type ThemeOverridesBuild } from "../theme-overrides/bundle.ts";
import { DocsiteError, location, type Logger } from "../log.ts";

/** Where `dev` serves the project components' stylesheet (`build` writes a content-hashed file instead). */
export const COMPONENT_CSS = "assets/dev-components.css";
/** Where `dev` serves the site's own stylesheets (cli/brand/). */
export const BRAND_CSS = "assets/dev-brand.css";

export class DevPages {
  readonly site: DevSite;
  images: DevImages;
  /** The browser runtime's bundle (made at start, and again when the theme changes); null until made. */
  bundle: ClientBundle | null = null;
  private bundleReady: Promise<void> = Promise.resolve();
  readonly pageModules = new Map<string, PageModule>();
  /** The islands' chunks, bundled as pages that use them are drawn (cli/islands/dev-islands.ts). */
  readonly islands = new DevIslands();
  /** The site's own stylesheets (cli/brand/), made again with every load of the model. */
  brand: BrandStylesheet | null = null;
  /** The site's React pages, bundled when first drawn (cli/pages/), by file. */
  readonly sitePages = new Map<string, SitePageBuild>();
  /** The site's theme overrides as last bundled (each bundle is remembered until a file it read changes). */
  private overrides?: ThemeOverridesBuild;
  /** Files pages import (a PDF, a video), by path under the base URL → file in the site folder. */
  readonly pageFiles = new Map<string, string>();
  /** The search index, made when first asked for after a change (it needs every page's text). */
  private search: Map<string, string> | null = null;
  private readonly warned = new Set<string>();

  constructor(
    readonly root: string,
    private readonly problems: ProblemBoard,
    private readonly logger: Logger,
  ) {
    this.site = new DevSite(root, (warnings) => {
      for (const w of warnings) this.warnOnce(w);
    });
    this.images = new DevImages(root, "/");
  }

  /** Makes the client bundle (again); a failure is the `theme` problem, and the last good bundle stays. */
  makeBundle(): Promise<void> {
    this.bundleReady = bundleClient({ baseUrl: "/", dev: true, islands: true }).then(
      (b) => {
        this.bundle = b;
        this.problems.clear("theme");
      },
      (err) => this.problems.report("theme", err),
    );
    return this.bundleReady;
  }

  /** Waits for the client bundle under way. */
  bundled(): Promise<void> {
    return this.bundleReady;
  }

  /** Loads the model (again): false when it failed (the last good model stays, the overlay names the problem). */
  async loadModel(): Promise<boolean> {
    try {
      const m = await this.site.load();
      if (this.images.baseUrl !== m.config.baseUrl) this.images = new DevImages(this.root, m.config.baseUrl);
      // The site's own stylesheets (cli/brand/), made again with every load (a change in src/ reloads).
      try {
        this.brand = await brandStylesheet(m.config);
        this.problems.clear("brand");
      } catch (err) {
        this.problems.report("brand", err);
      }
      this.changed();
      for (const w of m.warnings) this.warnOnce(w);
      this.problems.clear("load");
      // The config's own links (navbar, footer) are checked once per load; pages' links when they compile.
      this.linkProblems(
        "config",
        pageLinkProblems(m.config, m.table, null, m.extraFiles, (c) => this.site.isPending(c)),
      );
      return true;
    } catch (err) {
      this.problems.report("load", err);
      return false;
    }
  }

  /** Each warning once per server run, not again on every load or compile. */
  private warnOnce(w: string): void {
    if (!this.warned.has(w) && this.warned.add(w)) this.logger.warn(w);
  }

  /** What pages show may have changed (a load of the model, an edit): what was made of it goes. */
  changed(): void {
    this.search = null;
  }

  /** A file of the search index; `compileAll` first compiles the pages not compiled yet. */
  async searchFile(rel: string, compileAll: () => Promise<void>): Promise<string | undefined> {
    if (!this.search) {
      await compileAll();
      const m = this.site.model!;
      this.search = searchFiles(m.config, m.table, m.strings);
    }
    return this.search.get(rel);
  }

  /** Link problems found for one page (or the config), by the config's severities. */
  linkProblems(key: string, found: LinkProblem[]): void {
    const config = this.site.model!.config;
    const severe: LinkProblem[] = [];
    for (const p of found) {
      const severity = severityOf(config, p);
      if (severity === "throw") severe.push(p);
      else if (severity === "warn") this.warnOnce(`${location({ file: p.file, line: p.line })}: ${p.message}`);
    }
    if (severe.length)
      this.problems.report(
        `links:${key}`,
        severe.length === 1
          ? new DocsiteError(severe[0].message, severe[0], "fix the link target")
          : new PageErrors(
              severe.map((p) => new DocsiteError(p.message, p, "fix the link target")),
              0,
            ),
      );
    else this.problems.clear(`links:${key}`);
  }

  /**
   * Compiles a page's MDX (when not done yet) and checks what the build checks for it: components, imports,
   * images, links. Throws when it never compiled, so there is nothing to show.
   */
  async preparePage(route: PageRoute): Promise<void> {
    const m = this.site.model!;
    const file = route.source.file;
    const plan = this.site.planOf(route);
    try {
      if (plan) await this.site.compile(plan);
      this.problems.clear(`compile:${file}`);
    } catch (err) {
      this.problems.report(`compile:${file}`, err);
      if (this.site.isPending(route.compiled)) throw err;
    }
    try {
      for (const w of await this.images.addPage(file, route.compiled.images)) this.warnOnce(w);
      this.problems.clear(`images:${file}`);
    } catch (err) {
      this.problems.report(`images:${file}`, err);
    }
    const assets = pageAssets([route.compiled], m.config.baseUrl);
    for (const [url, src] of assets) this.pageFiles.set(url, src);
    // The HTML files it links to are checked as the build checks them (their inline code); the rest is served as is.
    try {
      const linked = await readLinkedFiles(m.config.rootDir, assets, (f) => f.endsWith(".html"));
      for (const w of linked.warnings) this.warnOnce(w);
      this.problems.clear(`files:${file}`);
    } catch (err) {
      this.problems.report(`files:${file}`, err);
    }
    this.linkProblems(
      file,
      pageLinkProblems(m.config, m.table, route, m.extraFiles, (c) => this.site.isPending(c)),
    );
  }

  /** The project components' CSS of the pages compiled so far (an imported Docusaurus site's `src/components`). */
  componentCss(): string | undefined {
    const m = this.site.model!;
    const compiled = m.table.routes.flatMap((r) => ("compiled" in r && r.compiled ? [r.compiled] : []));
    return componentStylesheet(compiled, m.config.baseUrl, [
      ...sitePageStyles(this.sitePages),
      ...(this.overrides?.css ?? []),
    ])?.css;
  }

  /** The context pages render with (once the client bundle, whose file names pages refer to, is made). */
  async renderContext(): Promise<RenderContext> {
    await this.bundleReady;
    if (!this.bundle) throw this.problems.asError();
    const m = this.site.model!;
    return renderContextOf({
      config: m.config,
      table: m.table,
      strings: m.strings,
      bundle: this.bundle,
      dev: true,
      extraCss: [
        ...(this.brand ? [`${m.config.baseUrl}${BRAND_CSS}`] : []),
        ...(this.componentCss() ? [`${m.config.baseUrl}${COMPONENT_CSS}`] : []),
      ],
      islandLoader: this.islands.loader,
      pageModules: this.pageModules,
      images: this.images.images,
      islands: this.islands.urls(),
      sitePages: this.sitePages,
      overrides: this.overrides,
    });
  }

  /** The chunks of the islands a route's page uses, bundled before it is drawn (cli/islands/dev-islands.ts). */
  private async prepareIslands(route: Route): Promise<void> {
    const m = this.site.model!;
    if (route.kind === "sitePage" && route.page.kind === "react" && !this.sitePages.has(route.page.file)) {
      this.sitePages.set(
        route.page.file,
        await bundleSitePage(
          m.config.rootDir,
          route.page.file,
          m.config.docusaurus?.aliases ?? {},
          pageMdx(m.config, route.page.file),
        ),
      );
    }
    // The site's theme overrides, drawn on every page (an edited one is bundled again: cli/mdx/components.ts).
    this.overrides = await bundleThemeOverrides(m.config);
    // The files React pages and overrides emitted (images, fonts), served as the build publishes them.
    const emitted = [...sitePageAssets(this.sitePages), ...(this.overrides?.assets ?? [])];
    for (const [url, src] of pageAssets([], m.config.baseUrl, emitted)) this.pageFiles.set(url, src);
    const keys = siteIslandKeys(
      [route],
      [...(route.kind === "sitePage" ? sitePageIslands(this.sitePages) : []), ...(this.overrides?.islands ?? [])],
    );
    if (keys.length) await this.islands.ensure(m.config, keys);
  }

  /**
   * An edited page's HTML for the open browser, which takes its main column and table of contents only: drawn
   * without the sidebar, the part of a doc page that costs most to render.
   */
  async renderPatch(route: PageRoute): Promise<string> {
    await this.preparePage(route);
    await this.bundleReady;
    await this.prepareIslands(route);
    try {
      const job = prepareRoute(await this.renderContext(), route);
      if (job.page.kind === "doc") job.page = { ...job.page, data: { ...job.page.data, sidebar: undefined } };
      const html = await this.renderInWorker(job, route);
      this.problems.clear(`render:${route.origin}`);
      return html;
    } catch (err) {
      this.problems.report(`render:${route.origin}`, renderError(err, route));
      throw err;
    }
  }

  /** A route's page, with the live script. */
  async render(route: Route): Promise<string> {
    if (isPageRoute(route)) await this.preparePage(route);
    if (route.kind === "page" && !this.pageModules.has(route.module.abs)) {
      const { abs, file } = route.module;
      try {
        const mod = await loadPageModule(this.root, abs, file, this.site.cache);
        await this.images.addPage(
          file,
          (mod.meta?.images ?? []).map((src) => ({ src, line: 1, alt: "" })),
        );
        this.pageModules.set(abs, mod);
        this.problems.clear(`module:${file}`);
      } catch (err) {
        this.problems.report(`module:${file}`, err);
        throw err;
      }
    }
    try {
      await this.bundleReady;
      await this.prepareIslands(route);
      const html = await this.renderInWorker(prepareRoute(await this.renderContext(), route), route);
      this.problems.clear(`render:${route.origin}`);
      return withLiveScript(html);
    } catch (err) {
      this.problems.report(`render:${route.origin}`, err);
      throw err;
    }
  }

  /**
   * A route's HTML, drawn in the dev server's worker thread as the build draws it: there the page time limit can stop
   * a page whose code runs forever (pipeline/time-limit.ts), which in this thread would hold the whole server.
   */
  private async renderInWorker(job: RenderJob, route: Route): Promise<string> {
    const [r] = await this.site.workers().html([job], pageTimeLimitMs(job.document.config));
    if (r.ok) return r.value;
    throw r.error instanceof PageTimeLimitError ? r.error.at(route.origin) : renderError(r.error, route);
  }
}
