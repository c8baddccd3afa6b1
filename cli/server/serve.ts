// `docsite serve`: the built site over HTTP on 127.0.0.1, as a static host would serve it: clean URLs with a
// trailing slash (folder pages, x/index.html) or without one (trailingSlash false: pages written as x.html, which
// `/x` answers and `/x/` and `/x.html` redirect to with 308, as GitHub Pages-like hosts do), *.html and index.html
// of folder pages redirected to the clean path, the 404 page with status 404 for unknown
// paths, immutable caching for content-hashed assets, and the headers of the site's `_headers` file (security
// headers, written by the build), text compressed with brotli or gzip (compress.ts). GET and HEAD only; every
// path is checked by safe-path.ts before it reaches the file system, and no request can stop the process: any
// failure is answered with a status.
import http from "node:http";
import { createReadStream, readFileSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { cleanPath } from "../../theme/clean-path.ts";
import { decodeRequestPath, fileInside } from "./safe-path.ts";
import { contentType } from "./mime.ts";
import { parseRange } from "./range.ts";
import { parseHeadersFile, headersFor, type HeaderRule } from "./headers-file.ts";
import { parseRedirects, redirectKey, type RedirectRule } from "../redirects/redirects-file.ts";
import { BASE_SECURITY_HEADERS } from "../emit/security-headers.ts";
import { CompressCache, compressible, pickEncoding } from "./compress.ts";
import { listen } from "./listen.ts";
import { builtBase } from "../links/built-base.ts";
import { configuredHost, hostAllowed, refuseHost } from "./host-check.ts";

interface ServeOptions {
  dir: string;
  port: number;
  host?: string;
  /** The path the site is served at; by default the base path its pages were built for (links/built-base.ts). */
  baseUrl?: string;
}

const HASHED = /\.[A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|json)$/;
/** Files a static host keeps to itself. */
const PRIVATE = new Set(["/_headers", "/_redirects", "/.docsite-output"]);

/** Where a request for a non-canonical page path of a folder-URL site should go, or null. */
function canonicalRedirect(pathname: string): string | null {
  const clean = cleanPath(pathname);
  return clean === pathname ? null : clean;
}

/**
 * The slash-less page (trailingSlash false) a request names in another form, or null: `/x/` and `/x.html` are the
 * page `/x` when `x.html` is a page file and `x/index.html` is not (the file layout decides, as on a static host,
 * so `serve` needs no config). The home pages (`/`, `/ru/`) are folders and never match.
 */
function slashlessRedirect(dir: string, pathname: string, rawPath: string): string | null {
  const suffix = pathname.endsWith("/")
    ? "/"
    : pathname.endsWith(".html") && !pathname.endsWith("/index.html") && !pathname.endsWith("/404.html")
      ? ".html"
      : null;
  if (!suffix) return null;
  const page = pathname.slice(0, -suffix.length);
  if (!page || page.endsWith("/") || !isPageFile(dir, `${page}.html`) || isPageFile(dir, `${page}/index.html`))
    return null;
  // The address as the request wrote it (its escapes kept), unless the suffix itself was escaped.
  return rawPath.endsWith(suffix) ? rawPath.slice(0, -suffix.length) : encodeURI(page);
}

/** A file (not a folder) inside `dir` at this decoded site path. */
const isPageFile = (dir: string, sitePath: string): boolean => {
  const f = fileInside(dir, sitePath);
  return Boolean(f && statOf(f)?.isFile());
};

/** A redirect target on this site: `//host/x` would leave it, so leading slashes collapse to one. */
export const sameSite = (path: string) => `/${path.replace(/^[/\\]+/, "")}`;

function cacheControl(pathname: string): string {
  // Content-hashed files never change under their name: bundles, and the search index's shards and fragments
  // (its manifest and config have no hash and are revalidated).
  return (pathname.startsWith("/assets/") || pathname.includes("/search-index/")) && HASHED.test(pathname)
    ? "public, max-age=31536000, immutable"
    : "public, max-age=0, must-revalidate";
}

function createHandler(opts: ServeOptions): http.RequestListener {
  // The base path, read again when the home page is replaced (a rebuild with another `baseUrl`).
  let base = opts.baseUrl ?? "/";
  let baseOf = "";
  const basePath = (): string => {
    if (opts.baseUrl) return opts.baseUrl;
    const id = fileId(join(opts.dir, "index.html"));
    if (id !== baseOf) {
      baseOf = id;
      base = builtBase(opts.dir);
    }
    return base;
  };
  // `_headers` is read again when dist/ is replaced by a rebuild (another inode) or changes.
  let rules: HeaderRule[] = [];
  let rulesOf = "";
  const compressed = new CompressCache();
  const headerRules = (): HeaderRule[] => {
    const id = fileId(join(opts.dir, "_headers"));
    if (id !== rulesOf) {
      rulesOf = id;
      try {
        rules = parseHeadersFile(readFileSync(join(opts.dir, "_headers"), "utf8"));
      } catch {
        rules = [{ pattern: /^/, headers: BASE_SECURITY_HEADERS }];
      }
    }
    return rules;
  };
  // `_redirects` (the site's redirects: cli/redirects/), read again when it changes, as `_headers` is.
  let moved = new Map<string, RedirectRule>();
  let movedOf = "";
  const redirectRules = (): Map<string, RedirectRule> => {
    const id = fileId(join(opts.dir, "_redirects"));
    if (id !== movedOf) {
      movedOf = id;
      try {
        moved = parseRedirects(readFileSync(join(opts.dir, "_redirects"), "utf8"));
      } catch {
        moved = new Map();
      }
    }
    return moved;
  };

  const namedHosts = [configuredHost(opts.host)];

  function respond(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (!hostAllowed(req, namedHosts)) {
      refuseHost(req, res);
      return;
    }
    const site = headersFor(headerRules(), (req.url ?? "/").split("?")[0]);
    for (const [k, v] of site) res.setHeader(k, v);
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      res.end("Method not allowed: use GET or HEAD\n");
      return;
    }
    const decoded = decodeRequestPath(req.url);
    if (!decoded.ok) {
      res.writeHead(decoded.status, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`Bad request: ${decoded.reason}\n`);
      return;
    }
    const fullRaw = (req.url ?? "/").split(/[?#]/)[0];
    const query = (req.url ?? "").slice(fullRaw.length).split("#")[0];
    const rule = redirectRules().get(redirectKey(fullRaw));
    if (rule) {
      res.writeHead(rule.status, { Location: (/^https?:\/\//.test(rule.to) ? rule.to : sameSite(rule.to)) + query });
      res.end();
      return;
    }
    // The folder is the site at its base path (`/repo/` on GitHub Pages): paths below it map into the folder, the
    // server's root and the base without its slash lead to it, anything else is not this site.
    const mount = basePath();
    if (mount !== "/" && !decoded.path.startsWith(mount)) {
      if (decoded.path === "/" || decoded.path === mount.slice(0, -1)) redirect(res, mount + query);
      else notFound(opts.dir, "/", "/", req, res);
      return;
    }
    const pathname = mount === "/" ? decoded.path : decoded.path.slice(mount.length - 1);
    const rawPath = mount === "/" || !fullRaw.startsWith(mount) ? fullRaw : fullRaw.slice(mount.length - 1);
    /** A path of the folder as readers address it. */
    const published = (path: string) => (mount === "/" ? path : mount + path.replace(/^\/+/, ""));
    const slashless = slashlessRedirect(opts.dir, pathname, rawPath);
    if (slashless) {
      redirect(res, published(sameSite(slashless)) + query, 308);
      return;
    }
    const to = canonicalRedirect(rawPath);
    if (to) {
      redirect(res, published(sameSite(to)) + query);
      return;
    }
    const file = PRIVATE.has(pathname) ? null : fileInside(opts.dir, pathname);
    const stats = file ? statOf(file) : null;
    // A slash-less page beside a folder of the same name (`docs.html` and `docs/`): the page.
    const page = stats?.isDirectory() && !pathname.endsWith("/") ? pageFile(file!, null, pathname) : null;
    if (page) {
      sendFile(req, res, page.file, page.stats, pathname, compressed);
      return;
    }
    // A folder without its slash is redirected to the slash form, as static hosts do.
    if (stats?.isDirectory() && !pathname.endsWith("/")) {
      redirect(res, `${published(sameSite(rawPath))}/${query}`);
      return;
    }
    const found = file ? pageFile(file, stats, pathname) : null;
    if (found) sendFile(req, res, found.file, found.stats, pathname, compressed);
    else notFound(opts.dir, "/", pathname, req, res);
  }

  return (req, res) => {
    try {
      respond(req, res);
    } catch (err) {
      fail(res, err);
    }
  };
}

function redirect(res: http.ServerResponse, location: string, status: 301 | 308 = 301): void {
  res.writeHead(status, { Location: location });
  res.end();
}

function fail(res: http.ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.destroy(err instanceof Error ? err : undefined);
    return;
  }
  res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
  res.end("Internal error while serving this file\n");
}

function sendFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  file: string,
  stats: Stats,
  pathname: string,
  compressed: CompressCache,
): void {
  const type = contentType(file);
  const version = `${stats.size}-${stats.mtime.getTime()}`;
  const canCompress = compressible(type, stats.size);
  const encoding = canCompress && !req.headers.range ? pickEncoding(req.headers["accept-encoding"]) : null;
  const etag = `W/"${version}${encoding ? `-${encoding}` : ""}"`;
  res.setHeader("Content-Type", type);
  res.setHeader("Cache-Control", cacheControl(pathname));
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", stats.mtime.toUTCString());
  res.setHeader("Accept-Ranges", "bytes");
  if (canCompress) res.setHeader("Vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304);
    res.end();
    return;
  }
  if (encoding) {
    compressed
      .get(`${file}:${version}`, encoding, () => readFileSync(file))
      .then(
        (body) => {
          res.setHeader("Content-Encoding", encoding);
          res.setHeader("Content-Length", body.length);
          res.end(req.method === "HEAD" ? undefined : body);
        },
        (err) => fail(res, err),
      );
    return;
  }
  // If-Range with another validator: the file changed, so the whole file, not a piece of the new one.
  const ifRange = req.headers["if-range"];
  const range = ifRange && ifRange !== etag ? { kind: "whole" as const } : parseRange(req.headers.range, stats.size);
  if (range.kind === "unsatisfiable") {
    res.writeHead(416, { "Content-Range": `bytes */${stats.size}`, "Content-Type": "text/plain; charset=utf-8" });
    res.end("Range not satisfiable\n");
    return;
  }
  const [start, end] = range.kind === "part" ? [range.start, range.end] : [0, stats.size - 1];
  if (range.kind === "part") {
    res.statusCode = 206;
    res.setHeader("Content-Range", `bytes ${start}-${end}/${stats.size}`);
  }
  res.setHeader("Content-Length", Math.max(0, end - start + 1));
  if (req.method === "HEAD" || stats.size === 0) {
    res.end();
    return;
  }
  const stream = createReadStream(file, { start, end });
  // A file removed or unreadable mid-way (a rebuild swapping dist/): answer 500 if nothing was sent, else cut.
  stream.on("error", (err) => fail(res, err));
  res.on("close", () => stream.destroy());
  stream.pipe(res);
}

/** The file to send for a path that exists: the file itself, a folder's index.html, or `/404` → 404.html. */
function pageFile(file: string, stats: Stats | null, pathname: string): { file: string; stats: Stats } | null {
  if (stats?.isFile()) return { file, stats };
  const alt = stats?.isDirectory() ? join(file, "index.html") : pathname.endsWith("/") ? null : `${file}.html`;
  const s = alt ? statOf(alt) : null;
  return alt && s?.isFile() ? { file: alt, stats: s } : null;
}

function statOf(p: string): Stats | null {
  try {
    return statSync(p);
  } catch {
    return null;
  }
}

function fileId(p: string): string {
  const s = statOf(p);
  return s ? `${s.ino}:${s.mtimeMs}:${s.size}` : "missing";
}

function notFound(
  dir: string,
  base: string,
  pathname: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): void {
  // A locale's own 404 page when the path is under that locale's prefix; the locale is one plain folder name, and
  // the file is looked up through the same rule as every other file.
  const first = pathname.startsWith(base) ? pathname.slice(base.length).split("/")[0] : "";
  const candidates = [/^[A-Za-z0-9_-]+$/.test(first) ? `/${first}/404.html` : "", "/404.html"].filter(Boolean);
  const file = candidates.map((c) => fileInside(dir, c)).find((f): f is string => Boolean(f && statOf(f)?.isFile()));
  res.writeHead(404, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" });
  res.end(req.method === "HEAD" ? undefined : file ? readFileSync(file) : "Not found");
}

export async function serve(opts: ServeOptions): Promise<http.Server> {
  const server = http.createServer(createHandler(opts));
  await listen(server, opts.port, opts.host);
  return server;
}
