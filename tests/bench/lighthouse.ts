// Lighthouse (mobile, simulated throttling: its defaults) on five pages of a built site served on 127.0.0.1:
// the landing page, a doc page, the doc page with the most images, a blog post and the search page with a query.
// Each page is measured LIGHTHOUSE_RUNS times (3 by default) and the table shows the median of each score, with the
// median LCP, TBT and CLS, the machine's load average and the audits that keep a median run below 100.
// `npm run lighthouse [dist]` runs it alone (after `npm run build`); `npm run bench` runs it on the bench's build.
// LIGHTHOUSE_REPORTS=<dir> also keeps every run's JSON report there, to read its opportunities and diagnostics.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../../cli/server/serve.ts";
import { chromiumPath } from "../support/chromium.ts";
import { table } from "./measure.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const lighthouseBin = resolve(fileURLToPath(import.meta.url), "..", "..", "..", "node_modules", ".bin", "lighthouse");

interface Audit {
  score: number | null;
  scoreDisplayMode: string;
  title: string;
  numericValue?: number;
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
}

function runLighthouse(url: string): Promise<{ report: Report; json: string }> {
  return new Promise((done, fail) => {
    const child = spawn(
      lighthouseBin,
      [
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        `--only-categories=${CATEGORIES.join(",")}`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? chromiumPath() } },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("close", (code) => {
      if (code !== 0) fail(new Error(`lighthouse exited with ${code}: ${err.slice(-2000)}`));
      else done({ report: JSON.parse(out) as Report, json: out });
    });
  });
}

/**
 * Lighthouse sometimes fails to record a trace on a loaded machine (NO_NAVSTART, NO_FCP): such a run is tried again,
 * up to twice, rather than losing the whole table.
 */
async function withRetry<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (i >= tries) throw err;
      console.error(`lighthouse run failed, trying again: ${String(err).split("\n")[0].slice(0, 200)}`);
    }
  }
}

/** The audits of a category that lose points, by id. */
function failing(r: Report, category: string): string[] {
  return r.categories[category].auditRefs
    .filter((a) => a.weight > 0)
    .map((a) => ({ id: a.id, audit: r.audits[a.id] }))
    .filter(({ audit }) => audit.scoreDisplayMode !== "notApplicable" && audit.score !== null && audit.score < 1)
    .map(({ id, audit }) => `${id} (${Math.round((audit.score ?? 0) * 100)})`);
}

/** The middle value (the lower middle one for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const score = (r: Report, c: string) => Math.round((r.categories[c].score ?? 0) * 100);
const metric = (r: Report, id: string) => r.audits[id]?.numericValue ?? 0;

/** The docs page of a locale with the most `<img>` elements: the image-heavy page of issue 12. */
export function imageHeavyDoc(dir: string, locale: string): string {
  let best = { path: "", count: -1 };
  const walk = (abs: string, rel: string) => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(abs, e.name), `${rel}${e.name}/`);
      else if (e.name === "index.html") {
        const count = readFileSync(join(abs, e.name), "utf8").split("<img ").length - 1;
        if (count > best.count) best = { path: rel, count };
      }
    }
  };
  const docs = join(dir, locale, "docs");
  if (existsSync(docs)) walk(docs, `/${locale}/docs/`);
  return best.path;
}

export async function lighthouseTable(dir: string, blogPost: string): Promise<string> {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const reports = process.env.LIGHTHOUSE_REPORTS ? resolve(process.env.LIGHTHOUSE_REPORTS) : "";
  if (reports) mkdirSync(reports, { recursive: true });
  const server = await serve({ dir, port: 0 });
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const heavy = imageHeavyDoc(dir, "ru");
  const pages: Array<[string, string]> = [
    ["landing (ru)", "/ru/"],
    ["doc page (ru)", "/ru/docs/v8/commands/browser/url/"],
    [`image-heavy doc (ru), ${heavy}`, heavy],
    ["blog post (ru)", blogPost],
    ["search page (ru), ?q=скриншот", `/ru/search/?q=${encodeURIComponent("скриншот")}`],
  ];
  const rows: string[][] = [];
  const loads: number[] = [];
  try {
    for (const [label, path] of pages) {
      const results: Report[] = [];
      for (let i = 0; i < runs; i++) {
        loads.push(loadavg()[0]);
        const { report, json } = await withRetry(() => runLighthouse(origin + path));
        results.push(report);
        if (reports) writeFileSync(join(reports, `${label.split(" ")[0]}-${i + 1}.json`), json);
      }
      // The run whose performance score is the median one names the losing audits.
      const perf = median(results.map((r) => score(r, "performance")));
      const typical = results.find((r) => score(r, "performance") === perf) ?? results[0];
      const m = (id: string) => median(results.map((r) => metric(r, id)));
      rows.push([
        label,
        ...CATEGORIES.map((c) => String(median(results.map((r) => score(r, c))))),
        results.map((r) => score(r, "performance")).join(" "),
        `${(m("largest-contentful-paint") / 1000).toFixed(1)} s`,
        `${Math.round(m("total-blocking-time"))} ms`,
        m("cumulative-layout-shift").toFixed(3),
        CATEGORIES.flatMap((c) => failing(typical, c)).join(", ") || "—",
      ]);
    }
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
  const range = `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
  const load = `load average (1 min) during the runs: ${range}`;
  return [
    `\n## Lighthouse (mobile, simulated throttling; median of ${runs} runs per page)\n`,
    table(["page", ...CATEGORIES, "perf. runs", "LCP", "TBT", "CLS", "audits below 100 (median run)"], rows, [
      "---",
      "---:",
      "---:",
      "---:",
      "---",
      "---:",
      "---:",
      "---:",
      "---",
    ]),
    `\n${load} on ${process.platform} with ${cpus().length} cores`,
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? "dist");
  if (!existsSync(join(dir, "index.html"))) throw new Error(`${dir} has no built site: run \`npm run build\` first`);
  const post = readdirSync(join(dir, "ru", "blog"), { withFileTypes: true }).find(
    (e) => e.isDirectory() && !["archive", "page", "tags"].includes(e.name),
  );
  console.log(await lighthouseTable(dir, `/ru/blog/${post?.name ?? ""}/`));
}
