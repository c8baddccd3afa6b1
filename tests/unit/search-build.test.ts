// The local provider at build time: one index bundle per locale and docs version, the client config per locale,
// unlisted pages left out, and Russian stemming working on the written index (queried with the browser's engine).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { fixtureSite, removeSite, buildSite } from "../support/site.ts";
import { serve } from "../../cli/server/serve.ts";
import type { SearchClientConfig } from "../../theme/search/types.ts";
import { compareTerms, fragmentFile, reversed, type Manifest, type Shard } from "../../theme/search/local-format.ts";
import { localIndexFiles, shardEdge } from "../../cli/search/local-index.ts";
import { localEngine, shardsFor } from "../../theme/search/local-engine.ts";
import { matchRange } from "../../theme/search/words.ts";

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
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await removeSite(root);
});

const bundle = (locale: string) => join(dist, "search-index", locale, "v1");
/** Every fragment of a bundle: the page texts the browser gets for snippets. */
const fragments = (dir: string) =>
  readdirSync(join(dir, "f"))
    .map((f) => readFileSync(join(dir, "f", f), "utf8"))
    .join("\n");
const json = (file: string) => JSON.parse(readFileSync(file, "utf8"));

/** The browser's engine over the written bundle, fetching through the served site as the browser does. */
function engine(locale: string) {
  const e = localEngine(async (file) => {
    const res = await fetch(`${origin}/search-index/${locale}/v1/${file}`);
    if (!res.ok) throw new Error(`${file}: ${res.status}`);
    return res.json();
  });
  return async (q: string) =>
    Promise.all(
      (await e.rank(q)).pages.map(async (r) => {
        const f = await e.fragment(r.page);
        return {
          url: f.url,
          headings: r.sections.filter((s) => s.index > 0).map((s) => `${f.url}#${f.sections[s.index][0]}`),
        };
      }),
    );
}

describe("search index (local provider)", () => {
  it("writes a bundle per locale and version: a manifest naming hashed shards and fragments", () => {
    for (const locale of ["en", "ru"]) {
      const dir = bundle(locale);
      const m = json(join(dir, "index.json")) as Manifest;
      expect(m.format).toBe(2);
      const pages = Array.from({ length: m.pages.count }, (_, p) => fragmentFile(p, m.pages.hash));
      const files = [...pages, ...m.shards.map(([, f]) => f), ...m.tails.map(([, f]) => f)];
      for (const f of files) {
        expect(f, locale).toMatch(/^[fst]\/\d+\.[0-9a-f]{10}\.json$/);
        expect(existsSync(join(dir, f)), f).toBe(true);
      }
      const written = ["f", "s", "t"].reduce((n, d) => n + readdirSync(join(dir, d)).length, 0);
      expect(written).toBe(files.length);
      // Tails chunks list the terms by their reversed spelling, in order, each chunk starting where the manifest says.
      const tails = m.tails.flatMap(([first, f]) => {
        const terms = json(join(dir, f)) as string[];
        expect(reversed(terms[0])).toBe(first);
        return terms.map(reversed);
      });
      expect(tails.length).toBeGreaterThan(0);
      expect([...tails].sort(compareTerms)).toEqual(tails);
      // Shards are in term order, so a query word's shard is found from the manifest alone.
      const firsts = m.shards.map(([t]) => t);
      expect([...firsts].sort(compareTerms)).toEqual(firsts);
      // Each begins at its first term or a start of it that sorts after the shard before.
      for (const [i, [first, f]] of m.shards.entries()) {
        const terms = Object.keys(json(join(dir, f)).terms);
        expect(terms[0].startsWith(first), `${terms[0]} ${first}`).toBe(true);
        if (m.shards[i + 1]) expect(compareTerms(terms.at(-1)!, m.shards[i + 1][0])).toBe(-1);
      }
    }
  });

  it("keeps shards small on a larger index: a query word costs one ~5 KB file", () => {
    const pages = Array.from({ length: 300 }, (_, p) => ({
      url: `/docs/p${p}/`,
      title: `Страница ${p}`,
      description: "",
      breadcrumbs: [],
      keywords: [],
      sections: [
        {
          id: "",
          title: "",
          text: Array.from({ length: 200 }, (_, w) => `слово${(p * 7 + w * 13) % 5000} термин${w % 97}`).join(" "),
        },
      ],
    }));
    const files = localIndexFiles(pages);
    const shards = [...files].filter(([f]) => f.startsWith("s/"));
    expect(shards.length).toBeGreaterThan(10);
    for (const [f, c] of shards) expect(gzipSync(c).length, f).toBeLessThan(8 * 1024);
  });

  it("places shard edges between terms that differ in their first four letters: a query word reads one shard", () => {
    // Runs of words sharing a start ("kelp…", "kelt…"), so that a shard closed at a fixed size would cut through one.
    const starts = Array.from(
      { length: 80 },
      (_, i) => `k${"aeiou"[i % 5]}${"lmnprstvz"[(i * 7) % 9]}${"bdgkpt"[i % 6]}`,
    );
    const pages = Array.from({ length: 120 }, (_, p) => ({
      url: `/docs/p${p}/`,
      title: `Page ${p}`,
      description: "",
      breadcrumbs: [],
      keywords: [],
      sections: [{ id: "", title: "", text: starts.map((st, i) => `${st}${(p * 3 + i) % 40}x`).join(" ") }],
    }));
    const files = localIndexFiles(pages);
    const m = JSON.parse(files.get("index.json")!) as Manifest;
    expect(m.shards.length).toBeGreaterThan(5);
    const terms = m.shards.flatMap(([, f]) => Object.keys((JSON.parse(files.get(f)!) as Shard).terms));
    const split = terms.filter((t) => t.length >= 4 && shardsFor(m.shards, ...matchRange(t)).length > 1);
    expect(split).toEqual([]);
    // The manifest names the shortest start of a shard's first term that sorts after the shard before.
    expect(shardEdge("replmod", "report")).toBe("repo");
    expect(shardEdge("a", "b")).toBe("b");
  });

  it("writes the client config per locale with its strings", () => {
    const cfg = JSON.parse(readFileSync(join(dist, "search-index", "ru", "config.json"), "utf8")) as SearchClientConfig;
    expect(cfg).toMatchObject({
      locale: "ru",
      provider: "local",
      defaultVersion: "v1",
      searchPage: "/ru/search/",
      bundles: { v1: "/search-index/ru/v1/" },
    });
    expect(cfg.strings["theme.SearchModal.errorScreen.titleText"]).toBe("Не удалось получить результаты");
    expect(cfg.algolia).toBeUndefined();
  });

  it("leaves unlisted pages out", () => {
    for (const locale of ["en", "ru"]) {
      const text = fragments(bundle(locale));
      expect(text).toContain("/docs/v1/guide/running/");
      expect(text).not.toContain("quuxolotl");
      expect(text).not.toContain("/guide/secret/");
    }
  });

  it("finds Russian pages by other word forms, with heading results", async () => {
    const search = engine("ru");
    for (const q of ["запуск", "запуска", "запускать", "запускаются", "Запуск"]) {
      const hits = await search(q);
      expect(hits[0]?.url, q).toBe("/ru/docs/v1/guide/running/");
    }
    const [first] = await search("параллельного запуска");
    expect(first.url).toBe("/ru/docs/v1/guide/running/");
    expect(first.headings[0]).toBe("/ru/docs/v1/guide/running/#parallel");
    // Pages with every word, when any page has them all (one of two may be missing); else the pages with the most.
    expect((await search("руководство")).map((h) => h.url).sort()).toEqual([
      "/ru/docs/v1/",
      "/ru/docs/v1/guide/first/",
    ]);
    // The page with both words first; a two-word query also lists the pages with one of them, after it.
    expect((await search("руководство фикстуры")).map((h) => h.url)).toEqual([
      "/ru/docs/v1/",
      "/ru/docs/v1/guide/first/",
    ]);
    expect((await search("запуск фываолдж"))[0]?.url).toBe("/ru/docs/v1/guide/running/");
    // Front matter keywords are searched too, though the page never uses the word.
    expect((await search("прогона")).map((h) => h.url)).toEqual(["/ru/docs/v1/guide/running/"]);
    // A word nothing answers is taken for a typo one edit away.
    expect((await search("праллельного"))[0]?.url).toBe("/ru/docs/v1/guide/running/");
    // Identifiers are found whole and by their camelCase parts.
    expect((await search("sessionsPerBrowser"))[0]?.url).toBe("/ru/docs/v1/guide/running/");
    expect((await search("sessions per browser"))[0]?.url).toBe("/ru/docs/v1/guide/running/");
    expect(await search("quuxolotl")).toEqual([]);
    expect(await search("")).toEqual([]);
  });

  it("prefers a page that writes a dotted name as the query does over one that only has both words", async () => {
    const page = (url: string, text: string) => ({
      url,
      title: url,
      description: "",
      breadcrumbs: [],
      keywords: [],
      sections: [{ id: "", title: "", text }],
    });
    const files = localIndexFiles([
      // Same length; the scattered page has both words four times, which alone would rank it first.
      page(
        "/scattered/",
        "The browser opens a url. Every browser has a url, and the url decides what the browser shows.",
      ),
      page(
        "/exact/",
        "Call browser.url to open a page; it waits until the page has loaded and then returns what it got.",
      ),
    ]);
    const e = localEngine(async (f) => JSON.parse(files.get(f)!));
    const urls = async (q: string) =>
      Promise.all((await e.rank(q)).pages.map(async (r) => (await e.fragment(r.page)).url));
    expect(await urls("browser.url")).toEqual(["/exact/", "/scattered/"]);
    expect((await urls("browser url")).sort()).toEqual(["/exact/", "/scattered/"]);
  });

  it("stems English too", async () => {
    const search = engine("en");
    expect((await search("runs")).map((h) => h.url)).toContain("/docs/v1/guide/running/");
    expect((await search("screenshot"))[0]?.headings).toContain("/docs/v1/guide/running/#one-browser");
  });

  it("retries a file that failed to load", async () => {
    let fail = true;
    const e = localEngine(async (file) => {
      if (fail) throw new Error("offline");
      return json(join(bundle("ru"), file));
    });
    await expect(e.rank("запуск")).rejects.toThrow("offline");
    fail = false;
    expect((await e.rank("запуск")).pages.length).toBeGreaterThan(0);
  });
});
