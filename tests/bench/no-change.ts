// The no-change build as a user runs it, for `npm run bench` (issue 37): `docsite build` as a new process on a site
// whose last build is in place, timed from the process start to its end (Node's start-up, loading the CLI, the
// toolchain identity and every input's check, the output check), with its CPU time (user+sys, its children too),
// against its threshold: 0.5 s on this site, 1 s on an imported Docusaurus site (testplane-docs, named by
// DOCSITE_BENCH_DOCUSAURUS as for the dev rows). Median of 3 runs after one that makes sure the build is warm; the load
// average is printed beside them (on a shared machine the CPU time is the steadier figure).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sec, table } from "./measure.ts";
import { type Timed, timedCli } from "./build-bench.ts";

const BIN = resolve(fileURLToPath(import.meta.url), "..", "..", "..", "bin", "docsite.js");
const RUNS = 3;

/** This site's threshold and the imported site's (issue 37). */
export const NO_CHANGE_THRESHOLD_MS = { site: 500, imported: 1000 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One row: the site built once (warm), then RUNS timed no-change builds. */
async function noChangeRow(label: string, root: string, outDir: string, cliCache: string, thresholdMs: number) {
  await timedCli(root, outDir, cliCache);
  const runs: Timed[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await timedCli(root, outDir, cliCache));
  const wall = median(runs.map((r) => r.wallMs));
  const cpu = runs.every((r) => r.cpuMs !== undefined) ? median(runs.map((r) => r.cpuMs!)) : undefined;
  return [
    label,
    runs.map((r) => sec(r.wallMs)).join(", "),
    sec(wall),
    cpu === undefined ? "—" : sec(cpu),
    sec(thresholdMs),
    wall <= thresholdMs ? "yes" : `no (${sec(wall - thresholdMs)} over)`,
  ];
}

/**
 * The imported site, made as a user makes it: `docsite import` into a temporary folder, `npm install` there when
 * the import wrote a package.json. Undefined (with why) when DOCSITE_BENCH_DOCUSAURUS is not set or a step failed.
 */
function importSite(work: string): { root?: string; skipped?: string } {
  const site = process.env.DOCSITE_BENCH_DOCUSAURUS;
  if (!site)
    return { skipped: "set DOCSITE_BENCH_DOCUSAURUS to a Docusaurus site folder (e.g. /work/ext/testplane-docs)" };
  const root = join(work, "imported");
  const imported = spawnSync(process.execPath, [BIN, "import", site, "--out", root], { encoding: "utf8" });
  if (imported.status !== 0) return { skipped: `docsite import ${site} failed:\n${imported.stderr}` };
  if (existsSync(join(root, "package.json"))) {
    const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: root, encoding: "utf8" });
    if (npm.status !== 0) return { skipped: `npm install in ${root} failed:\n${npm.stderr}` };
  }
  return { root };
}

/** The section: this site at `root` (built into `outDir`), and the imported site when one is named. */
export async function noChangeTable(root: string, outDir: string): Promise<string> {
  const work = await mkdtemp(join(tmpdir(), "docsite-bench-nochange-"));
  const load = [loadavg()[0]];
  try {
    const cliCache = join(work, "cli");
    const rows = [await noChangeRow("this site", root, outDir, cliCache, NO_CHANGE_THRESHOLD_MS.site)];
    const imported = importSite(work);
    if (imported.root) {
      const name = process.env.DOCSITE_BENCH_DOCUSAURUS!.split("/").pop();
      rows.push(
        await noChangeRow(
          `imported ${name}`,
          imported.root,
          join(imported.root, "dist"),
          cliCache,
          NO_CHANGE_THRESHOLD_MS.imported,
        ),
      );
    }
    load.push(loadavg()[0]);
    return [
      "\n## No-change build as a new `docsite build` process (issue 37)\n",
      table(
        ["site", `wall, ${RUNS} runs`, "wall, median", "CPU (user+sys), median", "threshold (wall)", "within"],
        rows,
        ["---", "---:", "---:", "---:", "---:", "---"],
      ),
      imported.skipped ? `\nimported site skipped: ${imported.skipped}` : "",
      `\nload average (1 min) at the start and the end: ${load.map((l) => l.toFixed(1)).join(", ")} (2 cores)`,
    ].join("\n");
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
