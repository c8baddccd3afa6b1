// The build's worker pool: page compiles and route renders spread over every core (tinypool, worker threads).
// Started lazily on the first task, so a build whose pages all come from the cache starts no thread. Small
// batches run in this thread: starting a worker (tsx, React, the MDX runtime) costs more than a few pages.
import { availableParallelism } from "node:os";
import { Tinypool } from "tinypool";
import type { RenderJob } from "../render/render-job.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import type { CompileBatch } from "./compile-stage.ts";
import type { WorkerTask } from "./worker.ts";
import { reviveError, type WorkerResult } from "./task-errors.ts";
import { WORKER_ENTRY } from "../boot/locations.ts";

/** Below this many tasks in a stage, work stays in the main thread. */
export const POOL_THRESHOLD = 48;

export interface BuildPool {
  render(job: RenderJob): Promise<string>;
  /** One result per page of the batch, in order; a page's error is its result, not a rejection. */
  compile(batch: CompileBatch): Promise<Array<WorkerResult<CompiledMdx>>>;
  close(): Promise<void>;
}

/** Worker threads: one per core (at most 8), or DOCSITE_WORKERS (0 or 1: everything in this thread). */
export function poolSize(): number {
  const env = process.env.DOCSITE_WORKERS;
  if (env !== undefined && /^\d+$/.test(env)) return Number(env);
  return Math.max(1, Math.min(availableParallelism(), 8));
}

/** Runs every task in this thread (the task code, with MDX and React, loads on first use). */
export const inlinePool: BuildPool = {
  render: async (job) => (await import("../render/render-job.ts")).renderJob(job),
  compile: async (batch) => (await import("./worker.ts")).compileBatch(batch),
  close: async () => {},
};

export function createPool(threads = poolSize()): BuildPool {
  let pool: Tinypool | undefined;
  const run = async <T>(task: WorkerTask): Promise<T> => {
    pool ??= new Tinypool({
      filename: WORKER_ENTRY,
      minThreads: threads,
      maxThreads: threads,
      isolateWorkers: false,
    });
    const r = (await pool.run(task)) as WorkerResult<T>;
    if (!r.ok) throw reviveError(r.error);
    return r.value;
  };
  return {
    render: (job) => run<string>({ type: "render", job }),
    compile: (batch) => run<Array<WorkerResult<CompiledMdx>>>({ type: "compile", batch }),
    close: async () => {
      await pool?.destroy();
    },
  };
}

/** The pool for a stage of `count` tasks: worker threads for big batches, this thread for small ones. */
export const poolFor = (count: number, shared: () => BuildPool): BuildPool =>
  count >= POOL_THRESHOLD && poolSize() > 1 ? shared() : inlinePool;
