// `npm run bench`: timings belong here, not in tests. Builds the site cold (empty cache) and warm, and prints
// build times, peak memory, pages per second, first-load bytes per page kind, and search query latency.
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { build } from "../../cli/build/build.ts";
import { createLogger } from "../../cli/log.ts";
import { firstLoad } from "../support/bytes.ts";

const root = resolve(process.argv[2] ?? ".");
const outDir = join(root, ".docsite", "bench-dist");
const logger = createLogger({ quiet: true });

let peak = 0;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);

await rm(join(root, ".docsite", "cache"), { recursive: true, force: true });
const cold = await build({ root, outDir, logger });
const warm = await build({ root, outDir, logger });
clearInterval(sampler);

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const kb = (n: number) => (n / 1024).toFixed(1);
console.log("\n## Build\n");
console.log(row(["metric", "value"]));
console.log(row(["---", "---"]));
console.log(row(["routes", cold.pages]));
console.log(row(["MDX pages compiled (cold / warm)", `${cold.compileStats.compiled} / ${warm.compileStats.compiled}`]));
console.log(row(["cold build (empty cache)", `${(cold.timings.total / 1000).toFixed(2)} s`]));
console.log(row(["warm rebuild (no changes)", `${(warm.timings.total / 1000).toFixed(2)} s`]));
console.log(row(["  of which compile (cold / warm)", `${(cold.timings.compile / 1000).toFixed(2)} s / ${(warm.timings.compile / 1000).toFixed(2)} s`]));
console.log(row(["  of which render (warm)", `${(warm.timings.render / 1000).toFixed(2)} s`]));
console.log(row(["pages per second (cold / warm)", `${(cold.pages / (cold.timings.total / 1000)).toFixed(0)} / ${(warm.pages / (warm.timings.total / 1000)).toFixed(0)}`]));
console.log(row(["peak memory (RSS)", `${(peak / 1024 / 1024).toFixed(0)} MB`]));

const kinds: Array<[string, string]> = [
  ["landing (ru)", "ru/"],
  ["doc page (ru)", "ru/docs/v8/commands/browser/url/"],
  ["doc page (en)", "docs/v8/config/browsers/"],
  ["blog list (ru)", "ru/blog/"],
  ["blog post (ru)", cold.table.routes.find((r) => r.kind === "blogPost" && r.locale === "ru")?.path.slice(1) ?? "ru/blog/"],
  ["search page (ru)", "ru/search/"],
  ["versions (ru)", "ru/versions/"],
  ["404", "404.html"],
];
console.log("\n## First load per page kind (gzip)\n");
console.log(row(["page kind", "HTML KB", "CSS KB", "JS KB"]));
console.log(row(["---", "---:", "---:", "---:"]));
for (const [label, path] of kinds) {
  const f = firstLoad(outDir, path);
  console.log(row([label, kb(f.html), kb(f.css), kb(f.js)]));
}
