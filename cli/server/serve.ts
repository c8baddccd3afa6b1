// `docsite serve`: the built site over HTTP on 127.0.0.1, as a static host would serve it: clean URLs with a
// trailing slash, *.html and index.html redirected to the clean path, the 404 page with status 404 for unknown
// paths, immutable caching for content-hashed assets. sirv resolves paths inside dist/ only.
import http from "node:http";
import { readFileSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import sirv from "sirv";
import { cleanPath } from "../../theme/clean-path.ts";

export interface ServeOptions {
  dir: string;
  port: number;
  host?: string;
  baseUrl?: string;
}

const HASHED = /\.[A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|json)$/;

/** Where a request for a non-canonical page path should go, or null. */
export function canonicalRedirect(pathname: string): string | null {
  const clean = cleanPath(pathname);
  return clean === pathname ? null : clean;
}

export function createHandler(opts: ServeOptions): http.RequestListener {
  const make = () =>
    sirv(opts.dir, {
      dev: false,
      etag: true,
      extensions: ["html"],
      gzip: false,
      setHeaders(res, pathname) {
        // Content-hashed files never change under their name: bundles, and the search index's shards and fragments
        // (its manifest and config have no hash and are revalidated).
        if ((pathname.startsWith("/assets/") || pathname.includes("/search-index/")) && HASHED.test(pathname))
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        else res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
      },
    });
  // sirv indexes the folder once. `docsite build` swaps in a new dist/ folder, so a new folder (another inode)
  // means a new index: a rebuild shows up without restarting the server.
  let files = make();
  let folder = folderId(opts.dir);
  const base = opts.baseUrl ?? "/";
  return (req, res) => {
    const now = folderId(opts.dir);
    if (now !== folder) {
      folder = now;
      files = make();
    }
    let pathname: string;
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      pathname = decodeURIComponent(url.pathname);
      const to = canonicalRedirect(url.pathname);
      if (to) {
        res.writeHead(301, { Location: to + url.search });
        res.end();
        return;
      }
      // A folder without its trailing slash: redirect like static hosts do.
      if (!pathname.endsWith("/") && !/\.[a-z0-9]+$/i.test(pathname) && isDir(join(opts.dir, pathname))) {
        res.writeHead(301, { Location: url.pathname + "/" + url.search });
        res.end();
        return;
      }
    } catch {
      res.writeHead(400).end("Bad request");
      return;
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    files(req, res, () => notFound(opts.dir, base, pathname, res));
  };
}

function folderId(p: string): string {
  try {
    const s = statSync(p);
    return `${s.ino}:${s.mtimeMs}`;
  } catch {
    return "missing";
  }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function notFound(dir: string, base: string, pathname: string, res: http.ServerResponse): void {
  // A locale's own 404 page when the path is under that locale's prefix.
  const locale = pathname.slice(base.length).split("/")[0];
  const candidates = [locale ? join(dir, locale, "404.html") : "", join(dir, "404.html")].filter(Boolean);
  const file = candidates.find((f) => existsSync(f));
  res.writeHead(404, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" });
  res.end(file ? readFileSync(file) : "Not found");
}

export function serve(opts: ServeOptions): Promise<http.Server> {
  const server = http.createServer(createHandler(opts));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host ?? "127.0.0.1", () => resolve(server));
  });
}
