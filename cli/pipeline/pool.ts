// The build's worker pool: page compiles and route renders spread over every core (tinypool, worker threads).
// Started lazily on the first task, so a build whose pages all come from the cache starts no thread. Every page's
// compile and render runs in a worker thread, however few there are: a page's MDX expressions run there, and code
// that loops forever can only be stopped by ending its thread (pipeline/time-limit.ts). A page that goes over the
// time limit ends its thread, which tinypool replaces, and fails alone: the pages of its batch run again without it.
// Small batches use one thread of the stage's own (starting more costs more than a few pages, and on one or two
// cores more than a few hundred: POOL_THRESHOLD_FEW_CORES says why).
import { availableParallelism } from "node:os";
import { MessageChannel } from "node:worker_threads";
import type { Tinypool } from "tinypool";
import type { RenderedPage, RenderTask } from "./render-store.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import type { RenderJob } from "../render/render-job.ts";
import type { CompileBatch, CompilePage, WorkerTask } from "./worker.ts";
import { reviveError, serializeError, type WorkerResult } from "./task-errors.ts";
import { PageTimeLimitError } from "./time-limit.ts";
import { WORKER_ENTRY } from "../boot/locations.ts";

/** Below this many tasks in a stage, work goes to one worker thread of the stage's own. */
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

/** A job's HTML, or why it failed. */
export type HtmlOutcome = { ok: true; value: string } | { ok: false; error: unknown };

export interface BuildPool {
  /**
   * Renders routes into the render store, one outcome per task, in order. Tasks of one call travel to a worker as
   * one message: the objects they share (the config, the locale's strings, a sidebar) are copied once per call, not
   * once per route, and the worker makes the strings' formatters once for them all. A route whose render takes
   * longer than `limitMs` fails with the time limit's error (no file: the render stage adds the route's).
   */
  render(tasks: RenderTask[], limitMs: number): Promise<RenderOutcome[]>;
  /** One result per page of the batch, in order; a page's error (its time limit too) is its result, not a rejection. */
  compile(batch: CompileBatch, limitMs: number): Promise<Array<WorkerResult<CompiledMdx>>>;
  /** Each job's HTML, drawn with no cache (the dev server's pages); errors as `render`'s. */
  html(jobs: RenderJob[], limitMs: number): Promise<HtmlOutcome[]>;
  close(): Promise<void>;
}

/**
 * Worker threads: one per core (at most 8), or DOCSITE_WORKERS. DOCSITE_WORKERS=0 runs everything in this thread,
 * for debugging: there no page time limit holds.
 */
export function poolSize(): number {
  const env = process.env.DOCSITE_WORKERS;
  if (env !== undefined && /^\d+$/.test(env)) return Number(env);
  return Math.max(1, Math.min(availableParallelism(), 8));
}

/** Runs every task in this thread (the task code, with MDX and React, loads on first use), with no time limit. */
export const inlinePool: BuildPool = {
  render: async (tasks) => {
    const { renderToCache } = await import("./render-store.ts");
    const out: RenderOutcome[] = [];
    for (const task of tasks) out.push(await renderToCache(task).then(ok, failed));
    return out;
  },
  compile: async (batch) => (await import("./worker.ts")).compileBatch(batch),
  html: async (jobs) =>
    (await (await import("./worker.ts")).htmlBatch(jobs)).map((r) =>
      r.ok ? r : { ok: false, error: reviveError(r.error) },
    ),
  close: async () => {},
};

/** A task's run in a worker: its result, or the index of the item it was working on when the time limit ended it. */
type Limited<T> = { value: T } | { stuck: number };

/**
 * tinypool, imported when a stage first needs a thread: a build served from the cache starts none, and its module
 * graph cost a no-change build's process about 13 ms of CPU to load (docs/speed.md, "The no-change build").
 */
let tinypool: Promise<typeof import("tinypool")> | undefined;

export function createPool(threads = Math.max(1, poolSize())): BuildPool {
  let pool: Tinypool | undefined;
  /**
   * Runs a task whose items (pages, routes) each have `limitMs`: the worker says on a port of the task's own when it
   * starts each one, and an item still running `limitMs` after its start has its thread ended (tinypool starts
   * another in its place).
   */
  const runLimited = async <T>(task: WorkerTask, limitMs: number): Promise<Limited<T>> => {
    if (!pool) {
      const { Tinypool } = await (tinypool ??= import("tinypool"));
      pool ??= new Tinypool({
        filename: WORKER_ENTRY,
        minThreads: threads,
        maxThreads: threads,
        isolateWorkers: false,
      });
    }
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let current = -1;
    let timer: NodeJS.Timeout | undefined;
    port1.on("message", (i: number) => {
      current = i;
      clearTimeout(timer);
      timer = setTimeout(() => abort.abort(), limitMs);
    });
    try {
      // tinypool's TransferList type is inferred from the last overload of postMessage (an options object).
      const transferList = [port2] as never;
      const r = (await pool.run({ ...task, progress: port2 }, { transferList, signal: abort.signal })) as
        | WorkerResult<T>
        | undefined;
      if (abort.signal.aborted) return { stuck: current };
      if (!r?.ok) throw r ? reviveError(r.error) : new Error("internal: a build worker thread returned nothing");
      return { value: r.value };
    } catch (err) {
      if (abort.signal.aborted) return { stuck: current };
      throw err;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  };
  /**
   * Runs `items` as tasks until each has its result: when an item goes over the time limit it fails with `tooLong`,
   * and the others of its task (whose results ended with the thread) run again without it.
   */
  const runAll = async <I, W, R>(
    items: I[],
    taskOf: (items: I[]) => WorkerTask,
    limitMs: number,
    result: (w: W) => R,
    tooLong: (item: I) => R,
  ): Promise<R[]> => {
    const out: R[] = new Array(items.length);
    let pending = items.map((_, i) => i);
    while (pending.length) {
      const r = await runLimited<W[]>(taskOf(pending.map((i) => items[i])), limitMs);
      if ("value" in r) {
        r.value.forEach((v, j) => {
          out[pending[j]] = result(v);
        });
        break;
      }
      // Ended before its first item started: cannot happen (the limit starts with an item), but never loop on it.
      const stuck = r.stuck < 0 ? 0 : r.stuck;
      out[pending[stuck]] = tooLong(items[pending[stuck]]);
      pending = pending.filter((_, j) => j !== stuck);
    }
    return out;
  };
  return {
    render: (tasks, limitMs) =>
      runAll<RenderTask, WorkerResult<RenderedPage>, RenderOutcome>(
        tasks,
        (t) => ({ type: "render", tasks: t }),
        limitMs,
        (r) => (r.ok ? r : { ok: false, error: reviveError(r.error) }),
        // No file: the render stage adds the route's.
        () => ({ ok: false, error: new PageTimeLimitError("rendering", limitMs) }),
      ),
    compile: (batch, limitMs) =>
      runAll<CompilePage, WorkerResult<CompiledMdx>, WorkerResult<CompiledMdx>>(
        batch.pages,
        (pages) => ({ type: "compile", batch: { ...batch, pages } }),
        limitMs,
        (r) => r,
        (page) => ({ ok: false, error: serializeError(new PageTimeLimitError("compiling", limitMs, page.file)) }),
      ),
    html: (jobs, limitMs) =>
      runAll<RenderJob, WorkerResult<string>, HtmlOutcome>(
        jobs,
        (j) => ({ type: "html", jobs: j }),
        limitMs,
        (r) => (r.ok ? r : { ok: false, error: reviveError(r.error) }),
        () => ({ ok: false, error: new PageTimeLimitError("rendering", limitMs) }),
      ),
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

/**
 * The pool for a stage of `count` tasks, and what ends it with the stage: the shared worker threads for a big batch;
 * for a small one a single thread of the stage's own (a compile's garbage grows the heap of the thread it runs in,
 * and a thread's heap is given back when it ends, so the main thread leaves the stage at about half the memory, and
 * the next stage starts from there); this thread only with DOCSITE_WORKERS=0.
 */
export function stagePoolFor(
  count: number,
  shared: () => BuildPool,
  cores = availableParallelism(),
): { pool: BuildPool; close(): Promise<void> } {
  if (poolSize() === 0) return { pool: inlinePool, close: async () => {} };
  if (poolSize() > 1 && count >= poolThreshold(cores)) return { pool: shared(), close: async () => {} };
  const own = createPool(1);
  return { pool: own, close: () => own.close() };
}
