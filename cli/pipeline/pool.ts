// The build's worker pool: page compiles and route renders spread over every core (tinypool, worker threads).
// Started lazily on the first task, so a build whose pages all come from the cache starts no thread. Small
// batches run in this thread: starting a worker (React, the MDX runtime) costs more than a few pages. Machines
// with fewer than three cores run everything in this thread (poolSize says why).
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

/**
 * Worker threads: one per core but one (at most 8), none below three cores; or DOCSITE_WORKERS (0 or 1: everything
 * in this thread). The core left over runs V8's own helper threads (parallel and concurrent GC, the optimising
 * compiler), which the MDX pipeline keeps busy: on two cores a cold build of this site took as long on two workers
 * as in one thread (13.0 vs 13.3 s wall, median of 3, alternating) for 21 % more CPU (22.6 vs 18.7 s) and 57 MB more
 * memory, and a probe compiling every page in two workers gained 1.1–1.3× over one thread (2026-11-24).
 */
export function poolSize(cores = availableParallelism()): number {
  const env = process.env.DOCSITE_WORKERS;
  if (env !== undefined && /^\d+$/.test(env)) return Number(env);
  return cores < 3 ? 0 : Math.min(cores - 1, 8);
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
