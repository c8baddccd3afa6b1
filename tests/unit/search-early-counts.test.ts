// The search index's term counts worked out while pages compile (search/early-counts.ts): the index made from them is
// the one made without them, the build really takes them, and they are let go of once the index is done.
import { describe, it, expect, afterAll } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  dropPrimedCounts,
  localIndexFiles,
  primeCounts,
  primedUse,
  sectionFieldTexts,
  type IndexedPage,
} from "../../cli/search/local-index.ts";
import { EarlyCounts } from "../../cli/search/early-counts.ts";
import { MANIFEST } from "../../theme/search/local-format.ts";
import { fixtureSite, removeSite, buildSite } from "../support/site.ts";

const page = (n: number, extra = ""): IndexedPage => ({
  url: `/docs/p${n}/`,
  title: `Page ${n}`,
  description: "Runs browser tests",
  breadcrumbs: ["Guides"],
  keywords: ["setup"],
  sections: [
    { id: "", title: "", text: `Intro of page ${n}: testplane runs tests in browsers ${extra}` },
    { id: "config", title: "Configuration file", text: `Set browserId and gridUrl in testplane.config.ts ${extra}` },
    { id: "run-step", title: "runStep and retries", text: `Each step.run() call is counted; retries ${n}` },
  ],
});
const pages = [page(1), page(2, "screenshots"), page(3, "assertView comparisons")];
/** Fields each page gives the early counts: the intro, and the heading and prose of each section with an id. */
const fields = (p: IndexedPage) => sectionFieldTexts(p.sections).length;

const nextTurns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe("search term counts worked out early", () => {
  afterAll(() => dropPrimedCounts());

  it("gives the same index as counting in the index step, and the index step takes them", () => {
    dropPrimedCounts();
    const before = primedUse.hits;
    const counted = localIndexFiles(pages);
    expect(primedUse.hits).toBe(before);
    for (const p of pages) primeCounts(sectionFieldTexts(p.sections));
    const early = localIndexFiles(pages);
    expect(early).toEqual(counted);
    expect(primedUse.hits - before).toBe(pages.reduce((n, p) => n + fields(p), 0));
    dropPrimedCounts();
    const hits = primedUse.hits;
    expect(localIndexFiles(pages)).toEqual(counted);
    expect(primedUse.hits).toBe(hits);
  });

  it("counts one page per turn of the event loop, and nothing once stopped", async () => {
    dropPrimedCounts();
    const early = new EarlyCounts();
    for (const p of pages) early.add(p.sections);
    await nextTurns(1);
    let hits = primedUse.hits;
    localIndexFiles(pages);
    // One page counted after one turn: only the fields with its texts (other pages share its headings) come from
    // the early counts.
    const first = new Set(sectionFieldTexts(pages[0].sections));
    const all = pages.flatMap((p) => sectionFieldTexts(p.sections));
    expect(primedUse.hits - hits).toBe(all.filter((t) => first.has(t)).length);
    expect(all.filter((t) => first.has(t)).length).toBeLessThan(all.length);
    await nextTurns(pages.length);
    hits = primedUse.hits;
    localIndexFiles(pages);
    expect(primedUse.hits - hits).toBe(pages.reduce((n, p) => n + fields(p), 0));
    early.drop();
    const late = new EarlyCounts();
    late.stop();
    late.add(page(4).sections);
    await nextTurns(2);
    hits = primedUse.hits;
    localIndexFiles([page(4)]);
    expect(primedUse.hits).toBe(hits);
  });

  it("is used by a cold build of a site with local search, which then lets the counts go", async () => {
    const root = await fixtureSite("search-local");
    try {
      const before = primedUse.hits;
      await buildSite(root, { cache: false });
      expect(primedUse.hits).toBeGreaterThan(before);
      const bundle = join(root, "dist", "search-index", "en", "v1");
      expect(readdirSync(join(bundle, "s")).length).toBeGreaterThan(0);
      // Let go after the build: an index made now counts every field again.
      const manifest = readFileSync(join(bundle, MANIFEST), "utf8");
      expect(manifest).toContain('"format":2');
      const hits = primedUse.hits;
      localIndexFiles(pages);
      expect(primedUse.hits).toBe(hits);
    } finally {
      await removeSite(root);
    }
  });
});
