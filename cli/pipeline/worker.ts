// What a build worker thread does: render some routes, or compile a batch of pages. Tasks and results are plain
// data; an error comes back as data too (DocsiteError's file, line and hint survive the thread boundary). The
// same functions run in the main thread for small batches and with DOCSITE_WORKERS=0 (pipeline/pool.ts).
import { renderToCache, type RenderedPage, type RenderTask } from "./render-store.ts";
import { compileSource, type CompiledMdx } from "../mdx/compile.ts";
import { contentLinkRewriter } from "../mdx/content-links.ts";
import { moduleContextOf } from "../mdx/modules.ts";
import { SharedParses } from "../mdx/shared-parse.ts";
import type { CompileSettings } from "../mdx/compile-settings.ts";
import type { DocTarget } from "../mdx/content-links.ts";
import type { PageSource } from "../cache/compiled-pages.ts";
import { serializeError, type WorkerResult } from "./task-errors.ts";

/** One page to compile: the content file in the locale it is shown in. */
export type CompilePage = PageSource;

/** A batch for one worker message (fewer, larger messages: the settings and slugs travel once per batch). */
export interface CompileBatch {
  settings: CompileSettings;
  slugs: Array<[string, DocTarget]>;
  pages: CompilePage[];
}

/** A message to a worker: render some routes, or compile a batch of pages. */
export type WorkerTask = { type: "render"; tasks: RenderTask[] } | { type: "compile"; batch: CompileBatch };

/** Compiles each page of the batch (cache misses: the compile stage reads and writes the cache). */
export async function compileBatch(batch: CompileBatch): Promise<Array<WorkerResult<CompiledMdx>>> {
  const { settings } = batch;
  const slugs = new Map(batch.slugs);
  const modules = moduleContextOf(settings);
  const sharedParses = new SharedParses(batch.pages.map((p) => p.body));
  const out: Array<WorkerResult<CompiledMdx>> = [];
  for (const p of batch.pages) {
    try {
      const value = await compileSource({
        file: p.file,
        body: p.body,
        bodyOffset: p.bodyOffset,
        rewriteLink: contentLinkRewriter(settings, p.file, p.locale, slugs),
        locale: p.locale,
        modules,
        sharedParses,
      });
      out.push({ ok: true, value });
    } catch (err) {
      out.push({ ok: false, error: serializeError(err) });
    }
  }
  return out;
}

/** Renders each route of the message; a route's error is its result, not a rejection. */
async function renderBatch(tasks: RenderTask[]): Promise<Array<WorkerResult<RenderedPage>>> {
  const out: Array<WorkerResult<RenderedPage>> = [];
  for (const task of tasks) {
    try {
      out.push({ ok: true, value: await renderToCache(task) });
    } catch (err) {
      out.push({ ok: false, error: serializeError(err) });
    }
  }
  return out;
}

export async function runTask(task: WorkerTask): Promise<WorkerResult<unknown>> {
  try {
    if (task.type === "compile") return { ok: true, value: await compileBatch(task.batch) };
    return { ok: true, value: await renderBatch(task.tasks) };
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  }
}
