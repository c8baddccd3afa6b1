// Where a build's compile runs (pipeline/pool.ts): in this thread for a few pages, in one worker thread of its own
// on a machine of one or two cores (its heap is given back when the stage ends), on the shared pool for many pages
// or on more cores.
import { describe, expect, it } from "vitest";
import {
  compilePoolFor,
  inlinePool,
  POOL_THRESHOLD,
  POOL_THRESHOLD_FEW_CORES,
  poolSize,
  type BuildPool,
} from "../../cli/pipeline/pool.ts";

const shared: BuildPool = {
  render: async () => [],
  compile: async () => [],
  close: async () => {},
};

describe("compilePoolFor", () => {
  it("keeps a few pages in this thread", () => {
    expect(compilePoolFor(POOL_THRESHOLD - 1, () => shared, 2).pool).toBe(inlinePool);
    expect(compilePoolFor(POOL_THRESHOLD - 1, () => shared, 8).pool).toBe(inlinePool);
  });

  // poolSize(): worker threads only where there are at least two cores (or DOCSITE_WORKERS says so).
  it.skipIf(poolSize() < 2)(
    "on two cores, compiles a site's worth of pages in a thread of the stage's own, ended with the stage",
    async () => {
      const own = compilePoolFor(POOL_THRESHOLD, () => shared, 2);
      expect(own.pool).not.toBe(shared);
      expect(own.pool).not.toBe(inlinePool);
      // A real worker thread: a page that does not compile comes back as that page's error.
      const [result] = await own.pool.compile({
        settings: { rootDir: "/nonexistent" } as never,
        slugs: [],
        pages: [{ file: "x.mdx", body: "<Open", bodyOffset: 0, locale: "en" }],
      });
      expect(result.ok).toBe(false);
      await own.close();
    },
    60_000,
  );

  it.skipIf(poolSize() < 2)(
    "uses the shared pool for many pages on two cores, and from the first threshold on more cores",
    () => {
      expect(compilePoolFor(POOL_THRESHOLD_FEW_CORES, () => shared, 2).pool).toBe(shared);
      expect(compilePoolFor(POOL_THRESHOLD, () => shared, 8).pool).toBe(shared);
    },
  );
});
