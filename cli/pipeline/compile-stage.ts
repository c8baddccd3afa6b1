// The compile stage: every planned page's MDX, from the cache when its source and the compiler are unchanged,
// otherwise compiled — on the worker pool when many pages miss the cache (a cold build), in this thread when few
// do (an edit). Every page's error is collected, so one build reports them all, each with its file and line.
import type { SiteConfig } from "../config/types.ts";
import { cachedCompile, type CompiledMdx, type CompileStats } from "../mdx/compile.ts";
import { rewriteKeyOf } from "../mdx/content-links.ts";
import { planKey, type BlogPlan, type DocPlan } from "../routes/table.ts";
import { DocsiteError, location, type Logger } from "../log.ts";
import { inlinePool, poolFor, type BuildPool } from "./pool.ts";

/** Runs `work` over `items` with `limit` in flight; every item runs, errors are returned, not thrown. */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<Array<{ item: T; error: unknown }>> {
  const errors: Array<{ item: T; error: unknown }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++];
        try {
          await work(item);
        } catch (error) {
          errors.push({ item, error });
        }
      }
    }),
  );
  return errors;
}

/** One error for many: each line names its file and line; a single error is thrown as it is. */
export function combinedError(all: unknown[], what: string): unknown {
  // The same file fails the same way in each locale that shows it: reported once.
  const line = (e: unknown) =>
    e instanceof DocsiteError ? `${location(e.where)}: ${e.message}` : String((e as Error)?.message ?? e);
  const seen = new Set<string>();
  const errors = all.filter((e) => !seen.has(line(e)) && Boolean(seen.add(line(e))));
  if (errors.length === 1) return errors[0];
  const lines = errors.map(line);
  const hints = [...new Set(errors.map((e) => (e instanceof DocsiteError ? e.hint : undefined)).filter(Boolean))];
  return new DocsiteError(`${errors.length} ${what}:\n  ${lines.join("\n  ")}`, {}, hints.join("; ") || undefined);
}

/**
 * Placeholders of pages left uncompiled by a lazy compile (the dev server's start), with the compile that fills
 * them in place: `compileDeferred` before rendering such a page.
 */
const deferred = new WeakMap<CompiledMdx, () => Promise<void>>();
export const isDeferred = (c: CompiledMdx): boolean => deferred.has(c);
export async function compileDeferred(c: CompiledMdx): Promise<void> {
  const fill = deferred.get(c);
  if (fill) await fill();
}

export async function compilePages(
  config: SiteConfig,
  jobs: Array<DocPlan | BlogPlan>,
  cacheDir: string,
  logger: Logger,
  sharedPool: () => BuildPool,
  /** Leave cache misses uncompiled (placeholders, compiled on first use). */
  lazy = false,
): Promise<{ compiled: Map<string, CompiledMdx>; stats: CompileStats }> {
  const compiled = new Map<string, CompiledMdx>();
  const stats: CompileStats = { compiled: 0, cached: 0 };
  const misses: Array<DocPlan | BlogPlan> = [];
  await eachLimited(jobs, 32, async (job) => {
    const s = job.source;
    const hit = await cachedCompile(
      { file: s.file, body: s.body, rewriteKey: rewriteKeyOf(config, job.locale) },
      cacheDir,
    );
    if (hit) {
      compiled.set(planKey(job), hit);
      stats.cached++;
    } else misses.push(job);
  });
  if (lazy) {
    for (const job of misses) {
      const placeholder: CompiledMdx = { code: "", headings: [], anchors: [], links: [], sections: [], wordCount: 0 };
      let running: Promise<void> | undefined;
      deferred.set(
        placeholder,
        () =>
          (running ??= inlinePool
            .compile({ ...compileInput(job), config, cacheDir })
            .then((c) => {
              Object.assign(placeholder, c);
              deferred.delete(placeholder);
            })
            .finally(() => {
              running = undefined;
            })),
      );
      compiled.set(planKey(job), placeholder);
    }
    return { compiled, stats };
  }
  const pool = poolFor(misses.length, sharedPool);
  let finished = 0;
  const errors = await eachLimited(misses, pool === inlinePool ? 4 : 16, async (job) => {
    const result = await pool.compile({ ...compileInput(job), config, cacheDir });
    compiled.set(planKey(job), result);
    stats.compiled++;
    logger.progress("compiling", ++finished, misses.length);
  });
  errors.sort((a, b) => a.item.source.file.localeCompare(b.item.source.file));
  if (errors.length)
    throw combinedError(
      errors.map((e) => e.error),
      "pages do not compile",
    );
  return { compiled, stats };
}

const compileInput = (job: DocPlan | BlogPlan) => ({
  file: job.source.file,
  body: job.source.body,
  bodyOffset: job.source.bodyOffset,
  locale: job.locale,
});
