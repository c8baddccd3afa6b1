// How `docsite dev` answers a request: the live script and its event stream, redirects to a page's one address,
// the client bundle's files, the components' stylesheet, page images and files, the search index (every page
// compiled first), static/ through the same path rule as `serve`, and pages (a 404 page for a path no route has).
// Whatever fails is shown as a page, never stops the server.
import type http from "node:http";
import { join } from "node:path";
import { readFile, stat } from "node:fs/promises";
import type { DevPages } from "../dev/dev-pages.ts";
import { BRAND_CSS, COMPONENT_CSS } from "../dev/dev-pages.ts";
import type { ProblemBoard } from "../dev/problem-board.ts";
import type { LiveChannel } from "../dev/live-channel.ts";
import type { Activity, WarmUp } from "../dev/warm-up.ts";
import { errorPage } from "../dev/error-page.ts";
import { withLiveScript, LIVE_EVENTS, LIVE_SCRIPT } from "../dev/live-client.ts";
import type { Route } from "../routes/types.ts";
import { sameSite } from "./serve.ts";
import { cleanPath } from "../../theme/clean-path.ts";
import { publicPath } from "../routes/public-url.ts";
import { decodeRequestPath, fileInside } from "./safe-path.ts";
import { contentType } from "./mime.ts";
import { encodePath } from "../content/paths.ts";

const isFile = (p: string) =>
  stat(p).then(
    (s) => s.isFile(),
    () => false,
  );

interface DevRequests {
  pages: DevPages;
  warmUp: WarmUp;
  problems: ProblemBoard;
  live: LiveChannel;
  activity: Activity;
  /** Resolves when the first load of the model is done. */
  modelReady: Promise<unknown>;
  /** The live script, once bundled. */
  liveScript: () => Promise<string>;
  /** Called with each page route served (the start measures its first one). */
  served: (route: Route) => void;
}

export function devResponder(d: DevRequests): (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> {
  const { pages, live } = d;
  const root = pages.root;

  return async (req, res) => {
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
    d.activity.last = performance.now();
    await d.modelReady;
    if (pathname === LIVE_SCRIPT) {
      const script = await d.liveScript();
      res.writeHead(200, { "Content-Type": contentType(pathname), "Cache-Control": "no-cache" }).end(script);
      return;
    }
    // Folder URLs: `x.html`, `x/index.html` → `x/` (301).
    // Slash-less URLs (trailingSlash false): `x.html` → `x` (308).
    const slash = pages.site.model?.config.trailingSlash ?? true;
    const clean = cleanPath(rawPath, slash);
    if (clean !== rawPath) {
      res.writeHead(slash ? 301 : 308, { Location: sameSite(clean) }).end();
      return;
    }
    const m = pages.site.model;
    if (pathname.startsWith("/assets/")) await pages.bundled();
    if (!m) {
      res
        .writeHead(500, { "Content-Type": "text/html; charset=utf-8" })
        .end(
          withLiveScript(errorPage(d.problems.size ? d.problems.asError() : new Error("the site could not be loaded"))),
        );
      return;
    }
    const brand = pages.brand;
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
        .end(pages.componentCss() ?? "");
      return;
    }
    const asset =
      pages.bundle?.files.get(pathname.slice(1)) ?? pages.islands.file(pathname.slice(m.config.baseUrl.length));
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
    const file = pages.images.fileOf(rel) ?? (pages.pageFiles.has(rel) ? join(root, pages.pageFiles.get(rel)!) : null);
    if (file) {
      res.writeHead(200, { "Content-Type": contentType(file) }).end(await readFile(file));
      return;
    }
    if (rel.startsWith("search-index/")) {
      // The index needs every page's text: what the warm-up has not compiled yet compiles now.
      const body = await pages.searchFile(rel, () => d.warmUp.compilePending(false));
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
    const html = await pages.render(route);
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(html);
    d.served(route);
  };
}
