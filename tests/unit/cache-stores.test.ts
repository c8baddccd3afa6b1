// The registry of the build cache's stores (cli/cache/stores.ts): every store a module declares is in it (so the
// build prunes it), and cli/cache/README.md's table is the one the registry makes.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { STORES, storesTable } from "../../cli/cache/stores.ts";
import { COMPILED_STORE } from "../../cli/cache/compiled-pages.ts";
import { IMAGE_STORE } from "../../cli/images/image-cache.ts";
import { RENDER_STORE } from "../../cli/pipeline/render-store.ts";
import { CLIENT_STORE, SEARCH_PAGE_STORE, SEARCH_STORE } from "../../cli/pipeline/cached-steps.ts";
import { CONTENT_STORE } from "../../cli/pipeline/content-cache.ts";
import { FRONTMATTER_STORE } from "../../cli/content/frontmatter-memo.ts";
import { PAGES_STORE } from "../../cli/render/page-module.ts";
import { SITE_PAGES_STORE } from "../../cli/pages/site-pages.ts";
import { BRAND_STORE } from "../../cli/brand/brand-css.ts";
import { ISLANDS_STORE } from "../../cli/islands/bundle.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

describe("the store registry", () => {
  it("holds every store the modules declare, once", () => {
    const declared = [
      COMPILED_STORE,
      IMAGE_STORE,
      RENDER_STORE,
      CLIENT_STORE,
      SEARCH_PAGE_STORE,
      SEARCH_STORE,
      CONTENT_STORE,
      FRONTMATTER_STORE,
      PAGES_STORE,
      SITE_PAGES_STORE,
      BRAND_STORE,
      ISLANDS_STORE,
      "output",
    ];
    const names = STORES.map((s) => s.name);
    expect(new Set(names).size, "a store registered twice").toBe(names.length);
    expect([...names].sort()).toEqual([...declared].sort());
  });

  it("is what cli/cache/README.md's table says", () => {
    const readme = readFileSync(join(repo, "cli", "cache", "README.md"), "utf8");
    expect(readme, "the README's table differs from storesTable(): paste its output in").toContain(storesTable());
    for (const s of STORES) expect(readme).toContain(`| \`${s.name}/\``);
  });
});
