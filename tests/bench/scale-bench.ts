// The synthetic large site for `npm run bench`: this site with every docs page copied nine more times under
// copy-<n>/ folders (both locales), about 10× the routes, with the same page sizes, code blocks and links.
// Also the scale rows of issue 41: a generated corpus of 200 and 2,000 pages built cold as a user builds it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gz } from "../support/bytes.ts";
import { timedCli, type Timed } from "./build-bench.ts";
import { mb, sec, table } from "./measure.ts";
import { writeScaleCorpus } from "./scale-corpus.ts";

export async function syntheticSite(from: string, to: string, copies = 9): Promise<string> {
  await rm(to, { recursive: true, force: true });
  await mkdir(to, { recursive: true });
  for (const f of ["site.config.json", "i18n", "static", "content"])
    await cp(join(from, f), join(to, f), { recursive: true });
  // Custom pages import the theme by a relative path: point it at this repository's theme from the new place.
  const pagesDir = join(to, "content", "pages");
  const themeFromPages = relative(pagesDir, join(from, "theme"));
  for (const f of await readdir(pagesDir)) {
    const text = await readFile(join(pagesDir, f), "utf8");
    await writeFile(join(pagesDir, f), text.replaceAll('"../../theme/', `"${themeFromPages}/`));
  }
  const config = JSON.parse(await readFile(join(from, "site.config.json"), "utf8")) as {
    i18n: { locales: string[] };
    docs: { versions: Array<{ name: string }> };
  };
  for (const locale of config.i18n.locales) {
    for (const v of config.docs.versions) {
      const docs = join(from, "content", locale, "docs", v.name);
      let files: string[];
      try {
        files = (await readdir(docs, { recursive: true })).filter((f) => /\.mdx?$/.test(f) && !f.startsWith("copy-"));
      } catch {
        continue;
      }
      for (let n = 1; n <= copies; n++) {
        for (const f of files) {
          const target = join(to, "content", locale, "docs", v.name, `copy-${n}`, f);
          await mkdir(dirname(target), { recursive: true });
          const text = await readFile(join(docs, f), "utf8");
          // A distinct title per copy, so titles (and search results) differ as on a real site.
          await writeFile(target, text.replace(/^title: (["']?)(.*?)\1\s*$/m, `title: $1$2 (${n})$1`));
        }
      }
    }
  }
  return to;
}

/** One size of the generated corpus (scale-corpus.ts), built cold as a user builds it. */
export interface CorpusRun {
  pages: number;
  tool: string;
  wallMs: number;
  cpuMs?: number;
  peakRss: number;
  /** A doc page's HTML (one in the middle of the corpus), bytes as written and gzip. */
  pageBytes: number;
  pageGzip: number;
  /** The whole output folder, bytes. */
  distBytes: number;
}

const docsiteBin = join(fileURLToPath(new URL("../../bin/docsite.js", import.meta.url)));
const SAMPLE_PAGE = "docs/section-0/category-3/page-65/index.html";

/** Bytes of every file under `dir`. */
async function folderBytes(dir: string): Promise<number> {
  let n = 0;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) n += (await stat(join(e.parentPath, e.name))).size;
  return n;
}

/** What a user runs: the corpus imported with `docsite import`, then a cold `docsite build` as a new process. */
async function docsiteCorpusRun(work: string, pages: number): Promise<CorpusRun> {
  const source = await writeScaleCorpus(join(work, `docusaurus-${pages}`), pages);
  const site = join(work, `docsite-${pages}`);
  await rm(site, { recursive: true, force: true });
  execFileSync(process.execPath, [docsiteBin, "import", source, "--out", site], { stdio: "ignore" });
  const out = join(site, "dist");
  const cliCache = await mkdtemp(join(tmpdir(), "docsite-bench-cli-"));
  try {
    // Once to make the CLI bundle (not what this row measures), then cold: an empty build cache.
    await timedCli(site, out, cliCache);
    await rm(join(site, ".docsite", "cache"), { recursive: true, force: true });
    const t = await timedCli(site, out, cliCache);
    const page = await readFile(join(out, SAMPLE_PAGE));
    return {
      pages,
      tool: "docsite",
      ...t,
      pageBytes: page.length,
      pageGzip: gz(page),
      distBytes: await folderBytes(out),
    };
  } finally {
    await rm(cliCache, { recursive: true, force: true });
  }
}

/**
 * Docusaurus 3.10 with `future: { faster: true, v4: true }` on the same corpus, installed from the registry into
 * `work` (a large install: only with `--docusaurus`).
 */
async function docusaurusCorpusRun(work: string, pages: number): Promise<CorpusRun> {
  const tool = join(work, "docusaurus-3.10");
  if (!existsSync(join(tool, "node_modules", "@docusaurus", "core"))) {
    await mkdir(tool, { recursive: true });
    await writeFile(join(tool, "package.json"), JSON.stringify({ name: "bench-docusaurus", private: true }));
    execFileSync(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "@docusaurus/core@3.10",
        "@docusaurus/preset-classic@3.10",
        "@docusaurus/faster@3.10",
        "react@19",
        "react-dom@19",
      ],
      { cwd: tool, stdio: "inherit" },
    );
  }
  const source = join(work, `docusaurus-${pages}`);
  if (!existsSync(source)) await writeScaleCorpus(source, pages);
  const config = join(source, "docusaurus.config.js");
  const text = await readFile(config, "utf8");
  if (!text.includes("future:"))
    await writeFile(
      config,
      text.replace("export default {", "export default {\n  future: { faster: true, v4: true },"),
    );
  await rm(join(source, "node_modules"), { force: true, recursive: true });
  await symlink(join(tool, "node_modules"), join(source, "node_modules"));
  await rm(join(source, ".docusaurus"), { recursive: true, force: true });
  await rm(join(source, "build"), { recursive: true, force: true });
  const t = await timedCommand(join(tool, "node_modules", ".bin", "docusaurus"), ["build", source]);
  const page = await readFile(join(source, "build", SAMPLE_PAGE));
  return {
    pages,
    tool: "Docusaurus 3.10 (faster, v4)",
    ...t,
    pageBytes: page.length,
    pageGzip: gz(page),
    distBytes: await folderBytes(join(source, "build")),
  };
}

/** Runs a command, with its wall time, CPU time (user+sys, /usr/bin/time) and peak RSS with its children. */
async function timedCommand(cmd: string, args: string[]): Promise<Omit<Timed, "stdout">> {
  const { spawn } = await import("node:child_process");
  const { treeRss } = await import("./process-tree.ts");
  const t0 = performance.now();
  const child = spawn("/usr/bin/time", ["-f", "bench-cpu %U %S", cmd, ...args], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  let peakRss = 0;
  const sampler = setInterval(() => {
    if (child.pid) peakRss = Math.max(peakRss, treeRss(String(child.pid)));
  }, 50);
  const status = await new Promise<number | null>((done) => child.on("close", done));
  clearInterval(sampler);
  if (status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${stderr.slice(-2000)}`);
  const cpu = /bench-cpu ([\d.]+) ([\d.]+)/.exec(stderr);
  return {
    wallMs: performance.now() - t0,
    cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined,
    peakRss,
  };
}

/**
 * The scale rows of `npm run bench` (issue 41): the generated corpus at each size, docsite cold (and Docusaurus with
 * `docusaurus`), with CPU time, wall time, peak RSS and the size of one doc page's HTML.
 */
export async function benchScaleCorpus(sizes = [200, 2000], docusaurus = false): Promise<string> {
  const work = join(tmpdir(), "docsite-bench-scale");
  await mkdir(work, { recursive: true });
  const runs: CorpusRun[] = [];
  for (const pages of sizes) {
    runs.push(await docsiteCorpusRun(work, pages));
    if (docusaurus) runs.push(await docusaurusCorpusRun(work, pages));
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return [
    `\n## Scale: generated corpus (tests/bench/scale-corpus.ts), cold build as a new process (load average ${loadavg()[0].toFixed(1)}, ${availableParallelism()} cores)\n`,
    table(
      ["pages", "tool", "CPU (user+sys)", "wall", "peak RSS", "doc page HTML", "gzip", "output"],
      runs.map((r) => [
        r.pages,
        r.tool,
        r.cpuMs === undefined ? "?" : sec(r.cpuMs),
        sec(r.wallMs),
        mb(r.peakRss),
        kb(r.pageBytes),
        kb(r.pageGzip),
        mb(r.distBytes),
      ]),
      ["---:", "---", "---:", "---:", "---:", "---:", "---:", "---:"],
    ),
  ].join("\n");
}
