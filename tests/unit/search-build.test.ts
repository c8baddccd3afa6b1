// The local provider at build time: one Pagefind bundle per locale and docs version, the client config per locale,
// unlisted pages left out, and Russian stemming working on the written index (queried with Pagefind's own JS).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fixtureSite, removeSite, buildSite } from "../support/site.ts";
import { serve } from "../../cli/server/serve.ts";
import type { SearchClientConfig } from "../../theme/search/types.ts";

let root: string;
let dist: string;
let server: Awaited<ReturnType<typeof serve>>;
let origin: string;

beforeAll(async () => {
  root = await fixtureSite("search-local");
  await buildSite(root);
  dist = join(root, "dist");
  server = await serve({ dir: dist, port: 0 });
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await removeSite(root);
});

/** Every fragment of a bundle, decompressed: the page texts Pagefind serves. */
const fragments = (dir: string) => readdirSync(join(dir, "fragment")).map((f) => gunzipSync(readFileSync(join(dir, "fragment", f))).toString("utf8")).join("\n");

/** Pagefind's browser API from the written bundle, run in Node against the served site. */
async function pagefind(locale: string) {
  const mod = await import(pathToFileURL(join(dist, "search-index", locale, "v1", "pagefind.js")).href);
  const pf = mod.createInstance({ basePath: `${origin}/search-index/${locale}/v1/`, baseUrl: "/", language: locale, noWorker: true });
  return async (q: string) => {
    const res = await pf.search(q);
    return Promise.all(res.results.map((r: { data(): Promise<{ url: string; meta: { title: string } }> }) => r.data()));
  };
}

describe("search index (local provider)", () => {
  it("writes a bundle per locale and version, without Pagefind's UI files", () => {
    for (const locale of ["en", "ru"]) {
      const dir = join(dist, "search-index", locale, "v1");
      expect(existsSync(join(dir, "pagefind.js")), locale).toBe(true);
      expect(existsSync(join(dir, `wasm.${locale}.pagefind`)), locale).toBe(true);
      expect(readdirSync(dir).filter((f) => /ui|worker|highlight|unknown/.test(f))).toEqual([]);
    }
  });

  it("writes the client config per locale with its strings", () => {
    const cfg = JSON.parse(readFileSync(join(dist, "search-index", "ru", "config.json"), "utf8")) as SearchClientConfig;
    expect(cfg).toMatchObject({ locale: "ru", provider: "local", defaultVersion: "v1", language: "ru", searchPage: "/ru/search/", bundles: { v1: "/search-index/ru/v1/" } });
    expect(cfg.strings["theme.SearchModal.errorScreen.titleText"]).toBe("Не удалось получить результаты");
    expect(cfg.algolia).toBeUndefined();
  });

  it("leaves unlisted pages out", () => {
    for (const locale of ["en", "ru"]) {
      const text = fragments(join(dist, "search-index", locale, "v1"));
      expect(text).toContain("/docs/v1/guide/running/");
      expect(text).not.toContain("quuxolotl");
      expect(text).not.toContain("/guide/secret/");
    }
  });

  it("finds Russian pages by other word forms, with heading results", async () => {
    const search = await pagefind("ru");
    for (const q of ["запуск", "запуска", "запускать", "запускаются"]) {
      const hits = await search(q);
      expect(hits.map((h) => h.url), q).toContain("/ru/docs/v1/guide/running/");
    }
    const [first] = await search("параллельного запуска");
    expect(first.url).toBe("/ru/docs/v1/guide/running/");
    expect((first as unknown as { sub_results: Array<{ url: string }> }).sub_results.map((s) => s.url)).toContain("/ru/docs/v1/guide/running/#parallel");
    expect(await search("quuxolotl")).toEqual([]);
  });

  it("stems English too", async () => {
    const search = await pagefind("en");
    expect((await search("runs")).map((h) => h.url)).toContain("/docs/v1/guide/running/");
  });
});
