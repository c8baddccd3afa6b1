// `docsite check-links`: reads the built HTML (or crawls a served site) and checks every internal link and
// anchor, the navbar and footer included. For CI.
import { readFile } from "node:fs/promises";
import fg from "fast-glob";
import { existsSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { Parser } from "htmlparser2";

export interface PageScan {
  links: string[];
  ids: Set<string>;
}
export interface DistProblem {
  page: string;
  url: string;
  kind: "link" | "anchor";
}

export function scanHtml(html: string): PageScan {
  const links: string[] = [];
  const ids = new Set<string>();
  const parser = new Parser({
    onopentag(name, attrs) {
      if (attrs.id) ids.add(attrs.id);
      if (name === "a" && attrs.name) ids.add(attrs.name);
      const url =
        name === "a" || name === "link" ? attrs.href : name === "script" || name === "img" ? attrs.src : undefined;
      if (url && !(name === "link" && /^(canonical|alternate|preconnect)$/.test(attrs.rel ?? ""))) links.push(url);
    },
  });
  parser.write(html);
  parser.end();
  return { links, ids };
}

function pagePath(dir: string, file: string): string {
  const rel = "/" + relative(dir, file).split("\\").join("/");
  return rel.endsWith("/index.html") ? rel.slice(0, -"index.html".length) : rel;
}

export async function checkDist(dir: string): Promise<{ pages: number; links: number; problems: DistProblem[] }> {
  const files = await fg("**/*.html", { cwd: dir, absolute: true });
  const scans = new Map<string, PageScan>();
  for (const f of files) scans.set(pagePath(dir, f), scanHtml(await readFile(f, "utf8")));
  const problems: DistProblem[] = [];
  let links = 0;
  const resolveFile = (p: string) => {
    const f = join(dir, p);
    if (p.endsWith("/")) return existsSync(join(f, "index.html"));
    return existsSync(f) && statSync(f).isFile();
  };
  for (const [page, scan] of scans) {
    if (page.endsWith("/404.html")) continue; // its links are the layout's, checked on every other page
    for (const url of scan.links) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//")) continue;
      links++;
      const u = new URL(url, `http://site${page}`);
      const path = decodeURIComponent(u.pathname);
      if (!resolveFile(path)) {
        problems.push({ page, url, kind: "link" });
        continue;
      }
      const id = u.hash ? decodeURIComponent(u.hash.slice(1)) : "";
      if (id && path.endsWith("/")) {
        const target = scans.get(path);
        if (target && !target.ids.has(id)) problems.push({ page, url, kind: "anchor" });
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
  const origin = new URL(base);
  const queue = [origin.pathname];
  const seen = new Set(queue);
  const scans = new Map<string, PageScan>();
  const status = new Map<string, number>();
  const problems: DistProblem[] = [];
  let links = 0;
  while (queue.length && scans.size < limit) {
    const path = queue.shift()!;
    const res = await fetch(new URL(path, origin));
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
        code = (await fetch(u, { method: "HEAD" })).status;
        status.set(u.pathname, code);
      }
      if (code >= 400) problems.push({ page, url, kind: "link" });
      else if (u.hash && scans.get(u.pathname) && !scans.get(u.pathname)!.ids.has(decodeURIComponent(u.hash.slice(1))))
        problems.push({ page, url, kind: "anchor" });
    }
  }
  return { pages: scans.size, links, problems };
}

export const dedupe = (p: DistProblem[]) => [...new Map(p.map((x) => [`${x.page}|${x.url}`, x])).values()];
