// Lighthouse (mobile, simulated throttling: its defaults) on four pages of a built site served on 127.0.0.1:
// the landing page, a doc page, a blog post and the search page with a query. Prints performance, accessibility
// and best-practices scores and the audits that keep a score below 100. `npm run lighthouse [dist]` runs it alone
// (after `npm run build`); `npm run bench` runs it on the bench's build.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../../cli/server/serve.ts";
import { chromiumPath } from "../support/chromium.ts";
import { table } from "./measure.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const lighthouseBin = resolve(fileURLToPath(import.meta.url), "..", "..", "..", "node_modules", ".bin", "lighthouse");

interface Report {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; title: string }>;
}

function runLighthouse(url: string): Promise<Report> {
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
      else done(JSON.parse(out) as Report);
    });
  });
}

/** The audits of a category that lose points, by id. */
function failing(r: Report, category: string): string[] {
  return r.categories[category].auditRefs
    .filter((a) => a.weight > 0)
    .map((a) => ({ id: a.id, audit: r.audits[a.id] }))
    .filter(({ audit }) => audit.scoreDisplayMode !== "notApplicable" && audit.score !== null && audit.score < 1)
    .map(({ id, audit }) => `${id} (${Math.round((audit.score ?? 0) * 100)})`);
}

export async function lighthouseTable(dir: string, blogPost: string): Promise<string> {
  const server = await serve({ dir, port: 0 });
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const pages: Array<[string, string]> = [
    ["landing (ru)", "/ru/"],
    ["doc page (ru)", "/ru/docs/v8/commands/browser/url/"],
    // Nine screenshots and a diagram (each with a dark twin): the image pipeline's worst case among the docs.
    ["image-heavy doc page (ru)", "/ru/docs/v8/visual-testing/visual-testing-intro/"],
    ["blog post (ru)", blogPost],
    ["search page (ru), ?q=скриншот", `/ru/search/?q=${encodeURIComponent("скриншот")}`],
  ];
  const rows: string[][] = [];
  try {
    for (const [label, path] of pages) {
      const r = await runLighthouse(origin + path);
      const score = (c: string) => String(Math.round((r.categories[c].score ?? 0) * 100));
      const losing = CATEGORIES.flatMap((c) => failing(r, c));
      rows.push([label, ...CATEGORIES.map(score), losing.join(", ") || "—"]);
    }
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
  return [
    "\n## Lighthouse (mobile, simulated throttling)\n",
    table(["page", ...CATEGORIES, "audits below 100"], rows, ["---", "---:", "---:", "---:", "---"]),
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? "dist");
  if (!existsSync(join(dir, "index.html"))) throw new Error(`${dir} has no built site: run \`npm run build\` first`);
  const { readdirSync } = await import("node:fs");
  const post = readdirSync(join(dir, "ru", "blog"), { withFileTypes: true }).find(
    (e) => e.isDirectory() && !["archive", "page", "tags"].includes(e.name),
  );
  console.log(await lighthouseTable(dir, `/ru/blog/${post?.name ?? ""}/`));
}
