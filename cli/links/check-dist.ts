// `docsite check-links`: reads the built HTML (or crawls a served site) and checks every internal link and
// anchor, the navbar and footer included. For CI.
import { readFile } from "node:fs/promises";
import fg from "fast-glob";
import { existsSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { Parser } from "htmlparser2";
import { DocsiteError } from "../log.ts";
import { builtBase } from "./built-base.ts";

/** How long one request of `--url` may take before the check gives up on it. */
const REQUEST_TIMEOUT_MS = 15_000;

interface PageScan {
  links: string[];
  /**
   * Of those, the ones the build left unchecked, as Docusaurus does (an `<a>` written as JSX in an imported page,
   * marked `data-link-check="off"`): reported apart, not as broken.
   */
  unchecked: Set<string>;
  ids: Set<string>;
  /** A redirect page's target (`<meta http-equiv="refresh" content="0; url=…">`). */
  refresh?: string;
}
interface DistProblem {
  page: string;
  url: string;
  /** `unchecked`: a link the build leaves to the reader, as Docusaurus does, that leads nowhere (PageScan). */
  kind: "link" | "anchor" | "unchecked";
}

function scanHtml(html: string): PageScan {
  const links: string[] = [];
  const unchecked = new Set<string>();
  const ids = new Set<string>();
  let refresh: string | undefined;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === "meta" && attrs["http-equiv"]?.toLowerCase() === "refresh") {
        const url = /url\s*=\s*['"]?([^'"\s]+)/i.exec(attrs.content ?? "")?.[1];
        if (url) {
          refresh = url;
          links.push(url);
        }
      }
      if (attrs.id) ids.add(attrs.id);
      if (name === "a" && attrs.name) ids.add(attrs.name);
      const url =
        name === "a" || name === "link" ? attrs.href : name === "script" || name === "img" ? attrs.src : undefined;
      if (url && !(name === "link" && /^(canonical|alternate|preconnect)$/.test(attrs.rel ?? ""))) links.push(url);
      if (url && name === "a" && attrs["data-link-check"] === "off") unchecked.add(url);
    },
  });
  parser.write(html);
  parser.end();
  return { links, unchecked, ids, ...(refresh ? { refresh } : {}) };
}

function pagePath(dir: string, file: string): string {
  const rel = "/" + relative(dir, file).split("\\").join("/");
  return rel.endsWith("/index.html") ? rel.slice(0, -"index.html".length) : rel;
}

/**
 * Checks the site built into `dir`, as a static host serving it at `base` (the base path its pages name, by default)
 * would answer each link: a link outside `base` leaves the site's folder and is broken.
 */
export async function checkDist(
  dir: string,
  base?: string,
): Promise<{ pages: number; links: number; problems: DistProblem[] }> {
  const kind = existsSync(dir) ? (statSync(dir).isDirectory() ? "folder" : "file") : "missing";
  if (kind !== "folder")
    throw new DocsiteError(
      `${dir} ${kind === "missing" ? "does not exist" : "is a file, not a folder"}: nothing to check`,
      {},
      "build the site first (docsite build), or point --dir at a built site",
    );
  const files = await fg("**/*.html", { cwd: dir, absolute: true });
  if (!files.length)
    throw new DocsiteError(
      `no HTML pages in ${dir}: nothing to check`,
      {},
      "build the site first (docsite build), or point --dir at a built site",
    );
  const mount = base ?? builtBase(dir);
  /** The folder path (as `scans` names pages) of a decoded URL path, or null when it lies outside the mount. */
  const inFolder = (urlPath: string): string | null =>
    mount === "/" ? urlPath : urlPath.startsWith(mount) ? `/${urlPath.slice(mount.length)}` : null;
  /** A page's address as readers see it. */
  const published = (page: string) => (mount === "/" ? page : mount + page.slice(1));
  const scans = new Map<string, PageScan>();
  for (const f of files) scans.set(pagePath(dir, f), scanHtml(await readFile(f, "utf8")));
  const problems: DistProblem[] = [];
  let links = 0;
  const isFile = (p: string) => {
    const f = join(dir, p);
    return existsSync(f) && statSync(f).isFile();
  };
  /**
   * The page or file a static host answers a path with, named as `scans` names pages, or null. Both URL forms
   * resolve: `/x/` is `x/index.html` or (a slash-less site, trailingSlash false) `x.html`; `/x` is the file `x`,
   * `x.html`, or the folder page `x/index.html` (which hosts redirect to `/x/`).
   */
  const resolveFile = (p: string): string | null => {
    if (p.endsWith("/")) {
      if (isFile(`${p}index.html`)) return p;
      return p !== "/" && isFile(`${p.slice(0, -1)}.html`) ? `${p.slice(0, -1)}.html` : null;
    }
    if (isFile(p)) return p;
    if (isFile(`${p}.html`)) return `${p}.html`;
    return isFile(`${p}/index.html`) ? `${p}/` : null;
  };
  for (const [page, scan] of scans) {
    if (page.endsWith("/404.html")) continue; // its links are the layout's, checked on every other page
    for (const url of scan.links) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//")) continue;
      links++;
      const u = new URL(url, `http://site${published(page)}`);
      const path = inFolder(decodeURIComponent(u.pathname));
      const found = path === null ? null : resolveFile(path);
      if (!found) {
        problems.push({ page: published(page), url, kind: scan.unchecked.has(url) ? "unchecked" : "link" });
        continue;
      }
      if (scan.unchecked.has(url)) continue; // its anchor is not checked either
      const id = u.hash ? decodeURIComponent(u.hash.slice(1)) : "";
      if (id && (found.endsWith("/") || found.endsWith(".html"))) {
        // A redirect page's anchors are its target's: the reader lands there.
        let target = scans.get(found);
        for (let hops = 0; target?.refresh && hops < 5; hops++) {
          const next = inFolder(decodeURIComponent(new URL(target.refresh, `http://site${published(found)}`).pathname));
          const file = next === null ? null : resolveFile(next);
          target = file ? scans.get(file) : undefined;
        }
        if (target && !target.ids.has(id)) problems.push({ page: published(page), url, kind: "anchor" });
      }
    }
  }
  return { pages: scans.size, links, problems };
}

/** Crawls a served site from its root, following internal links (bounded). */
export async function checkUrl(
  base: string,
  limit = 5000,
): Promise<{ pages: number; links: number; problems: DistProblem[] }> {
  let origin: URL;
  try {
    origin = new URL(base);
  } catch {
    throw new DocsiteError(`--url ${base} is not a URL`, {}, "give a full address, e.g. http://127.0.0.1:4173/");
  }
  if (!/^https?:$/.test(origin.protocol))
    throw new DocsiteError(`--url ${base} is not an http(s) address`, {}, "e.g. http://127.0.0.1:4173/");
  const start = await request(origin, "GET");
  if (start.status !== 200 || !(start.headers.get("content-type") ?? "").includes("text/html")) {
    throw new DocsiteError(
      `the start page ${origin.href} answered ${start.status} ${start.headers.get("content-type") ?? ""}`.trim() +
        ", not 200 with an HTML page",
      {},
      "check the address (and the server serving it: docsite serve --dir dist)",
    );
  }
  await start.body?.cancel();
  const queue = [origin.pathname];
  const seen = new Set(queue);
  const scans = new Map<string, PageScan>();
  const status = new Map<string, number>();
  const problems: DistProblem[] = [];
  let links = 0;
  while (queue.length && scans.size < limit) {
    const path = queue.shift()!;
    const res = await request(new URL(path, origin), "GET");
    status.set(path, res.status);
    if (!res.ok || !(res.headers.get("content-type") ?? "").includes("text/html")) continue;
    const scan = scanHtml(await res.text());
    scans.set(path, scan);
    for (const url of scan.links) {
      const u = new URL(url, new URL(path, origin));
      if (u.origin !== origin.origin) continue;
      links++;
      if (!seen.has(u.pathname)) {
        seen.add(u.pathname);
        queue.push(u.pathname);
      }
    }
  }
  for (const [page, scan] of scans) {
    for (const url of scan.links) {
      const u = new URL(url, new URL(page, origin));
      if (u.origin !== origin.origin) continue;
      let code = status.get(u.pathname);
      if (code === undefined) {
        code = (await request(u, "HEAD")).status;
        status.set(u.pathname, code);
      }
      if (code >= 400) problems.push({ page, url, kind: scan.unchecked.has(url) ? "unchecked" : "link" });
      else if (scan.unchecked.has(url)) continue;
      else if (u.hash && scans.get(u.pathname) && !scans.get(u.pathname)!.ids.has(decodeURIComponent(u.hash.slice(1))))
        problems.push({ page, url, kind: "anchor" });
    }
  }
  return { pages: scans.size, links, problems };
}

/** One request of the crawl; a server that cannot be reached or does not answer in time is named. */
async function request(url: URL, method: "GET" | "HEAD"): Promise<Response> {
  try {
    return await fetch(url, { method, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
    const why =
      (err as Error)?.name === "TimeoutError"
        ? `no answer in ${REQUEST_TIMEOUT_MS / 1000} s`
        : (cause?.code ?? cause?.message ?? String((err as Error)?.message ?? err));
    throw new DocsiteError(
      `cannot reach ${url.href} (${why})`,
      {},
      "start the server first (docsite serve), or check the address and port",
    );
  }
}

export const dedupe = (p: DistProblem[]) => [...new Map(p.map((x) => [`${x.page}|${x.url}`, x])).values()];
