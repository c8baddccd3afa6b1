// Build timings for `npm run bench`: a cold build (empty cache), a no-change rebuild, a rebuild after one edited
// page, each with wall time, CPU time and peak RSS, per-phase timings, and the same no-change rebuild as a fresh
// `docsite build` process (what a user types, including Node start-up): the first one after a source change, which
// also makes the CLI bundle (bin/cli-bundle.js), and a later one.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { BuildResult } from "../../cli/pipeline/build.ts";
import { createLogger } from "../../cli/log.ts";
import { measure, mb, sec, table, type Measured } from "./measure.ts";
import { treeRss } from "./process-tree.ts";
import { bundledBuild } from "./bundled-build.ts";

const bin = resolve(fileURLToPath(import.meta.url), "..", "..", "..", "bin", "docsite.js");
/** Phases as BuildResult.timings names them, with the label the table shows. */
const PHASES: Array<[string, string]> = [
  ["config", "config"],
  ["scan", "scan"],
  ["compile", "compile"],
  ["routes", "routes and checks"],
  ["pages", "custom pages"],
  ["bundle", "client bundle"],
  ["images", "images (beside the bundle)"],
  ["render", "render"],
  ["extras", "search index, feeds, sitemaps"],
  ["write", "write dist/"],
];

export interface BuildRuns {
  cold: Measured<BuildResult>;
  warm: Measured<BuildResult>;
  edit: Measured<BuildResult>;
  /** The same page's front matter title edited: the pages whose sidebar or prev/next shows it render again. */
  titleEdit: Measured<BuildResult>;
  /** The no-change build as a new process that first makes the CLI bundle (an empty bundle cache). */
  cliFirst: Timed;
  /** The same again, the bundle made. */
  cliWarm: Timed;
  /** The edit of `edit`, built as a new process (it loads the MDX compiler, which a long-lived process has). */
  cliEdit: Timed;
  /** The title edit of `titleEdit`, built as a new process. */
  cliTitleEdit: Timed;
  /** A cold build (empty build cache) as a new process, the CLI bundle made: what a user's first build costs. */
  cliCold: Timed;
  /** 1-minute load average when the runs started and ended (the machine may be shared). */
  load: [number, number];
}

/** The page with its front matter title changed (a title line added when it has none). */
const retitled = (text: string) =>
  /^title: .*$/m.test(text)
    ? text.replace(/^title: (.*)$/m, "title: $1 (edited by the bench)")
    : text.replace(/^---\n/, "---\ntitle: Edited by the bench\n");

export interface Timed {
  /** What the build printed on stdout (its stage lines). */
  stdout?: string;
  wallMs: number;
  /** CPU time of that process and its child processes (user+sys), from /usr/bin/time when present. */
  cpuMs?: number;
  /** Peak of the RSS of that process and its child processes, summed (sampled every 20 ms). */
  peakRss: number;
}

/** Runs `docsite build` as a new process, timed; `cliCache` is where it keeps its CLI bundle. */
export async function timedCli(root: string, outDir: string, cliCache: string): Promise<Timed> {
  const args = [process.execPath, bin, "build", "--root", root, "--out", outDir];
  const env = { ...process.env, DOCSITE_CLI_CACHE: cliCache };
  const timed = existsSync("/usr/bin/time");
  const t0 = performance.now();
  const cli = timed
    ? spawn("/usr/bin/time", ["-f", "docsite-cpu %U %S", ...args], { env })
    : spawn(args[0], args.slice(1), { env });
  let stderr = "";
  cli.stderr.on("data", (d) => {
    stderr += d;
  });
  let stdout = "";
  cli.stdout.on("data", (d) => {
    stdout += d;
  });
  let peakRss = 0;
  const sampler = setInterval(() => {
    if (cli.pid) peakRss = Math.max(peakRss, treeRss(String(cli.pid)));
  }, 20);
  const status = await new Promise<number | null>((resolve) => cli.on("close", resolve));
  clearInterval(sampler);
  const wallMs = performance.now() - t0;
  if (status !== 0) throw new Error(`docsite build failed: ${stderr}`);
  const cpu = /docsite-cpu ([\d.]+) ([\d.]+)/.exec(stderr);
  return { stdout, wallMs, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined, peakRss };
}

/**
 * Builds `root` cold, again unchanged, after appending a paragraph to `editFile`, and with its title changed
 * instead (restored afterwards).
 */
export async function benchBuilds(root: string, outDir: string, editFile: string): Promise<BuildRuns> {
  const logger = createLogger({ quiet: true });
  const loadBefore = loadavg()[0];
  await rm(join(root, ".docsite", "cache"), { recursive: true, force: true });
  const build = await bundledBuild();
  const run = () => measure(() => build({ root, outDir, logger }));
  const cold = await run();
  const warm = await run();
  const original = await readFile(join(root, editFile), "utf8");
  let edit: Measured<BuildResult>;
  let titleEdit: Measured<BuildResult>;
  try {
    await writeFile(join(root, editFile), `${original}\n\nA paragraph added by the bench.\n`);
    edit = await run();
    await writeFile(join(root, editFile), retitled(original));
    titleEdit = await run();
  } finally {
    await writeFile(join(root, editFile), original);
  }
  await run(); // back to the committed state, from the cache
  const cliCache = await mkdtemp(join(tmpdir(), "docsite-bench-cli-"));
  try {
    const cliFirst = await timedCli(root, outDir, cliCache);
    const cliWarm = await timedCli(root, outDir, cliCache);
    let cliEdit: Timed;
    let cliTitleEdit: Timed;
    try {
      const again = "\n\nA paragraph added by the bench, again.\n";
      await writeFile(join(root, editFile), `${original}${again}`);
      cliEdit = await timedCli(root, outDir, cliCache);
      // The same body (its compile entry is the one just made), a new title.
      await writeFile(join(root, editFile), `${retitled(original)}${again}`);
      cliTitleEdit = await timedCli(root, outDir, cliCache);
    } finally {
      await writeFile(join(root, editFile), original);
    }
    await rm(join(root, ".docsite", "cache"), { recursive: true, force: true });
    const cliCold = await timedCli(root, outDir, cliCache);
    return {
      cold,
      warm,
      edit,
      titleEdit,
      cliFirst,
      cliWarm,
      cliEdit,
      cliTitleEdit,
      cliCold,
      load: [loadBefore, loadavg()[0]],
    };
  } finally {
    await rm(cliCache, { recursive: true, force: true });
  }
}

export const timedText = (t: Timed) => `${sec(t.wallMs)} wall` + (t.cpuMs === undefined ? "" : `, ${sec(t.cpuMs)} CPU`);

export function buildTable(title: string, r: BuildRuns): string {
  const runs: Array<[string, Measured<BuildResult>]> = [
    ["cold (empty cache)", r.cold],
    ["no change", r.warm],
    ["one page edited", r.edit],
    ["its title edited", r.titleEdit],
  ];
  const lines = [
    `\n## Build: ${title} (${r.cold.value.pages} routes)\n`,
    `load average ${r.load[0].toFixed(1)} at the start, ${r.load[1].toFixed(1)} at the end (2 cores)\n`,
    table(
      ["build", "wall", "CPU (user+sys)", "peak RSS", "MDX compiled", "routes rendered"],
      runs.map(([label, m]) => [
        label,
        sec(m.wallMs),
        sec(m.cpuMs),
        mb(m.peakRss),
        m.value.compileStats.compiled,
        m.value.renderStats.rendered,
      ]),
      ["---", "---:", "---:", "---:", "---:", "---:"],
    ),
    `\nno change, as a new \`docsite build\` process (Node start-up included): ${timedText(r.cliWarm)}; ` +
      `the first after a source change, which makes the CLI bundle: ${timedText(r.cliFirst)}\n`,
    `one page edited, as a new \`docsite build\` process: ${timedText(r.cliEdit)}; ` +
      `its title edited instead: ${timedText(r.cliTitleEdit)}\n`,
    `cold, as a new \`docsite build\` process (what a user's first build costs): ${timedText(r.cliCold)}, ` +
      `peak RSS ${mb(r.cliCold.peakRss)} (the process and its children: image encoder, esbuild)\n`,
    table(
      ["phase", ...runs.map(([label]) => label)],
      PHASES.map(([p, label]) => [label, ...runs.map(([, m]) => sec(m.value.timings[p] ?? 0))]),
      ["---", ...runs.map(() => "---:")],
    ),
  ];
  return lines.join("\n");
}
