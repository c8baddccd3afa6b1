// `docsite dev` timings for `npm run bench`, on the real command (`node bin/docsite.js dev`, React's development
// build, as a user runs it): from the process start (empty cache) to the first page served; in Chromium, from
// saving an edited page to the new text in the open page's DOM; then a broken save, the error overlay, and the
// fix that takes it away; last, a start with the cache the first run left. Each step also gives the server
// process's CPU time (user+sys, from /proc), steadier than wall time on a shared machine. The CLI bundle is made
// before the first start (the build bench times the start that makes it).
import { spawn, type ChildProcess } from "node:child_process";
import { rm, readFile, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../support/chromium.ts";
import { ensureBundle } from "../../bin/cli-bundle.js";
import { table } from "./measure.ts";

const BIN = resolve(fileURLToPath(import.meta.url), "..", "..", "..", "bin", "docsite.js");
const EDITS = 9;

interface Timed {
  ms: number;
  /** Server process CPU time (user+sys) over the same span. */
  cpuMs: number;
}

export interface DevRuns {
  firstPage: Timed;
  /** Cold start, from the dev server's start (after Node and the modules loaded), as the server logs it. */
  firstPageFromServer: Timed;
  firstPageWarm: Timed;
  edits: Timed[];
  /** How many of the edits were put in place (the page not reloaded: its scroll position and state kept). */
  inPlace: number;
  errorShown: Timed;
  errorGone: Timed;
  load: number[];
}

/** CPU time (user+sys) of a process so far, in ms, from /proc (Linux). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // Fields 14 and 15 of the line (utime, stime) in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Started {
  child: ChildProcess;
  origin: string;
  t0: number;
  /** What the server printed so far. */
  out: () => string;
}

async function startServer(root: string): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [BIN, "dev", "--root", root, "--port", "0"], {
    env: { ...process.env, NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const origin = await new Promise<string>((ok, fail) => {
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();

      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) ok(`http://127.0.0.1:${m[1]}`);
    });
    child.on("exit", (code) => fail(new Error(`docsite dev exited with ${code}: ${out}`)));
  });
  return { child, origin, t0, out: () => out };
}

async function firstPage(root: string, pagePath: string) {
  const server = await startServer(root);
  for (;;) {
    const res = await fetch(server.origin + pagePath);
    await res.text();
    if (res.status === 200) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const timed = { ms: performance.now() - server.t0, cpuMs: cpuOf(server.child.pid!) };
  // The server's own figure: from the dev server's start (its modules loaded) to the first page sent.
  const end = Date.now() + 5000;
  const logged = /first page served (\d+) ms after start \((\d+) ms CPU/;
  while (!logged.test(server.out()) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  const [, ms, cpuMs] = logged.exec(server.out()) ?? [];
  const fromServerStart: Timed = { ms: Number(ms), cpuMs: Number(cpuMs) };
  return { ...server, timed, fromServerStart };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => {
    child.once("exit", () => r());
    child.kill("SIGTERM");
  });
}

export async function benchDev(root: string, pagePath: string, file: string): Promise<DevRuns> {
  await rm(join(root, ".docsite", "cache"), { recursive: true, force: true });
  const load = [loadavg()[0]];
  await ensureBundle();
  const cold = await firstPage(root, pagePath);
  const pid = cold.child.pid!;
  const original = await readFile(join(root, file), "utf8");
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(cold.origin + pagePath);
    await page.waitForFunction(() => document.querySelector("script[src='/__docsite/live.js']"));
    await new Promise((r) => setTimeout(r, 500));
    const saveAndWait = async (text: string, predicate: string): Promise<Timed> => {
      const cpu0 = cpuOf(pid);
      const start = performance.now();
      await writeFile(join(root, file), text);
      await page.waitForFunction(predicate, undefined, { polling: "raf", timeout: 60_000 });
      return { ms: performance.now() - start, cpuMs: cpuOf(pid) - cpu0 };
    };
    const edits: Timed[] = [];
    let inPlace = 0;
    for (let i = 1; i <= EDITS; i++) {
      const marker = `bench-edit-${i}-${Date.now()}`;
      // A reload makes a new window: the flag set before the save is gone after it.
      await page.evaluate(() => Object.assign(window, { __benchKept: true }));
      edits.push(
        await saveAndWait(
          `${original}\n\n${marker}\n`,
          `document.getElementById("main-content")?.textContent?.includes(${JSON.stringify(marker)})`,
        ),
      );
      if (await page.evaluate(() => (window as { __benchKept?: boolean }).__benchKept === true)) inPlace++;
      await new Promise((r) => setTimeout(r, 300));
    }
    const errorShown = await saveAndWait(
      `${original}\n\n<div>unclosed\n`,
      `document.title.startsWith("docsite: build error") || !!document.querySelector("[data-docsite-error]")`,
    );
    const errorGone = await saveAndWait(
      `${original}\n\nfixed-${Date.now()}\n`,
      `!document.title.startsWith("docsite: build error") && !document.querySelector("[data-docsite-error]") && document.body?.textContent?.includes("fixed-")`,
    );
    load.push(loadavg()[0]);
    await writeFile(join(root, file), original);
    await stop(cold.child);
    // Again, with the cache the first run filled (pages compiled so far, the client bundle).
    const warm = await firstPage(root, pagePath);
    await stop(warm.child);
    load.push(loadavg()[0]);
    return {
      firstPage: cold.timed,
      firstPageFromServer: cold.fromServerStart,
      firstPageWarm: warm.timed,
      edits,
      inPlace,
      errorShown,
      errorGone,
      load,
    };
  } finally {
    await writeFile(join(root, file), original);
    await browser.close();
    await stop(cold.child);
  }
}

export function devTable(r: DevRuns): string {
  const t = (x: Timed) => `${x.ms.toFixed(0)} ms`;
  const cpu = (x: Timed) => `${x.cpuMs.toFixed(0)} ms`;
  const byMs = [...r.edits].sort((a, b) => a.ms - b.ms);
  const median = byMs[Math.floor(byMs.length / 2)];
  const cpuMedian = [...r.edits].sort((a, b) => a.cpuMs - b.cpuMs)[Math.floor(r.edits.length / 2)];
  return [
    "\n## docsite dev (`node bin/docsite.js dev`, Chromium)\n",
    table(
      ["step", "wall", "server CPU (user+sys)"],
      [
        ["process start (empty cache) → first page served", t(r.firstPage), cpu(r.firstPage)],
        [
          "dev server start (modules loaded; empty cache) → first page sent",
          t(r.firstPageFromServer),
          cpu(r.firstPageFromServer),
        ],
        [
          `saved edit → new text in the DOM, median of ${byMs.length} (${r.inPlace} in place, no reload)`,
          t(median),
          cpu(cpuMedian),
        ],
        ["saved edit → new text in the DOM, fastest / slowest", `${t(byMs[0])} / ${t(byMs.at(-1)!)}`, ""],
        ["broken save → error overlay shown", t(r.errorShown), cpu(r.errorShown)],
        ["fixed save → overlay gone, new text shown", t(r.errorGone), cpu(r.errorGone)],
        ["process start (cache of the first run) → first page served", t(r.firstPageWarm), cpu(r.firstPageWarm)],
      ],
      ["---", "---:", "---:"],
    ),
    `\nload average (1 min) at start, after the edits, at the end: ${r.load.map((l) => l.toFixed(1)).join(", ")} ` +
      "(2 cores)",
  ].join("\n");
}

/**
 * The row "dev save → screen" on an imported Docusaurus site, run as a user runs it: `docsite import` of the site
 * named by DOCSITE_BENCH_DOCUSAURUS (e.g. /work/ext/testplane-docs) into a temporary folder, `npm install` there when
 * the import wrote a package.json, then the dev steps above on one ordinary doc page of the newest version (its
 * file and URL: the first doc without its own slug or id). Without the variable the section says so and is skipped.
 */
export async function importedDevTable(): Promise<string> {
  const site = process.env.DOCSITE_BENCH_DOCUSAURUS;
  const title = "\n## docsite dev on an imported Docusaurus site\n";
  if (!site)
    return `${title}\nskipped: set DOCSITE_BENCH_DOCUSAURUS to a Docusaurus site folder (e.g. /work/ext/testplane-docs)`;
  const { mkdtemp } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const { existsSync } = await import("node:fs");
  const { spawnSync } = await import("node:child_process");
  const work = await mkdtemp(join(tmpdir(), "docsite-bench-imported-"));
  const root = join(work, "site");
  try {
    const imported = spawnSync(process.execPath, [BIN, "import", site, "--out", root], { encoding: "utf8" });
    if (imported.status !== 0) return `${title}\nskipped: docsite import ${site} failed:\n${imported.stderr}`;
    if (existsSync(join(root, "package.json"))) {
      const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: root, encoding: "utf8" });
      if (npm.status !== 0) return `${title}\nskipped: npm install in ${root} failed:\n${npm.stderr}`;
    }
    const { file, path } = await ordinaryDoc(root);
    const r = await benchDev(root, path, file);
    const byMs = [...r.edits].sort((a, b) => a.ms - b.ms);
    const median = byMs[Math.floor(byMs.length / 2)];
    const cpuMedian = [...r.edits].sort((a, b) => a.cpuMs - b.cpuMs)[Math.floor(r.edits.length / 2)];
    return [
      title,
      table(
        ["step", "wall", "server CPU (user+sys)"],
        [
          [
            `dev save → screen, imported ${site.split("/").pop()} (${path}), median of ${byMs.length}, ` +
              `${r.inPlace} in place (no reload)`,
            `${median.ms.toFixed(0)} ms`,
            `${cpuMedian.cpuMs.toFixed(0)} ms`,
          ],
          [
            "dev save → screen, fastest / slowest",
            `${byMs[0].ms.toFixed(0)} ms / ${byMs.at(-1)!.ms.toFixed(0)} ms`,
            "",
          ],
          ["process start (empty cache) → first page served", `${r.firstPage.ms.toFixed(0)} ms`, ""],
        ],
        ["---", "---:", "---:"],
      ),
      `\nload average (1 min) at start, after the edits, at the end: ${r.load.map((l) => l.toFixed(1)).join(", ")}`,
    ].join("\n");
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The first doc of the default locale's newest version with no slug or id of its own, and where it is published. */
async function ordinaryDoc(root: string): Promise<{ file: string; path: string }> {
  const { loadConfig } = await import("../../cli/config/load.ts");
  const { routeOfContentFile } = await import("../../cli/content/paths.ts");
  const fg = (await import("fast-glob")).default;
  const config = loadConfig(root);
  const newest = config.docs.versions.find((v) => v.status === "current") ?? config.docs.versions[0];
  const dir = `content/${config.i18n.defaultLocale}/docs/${newest.name}`;
  const files = (await fg("**/*.{md,mdx}", { cwd: join(root, dir) })).sort();
  for (const f of files) {
    if (/(^|\/)(_|index\.|README\.)/i.test(f)) continue;
    const text = await readFile(join(root, dir, f), "utf8");
    const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
    if (/^(slug|id|draft|unlisted):/m.test(front)) continue;
    const file = `${dir}/${f}`;
    const path = routeOfContentFile(config, file);
    if (path) return { file, path };
  }
  throw new Error(`no ordinary doc page in ${join(root, dir)}`);
}
