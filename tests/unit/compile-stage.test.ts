// The compile stage (pipeline/compile-stage.ts) on worker threads: the threads compile and return, and the stage
// writes every page's cache entry once the compile is done (writing them in the compile thread slowed it); an entry
// that cannot be written is that page's error. Here the "threads" are a pool object that runs compile batches in this
// thread, so what the batches were asked to store can be seen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fixtureSite, removeSite } from "../support/site.ts";
import { cacheInputOf, simplePages } from "../support/compile-pages.ts";
import { loadConfig } from "../../cli/config/load.ts";
import { compilePages, type CompileBatch } from "../../cli/pipeline/compile-stage.ts";
import { compileBatch } from "../../cli/pipeline/worker.ts";
import { inlinePool, POOL_THRESHOLD, type BuildPool } from "../../cli/pipeline/pool.ts";
import { compiledEntryOf, readCompiled } from "../../cli/mdx/compile.ts";
import type { SiteConfig } from "../../cli/config/types.ts";

describe("the compile stage on worker threads", () => {
  let root: string;
  let config: SiteConfig;
  const workers = process.env.DOCSITE_WORKERS;
  // Enough pages for the worker pool (DOCSITE_WORKERS set: POOL_THRESHOLD pages, whatever the cores).
  const pages = simplePages(POOL_THRESHOLD);
  const inputOf = (p: (typeof pages)[number]) => cacheInputOf(config, p);
  /** A pool whose compile batches run here, recording each batch. */
  const recordingPool = (batches: CompileBatch[]): BuildPool => ({
    ...inlinePool,
    compile: (batch) => {
      batches.push(batch);
      return compileBatch(batch);
    },
  });
  const run = (cacheDir: string, pool: BuildPool) =>
    compilePages(
      config,
      new Map(),
      pages,
      cacheDir,
      { compiled: 0, cached: 0 },
      () => pool,
      () => {},
    );

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
    const cacheDir = join(root, ".docsite", "cache-a");
    const batches: CompileBatch[] = [];
    const result = await run(cacheDir, recordingPool(batches));
    expect(result.errors).toEqual([]);
    expect(result.compiled.size).toBe(pages.length);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((b) => b.store === false)).toBe(true);
    for (const [i, p] of pages.entries()) {
      const hit = await readCompiled(inputOf(p), cacheDir);
      expect(hit?.code, p.file).toBe(result.compiled.get(i)?.code);
    }
  });

  it("makes a page whose entry cannot be written that page's error, and keeps the others", async () => {
    const cacheDir = join(root, ".docsite", "cache-b");
    // A folder where the fourth page's entry file goes: its write fails.
    await mkdir(`${compiledEntryOf(inputOf(pages[3]), cacheDir)}.json`, { recursive: true });
    const result = await run(cacheDir, recordingPool([]));
    expect(result.errors.map((e) => e.index)).toEqual([3]);
    expect(String(result.errors[0].error)).toMatch(/EISDIR/);
    expect(result.compiled.has(3)).toBe(false);
    expect(result.compiled.size).toBe(pages.length - 1);
  });
});
