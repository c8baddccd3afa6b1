// Where a build's compile and render run (pipeline/pool.ts): in one worker thread of the stage's own for a few pages,
// and on a machine of one or two cores for a site's worth (its heap is given back when the stage ends); on the shared
// pool for many pages or on more cores. Never in this thread (there a page's time limit could not stop it), unless
// DOCSITE_WORKERS=0.
import { describe, expect, it } from "vitest";
import {
  inlinePool,
  POOL_THRESHOLD,
  POOL_THRESHOLD_FEW_CORES,
  poolSize,
  stagePoolFor,
  type BuildPool,
} from "../../cli/pipeline/pool.ts";

const shared: BuildPool = {
  render: async () => [],
  compile: async () => [],
  html: async () => [],
  close: async () => {},
};

describe("stagePoolFor", () => {
  it.skipIf(poolSize() === 0)("sends a few pages to a worker thread of the stage's own, not this thread", async () => {
    for (const cores of [2, 8]) {
      const own = stagePoolFor(POOL_THRESHOLD - 1, () => shared, cores);
      expect(own.pool).not.toBe(inlinePool);
      expect(own.pool).not.toBe(shared);
      await own.close();
    }
  });

  // poolSize(): worker threads only where there are at least two cores (or DOCSITE_WORKERS says so).
  it.skipIf(poolSize() < 2)(
    "on two cores, compiles a site's worth of pages in a thread of the stage's own, ended with the stage",
    async () => {
      const own = stagePoolFor(POOL_THRESHOLD, () => shared, 2);
      expect(own.pool).not.toBe(shared);
      expect(own.pool).not.toBe(inlinePool);
      // A real worker thread: a page that does not compile comes back as that page's error.
      const [result] = await own.pool.compile(
        {
          settings: { rootDir: "/nonexistent" } as never,
          slugs: [],
          pages: [{ file: "x.mdx", body: "<Open", bodyOffset: 0, locale: "en" }],
        },
        60_000,
      );
      expect(result.ok).toBe(false);
      await own.close();
    },
    60_000,
  );

  it.skipIf(poolSize() < 2)(
    "uses the shared pool for many pages on two cores, and from the first threshold on more cores",
    () => {
      expect(stagePoolFor(POOL_THRESHOLD_FEW_CORES, () => shared, 2).pool).toBe(shared);
      expect(stagePoolFor(POOL_THRESHOLD, () => shared, 8).pool).toBe(shared);
    },
  );
});
