// The compile stage: every page's MDX → CompiledMdx. A page whose source, partials and compiler are unchanged
// comes from the cache (read here, in this thread); the rest compile in batches on the worker pool when there
// are many (a cold build), in this thread when few (an edit). A batch carries the site config and the doc slugs
// as plain data, from which the worker rebuilds each page's link rewriter and module context
// (mdx/content-links.ts, mdx/modules.ts): the same inputs as a compile in this thread, so the same output.
import type { SiteConfig } from "../config/types.ts";
import { basename } from "node:path";
import { compiledEntryOf, readCompiled, writeCompiled, type CompiledMdx, type CompileStats } from "../mdx/compile.ts";
import { eachLimited } from "./each-limited.ts";
import { rewriteKeyOf, type DocTarget } from "../mdx/content-links.ts";
import { moduleContextOf } from "../mdx/modules.ts";
import { compilePoolFor, inlinePool, poolSize, type BuildPool } from "./pool.ts";
import { reviveError } from "./task-errors.ts";
import { withCompileBudget } from "./jit-budget.ts";

/** One page to compile: the content file in the locale it is shown in. */
export interface CompilePage {
  file: string;
  body: string;
  bodyOffset: number;
  locale: string;
}

/** A batch for one worker message (fewer, larger messages: the config and slugs travel once per batch). */
export interface CompileBatch {
  config: SiteConfig;
  slugs: Array<[string, DocTarget]>;
  cacheDir: string;
  pages: CompilePage[];
  /** false: the results are not written to the compile cache here (the stage writes them when the compile is done). */
  store?: boolean;
}

export interface CompileStageResult {
  /** By the index of the page in the input list. */
  compiled: Map<number, CompiledMdx>;
  errors: Array<{ index: number; error: unknown }>;
  /** The compile cache entries of these pages (a full build removes the others: pipeline/build.ts). */
  entries: string[];
}

/**
 * Cache entries written at once after a compile on worker threads. Written by the compile thread while it compiled
 * (736 new files for this site), they cost that thread its promise and file-handle work (about 0.2 s of its CPU
 * profile) and the kernel's file creation beside it: cold builds alternated with that, 2-core machine, on disk (9
 * rounds) 5.2–5.7 s against 5.5–6.6 s, in RAM (4 rounds) 4.4–4.6 s against 4.7–5.2 s.
 */
const DEFERRED_WRITES = 16;

/** Pages per batch: a few batches per thread keep both busy to the end, without a message per page. */
export const batchSize = (misses: number, threads: number): number =>
  Math.max(4, Math.min(32, Math.ceil(misses / (Math.max(1, threads) * 6))));

export async function compilePages(
  config: SiteConfig,
  slugs: Map<string, DocTarget>,
  pages: CompilePage[],
  cacheDir: string,
  stats: CompileStats,
  sharedPool: () => BuildPool,
  progress: (done: number, total: number) => void,
  /** Each page compiled now, as its batch comes back. */
  onCompiled?: (compiled: CompiledMdx) => void,
): Promise<CompileStageResult> {
  const compiled = new Map<number, CompiledMdx>();
  const errors: CompileStageResult["errors"] = [];
  const modules = moduleContextOf(config);
  const keys = new Map<string, string>();
  const rewriteKey = (locale: string) => {
    let k = keys.get(locale);
    if (k === undefined) keys.set(locale, (k = rewriteKeyOf(config, locale, slugs)));
    return k;
  };
  const misses: number[] = [];
  const entries: string[] = [];
  // Each page's cache input, by index: read here, written after a compile on worker threads.
  const inputs = pages.map((p) => ({ file: p.file, body: p.body, rewriteKey: rewriteKey(p.locale), modules }));
  let done = 0;
  await Promise.all(
    inputs.map(async (input, i) => {
      const entry = compiledEntryOf(input, cacheDir);
      entries.push(basename(entry));
      const hit = await readCompiled(input, cacheDir, entry);
      if (hit) {
        compiled.set(i, hit);
        stats.cached++;
        progress(++done, pages.length);
      } else misses.push(i);
    }),
  );
  // The same page in every locale side by side, so a batch holds both and their shared code blocks are
  // highlighted once (mdx/rehype-highlight-cached.ts).
  const sortKey = (i: number) =>
    `${pages[i].file.replace(/^content\/[^/]+\//, "")}\0${pages[i].file}\0${pages[i].locale}`;
  const order = new Map(misses.map((i) => [i, sortKey(i)]));
  misses.sort((a, b) => (order.get(a)! < order.get(b)! ? -1 : order.get(a)! > order.get(b)! ? 1 : 0));
  const { pool, close } = compilePoolFor(misses.length, sharedPool);
  const size = batchSize(misses.length, poolSize());
  const batches: number[][] = [];
  for (let i = 0; i < misses.length; i += size) batches.push(misses.slice(i, i + size));
  const slugList = [...slugs];
  // On worker threads the cache entries are written once every page is compiled (DEFERRED_WRITES says why); a
  // compile in this thread (an edit: a page or two) writes its own.
  const inThisThread = pool === inlinePool;
  const toStore: number[] = [];
  // Compiles in this thread are few (an edit): V8's budget. Worker threads get the compile's (jit-budget.ts).
  const compileAll = () =>
    Promise.all(
      batches.map(async (batch) => {
        const results = await pool.compile({
          config,
          slugs: slugList,
          cacheDir,
          pages: batch.map((i) => pages[i]),
          store: inThisThread,
        });
        results.forEach((r, j) => {
          if (r.ok) {
            compiled.set(batch[j], r.value);
            stats.compiled++;
            onCompiled?.(r.value);
            if (!inThisThread) toStore.push(batch[j]);
          } else errors.push({ index: batch[j], error: reviveError(r.error) });
        });
        done += batch.length;
        progress(done, pages.length);
      }),
    );
  try {
    await (inThisThread ? compileAll() : withCompileBudget(compileAll));
  } finally {
    await close();
  }
  // An entry that cannot be written is that page's error, as in a compile batch (pipeline/worker.ts).
  const failedWrites = await eachLimited(toStore, DEFERRED_WRITES, (i) =>
    writeCompiled(inputs[i], cacheDir, compiled.get(i)!),
  );
  for (const { item, error } of failedWrites) {
    compiled.delete(item);
    stats.compiled--;
    errors.push({ index: item, error });
  }
  errors.sort((a, b) => a.index - b.index);
  return { compiled, errors, entries };
}
