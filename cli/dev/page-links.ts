// The build's link check (cli/links/check.ts) for one page, when the dev server compiles it: links must reach a
// route or a file; an anchor is checked only on a target page compiled already (others are checked when the
// background warm-up has compiled every page).
import { posix } from "node:path";
import { checkLinks, type LinkProblem } from "../links/check.ts";
import { pageAssets } from "../pipeline/page-assets.ts";
import type { SiteConfig } from "../config/types.ts";
import type { Route, RouteTable } from "../routes/types.ts";
import type { CompiledMdx } from "../mdx/compile.ts";

/** Link problems of one page, or with `route` null, of the config's own links (navbar, footer). */
export function pageLinkProblems(
  config: SiteConfig,
  table: RouteTable,
  route: (Route & { compiled: CompiledMdx }) | null,
  extraFiles: Set<string>,
  isPending: (c: CompiledMdx) => boolean,
): LinkProblem[] {
  const extra = route ? new Set([...extraFiles, ...pageAssets([route.compiled], config.baseUrl).keys()]) : extraFiles;
  const origin = route?.origin ?? "site.config.json";
  return checkLinks(config, { ...table, routes: route ? [route] : [] }, extra, false).filter((p) => {
    if (p.file !== origin) return false;
    if (p.kind !== "anchor") return true;
    const target = targetOf(table, route?.path ?? config.baseUrl, p.url);
    return !(target && "compiled" in target && isPending(target.compiled));
  });
}

/** The route a link leads to, resolved as the link check resolves it. */
function targetOf(table: RouteTable, from: string, url: string): Route | undefined {
  const hashAt = url.indexOf("#");
  const raw = (hashAt < 0 ? url : url.slice(0, hashAt)).split("?")[0];
  const path = raw === "" ? from : raw.startsWith("/") ? raw : posix.join(from, raw) + (raw.endsWith("/") ? "/" : "");
  return table.byPath.get(path) ?? (path.endsWith("/") ? undefined : table.byPath.get(`${path}/`));
}
