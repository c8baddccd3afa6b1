// `docsite dev`: listens at once, loads the site lazily (cli/dev/dev-site.ts: config, content, front matter, route
// table and sidebars; no page compiled), compiles a page when it is first requested, and compiles the rest in the
// background while the server is idle. A saved page is compiled again alone and its new HTML pushed to the open
// browser, which puts the content in place (theme/client/dev-live.ts); a layout change (config, strings,
// sidebars, front matter, theme) reloads open pages. Problems show in an overlay and the terminal; the server
// keeps running whatever fails.
import http from "node:http";
import { join, relative, sep } from "node:path";
import { readFile, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import { setImmediate as yieldToRequests } from "node:timers/promises";
import { DevSite, isPageRoute, type PageRoute, type Plan } from "../dev/dev-site.ts";
import { DevImages } from "../dev/dev-images.ts";
import { watchTree, type TreeWatcher, type WatchEvent } from "../dev/watch-tree.ts";
import { ChangeQueue, type Batch } from "../dev/change-queue.ts";
import { ProblemBoard, plain } from "../dev/problem-board.ts";
import { LiveChannel } from "../dev/live-channel.ts";
import { bundleLiveClient, withLiveScript, LIVE_EVENTS, LIVE_SCRIPT } from "../dev/live-client.ts";
import { pageLinkProblems } from "../dev/page-links.ts";
import { loadPageModule, type PageModule } from "../render/page-module.ts";
import { renderRoute, prepareRoute, renderError, type RenderContext } from "../render/render-route.ts";
import type { Route } from "../routes/types.ts";
import { checkLinks, type LinkProblem } from "../links/check.ts";
import { pageAssets, componentStylesheet } from "../pipeline/page-assets.ts";
import { PageErrors } from "../pipeline/page-errors.ts";
import { BuildCache } from "../cache/cache.ts";
import { searchFiles } from "../search/index.ts";
import { bundleClient, type ClientBundle } from "../client/bundle.ts";
import { DevIslands } from "../islands/dev-islands.ts";
import { brandStylesheet, type BrandStylesheet } from "../brand/brand-css.ts";
import { siteIslandKeys } from "../islands/site-islands.ts";
import { bundleSitePage, type SitePageBuild } from "../pages/bundle-page.ts";
import { sitePageIslands, sitePageStyles } from "../pages/site-pages.ts";
import { sameSite } from "./serve.ts";
import { cleanPath } from "../../theme/clean-path.ts";
import { publicPath } from "../routes/public-url.ts";
import { decodeRequestPath, fileInside } from "./safe-path.ts";
import { contentType } from "./mime.ts";
import { escapeHtml } from "../render/html.ts";
import { encodePath } from "../routes/paths.ts";
import { createLogger, formatError, DocsiteError, location } from "../log.ts";
import { heldLogger, listen } from "./listen.ts";

/** Where `dev` serves the project components' stylesheet (`build` writes a content-hashed file instead). */
const COMPONENT_CSS = "assets/dev-components.css";
/** Where `dev` serves the site's own stylesheets (cli/brand/). */
const BRAND_CSS = "assets/dev-brand.css";

/** The background compile waits until no request or edit came for this long. */
const IDLE_MS = 1000;
/**
 * What `dev` watches in the site folder (those that exist). `src/`: an imported Docusaurus project's components,
 * styles and partials; their pages record them (depHashes), so a change there goes the layout way: the model
 * reloads and the pages that use the file compile again.
 */
export const WATCHED = ["content", "i18n", "site.config.json", "src", "static", "theme"];

/** A content page's source file (partials, in `_` folders, are read through the pages that import them). */
const SOURCE = /^content\/[^/]+\/(docs|blog)\/.+\.mdx?$/;

function errorPage(err: unknown): string {
  const text = plain(formatError(err));
  const where = err instanceof DocsiteError ? location(err.where) : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>docsite: build error</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#1e1e1e;color:#eee}main{max-width:900px;margin:40px auto;padding:0 20px}h1{color:#ff6b6b;font-size:20px}pre{white-space:pre-wrap;background:#2b2b2b;padding:16px;border-radius:6px}</style></head>
<body><main><h1>Build error${where ? ` in ${escapeHtml(where)}` : ""}</h1><pre>${escapeHtml(text)}</pre><p>Fix the file and save: this page reloads by itself.</p></main></body></html>`;
}

const isFile = (p: string) =>
  stat(p).then(
    (s) => s.isFile(),
    () => false,
  );

export interface DevOptions {
  root: string;
  port: number;
  host?: string;
  quiet?: boolean;
  /** The background compile starts after this long without requests or edits (default 1 s). */
  idleMs?: number;
}

export interface DevServer {
  server: http.Server;
  /** The lazy model: which pages compiled (tests read `site.compileLog`). */
  site: DevSite;
  /** Resolves when the first load is done (the model, the client bundle). */
  ready: Promise<void>;
  /** Resolves when file changes are being watched. */
  watching: Promise<void>;
}

export async function dev(opts: DevOptions): Promise<http.Server> {
  return (await startDev(opts)).server;
}

export async function startDev(opts: DevOptions): Promise<DevServer> {
  const { root } = opts;
  const idleMs = opts.idleMs ?? IDLE_MS;
  // What loading the site says is held until the port is open: a taken port is then the only line.
  const held = heldLogger(createLogger({ quiet: opts.quiet }));
  const logger = held.logger;
  const site = new DevSite(root);
  const live = new LiveChannel();
  let images = new DevImages(root, "/");
  let bundle: ClientBundle | null = null;
  let liveScript = "";
  const pageModules = new Map<string, PageModule>();
  const islands = new DevIslands();
  let brand: BrandStylesheet | null = null;
  /** The site's React pages, bundled when first drawn (cli/pages/), by file. */
  const sitePages = new Map<string, SitePageBuild>();
  /** Files pages import (a PDF, a video), by path under the base URL → file in the site folder. */
  const pageFiles = new Map<string, string>();
  let search: Map<string, string> | null = null;
  let lastActivity = 0;
  /** Requests being answered (event streams aside): the background compile waits for them. */
  let inFlight = 0;
  let firstServed = false;
  let closed = false;

  const problems = new ProblemBoard(live, logger);
  const report = (key: string, err: unknown) => problems.report(key, err);
  const clear = (key: string) => problems.clear(key);
  const warned = new Set<string>();

  async function loadModel(): Promise<boolean> {
    try {
      const m = await site.load();
      if (images.baseUrl !== m.config.baseUrl) images = new DevImages(root, m.config.baseUrl);
      // The site's own stylesheets (cli/brand/), made again with every load (a change in src/ reloads).
      try {
        brand = await brandStylesheet(m.config);
        clear("brand");
      } catch (err) {
        report("brand", err);
      }
      search = null;
      // Each warning once per server run, not again on every load.
      for (const w of m.warnings) if (!warned.has(w) && warned.add(w)) logger.warn(w);
      clear("load");
      // The config's own links (navbar, footer) are checked once per load; pages' links when they compile.
      linkProblems(
        "config",
        pageLinkProblems(m.config, m.table, null, m.extraFiles, (c) => site.isPending(c)),
      );
      return true;
    } catch (err) {
      report("load", err);
      return false;
    }
  }

  /** Link problems found for one page (or the config), by the config's severities. */
  function linkProblems(key: string, found: LinkProblem[]): void {
    const config = site.model!.config;
    const severe: LinkProblem[] = [];
    for (const p of found) {
      const severity = p.kind === "link" ? config.onBrokenLinks : config.onBrokenAnchors;
      if (severity === "throw") severe.push(p);
      else if (severity === "warn") logger.warn(`${location(p)}: ${p.message}`);
    }
    if (severe.length)
      report(
        `links:${key}`,
        severe.length === 1
          ? new DocsiteError(severe[0].message, severe[0], "fix the link target")
          : new PageErrors(
              severe.map((p) => new DocsiteError(p.message, p, "fix the link target")),
              0,
            ),
      );
    else clear(`links:${key}`);
  }

  /**
   * Compiles a page's MDX (when not done yet) and checks what the build checks for it: components, imports,
   * images, links. False when it never compiled, so there is nothing to show.
   */
  async function preparePage(route: PageRoute): Promise<boolean> {
    const m = site.model!;
    const file = route.source.file;
    const plan = site.planOf(route);
    try {
      if (plan) await site.compile(plan);
      clear(`compile:${file}`);
    } catch (err) {
      report(`compile:${file}`, err);
      if (site.isPending(route.compiled)) throw err;
    }
    try {
      for (const w of await images.addPage(file, route.compiled.images)) logger.warn(w);
      clear(`images:${file}`);
    } catch (err) {
      report(`images:${file}`, err);
    }
    for (const [url, src] of pageAssets([route.compiled], m.config.baseUrl)) pageFiles.set(url, src);
    linkProblems(
      file,
      pageLinkProblems(m.config, m.table, route, m.extraFiles, (c) => site.isPending(c)),
    );
    return true;
  }

  /** The project components' CSS of the pages compiled so far (an imported Docusaurus site's `src/components`). */
  function componentCss(): string | undefined {
    const m = site.model!;
    const compiled = m.table.routes.flatMap((r) => ("compiled" in r && r.compiled ? [r.compiled] : []));
    return componentStylesheet(compiled, m.config.baseUrl, sitePageStyles(sitePages))?.css;
  }

  /** The context pages render with (once the client bundle, whose file names pages refer to, is made). */
  async function renderContext(): Promise<RenderContext> {
    await bundleReady;
    if (!bundle) throw problems.asError();
    const m = site.model!;
    return {
      config: m.config,
      table: m.table,
      strings: m.strings,
      assets: {
        entry: bundle.entry,
        css: bundle.css,
        extraCss: [
          ...(brand ? [`${m.config.baseUrl}${BRAND_CSS}`] : []),
          ...(componentCss() ? [`${m.config.baseUrl}${COMPONENT_CSS}`] : []),
        ],
        preload: [],
        movingPictures: bundle.movingPictures,
        ...(islands.loader ? { islands: islands.loader } : {}),
      },
      pageModules,
      images: images.images,
      islands: islands.urls(),
      sitePages,
    };
  }

  /** The chunks of the islands a route's page uses, bundled before it is drawn (cli/islands/dev-islands.ts). */
  async function prepareIslands(route: Route): Promise<void> {
    if (route.kind === "sitePage" && route.page.kind === "react" && !sitePages.has(route.page.file)) {
      const m = site.model!;
      sitePages.set(
        route.page.file,
        await bundleSitePage(m.config.rootDir, route.page.file, m.config.docusaurus?.aliases ?? {}),
      );
    }
    const keys = siteIslandKeys([route], route.kind === "sitePage" ? sitePageIslands(sitePages) : []);
    if (keys.length) await islands.ensure(site.model!.config, keys);
  }

  /**
   * An edited page's HTML for the open browser, which takes its main column and table of contents only: drawn
   * without the sidebar, the part of a doc page that costs most to render.
   */
  async function renderPatch(route: PageRoute): Promise<string> {
    await preparePage(route);
    await bundleReady;
    await prepareIslands(route);
    const { renderJob } = await import("../render/render-job.ts");
    try {
      const job = prepareRoute(await renderContext(), route);
      if (job.page.kind === "doc") job.page = { ...job.page, data: { ...job.page.data, sidebar: undefined } };
      const html = await renderJob(job);
      clear(`render:${route.origin}`);
      return html;
    } catch (err) {
      report(`render:${route.origin}`, renderError(err, route));
      throw err;
    }
  }

  async function render(route: Route): Promise<string> {
    if (isPageRoute(route)) await preparePage(route);
    if (route.kind === "page" && !pageModules.has(route.module.abs)) {
      const { abs, file } = route.module;
      try {
        const mod = await loadPageModule(root, abs, file, BuildCache.forSite(root));
        await images.addPage(
          file,
          (mod.meta?.images ?? []).map((src) => ({ src, line: 1, alt: "" })),
        );
        pageModules.set(abs, mod);
        clear(`module:${file}`);
      } catch (err) {
        report(`module:${file}`, err);
        throw err;
      }
    }
    try {
      await bundleReady;
      await prepareIslands(route);
      const html = await renderRoute(await renderContext(), route);
      clear(`render:${route.origin}`);
      return withLiveScript(html);
    } catch (err) {
      report(`render:${route.origin}`, err);
      throw err;
    }
  }

  // Start: the server listens at once. A page request waits for the model only (no page compiled): its compile
  // runs while esbuild (a process of its own) bundles the client, which only its render waits for.
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const modelReady = loadModel();
  // esbuild itself (not the build cache, whose key hashes every file of docsite's code on this thread).
  const bundleReady = bundleClient({ baseUrl: "/", dev: true, islands: true }).then(
    (b) => {
      bundle = b;
    },
    (err) => report("theme", err),
  );
  const liveReady = bundleLiveClient().then((s) => {
    liveScript = s;
  });
  // React's server renderer and the theme load meanwhile (their files are read and transpiled off this thread).
  const rendererReady = import("../render/render-job.ts").catch(() => undefined);
  // So does the MDX compiler the first requested page needs (a page's compile would otherwise load it then).
  void import("../mdx/toolchain.ts").catch(() => undefined);
  const ready = Promise.all([modelReady, bundleReady, liveReady, rendererReady]).then(([loaded]) => {
    if (loaded)
      logger.info(
        `ready in ${(performance.now() - t0).toFixed(0)} ms (${site.model!.table.routes.length} routes; ` +
          "pages compile when first requested, the rest in the background)",
      );
    void warmUp();
  });

  /** Compiles every page not compiled yet, one at a time; `whenIdle`: only while no request or edit comes. */
  async function compilePending(whenIdle: boolean): Promise<void> {
    for (;;) {
      if (closed) return;
      if (whenIdle && (inFlight > 0 || changes.busy || performance.now() - lastActivity < idleMs)) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const plan = site.pendingPlans()[0];
      if (!plan) return;
      try {
        await site.compile(plan);
        clear(`compile:${plan.source.file}`);
      } catch (err) {
        report(`compile:${plan.source.file}`, err);
      }
      await yieldToRequests();
    }
  }

  /** The background warm-up: then every link is checked, and titles taken from content show in sidebars. */
  async function warmUp(): Promise<void> {
    const started = performance.now();
    await compilePending(true);
    const m = site.model;
    if (closed || !m) return;
    const before = JSON.stringify(m.table.routes.map(titleOf));
    if (!(await loadModel())) return;
    const after = site.model!;
    const byFile = new Map<string, LinkProblem[]>();
    for (const r of after.table.routes) if (isPageRoute(r)) byFile.set(r.origin, []);
    const extra = new Set([...after.extraFiles, ...pageFiles.keys()]);
    for (const p of checkLinks(after.config, after.table, extra)) byFile.get(p.file)?.push(p);
    for (const [file, found] of byFile) linkProblems(file, found);
    logger.info(`all pages compiled and checked (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    if (JSON.stringify(after.table.routes.map(titleOf)) !== before) live.send({ type: "reload" });
  }

  const changes = new ChangeQueue(applyChanges, (err) => report("change", err));

  async function applyChanges(batch: Batch): Promise<void> {
    let layout = false;
    let theme = false;
    let reload = false;
    const edited: Plan[] = [];
    const sources: string[] = [];
    for (const [abs, event] of batch) {
      const rel = relative(root, abs).split(sep).join("/");
      if (SOURCE.test(rel)) sources.push(rel);
      if (rel.startsWith("theme/")) theme = true;
      else if (rel.startsWith("static/")) reload = true;
      else if (event === "change" && SOURCE.test(rel) && site.model) {
        try {
          const change = await site.sourceChanged(abs);
          clear(`source:${rel}`);
          if (change.kind === "layout") layout = true;
          else edited.push(...change.plans);
        } catch (err) {
          // Bad front matter: the page keeps its last good state; the overlay names the line.
          report(`source:${rel}`, err);
        }
      } else layout = true;
    }
    if (theme) {
      try {
        bundle = await bundleClient({ baseUrl: "/", dev: true, islands: true });
        clear("theme");
      } catch (err) {
        report("theme", err);
      }
    }
    if (layout || theme) {
      pageModules.clear();
      sitePages.clear();
      if (await loadModel()) {
        // Saved pages compile now, so their problems show before any page asks for them.
        const saved = new Set(sources);
        const plans = site.model!.plans.filter((p) => saved.has(p.source.file));
        for (const route of site.routesOf(plans)) await preparePage(route).catch(() => undefined);
        live.send({ type: "reload" });
        void warmUp();
      }
      // Otherwise the last good model stays and the overlay names the problem.
      return;
    }
    if (reload) live.send({ type: "reload" });
    search = null;
    for (const route of site.routesOf(edited)) {
      try {
        // With no page open, the page is only compiled and checked (its problems still show in the terminal).
        if (!live.count) {
          await preparePage(route);
          continue;
        }
        // The address the browser shows: slash-less with trailingSlash false.
        const path = site.model ? publicPath(site.model.config, route.path) : route.path;
        live.send({ type: "page", path, html: await renderPatch(route) });
      } catch {
        /* reported: the open page keeps its content and shows the overlay */
      }
    }
  }

  const watched = WATCHED.map((p) => join(root, p));
  // Watching starts once the first page is out, or half a second after the start is done: its scan of the
  // folders would slow the first page down.
  let watcher: TreeWatcher | null = null;
  let watchingNow: () => void = () => undefined;
  const watching = new Promise<void>((resolve) => {
    watchingNow = resolve;
  });
  const startWatching = () => {
    if (watcher || closed) return;
    watcher = watchTree(watched.filter(existsSync), onFileEvent);
    watchingNow();
  };
  void ready.then(() => setTimeout(startWatching, 500));
  function onFileEvent(event: WatchEvent, file: string): void {
    lastActivity = performance.now();
    changes.push(event, file);
  }

  async function respond(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }).end("Use GET or HEAD\n");
      return;
    }
    const decoded = decodeRequestPath(req.url);
    if (!decoded.ok) {
      res
        .writeHead(decoded.status, { "Content-Type": "text/plain; charset=utf-8" })
        .end(`Bad request: ${decoded.reason}\n`);
      return;
    }
    const pathname = decoded.path;
    const rawPath = (req.url ?? "/").split(/[?#]/)[0];
    if (pathname === LIVE_EVENTS) {
      live.attach(req, res);
      return;
    }
    lastActivity = performance.now();
    await modelReady;
    if (pathname === LIVE_SCRIPT) {
      await liveReady;
      res.writeHead(200, { "Content-Type": contentType(pathname), "Cache-Control": "no-cache" }).end(liveScript);
      return;
    }
    // Folder URLs: `x.html`, `x/index.html` → `x/` (301).
    // Slash-less URLs (trailingSlash false): `x.html` → `x` (308).
    const slash = site.model?.config.trailingSlash ?? true;
    const clean = cleanPath(rawPath, slash);
    if (clean !== rawPath) {
      res.writeHead(slash ? 301 : 308, { Location: sameSite(clean) }).end();
      return;
    }
    const m = site.model;
    if (pathname.startsWith("/assets/")) await bundleReady;
    if (!m) {
      res
        .writeHead(500, { "Content-Type": "text/html; charset=utf-8" })
        .end(withLiveScript(errorPage(problems.size ? problems.asError() : new Error("the site could not be loaded"))));
      return;
    }
    if (brand && pathname === `${m.config.baseUrl}${BRAND_CSS}`) {
      res.writeHead(200, { "Content-Type": contentType(pathname), "Cache-Control": "no-cache" }).end(brand.css);
      return;
    }
    const brandAsset = brand?.assets.get(pathname.slice(m.config.baseUrl.length));
    if (brandAsset) {
      res.writeHead(200, { "Content-Type": contentType(pathname) }).end(brandAsset);
      return;
    }
    if (pathname === `${m.config.baseUrl}${COMPONENT_CSS}`) {
      // Not hashed as in a build: the stylesheet grows as pages compile, so it is asked for again on each load.
      res
        .writeHead(200, { "Content-Type": contentType(pathname), "Cache-Control": "no-cache" })
        .end(componentCss() ?? "");
      return;
    }
    const asset = bundle?.files.get(pathname.slice(1)) ?? islands.file(pathname.slice(m.config.baseUrl.length));
    if (asset) {
      // Asset names carry a hash of their content: a reload after an edit takes them from the browser's cache.
      res
        .writeHead(200, {
          "Content-Type": contentType(pathname),
          "Cache-Control": "public, max-age=31536000, immutable",
        })
        .end(asset);
      return;
    }
    const rel = pathname.slice(m.config.baseUrl.length);
    const file = images.fileOf(rel) ?? (pageFiles.has(rel) ? join(root, pageFiles.get(rel)!) : null);
    if (file) {
      res.writeHead(200, { "Content-Type": contentType(file) }).end(await readFile(file));
      return;
    }
    if (rel.startsWith("search-index/")) {
      // The index needs every page's text: compile what the warm-up has not reached yet.
      if (!search) {
        await compilePending(false);
        search = searchFiles(m.config, m.table, m.strings);
      }
      const body = search.get(rel);
      if (body === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "Content-Type": contentType(rel) }).end(body);
      return;
    }
    // static/ is served as it is, through the same path rule as `serve` (never a sibling such as static-secret/).
    const staticFile = pathname.endsWith("/") ? null : fileInside(join(root, "static"), pathname);
    if (staticFile && (await isFile(staticFile))) {
      res.writeHead(200, { "Content-Type": contentType(staticFile) }).end(await readFile(staticFile));
      return;
    }
    // Route paths are stored URL-encoded (a file name with a space); the request path arrives decoded.
    const routeAt = (p: string) => m.table.byPath.get(p) ?? m.table.byPath.get(encodePath(p));
    // Slash-less URLs: `/docs/intro` is the route `/docs/intro/`, and `/docs/intro/` redirects to it (308).
    if (!slash && pathname.endsWith("/") && publicPath(m.config, pathname) !== pathname && routeAt(pathname)) {
      res
        .writeHead(308, {
          Location: sameSite(rawPath.slice(0, -1)) + (req.url ?? "").slice(rawPath.length).split("#")[0],
        })
        .end();
      return;
    }
    let route = routeAt(pathname) ?? (slash || pathname.endsWith("/") ? undefined : routeAt(`${pathname}/`));
    let status = 200;
    if (!route) {
      status = 404;
      const locale = m.config.i18n.locales.find((l) => pathname.startsWith(`/${l}/`)) ?? m.config.i18n.defaultLocale;
      route = m.table.routes.find((r) => r.kind === "notFound" && r.locale === locale);
    }
    if (!route) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    const html = await render(route);
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(html);
    if (!firstServed) {
      firstServed = true;
      startWatching();
      const cpu = process.cpuUsage(cpu0);
      logger.info(
        `first page served ${(performance.now() - t0).toFixed(0)} ms after start ` +
          `(${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU; ${route.path})`,
      );
    }
  }

  // No request can stop the server: whatever fails is shown as a page (or cuts a response already under way).
  const server = http.createServer((req, res) => {
    inFlight++;
    let counted = true;
    const done = () => {
      if (counted) inFlight--;
      counted = false;
    };
    res.on("close", done);
    if (req.url?.startsWith(LIVE_EVENTS)) done();
    respond(req, res).catch((err) => {
      logger.error(formatError(err));
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { "Content-Type": "text/html; charset=utf-8" }).end(withLiveScript(errorPage(err)));
    });
  });
  try {
    await listen(server, opts.port, opts.host);
    held.release();
  } catch (err) {
    held.drop();
    // Nothing keeps running: the caller gets the error (a taken port), not a half-started server.
    closed = true;
    changes.close();
    live.close();
    (watcher as TreeWatcher | null)?.close();
    throw err;
  }
  // Closing also ends the open event streams, which would otherwise keep the server from closing.
  const closeServer = server.close.bind(server);
  server.close = (done?: (err?: Error) => void) => {
    closed = true;
    changes.close();
    live.close();
    watcher?.close();
    return closeServer(done);
  };
  return { server, site, ready, watching };
}

const titleOf = (r: Route) =>
  r.kind === "doc" ? [r.title, r.description] : r.kind === "blogPost" ? [r.post.title, r.post.description] : null;
