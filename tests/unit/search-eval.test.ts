// Search quality must not regress: the evaluation of tests/bench/search-eval.ts (the reader query set, both
// locales) over an index built from this repository's content, with floors a little under the measured figures
// (docs/search.md: ru 89% top-1 / MRR 0.94, en 91% / 0.94 when written).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "../../cli/pipeline/build.ts";
import { createLogger } from "../../cli/log.ts";
import { evaluateSearch, formatEval, type LocaleEval } from "../bench/search-eval.ts";

const FLOOR = { top1: 0.85, mrr: 0.9, categoryMrr: 0.75 };
let results: LocaleEval[];
let tmp = "";

beforeAll(async () => {
  // Outside the repository: docsite refuses to write a site into a folder it reads (.docsite included).
  tmp = await mkdtemp(join(tmpdir(), "docsite-search-eval-"));
  const outDir = join(tmp, "dist");
  await build({ root: resolve("."), outDir, logger: createLogger({ quiet: true }) });
  results = await evaluateSearch(outDir);
  console.log(formatEval(results));
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("search quality on the reader query set", () => {
  for (const locale of ["ru", "en"]) {
    it(`${locale}: top-1 ≥ ${FLOOR.top1 * 100}%, MRR@10 ≥ ${FLOOR.mrr}, every category's MRR ≥ ${FLOOR.categoryMrr}`, () => {
      const r = results.find((x) => x.locale === locale)!;
      expect(r.total.queries).toBeGreaterThanOrEqual(80);
      expect(r.total.top1, formatEval([r], true)).toBeGreaterThanOrEqual(FLOOR.top1);
      expect(r.total.mrr, formatEval([r], true)).toBeGreaterThanOrEqual(FLOOR.mrr);
      for (const [category, s] of r.categories)
        expect(s.mrr, `${locale} ${category}`).toBeGreaterThanOrEqual(FLOOR.categoryMrr);
    });
  }
});
