// The compile stage: every page's MDX → CompiledMdx. A page whose inputs are unchanged comes from the build cache
// (read here, in this thread); the rest compile in batches on the worker pool when there are many (a cold build), in
// one worker thread when few (an edit): never in this thread, where a page that compiles forever could not be
// stopped (pipeline/time-limit.ts). A batch carries the compile settings and the doc slugs as plain data, from which
// the worker rebuilds each page's link rewriter and module context (mdx/content-links.ts, mdx/modules.ts): the same
// inputs as a compile in this thread, so the same output, and the same inputs the cache keys the page by.
import type { SiteConfig } from "../config/types.ts";
import type { CompiledMdx, CompileStats } from "../mdx/compile.ts";
import type { CompilePage } from "./worker.ts";
import { eachLimited } from "./each-limited.ts";
import type { DocTarget } from "../mdx/content-links.ts";
import { compileSettingsOf, portableSettings } from "../mdx/compile-settings.ts";
import { inlinePool, poolSize, stagePoolFor, type BuildPool } from "./pool.ts";
import { pageTimeLimitMs } from "./time-limit.ts";
import { reviveError } from "./task-errors.ts";
import { withCompileBudget } from "./jit-budget.ts";
import type { BuildCache } from "../cache/cache.ts";
import { CompiledPages } from "../cache/compiled-pages.ts";

interface CompileStageResult {
  /** By the index of the page in the input list. */
  compiled: Map<number, CompiledMdx>;
  errors: Array<{ index: number; error: unknown }>;
  /**
   * Compiles a page again (on the shared pool), when its cached code turned out to be lost or damaged as it was about
   * to render, and puts the code in place.
   */
  recompile(compiled: CompiledMdx): Promise<void>;
}

/** Cache entries written at a time once a compile is done (through libuv's threads). */
const WRITES_AT_ONCE = 16;

/** Pages per batch: a few batches per thread keep both busy to the end, without a message per page. */
const batchSize = (misses: number, threads: number): number =>
  Math.max(4, Math.min(32, Math.ceil(misses / (Math.max(1, threads) * 6))));

/** What the compile stage is given. */
export interface CompileStageOptions {
  config: SiteConfig;
  slugs: Map<string, DocTarget>;
  pages: CompilePage[];
  cache: BuildCache;
  /** Counted here: pages compiled now vs. taken from the cache. */
  stats: CompileStats;
  /** The build's worker pool (started on first use); a few misses compile on a thread of their own instead. */
  sharedPool: () => BuildPool;
  progress: (done: number, total: number) => void;
  /** Each page compiled now, as its batch comes back. */
  onCompiled?: (compiled: CompiledMdx) => void;
}

export async function compilePages(o: CompileStageOptions): Promise<CompileStageResult> {
  const { config, slugs, pages, cache, stats, sharedPool, progress, onCompiled } = o;
  const compiled = new Map<number, CompiledMdx>();
  const errors: CompileStageResult["errors"] = [];
  const settings = compileSettingsOf(config);
  const slugList = [...slugs];
  const store = new CompiledPages<CompiledMdx>(
    cache,
    { settings: portableSettings(settings), slugs: slugList },
    config.rootDir,
  );
  const misses: number[] = [];
  let done = 0;
  pages.forEach((page, i) => {
    const hit = store.get(page);
    if (hit) {
      compiled.set(i, hit);
      stats.cached++;
      progress(++done, pages.length);
    } else misses.push(i);
  });
  // The same page in every locale side by side, so a batch holds both and their shared code blocks are
  // highlighted once (mdx/rehype-highlight-cached.ts); and pages with the same text (a docs version copied from
  // another) beside the first of them, so a batch holds them all and parses the text once (mdx/shared-parse.ts).
  const sortKey = (i: number) =>
    `${pages[i].file.replace(/^content\/[^/]+\//, "")}\0${pages[i].file}\0${pages[i].locale}`;
  const firstOfText = new Map<string, string>();
  for (const i of misses) {
    const k = sortKey(i);
    const first = firstOfText.get(pages[i].body);
    if (first === undefined || k < first) firstOfText.set(pages[i].body, k);
  }
  const order = new Map(misses.map((i) => [i, `${firstOfText.get(pages[i].body)}\0${sortKey(i)}`]));
  misses.sort((a, b) => (order.get(a)! < order.get(b)! ? -1 : order.get(a)! > order.get(b)! ? 1 : 0));
  // The stage's live line (a terminal's) starts with the first page to compile, not with the first batch back.
  if (misses.length) progress(done, pages.length);
  const { pool, close } = stagePoolFor(misses.length, sharedPool);
  const limitMs = pageTimeLimitMs(config);
  const size = batchSize(misses.length, poolSize());
  const batches: number[][] = [];
  for (let i = 0; i < misses.length; i += size) batches.push(misses.slice(i, i + size));
  // The cache entries are written once every page is compiled, not by the compile thread (docs/speed.md says why).
  const toStore: number[] = [];
  // Compiles in this thread (DOCSITE_WORKERS=0) keep V8's budget. Worker threads get the compile's (jit-budget.ts).
  const compileAll = () =>
    Promise.all(
      batches.map(async (batch) => {
        const results = await pool.compile({ settings, slugs: slugList, pages: batch.map((i) => pages[i]) }, limitMs);
        results.forEach((r, j) => {
          if (r.ok) {
            compiled.set(batch[j], r.value);
            stats.compiled++;
            onCompiled?.(r.value);
            toStore.push(batch[j]);
          } else errors.push({ index: batch[j], error: reviveError(r.error) });
        });
        done += batch.length;
        progress(done, pages.length);
      }),
    );
  try {
    await (pool === inlinePool ? compileAll() : withCompileBudget(compileAll));
  } finally {
    await close();
  }
  // A write that fails is the cache's problem (reported once by the build), not the page's.
  await eachLimited(toStore, WRITES_AT_ONCE, async (i) => {
    await store.put(pages[i], compiled.get(i)!);
  });
  errors.sort((a, b) => a.index - b.index);
  const indexOf = new Map([...compiled].map(([i, c]) => [c, i]));
  const recompile = async (c: CompiledMdx) => {
    const i = indexOf.get(c);
    if (i === undefined) throw new Error("internal: recompile of a page this stage did not compile");
    const [r] = await sharedPool().compile({ settings, slugs: slugList, pages: [pages[i]] }, limitMs);
    if (!r.ok) throw reviveError(r.error);
    Object.defineProperty(c, "code", { value: r.value.code, writable: true, enumerable: true, configurable: true });
    await store.put(pages[i], r.value);
  };
  return { compiled, errors, recompile };
}
