// The compile stage (pipeline/compile-stage.ts) on worker threads: the threads compile and return, and the stage
// writes every page's cache entry once the compile is done (writing them in the compile thread slowed it); an entry
// that cannot be written is the cache's problem, reported once, not the page's. Here the "threads" are a pool object
// that runs compile batches in this thread, so the batches can be seen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fixtureSite, removeSite } from "../support/site.ts";
import { compiledPagesOf, simplePages } from "../support/compile-pages.ts";
import { loadConfig } from "../../cli/config/load.ts";
import { compilePages } from "../../cli/pipeline/compile-stage.ts";
import { compileBatch, type CompileBatch } from "../../cli/pipeline/worker.ts";
import { inlinePool, POOL_THRESHOLD, type BuildPool } from "../../cli/pipeline/pool.ts";
import { BuildCache } from "../../cli/cache/cache.ts";
import type { SiteConfig } from "../../cli/config/types.ts";

describe("the compile stage on worker threads", () => {
  let root: string;
  let config: SiteConfig;
  const workers = process.env.DOCSITE_WORKERS;
  // Enough pages for the worker pool (DOCSITE_WORKERS set: POOL_THRESHOLD pages, whatever the cores).
  const pages = simplePages(POOL_THRESHOLD);
  /** A pool whose compile batches run here, recording each batch. */
  const recordingPool = (batches: CompileBatch[]): BuildPool => ({
    ...inlinePool,
    compile: (batch) => {
      batches.push(batch);
      return compileBatch(batch);
    },
  });
  const run = (cache: BuildCache, pool: BuildPool) =>
    compilePages({
      config,
      slugs: new Map(),
      pages,
      cache,
      stats: { compiled: 0, cached: 0 },
      sharedPool: () => pool,
      progress: () => {},
    });

  beforeAll(async () => {
    root = await fixtureSite();
    config = loadConfig(root);
    process.env.DOCSITE_WORKERS = "2";
  });
  afterAll(async () => {
    if (workers === undefined) delete process.env.DOCSITE_WORKERS;
    else process.env.DOCSITE_WORKERS = workers;
    await removeSite(root);
  });

  it("writes every page's cache entry itself, once the threads have compiled them all", async () => {
    const cache = BuildCache.forSite(root);
    const batches: CompileBatch[] = [];
    const result = await run(cache, recordingPool(batches));
    expect(result.errors).toEqual([]);
    expect(result.compiled.size).toBe(pages.length);
    expect(batches.length).toBeGreaterThan(1);
    const store = compiledPagesOf(BuildCache.forSite(root), config);
    for (const [i, p] of pages.entries()) expect(store.get(p)?.code, p.file).toBe(result.compiled.get(i)?.code);
    // A second run takes every page from the cache.
    const again = await run(BuildCache.forSite(root), recordingPool([]));
    const codes = (r: typeof result) => pages.map((_, i) => r.compiled.get(i)?.code);
    expect(codes(again)).toEqual(codes(result));
  });

  it("compiles every page when its entries cannot be written, and notes the cache's problem once", async () => {
    const other = await fixtureSite();
    try {
      // A file where the cache's folder goes: no entry can be written.
      await mkdir(join(other, ".docsite"), { recursive: true });
      const { writeFile } = await import("node:fs/promises");
      await writeFile(join(other, ".docsite", "cache"), "not a folder");
      const cache = BuildCache.forSite(other);
      const result = await run(cache, recordingPool([]));
      expect(result.errors).toEqual([]);
      expect(result.compiled.size).toBe(pages.length);
      expect(cache.report().writeProblem).toMatch(/ENOTDIR|EEXIST/);
    } finally {
      await removeSite(other);
    }
  });
});
