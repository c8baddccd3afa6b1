// Search quality must not regress: the evaluation of tests/bench/search-eval.ts (both query sets, both locales)
// over an index built from this repository's content, with floors a little under the measured figures
// (docs/search.md, 7 Dec 2026: first set ru 96% top-1 / MRR 0.97, en 94% / 0.96, no category under 0.89; reader set
// ru 82% / 0.88, en 83% / 0.88, no category under 0.69).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "../../cli/pipeline/build.ts";
import { createLogger } from "../../cli/log.ts";
import { evaluateSearch, formatEval, FIRST_SET, READER_SET, type LocaleEval } from "../bench/search-eval.ts";

const FLOORS = {
  first: { top1: 0.92, mrr: 0.94, categoryMrr: 0.85 },
  reader: { top1: 0.79, mrr: 0.865, categoryMrr: 0.67 },
};
const results: Record<keyof typeof FLOORS, LocaleEval[]> = { first: [], reader: [] };
let tmp = "";

beforeAll(async () => {
  // Outside the repository: docsite refuses to write a site into a folder it reads (.docsite included).
  tmp = await mkdtemp(join(tmpdir(), "docsite-search-eval-"));
  const outDir = join(tmp, "dist");
  await build({ root: resolve("."), outDir, logger: createLogger({ quiet: true }) });
  results.first = await evaluateSearch(outDir, "v8", FIRST_SET);
  results.reader = await evaluateSearch(outDir, "v8", READER_SET);
  console.log(formatEval(results.first));
  console.log(formatEval(results.reader));
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

for (const set of ["first", "reader"] as const) {
  const floor = FLOORS[set];
  describe(`search quality on the ${set} query set`, () => {
    for (const locale of ["ru", "en"]) {
      it(`${locale}: top-1 ≥ ${floor.top1 * 100}%, MRR@10 ≥ ${floor.mrr}, every category's MRR ≥ ${floor.categoryMrr}`, () => {
        const r = results[set].find((x) => x.locale === locale)!;
        expect(r.total.queries).toBeGreaterThanOrEqual(80);
        expect(r.total.top1, formatEval([r], true)).toBeGreaterThanOrEqual(floor.top1);
        expect(r.total.mrr, formatEval([r], true)).toBeGreaterThanOrEqual(floor.mrr);
        for (const [category, s] of r.categories)
          expect(s.mrr, `${locale} ${category}`).toBeGreaterThanOrEqual(floor.categoryMrr);
      });
    }
  });
}
