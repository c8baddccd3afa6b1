// What a build worker thread does: compile one MDX page or render one route. Inputs and results are plain data;
// an error comes back as data too (DocsiteError's file, line and hint survive the thread boundary).
import { compileMdx, type CompiledMdx } from "../mdx/compile.ts";
import { contentLinkRewriter, rewriteKeyOf } from "../mdx/content-links.ts";
import { renderJob, type RenderJob } from "../render/render-job.ts";
import { serializeError, type WorkerResult } from "./task-errors.ts";
import type { SiteConfig } from "../config/types.ts";

export interface CompileTask {
  type: "compile";
  config: SiteConfig;
  file: string;
  body: string;
  bodyOffset: number;
  locale: string;
  cacheDir: string;
}
export interface RenderTask {
  type: "render";
  job: RenderJob;
}
export type WorkerTask = CompileTask | RenderTask;

/** Compiles a page as the main thread would, link rewriting rebuilt from the config. */
export function compileTask(t: Omit<CompileTask, "type">): Promise<CompiledMdx> {
  return compileMdx(
    {
      file: t.file,
      body: t.body,
      bodyOffset: t.bodyOffset,
      rewriteLink: contentLinkRewriter(t.config, t.file, t.locale),
      rewriteKey: rewriteKeyOf(t.config, t.locale),
    },
    t.cacheDir,
  );
}

export async function runTask(task: WorkerTask): Promise<WorkerResult<unknown>> {
  try {
    const value = task.type === "compile" ? await compileTask(task) : await renderJob(task.job);
    return { ok: true, value };
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  }
}
