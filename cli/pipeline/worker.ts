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
import type { RenderJob } from "../render/render-job.ts";
import type { MessagePort } from "node:worker_threads";
import { serializeError, type WorkerResult } from "./task-errors.ts";

/** One page to compile: the content file in the locale it is shown in. */
export type CompilePage = PageSource;

/** A batch for one worker message (fewer, larger messages: the settings and slugs travel once per batch). */
export interface CompileBatch {
  settings: CompileSettings;
  slugs: Array<[string, DocTarget]>;
  pages: CompilePage[];
}

/**
 * A message to a worker: render some routes, or compile a batch of pages. `progress` is told the index of each page
 * or route as its work starts, so that the main thread can time it (pipeline/pool.ts: the page time limit).
 */
export type WorkerTask = (
  | { type: "render"; tasks: RenderTask[] }
  | { type: "compile"; batch: CompileBatch }
  /** Routes drawn to HTML only, with no cache (the dev server's pages). */
  | { type: "html"; jobs: RenderJob[] }
) & {
  progress?: MessagePort;
};

/** Called with the index of each item of a batch as its work starts. */
type OnStart = (i: number) => void;

/** Compiles each page of the batch (cache misses: the compile stage reads and writes the cache). */
export async function compileBatch(
  batch: CompileBatch,
  onStart: OnStart = () => {},
): Promise<Array<WorkerResult<CompiledMdx>>> {
  const { settings } = batch;
  const slugs = new Map(batch.slugs);
  const modules = moduleContextOf(settings);
  const sharedParses = new SharedParses(batch.pages.map((p) => p.body));
  const out: Array<WorkerResult<CompiledMdx>> = [];
  for (const [i, p] of batch.pages.entries()) {
    onStart(i);
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
async function renderBatch(tasks: RenderTask[], onStart: OnStart): Promise<Array<WorkerResult<RenderedPage>>> {
  const out: Array<WorkerResult<RenderedPage>> = [];
  for (const [i, task] of tasks.entries()) {
    onStart(i);
    try {
      out.push({ ok: true, value: await renderToCache(task) });
    } catch (err) {
      out.push({ ok: false, error: serializeError(err) });
    }
  }
  return out;
}

/** Draws each job's HTML; a job's error is its result, not a rejection. */
export async function htmlBatch(jobs: RenderJob[], onStart: OnStart = () => {}): Promise<Array<WorkerResult<string>>> {
  const { renderJob } = await import("../render/render-job.ts");
  const out: Array<WorkerResult<string>> = [];
  for (const [i, job] of jobs.entries()) {
    onStart(i);
    try {
      out.push({ ok: true, value: await renderJob(job) });
    } catch (err) {
      out.push({ ok: false, error: serializeError(err) });
    }
  }
  return out;
}

export async function runTask(task: WorkerTask): Promise<WorkerResult<unknown>> {
  const onStart: OnStart = (i) => task.progress?.postMessage(i);
  try {
    // The code a page's work loads on first use is loaded before the first page is timed: on a loaded machine a
    // fresh thread's first page would otherwise spend seconds of its time limit loading the MDX tool chain or React.
    await (task.type === "compile" ? import("../mdx/toolchain.ts") : import("../render/render-job.ts"));
    if (task.type === "compile") return { ok: true, value: await compileBatch(task.batch, onStart) };
    if (task.type === "html") return { ok: true, value: await htmlBatch(task.jobs, onStart) };
    return { ok: true, value: await renderBatch(task.tasks, onStart) };
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  } finally {
    task.progress?.close();
  }
}
