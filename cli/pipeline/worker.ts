// What a build worker thread does: render one route, or compile a batch of pages. Tasks and results are plain
// data; an error comes back as data too (DocsiteError's file, line and hint survive the thread boundary). The
// same functions run in the main thread for small batches and with DOCSITE_WORKERS=0 (pipeline/pool.ts).
import { renderToCache, type RenderTask as RenderWork } from "./render-store.ts";
import { compileSource, writeCompiled, type CompiledMdx } from "../mdx/compile.ts";
import { contentLinkRewriter, rewriteKeyOf } from "../mdx/content-links.ts";
import { moduleContextOf } from "../mdx/modules.ts";
import type { CompileBatch } from "./compile-stage.ts";
import { serializeError, type WorkerResult } from "./task-errors.ts";

export interface RenderTask {
  type: "render";
  task: RenderWork;
}
export interface CompileTask {
  type: "compile";
  batch: CompileBatch;
}
export type WorkerTask = RenderTask | CompileTask;

/**
 * Compiles each page of the batch (cache misses: the main thread read the cache) and stores the results, unless the
 * batch says the caller stores them (compile-stage.ts, after a compile on worker threads).
 */
export async function compileBatch(batch: CompileBatch): Promise<Array<WorkerResult<CompiledMdx>>> {
  const { config, cacheDir } = batch;
  const slugs = new Map(batch.slugs);
  const modules = moduleContextOf(config);
  const out: Array<WorkerResult<CompiledMdx>> = [];
  // A page's cache entry is written while the next page compiles: awaited one by one, the writes' round trips to
  // libuv's thread pool left this thread idle about a tenth of a cold compile.
  const writes: Array<Promise<void>> = [];
  for (const p of batch.pages) {
    const i = out.length;
    try {
      const input = {
        file: p.file,
        body: p.body,
        bodyOffset: p.bodyOffset,
        rewriteLink: contentLinkRewriter(config, p.file, p.locale, slugs),
        rewriteKey: rewriteKeyOf(config, p.locale, slugs),
        modules,
      };
      const value = await compileSource(input);
      out.push({ ok: true, value });
      if (batch.store !== false)
        writes.push(
          writeCompiled(input, cacheDir, value).catch((err) => {
            out[i] = { ok: false, error: serializeError(err) };
          }),
        );
    } catch (err) {
      out.push({ ok: false, error: serializeError(err) });
    }
  }
  await Promise.all(writes);
  return out;
}

export async function runTask(task: WorkerTask): Promise<WorkerResult<unknown>> {
  try {
    if (task.type === "compile") return { ok: true, value: await compileBatch(task.batch) };
    return { ok: true, value: await renderToCache(task.task) };
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  }
}
