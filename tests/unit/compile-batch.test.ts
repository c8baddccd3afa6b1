// A compile batch in a worker (pipeline/worker.ts): each page's cache entry is written while the next page compiles,
// and the batch returns only once every entry is on disk; an entry that cannot be written is that page's error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fixtureSite, removeSite } from "../support/site.ts";
import { cacheInputOf, simplePages } from "../support/compile-pages.ts";
import { loadConfig } from "../../cli/config/load.ts";
import { compileBatch } from "../../cli/pipeline/worker.ts";
import { compiledEntryOf, readCompiled } from "../../cli/mdx/compile.ts";
import type { SiteConfig } from "../../cli/config/types.ts";

describe("compileBatch", () => {
  let root: string;
  let config: SiteConfig;
  const pages = simplePages(6, true);
  const inputOf = (p: (typeof pages)[number]) => cacheInputOf(config, p);

  beforeAll(async () => {
    root = await fixtureSite();
    config = loadConfig(root);
  });
  afterAll(() => removeSite(root));

  it("returns once every page's cache entry is written", async () => {
    const cacheDir = join(root, ".docsite", "cache-a");
    const results = await compileBatch({ config, slugs: [], cacheDir, pages });
    expect(results.map((r) => r.ok)).toEqual(pages.map(() => true));
    for (const [i, p] of pages.entries()) {
      const hit = await readCompiled(inputOf(p), cacheDir);
      expect(hit?.code, p.file).toBe(results[i].ok ? results[i].value.code : undefined);
    }
  });

  it("writes nothing when the batch leaves the storing to its caller (the compile stage, after the threads)", async () => {
    const cacheDir = join(root, ".docsite", "cache-c");
    const results = await compileBatch({ config, slugs: [], cacheDir, pages, store: false });
    expect(results.map((r) => r.ok)).toEqual(pages.map(() => true));
    for (const p of pages) expect(await readCompiled(inputOf(p), cacheDir), p.file).toBeUndefined();
  });

  it("makes a page whose entry cannot be written that page's error, and keeps the others", async () => {
    const cacheDir = join(root, ".docsite", "cache-b");
    // A folder where the third page's entry file goes: its write fails.
    await mkdir(`${compiledEntryOf(inputOf(pages[2]), cacheDir)}.json`, { recursive: true });
    const results = await compileBatch({ config, slugs: [], cacheDir, pages });
    expect(results.map((r) => r.ok)).toEqual([true, true, false, true, true, true]);
    const failed = results[2];
    expect(failed.ok ? "" : failed.error.message).toMatch(/EISDIR/);
  });
});
