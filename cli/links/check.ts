// Build-time link check over the route table: every internal link of every page must reach a route (or a file
// the build writes); anchors must exist on the target page. Broken links follow onBrokenLinks (default: fail),
// broken anchors onBrokenAnchors (default: warn).
import { posix } from "node:path";
import type { SiteConfig } from "../config/types.ts";
import type { RouteTable, Route } from "../routes/types.ts";
import { localizePath } from "../content/paths.ts";
import { chromeLinksOf, sidebarLinksOf, type ChromeLink } from "./chrome.ts";

export interface LinkProblem {
  kind: "link" | "anchor";
  file: string;
  line?: number;
  url: string;
  message: string;
  /** A JSX `<a>` of an imported page, which Docusaurus does not check: a warning whatever onBrokenLinks says. */
  unchecked?: boolean;
}

/** How a problem is reported: by onBrokenLinks / onBrokenAnchors, a link Docusaurus leaves unchecked as a warning. */
export const severityOf = (config: Pick<SiteConfig, "onBrokenLinks" | "onBrokenAnchors">, p: LinkProblem) =>
  p.unchecked ? "warn" : p.kind === "link" ? config.onBrokenLinks : config.onBrokenAnchors;

/** Anchors every page has, drawn by the layout. */
const LAYOUT_ANCHORS = ["main-content", "__docsite"];

function anchorsOf(route: Route): Set<string> | null {
  if (route.kind === "doc" || route.kind === "blogPost") return new Set([...route.compiled.anchors, ...LAYOUT_ANCHORS]);
  return null; // generated pages: anchors are not tracked
}

/** `wholeSite`: false when `table` holds only some of the site's routes (dev checks one page as it compiles it). */
export function checkLinks(
  config: SiteConfig,
  table: RouteTable,
  extraFiles: Set<string>,
  wholeSite = true,
): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const seen = new Set<string>();
  const check = (
    from: Route | null,
    file: string,
    line: number | undefined,
    url: string,
    where = "",
    unchecked = false,
  ) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//")) return;
    const hashAt = url.indexOf("#");
    const rawPath = (hashAt < 0 ? url : url.slice(0, hashAt)).split("?")[0];
    const hash = hashAt < 0 ? "" : decodeURIComponent(url.slice(hashAt + 1));
    const path =
      rawPath === ""
        ? (from?.path ?? "/")
        : rawPath.startsWith("/")
          ? rawPath
          : posix.join(from?.path ?? "/", rawPath) + (rawPath.endsWith("/") ? "/" : "");
    const key = `${file}|${line}|${url}`;
    if (seen.has(key)) return;
    seen.add(key);
    // Docusaurus content links pages with or without the trailing slash; both reach the folder URL.
    const target = table.byPath.get(path) ?? (path.endsWith("/") ? undefined : table.byPath.get(`${path}/`));
    if (!target) {
      if (extraFiles.has(path.slice(config.baseUrl.length))) return;
      const hint = table.byPath.has(path + "/")
        ? ` (did you mean ${path}/ ?)`
        : path.endsWith(".mdx") || path.endsWith(".md")
          ? " (no content file at that path)"
          : "";
      if (unchecked)
        problems.push({
          kind: "link",
          file,
          line,
          url,
          unchecked,
          message:
            `link to ${url} reaches no page or file: readers get a 404 (an <a> written as JSX, which Docusaurus ` +
            "does not check either, so the build goes on)",
        });
      else problems.push({ kind: "link", file, line, url, message: `broken link to ${url}${where}${hint}` });
      return;
    }
    if (hash && !unchecked) {
      const anchors = anchorsOf(target);
      if (anchors && !anchors.has(hash))
        problems.push({ kind: "anchor", file, line, url, message: `broken anchor: ${target.path} has no #${hash}` });
    }
  };
  for (const route of table.routes) {
    if (route.kind !== "doc" && route.kind !== "blogPost") continue;
    for (const l of route.compiled.links) check(route, route.origin, l.line, l.url, "", l.unchecked);
  }
  // The navigation chrome around each page (version dropdown and banner, breadcrumbs, previous/next): one problem
  // per link however many pages draw it, naming the file that decides it and a page that shows it.
  const chrome = new Map<string, { link: ChromeLink; pages: string[] }>();
  for (const route of table.routes) {
    for (const link of chromeLinksOf(config, table, route)) {
      const key = `${link.what}|${link.file}|${link.url}`;
      const seenOn = chrome.get(key);
      if (seenOn) seenOn.pages.push(route.path);
      else chrome.set(key, { link, pages: [route.path] });
    }
  }
  // Sidebar `link` items: once per sidebar and locale, with the whole site.
  if (wholeSite)
    for (const link of sidebarLinksOf(config, table))
      check(null, link.file, undefined, link.url, ` in the sidebar "${link.sidebar}"`);
  for (const { link, pages } of chrome.values()) {
    const on = pages.length > 1 ? `on ${pages[0]} and ${pages.length - 1} more pages` : `on ${pages[0]}`;
    check(null, link.file, undefined, link.url, ` in the ${link.what} (${on})`);
  }
  // Links the config puts on every page.
  for (const locale of config.i18n.locales) {
    const links: Array<{ to?: string }> = [
      ...config.footer.links.flatMap((g) => g.items),
      ...config.navbar.items.flatMap(
        (i): Array<{ to?: string }> => [
          ...("to" in i && i.to ? [{ to: i.to }] : []),
          ...(i.type === "docsVersionDropdown" ? (i.extraLinks ?? []) : []),
        ],
      ),
    ];
    for (const l of links) if (l.to) check(null, "site.config.json", undefined, localizePath(config, locale, l.to));
  }
  return problems;
}
