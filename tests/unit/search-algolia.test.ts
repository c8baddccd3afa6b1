// The hosted provider against a fake DocSearch endpoint on 127.0.0.1: the fixture site with search.provider
// "algolia" is built with its host pointing there; the adapter is then driven from Node with the config the build
// wrote. Checks: preconnect hint, facet filters of contextual search, the URL rewrite, escaping, errors.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { FakeAlgolia } from "../fixtures/search-algolia/fake-algolia.ts";
import { algoliaSite } from "../support/algolia-site.ts";
import { algoliaProvider, hitUrl, safeHitUrl } from "../../theme/search/algolia.ts";
import type { SearchClientConfig } from "../../theme/search/types.ts";

let root: string;
let fake: FakeAlgolia;
const cfgOf = (locale: string) =>
  JSON.parse(readFileSync(join(root, "dist", "search-index", locale, "config.json"), "utf8")) as SearchClientConfig;

let closeSite: () => Promise<void>;
beforeAll(async () => {
  const site = await algoliaSite();
  ({ fake, root } = site);
  closeSite = site.close;
});
afterAll(() => closeSite());

describe("hosted search (Algolia DocSearch-compatible)", () => {
  it("gives every page a preconnect hint to the service and builds no local index", () => {
    for (const page of ["index.html", "ru/docs/v1/guide/first/index.html", "ru/search/index.html"]) {
      expect(readFileSync(join(root, "dist", page), "utf8"), page).toContain(
        `<link rel="preconnect" href="${fake.origin}" crossorigin>`,
      );
    }
    expect(existsSync(join(root, "dist", "search-index", "ru", "v1"))).toBe(false);
    expect(cfgOf("ru").algolia).toMatchObject({
      appId: "FIXTUREAPP",
      indexName: "testplane",
      host: fake.origin,
      language: "language:ru",
      versionTags: { v1: "docusaurus_tag:docs-default-v1" },
    });
  });

  it("sends the query with language and version facet filters", async () => {
    fake.requests.length = 0;
    await algoliaProvider(cfgOf("ru"), "v1").search("запуск", 0, 5);
    expect(fake.requests).toHaveLength(1);
    const { url, body } = fake.requests[0];
    expect(url).toContain("x-algolia-application-id=FIXTUREAPP");
    expect(url).toContain("x-algolia-api-key=search-only-key");
    expect(body.requests[0]).toMatchObject({
      indexName: "testplane",
      query: "запуск",
      hitsPerPage: 5,
      page: 0,
      facetFilters: ["language:ru", ["docusaurus_tag:default", "docusaurus_tag:docs-default-v1"], "type:content"],
    });
  });

  it("rewrites result URLs and keeps result text as text", async () => {
    const r = await algoliaProvider(cfgOf("ru"), "v1").search("<img src=x onerror=alert(1)>", 0, 5);
    expect(r.total).toBe(12);
    expect(r.more).toBe(true);
    expect(r.hits.map((h) => h.url)).toEqual(["/ru/docs/v1/guide/first/", "/ru/docs/v1/guide/first/#install"]);
    expect(r.hits[0].title).toEqual([
      { text: "Первое", mark: true },
      { text: " руководство", mark: false },
    ]);
    expect(r.hits[0].snippet).toEqual([
      { text: "Text about ", mark: false },
      { text: "<img src=x onerror=alert(1)>", mark: true },
      { text: " <b>bold?</b>", mark: false },
    ]);
    expect(r.hits[1]).toMatchObject({ page: "Первое руководство", breadcrumbs: ["Guides", "Первое руководство"] });
    // The rewrite is a pattern on the pathname; foreign hosts stay absolute.
    const a = cfgOf("en").algolia!;
    expect(hitUrl(a, "https://other.example/docs/next/x/")).toBe("https://other.example/docs/v1/x/");
    expect(hitUrl(a, "/docs/next/x/#y")).toBe("/docs/v1/x/#y");
  });

  it("without contextual search sends only the configured filters", async () => {
    const cfg = cfgOf("en");
    cfg.algolia!.contextualSearch = false;
    fake.requests.length = 0;
    await algoliaProvider(cfg, "v1").search("x", 0, 5);
    expect(fake.requests[0].body.requests[0].facetFilters).toEqual(["type:content"]);
  });

  it("drops hits whose link is not http(s) (javascript:, data:)", async () => {
    const r = await algoliaProvider(cfgOf("ru"), "v1").search("evil", 0, 5);
    expect(r.hits.map((h) => h.url)).toEqual(["/ru/docs/v1/guide/first/", "/ru/docs/v1/guide/first/#install"]);
    const a = cfgOf("ru").algolia!;
    for (const bad of ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,x", "vbscript:x", 42, null])
      expect(safeHitUrl(a, bad), String(bad)).toBe(false);
    for (const good of ["https://fixture.example/docs/", "/docs/v1/", "http://other.example/x"])
      expect(safeHitUrl(a, good), good).toBe(true);
  });

  it("rejects when the service fails, so the UI can show its error screen", async () => {
    fake.fail = true;
    try {
      await expect(algoliaProvider(cfgOf("ru"), "v1").search("запуск", 0, 5)).rejects.toThrow(/500/);
    } finally {
      fake.fail = false;
    }
  });
});
