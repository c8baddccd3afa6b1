// What a build worker thread does: render one route. The job and its result are plain data; an error comes back
// as data too (DocsiteError's file, line and hint survive the thread boundary). MDX compiles stay in the main
// thread: they need the module context, doc slugs and component checks of the build (pipeline/build.ts).
import { renderJob, type RenderJob } from "../render/render-job.ts";
import { serializeError, type WorkerResult } from "./task-errors.ts";

export interface RenderTask {
  type: "render";
  job: RenderJob;
}
export type WorkerTask = RenderTask;

export async function runTask(task: WorkerTask): Promise<WorkerResult<unknown>> {
  try {
    return { ok: true, value: await renderJob(task.job) };
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  }
}
