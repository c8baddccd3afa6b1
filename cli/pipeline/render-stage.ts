// The render stage: each route becomes a RenderJob (plain data holding everything its HTML depends on); a route
// whose job hash (with the code hash) is in the cache is not rendered again. The rest render on the worker pool
// when there are many (a cold build), in this thread when few (an edit: the page, and the pages that show its
// title in a sidebar or prev/next link, since their jobs change too). A job holds only the images its page shows,
// so an edited image re-renders the pages that show it.
import { outputFileOf } from "../routes/paths.ts";
import { prepareRoute, renderError, type RenderContext } from "../render/render-route.ts";
import type { Route } from "../routes/types.ts";
import { DocsiteError, type Logger } from "../log.ts";
import { cacheKey, registerShared, sharedRef, type BuildCache } from "./cache.ts";
import type { RenderJob } from "../render/render-job.ts";
import { eachLimited } from "./each-limited.ts";
import { inlinePool, poolFor, type BuildPool } from "./pool.ts";

export interface RenderStats {
  rendered: number;
  cached: number;
}

export async function renderRoutes(
  ctx: RenderContext,
  routes: Route[],
  cache: BuildCache,
  logger: Logger,
  sharedPool: () => BuildPool,
): Promise<{ files: Map<string, string>; stats: RenderStats; errors: Array<{ route: Route; error: unknown }> }> {
  const files = new Map<string, string>();
  const stats: RenderStats = { rendered: 0, cached: 0 };
  const misses: Array<{ route: Route; key: string; job: ReturnType<typeof prepareRoute> }> = [];
  const failed: Array<{ route: Route; error: unknown }> = [];
  // Hashed once, not once per route: the model is not changed after loading.
  registerShared(ctx.config, ...[...ctx.strings.values()].map((s) => s.messages), ...ctx.table.sidebars.values());
  for (const route of routes) {
    try {
      const job = prepareRoute(ctx, route);
      const key = jobKey(job);
      const hit = cache.get("render", key);
      if (hit !== undefined) {
        files.set(outputFileOf(ctx.config, route.path), hit);
        stats.cached++;
      } else misses.push({ route, key, job });
    } catch (err) {
      failed.push({ route, error: withOrigin(err, route) });
    }
  }
  const pool = poolFor(misses.length, sharedPool);
  let n = 0;
  const errors = await eachLimited(misses, pool === inlinePool ? 1 : 16, async ({ route, key, job }) => {
    let html: string;
    try {
      html = await pool.render(job);
    } catch (err) {
      throw withOrigin(err, route);
    }
    cache.set("render", key, html);
    files.set(outputFileOf(ctx.config, route.path), html);
    stats.rendered++;
    logger.progress("rendering", ++n, misses.length);
  });
  // Every failing route, in route order: the build lists them all (pipeline/page-errors.ts).
  for (const { item, error } of errors) failed.push({ route: item.route, error });
  const order = new Map(routes.map((r, i) => [r, i]));
  failed.sort((a, b) => order.get(a.route)! - order.get(b.route)!);
  // In route order, whichever routes came from the cache or a worker: later steps read the files in order.
  const ordered = new Map<string, string>();
  for (const route of routes) {
    const f = outputFileOf(ctx.config, route.path);
    const html = files.get(f);
    if (html !== undefined) ordered.set(f, html);
  }
  return { files: ordered, stats, errors: failed };
}

/**
 * The cache key of a render job: the job as JSON with the shared objects (config, strings, the sidebar) written as
 * their hashes. The same key `cacheKey(job)` gives, up to that, computed with JSON.stringify's native path: a
 * replacer function is called for every value of the job, which took more CPU than the rest of a cached route.
 */
function jobKey(job: RenderJob): string {
  const page =
    job.page.kind === "doc" && job.page.data.sidebar
      ? { ...job.page, data: { ...job.page.data, sidebar: sharedRef(job.page.data.sidebar) } }
      : job.page;
  return cacheKey(
    JSON.stringify({
      ...job,
      messages: sharedRef(job.messages),
      fallback: job.fallback && { ...job.fallback, messages: sharedRef(job.fallback.messages) },
      page,
      document: { ...job.document, config: sharedRef(job.document.config) },
    }),
  );
}

/** A render error names the file the route comes from (and keeps its cause). */
function withOrigin(err: unknown, route: Route): unknown {
  if (err instanceof DocsiteError && !err.where.file) {
    return new DocsiteError(err.message, { file: route.origin }, err.hint);
  }
  return renderError(err, route);
}
