// The build's worker pool: page compiles and route renders spread over every core (tinypool, worker threads).
// Started lazily on the first task, so a build whose pages all come from the cache starts no thread. Small
// batches run in this thread: starting a worker (React, the MDX runtime) costs more than a few pages, and on one or
// two cores more than a few hundred (POOL_THRESHOLD_FEW_CORES says why).
import { availableParallelism } from "node:os";
import { Tinypool } from "tinypool";
import type { RenderedPage, RenderTask } from "./render-store.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import type { CompileBatch, WorkerTask } from "./worker.ts";
import { reviveError, type WorkerResult } from "./task-errors.ts";
import { WORKER_ENTRY } from "../boot/locations.ts";

/** Below this many tasks in a stage, work stays in the main thread. */
export const POOL_THRESHOLD = 48;
/**
 * The same on machines with fewer than three cores, where the main thread's second core is already busy with V8's
 * own helper threads (parallel GC, the optimising compiler). Measured there (docs/speed.md, "A worker pool"),
 * threads pay off in wall time and memory from somewhere between 400 and 1,000 tasks: below, one thread does the
 * same work in about the same time with less CPU and memory; above, a heap holding every page's compile garbage
 * collects slower than two smaller ones.
 */
export const POOL_THRESHOLD_FEW_CORES = 500;

/** A route's render: its record in the render store, or its HTML (pipeline/render-store.ts); or why it failed. */
export type RenderOutcome = { ok: true; value: RenderedPage } | { ok: false; error: unknown };

export interface BuildPool {
  /**
   * Renders routes into the render store, one outcome per task, in order. Tasks of one call travel to a worker as
   * one message: the objects they share (the config, the locale's strings, a sidebar) are copied once per call, not
   * once per route, and the worker makes the strings' formatters once for them all.
   */
  render(tasks: RenderTask[]): Promise<RenderOutcome[]>;
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
  render: async (tasks) => {
    const { renderToCache } = await import("./render-store.ts");
    const out: RenderOutcome[] = [];
    for (const task of tasks) out.push(await renderToCache(task).then(ok, failed));
    return out;
  },
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
    render: async (tasks) =>
      (await run<Array<WorkerResult<RenderedPage>>>({ type: "render", tasks })).map((r) =>
        r.ok ? r : { ok: false, error: reviveError(r.error) },
      ),
    compile: (batch) => run<Array<WorkerResult<CompiledMdx>>>({ type: "compile", batch }),
    close: async () => {
      await pool?.destroy();
    },
  };
}

const ok = (value: RenderedPage): RenderOutcome => ({ ok: true, value });
const failed = (error: unknown): RenderOutcome => ({ ok: false, error });

/** Tasks from which a stage uses worker threads: more on a machine of one or two cores (unless DOCSITE_WORKERS). */
const poolThreshold = (cores = availableParallelism()): number =>
  cores < 3 && process.env.DOCSITE_WORKERS === undefined ? POOL_THRESHOLD_FEW_CORES : POOL_THRESHOLD;

/** The pool for a stage of `count` tasks: worker threads for big batches, this thread for small ones. */
export const poolFor = (count: number, shared: () => BuildPool, cores = availableParallelism()): BuildPool =>
  count >= poolThreshold(cores) && poolSize() > 1 ? shared() : inlinePool;

/**
 * The pool for compiling `count` pages. Where poolFor would keep a batch of POOL_THRESHOLD pages or more in this
 * thread (one or two cores, below POOL_THRESHOLD_FEW_CORES), the pages compile in one worker thread of the stage's
 * own, ended with the stage: a compile's garbage grows the heap of the thread it runs in, and a thread's heap is
 * given back when it ends, so the main thread leaves the compile at about half the memory, and the images and the
 * render start from there.
 */
export function compilePoolFor(
  count: number,
  shared: () => BuildPool,
  cores = availableParallelism(),
): { pool: BuildPool; close(): Promise<void> } {
  if (poolSize() > 1 && count >= POOL_THRESHOLD && count < poolThreshold(cores)) {
    const own = createPool(1);
    return { pool: own, close: () => own.close() };
  }
  return { pool: poolFor(count, shared, cores), close: async () => {} };
}
