// `docsite dev`: renders pages on request from an in-memory model, rebuilds the model when content, config or
// strings change (compiled pages come from the cache, so only edited files recompile), rebundles when the theme
// changes, and tells open pages to reload over Server-Sent Events. Errors show in the browser and the terminal.
import { componentStylesheet } from "../pipeline/page-assets.ts";
import http from "node:http";
import { join, relative } from "node:path";
import chokidar from "chokidar";
import { loadSite, loadPageModules, type SiteModel } from "../pipeline/build.ts";
import type { PageModule } from "../render/page-module.ts";
import { searchFiles } from "../search/index.ts";
import { bundleClient, type ClientBundle } from "../client/bundle.ts";
import { renderRoute } from "../render/render-route.ts";
import { runImageStage, contentImages, pageModuleImages, type ImageStageResult } from "../images/stage.ts";
import { canonicalRedirect, sameSite } from "./serve.ts";
import { decodeRequestPath, fileInside } from "./safe-path.ts";
import { contentType } from "./mime.ts";
import { escapeHtml } from "../render/html.ts";
import { encodePath } from "../routes/paths.ts";
import { createLogger, formatError, DocsiteError, location } from "../log.ts";
import { readFile, stat } from "node:fs/promises";
import { existsSync } from "node:fs";

const RELOAD_SCRIPT = `<script>new EventSource("/__docsite/events").onmessage=function(){location.reload()}</script>`;

function errorPage(err: unknown): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
  const text = formatError(err).replace(/\x1b\[[0-9;]*m/g, "");
  const where = err instanceof DocsiteError ? location(err.where) : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>docsite: build error</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#1e1e1e;color:#eee}main{max-width:900px;margin:40px auto;padding:0 20px}h1{color:#ff6b6b;font-size:20px}pre{white-space:pre-wrap;background:#2b2b2b;padding:16px;border-radius:6px}</style></head>
<body><main><h1>Build error${where ? ` in ${escapeHtml(where)}` : ""}</h1><pre>${escapeHtml(text)}</pre><p>Fix the file and save: this page reloads by itself.</p></main>${RELOAD_SCRIPT}</body></html>`;
}

const isFile = (p: string) =>
  stat(p).then(
    (s) => s.isFile(),
    () => false,
  );

export async function dev(opts: { root: string; port: number; host?: string; quiet?: boolean }): Promise<http.Server> {
  const logger = createLogger({ quiet: opts.quiet });
  let site: SiteModel | null = null;
  let pageModules = new Map<string, PageModule>();
  // The search index is built on the first search request after a change, not on every edit.
  let search: Map<string, string> | null = null;
  let bundle: ClientBundle | null = null;
  let images: ImageStageResult | null = null;
  let failure: unknown = null;
  const clients = new Set<http.ServerResponse>();

  async function rebuild(what: "all" | "content"): Promise<void> {
    const t0 = performance.now();
    try {
      if (what === "all" || !bundle) bundle = await bundleClient({ baseUrl: "/", dev: true });
      const next = await loadSite({ root: opts.root, logger: createLogger({ quiet: true }), drafts: true });
      pageModules = await loadPageModules(next);
      images = await runImageStage({
        root: opts.root,
        cacheDir: join(opts.root, ".docsite", "cache"),
        baseUrl: next.config.baseUrl,
        pages: [
          ...contentImages(next.table.routes as Parameters<typeof contentImages>[0]),
          ...pageModuleImages(next.index.pages, pageModules),
        ],
        logger: createLogger({ quiet: true }),
      });
      site = next;
      search = null;
      failure = null;
      logger.info(`rebuilt in ${(performance.now() - t0).toFixed(0)} ms (${site.table.routes.length} routes)`);
    } catch (err) {
      failure = err;
      logger.error(formatError(err));
    }
    for (const c of clients) c.write("data: reload\n\n");
  }
  await rebuild("all");

  const watcher = chokidar.watch(
    ["content", "i18n", "site.config.json", "static", "theme"].map((p) => join(opts.root, p)).filter(existsSync),
    { ignoreInitial: true },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: "all" | "content" = "content";
  watcher.on("all", (_event, file) => {
    if (relative(opts.root, file).startsWith("theme")) pending = "all";
    clearTimeout(timer);
    timer = setTimeout(() => {
      const w = pending;
      pending = "content";
      rebuild(w);
    }, 80);
  });

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
    if (pathname === "/__docsite/events") {
      res.writeHead(200, {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-cache",
        Connection: "keep-alive",
      });
      res.write(": connected\n\n");
      clients.add(res);
      req.on("close", () => clients.delete(res));
      return;
    }
    const to = canonicalRedirect(rawPath);
    if (to) {
      res.writeHead(301, { Location: sameSite(to) }).end();
      return;
    }
    if (failure || !site || !bundle) {
      res
        .writeHead(500, { "Content-Type": "text/html; charset=utf-8" })
        .end(errorPage(failure ?? new Error("still building")));
      return;
    }
    const asset = bundle.files.get(pathname.slice(1));
    if (asset) {
      res.writeHead(200, { "Content-Type": contentType(pathname) }).end(asset);
      return;
    }
    const current = site;
    const rel = pathname.slice(current.config.baseUrl.length);
    // Project components' CSS (cli/mdx/components.ts), as the build publishes it.
    const componentCss = componentStylesheet(
      current.table.routes.flatMap((r) => ("compiled" in r ? [r.compiled] : [])),
      current.config.baseUrl,
    );
    if (componentCss && rel === componentCss.file) {
      res.writeHead(200, { "Content-Type": "text/css; charset=utf-8" }).end(componentCss.css);
      return;
    }
    const image = images?.files.get(rel);
    if (image) {
      res.writeHead(200, { "Content-Type": contentType(rel) }).end(image);
      return;
    }
    if (rel.startsWith("search-index/")) {
      search ??= searchFiles(current.config, current.table, current.strings);
      const file = search.get(rel);
      if (file === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "Content-Type": contentType(rel) }).end(file);
      return;
    }
    // static/ is served as it is, through the same path rule as `serve` (never a sibling such as static-secret/).
    const staticFile = pathname.endsWith("/") ? null : fileInside(join(opts.root, "static"), pathname);
    if (staticFile && (await isFile(staticFile))) {
      res.writeHead(200, { "Content-Type": contentType(staticFile) }).end(await readFile(staticFile));
      return;
    }
    // Route paths are stored URL-encoded (a file name with a space); the request path arrives decoded.
    let route = site.table.byPath.get(pathname) ?? site.table.byPath.get(encodePath(pathname));
    let status = 200;
    if (!route) {
      status = 404;
      const locale =
        site.config.i18n.locales.find((l) => pathname.startsWith(`/${l}/`)) ?? site.config.i18n.defaultLocale;
      route = site.table.routes.find((r) => r.kind === "notFound" && r.locale === locale);
    }
    if (!route) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    const html = await renderRoute(
      {
        config: site.config,
        table: site.table,
        strings: site.strings,
        assets: {
          entry: bundle.entry,
          css: componentCss ? [...bundle.css, componentCss.url] : bundle.css,
          preload: [],
        },
        pageModules,
        images: images?.images,
      },
      route,
    );
    res
      .writeHead(status, { "Content-Type": "text/html; charset=utf-8" })
      .end(html.replace("</body>", `${RELOAD_SCRIPT}</body>`));
  }

  // No request can stop the server: whatever fails is shown as a page (or cuts a response already under way).
  const server = http.createServer((req, res) => {
    respond(req, res).catch((err) => {
      logger.error(formatError(err));
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { "Content-Type": "text/html; charset=utf-8" }).end(errorPage(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? "127.0.0.1", resolve));
  server.on("close", () => watcher.close());
  return server;
}
