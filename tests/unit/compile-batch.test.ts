// A compile batch in a worker (pipeline/worker.ts): every page of the batch compiles, and a page that fails is that
// page's result, not the batch's. The batch reads and writes no cache (the compile stage does).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdir } from "node:fs/promises";
import { fixtureSite, removeSite } from "../support/site.ts";
import { simplePages } from "../support/compile-pages.ts";
import { loadConfig } from "../../cli/config/load.ts";
import { compileBatch } from "../../cli/pipeline/worker.ts";
import { compileSettingsOf } from "../../cli/mdx/compile-settings.ts";
import type { SiteConfig } from "../../cli/config/types.ts";

describe("compileBatch", () => {
  let root: string;
  let config: SiteConfig;
  const pages = simplePages(6, true);

  beforeAll(async () => {
    root = await fixtureSite();
    config = loadConfig(root);
  });
  afterAll(() => removeSite(root));

  it("compiles every page, a failing one as that page's error, and writes nothing", async () => {
    const broken = [...pages];
    broken[2] = { ...broken[2], body: "# Page 2\n\nan unclosed <Tabs>\n" };
    const results = await compileBatch({ settings: compileSettingsOf(config), slugs: [], pages: broken });
    expect(results.map((r) => r.ok)).toEqual([true, true, false, true, true, true]);
    const failed = results[2];
    expect(failed.ok ? "" : failed.error.message).toMatch(/Tabs/);
    expect(results[0].ok && results[0].value.headings[0].text).toBe("Page 0");
    expect(await readdir(root)).not.toContain(".docsite");
  });
});
