// The render stage: each route becomes a RenderJob (plain data holding everything its HTML depends on); a route
// whose job hash (with the code hash) is in the cache is not rendered again. The rest render on the worker pool
// when there are many (a cold build), in this thread when few (an edit: the page, and the pages that show its
// title in a sidebar or prev/next link, since their jobs change too).
import { outputFileOf } from "../routes/paths.ts";
import { prepareRoute, type RenderContext } from "../render/render-route.ts";
import type { Route } from "../routes/types.ts";
import { DocsiteError, type Logger } from "../log.ts";
import { cacheKey, registerShared, type BuildCache } from "./cache.ts";
import { combinedError, eachLimited } from "./compile-stage.ts";
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
): Promise<{ files: Map<string, string>; stats: RenderStats }> {
  const files = new Map<string, string>();
  const stats: RenderStats = { rendered: 0, cached: 0 };
  const misses: Array<{ route: Route; key: string; job: ReturnType<typeof prepareRoute> }> = [];
  const prepErrors: unknown[] = [];
  // Hashed once, not once per route: the model is not changed after loading.
  registerShared(ctx.config, ...[...ctx.strings.values()].map((s) => s.messages), ...ctx.table.sidebars.values());
  for (const route of routes) {
    try {
      const job = prepareRoute(ctx, route);
      const key = cacheKey(job);
      const hit = cache.get("render", key);
      if (hit !== undefined) {
        files.set(outputFileOf(ctx.config, route.path), hit);
        stats.cached++;
      } else misses.push({ route, key, job });
    } catch (err) {
      prepErrors.push(withOrigin(err, route));
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
  const all = [...prepErrors, ...errors.map((e) => e.error)];
  if (all.length) throw combinedError(all, "routes do not render");
  return { files, stats };
}

/** A render error that names no file gets the file the route comes from. */
function withOrigin(err: unknown, route: Route): unknown {
  if (err instanceof DocsiteError && err.where.file) return err;
  const message = err instanceof DocsiteError ? err.message : `cannot render ${route.path}: ${(err as Error)?.message}`;
  return new DocsiteError(message, { file: route.origin }, err instanceof DocsiteError ? err.hint : undefined);
}
