// Real-site check: `npm run docusaurus-check -- <docusaurus-dir> [--compare] [--all-locales] [--keep <dir>]
// [--no-install]`. It runs exactly the plain path a user runs — `docsite import <site> --out <new>`, `npm install`
// when the import says so, `docsite build --root <new>` — through the real CLI, with nothing overridden and no page
// skipped, then counts every page Docusaurus would publish (each docs instance and version, the blog, per locale;
// URLs computed from the source with Docusaurus' rules, scripts/docusaurus-urls.ts) and whether docsite published it
// at that URL, in the file Docusaurus writes for it. With `--compare`, the site is also built by its own Docusaurus
// (the project's node_modules, or a copy installed from the npm registry) and every page is compared with docsite's
// (scripts/docusaurus-compare.ts): article text, headings, code blocks, images, tabs and internal links, the worst
// pages listed. With `--screens` as well, the home page and three doc pages are opened in headless Chromium at
// 1280×800 and 375×800 on both builds (docsite's under `docsite serve`) and their first screens compared
// (scripts/first-screen.ts): h1 above the fold, headings in order, logo, colours, overflow, CSP violations. It never crashes on a site it cannot read: it says why and exits 1. Relative paths are taken from
// the directory npm was started in.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadModule } from "../cli/import/load-module.ts";
import { projectBoundary } from "../cli/import/copy-tree.ts";
import { splitFrontMatter } from "../cli/content/frontmatter.ts";
import { globPageFiles } from "../cli/content/page-files.ts";
import { expectedPages, type ExpectedPage } from "./docusaurus-urls.ts";
import { comparePage, fileFor, readHtml, type PageComparison } from "./docusaurus-compare.ts";
import { compareScreens, pickDocPages, screensTable } from "./first-screen.ts";

type Any = Record<string, any>;

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = join(REPO, "bin", "docsite.js");

interface Run {
  code: number | null;
  out: string;
  wall: number;
  cpu?: number;
}

/** Runs a command; wall seconds, and the CPU seconds of it and its children when /usr/bin/time is there. */
function run(cmd: string, args: string[], cwd: string, timeoutMs = 60 * 60_000): Run {
  const timed = existsSync("/usr/bin/time");
  const started = Date.now();
  const r = spawnSync(timed ? "/usr/bin/time" : cmd, timed ? ["-f", "\n@@cpu %U %S", cmd, ...args] : args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
  });
  const out = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  const cpu = /@@cpu ([\d.]+) ([\d.]+)/.exec(out);
  return {
    code: r.status,
    out: out.replace(/\n@@cpu [\d.]+ [\d.]+\s*$/, ""),
    wall: (Date.now() - started) / 1000,
    cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : undefined,
  };
}

const seconds = (r: Run) => `${r.wall.toFixed(1)} s wall${r.cpu !== undefined ? `, ${r.cpu.toFixed(1)} s CPU` : ""}`;
const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : "—");

function fail(message: string): never {
  console.log(`\ncheck stopped: ${message}`);
  process.exit(1);
}

async function readConfig(site: string): Promise<Any> {
  const file = ["docusaurus.config.ts", "docusaurus.config.js", "docusaurus.config.mjs", "docusaurus.config.cjs"]
    .map((f) => join(site, f))
    .find((f) => existsSync(f));
  if (!file) fail(`${site} has no docusaurus.config.{ts,js,mjs,cjs}: not a Docusaurus project`);
  return ((await loadModule(file, { siteDir: site, call: true })).value ?? {}) as Any;
}

function pagesOf(site: string, dc: Any): ExpectedPage[] {
  return expectedPages(
    dc,
    (rel) => existsSync(join(site, rel)),
    (rel) => {
      try {
        return JSON.parse(readFileSync(join(site, rel), "utf8"));
      } catch {
        return undefined;
      }
    },
    // The plugin's include/exclude, Docusaurus' defaults where it sets none, selected as Docusaurus' globby does.
    (rel, o, kind) =>
      globPageFiles(
        join(site, rel),
        {
          ...(Array.isArray(o.include) ? { include: o.include } : {}),
          ...(Array.isArray(o.exclude) ? { exclude: o.exclude } : {}),
        },
        kind,
      ).filter((f) => /\.mdx?$/.test(f)),
    (rel) => {
      try {
        return splitFrontMatter(readFileSync(join(site, rel), "utf8"), rel).data as Any;
      } catch {
        return {};
      }
    },
  );
}

/** The file a build writes for a page URL: `x/index.html`, or `x.html` with trailingSlash false (homes excepted). */
function publishedFile(dist: string, url: string, baseUrl: string, trailingSlash: unknown, homes: string[]): string {
  const rel = decodeURI(url.slice(baseUrl.length)).replace(/\/$/, "");
  if (rel === "" || homes.includes(url.replace(/\/?$/, "/"))) return join(dist, rel, "index.html");
  return trailingSlash === false ? join(dist, `${rel}.html`) : join(dist, rel, "index.html");
}

/** The Docusaurus build of the site, for --compare: its output folder, or why there is none. */
function docusaurusBuild(site: string, work: string, locale: string | undefined): { dir?: string; why?: string } {
  const out = join(work, "docusaurus-build");
  const localeArgs = locale ? ["--locale", locale] : [];
  let at = site;
  if (!existsSync(join(site, "node_modules", "@docusaurus", "core"))) {
    // A copy of the project (its git repository, for monorepos), installed from the npm registry.
    const boundary = projectBoundary(site);
    const copy = join(work, "docusaurus-project");
    console.log(`compare: ${site} has no installed Docusaurus; copying ${boundary} and installing its packages`);
    cpSync(boundary, copy, {
      recursive: true,
      filter: (p) => !/[\\/](node_modules|\.git|build|\.docusaurus)$/.test(p),
    });
    at = join(copy, relative(boundary, site));
    const install = run("npm", ["install", "--no-audit", "--no-fund", "--legacy-peer-deps"], at);
    if (install.code !== 0)
      return {
        why: `npm install of the Docusaurus project failed: ${install.out.trim().split("\n").slice(-2).join(" ")}`,
      };
  }
  console.log(
    `compare: building with the site's own Docusaurus (docusaurus build${locale ? ` --locale ${locale}` : ""})…`,
  );
  const r = run("npx", ["--no-install", "docusaurus", "build", "--out-dir", out, ...localeArgs], at);
  console.log(`compare: Docusaurus build exit ${r.code} (${seconds(r)})`);
  if (r.code !== 0) {
    // Docusaurus prints the cause above its stack: the lines that say what failed.
    const said = r.out
      .split("\n")
      .filter((l) => /error|cause|failed|cannot|can't|not found/i.test(l) && !/^\s+at /.test(l))
      .slice(0, 8)
      .map((l) => l.trim());
    return { why: `Docusaurus' own build failed:\n    ${said.join("\n    ")}` };
  }
  return { dir: out };
}

function printComparison(results: PageComparison[], missing: { docusaurus: number; docsite: number }) {
  const n = results.length;
  const similar = results.filter((r) => r.jaccard >= 0.95).length;
  const sum = (f: (r: PageComparison) => number) => results.reduce((a, r) => a + f(r), 0);
  console.log(
    `\nCompared ${n} pages (${missing.docusaurus} not in the Docusaurus build, ${missing.docsite} not in docsite's)`,
  );
  console.log(`  article text, word-token Jaccard ≥ 0.95: ${similar}/${n} (${pct(similar, n)})`);
  console.log(
    `  headings missing: ${sum((r) => r.headingsMissing)}; code blocks lost: ${sum((r) => r.codeBlocksLost)}; ` +
      `images lost: ${sum((r) => r.imagesLost.length)}; tabs lost: ${sum((r) => r.tabsLost)}; ` +
      `working links broken: ${sum((r) => r.brokenLinks.length)}`,
  );
  const worst = [...results].sort((a, b) => a.jaccard - b.jaccard).slice(0, 10);
  console.log("  worst pages:");
  for (const r of worst)
    console.log(
      `    ${r.jaccard.toFixed(3)} ${r.url}` +
        (r.headingsMissing ? ` headings-${r.headingsMissing}` : "") +
        (r.codeBlocksLost ? ` code-${r.codeBlocksLost}` : "") +
        (r.imagesLost.length ? ` images-${r.imagesLost.length} (${r.imagesLost.slice(0, 3).join(", ")})` : "") +
        (r.tabsLost ? ` tabs-${r.tabsLost}` : ""),
    );
  const broken = results.flatMap((r) => r.brokenLinks.map((l) => `${r.url} → ${l}`));
  if (broken.length) {
    console.log(`  working links broken in docsite (${broken.length}):`);
    for (const b of broken.slice(0, 15)) console.log(`    ${b}`);
  }
  for (const [what, f] of [
    ["images", (r: PageComparison) => r.imagesLost.length],
    ["code blocks", (r: PageComparison) => r.codeBlocksLost],
    ["tabs", (r: PageComparison) => r.tabsLost],
  ] as const) {
    const where = results.filter((r) => f(r) > 0);
    if (where.length)
      console.log(
        `  pages losing ${what}: ${where
          .slice(0, 8)
          .map((r) => r.url)
          .join(", ")}`,
      );
  }
}

/**
 * --screens: the home page and the doc pages at 1280×800 and 375×800 in headless Chromium, docsite's build under
 * `docsite serve`, Docusaurus' under a static server; the first screens measured and compared, a screenshot of each
 * kept in `<work>/screens/`, the table printed and written to `<work>/screens/table.md`.
 */
async function firstScreens(site: string, docusaurusDir: string, baseUrl: string, paths: string[], shots: string) {
  const { docsiteServe, measureAll, serveStatic } = await import("./first-screen-browser.ts");
  const { launchChromium } = await import("../tests/support/chromium.ts");
  const jobs = paths.flatMap((path) => [1280, 375].map((width) => ({ path, width, height: 800 })));
  console.log(`\nFirst screens (${jobs.length}): ${paths.join(" ")} at 1280×800 and 375×800`);
  const ours = await docsiteServe(BIN, site);
  const theirs = await serveStatic(docusaurusDir, baseUrl);
  const browser = await launchChromium();
  try {
    const a = await measureAll(theirs.origin, jobs, shots, "docusaurus", browser);
    const b = await measureAll(ours.origin, jobs, shots, "docsite", browser);
    const verdicts = jobs.map((_, i) => compareScreens(a[i], b[i]));
    const table = screensTable(verdicts);
    console.log(table);
    writeFileSync(join(shots, "table.md"), `${table}\n`);
    writeFileSync(join(shots, "measured.json"), `${JSON.stringify({ docusaurus: a, docsite: b }, null, 2)}\n`);
    console.log(`screenshots and measurements: ${shots}`);
  } finally {
    await browser.close();
    theirs.server.close();
    ours.child.kill();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const flagValue = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const keep = flagValue("--keep");
  const siteArg = args.find(
    (a, i) => !a.startsWith("--") && args[i - 1] !== "--keep" && args[i - 1] !== "--screen-pages",
  );
  if (!siteArg) {
    console.log(
      "usage: npm run docusaurus-check -- <docusaurus-dir> [--compare] [--all-locales] [--keep <dir> [--reuse | --reuse-docusaurus]] [--screens [--screen-pages <a,b,c>]] [--no-install]",
    );
    process.exit(1);
  }
  const site = resolve(cwd, siteArg);
  if (!existsSync(site) || !statSync(site).isDirectory()) fail(`${site} is not a folder`);
  const work = keep ? resolve(cwd, keep) : mkdtempSync(join(tmpdir(), "docusaurus-check-"));
  const out = join(work, "site");
  // --reuse (with --keep): compare the builds a previous run kept, without running anything again.
  const reuse = Boolean(keep) && args.includes("--reuse") && existsSync(join(out, "dist"));
  if (existsSync(out) && !reuse) rmSync(out, { recursive: true, force: true });
  try {
    console.log(`Docusaurus project: ${site}`);
    // 1. The plain path, through the CLI.
    const skipped: Run = { code: 0, out: "(kept from the previous run: --reuse)", wall: 0 };
    const imp = reuse ? skipped : run(process.execPath, [BIN, "import", site, "--out", out], cwd);
    console.log(`\n$ docsite import ${siteArg} --out <new>   → exit ${imp.code} (${seconds(imp)})`);
    console.log(imp.out.trim().replace(/^/gm, "  "));
    if (imp.code !== 0) fail("the import failed (its message is above)");
    if (!reuse && /npm install/.test(imp.out) && !args.includes("--no-install")) {
      const npm = run("npm", ["install", "--no-audit", "--no-fund"], out);
      console.log(`\n$ npm install   → exit ${npm.code} (${seconds(npm)})`);
      if (npm.code !== 0) console.log(npm.out.trim().split("\n").slice(-5).join("\n").replace(/^/gm, "  "));
    }
    const build = reuse ? skipped : run(process.execPath, [BIN, "build", "--root", out], cwd);
    const warnings = build.out.split("\n").filter((l) => l.startsWith("warn "));
    console.log(
      `\n$ docsite build --root <new>   → exit ${build.code} (${seconds(build)}), ${warnings.length} warning(s)`,
    );
    console.log(
      build.out
        .split("\n")
        .filter((l) => !l.startsWith("warn ") && l.trim())
        .slice(-12)
        .join("\n")
        .replace(/^/gm, "  "),
    );
    const byKind = new Map<string, number>();
    for (const w of warnings) {
      const k = w
        .replace(/^warn [^ ]+ /, "")
        .replace(/"[^"]*"|\/\S+|#\S+|\d+/g, "…")
        .slice(0, 70);
      byKind.set(k, (byKind.get(k) ?? 0) + 1);
    }
    for (const [k, n] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`  ${n} × warn ${k}`);

    // 2. Every page Docusaurus publishes, and whether docsite published it at that URL.
    let dc: Any;
    try {
      dc = await readConfig(site);
    } catch (err) {
      fail(`the config cannot be read to list the pages: ${(err as Error).message}`);
    }
    const baseUrl: string = typeof dc.baseUrl === "string" ? dc.baseUrl : "/";
    const def: string = dc.i18n?.defaultLocale ?? "en";
    const locales: string[] = Array.isArray(dc.i18n?.locales) ? dc.i18n.locales : [def];
    const homes = locales.map((l) => (l === def ? baseUrl : `${baseUrl}${l}/`));
    const pages = pagesOf(site, dc);
    const dist = join(out, "dist");
    console.log(`\nPages Docusaurus publishes (trailingSlash: ${dc.trailingSlash}), and docsite at the same URL:`);
    for (const locale of locales)
      for (const instance of [...new Set(pages.map((p) => p.instance))]) {
        const here = pages.filter((p) => p.locale === locale && p.instance === instance);
        if (!here.length) continue;
        const at = here.filter((p) => existsSync(publishedFile(dist, p.url, baseUrl, dc.trailingSlash, homes)));
        const what = instance === "blog" ? "blog posts" : instance === "default" ? "doc pages" : `docs "${instance}"`;
        console.log(`  ${locale} ${what}: ${at.length}/${here.length} (${pct(at.length, here.length)})`);
        const missing = here.filter((p) => !at.includes(p));
        for (const p of missing.slice(0, 3)) console.log(`      missing ${p.url} (${p.source})`);
      }

    // 3. The comparison with Docusaurus' own build.
    if (args.includes("--compare")) {
      const only = args.includes("--all-locales") ? undefined : def;
      const kept = join(work, "docusaurus-build");
      const reuseDocusaurus = reuse || (Boolean(keep) && args.includes("--reuse-docusaurus"));
      const built = reuseDocusaurus && existsSync(kept) ? { dir: kept } : docusaurusBuild(site, work, only);
      if (!built.dir) console.log(`\ncompare skipped: ${built.why}`);
      else {
        const results: PageComparison[] = [];
        const missing = { docusaurus: 0, docsite: 0 };
        for (const p of pages.filter((x) => !only || x.locale === only)) {
          const d = fileFor(built.dir, p.url, baseUrl);
          const s = existsSync(publishedFile(dist, p.url, baseUrl, dc.trailingSlash, homes))
            ? publishedFile(dist, p.url, baseUrl, dc.trailingSlash, homes)
            : undefined;
          if (!d) missing.docusaurus++;
          if (!s) missing.docsite++;
          if (!d || !s) continue;
          // Relative links resolve against the address the page is served at (with its slash when trailingSlash).
          const address = dc.trailingSlash === true ? p.url.replace(/\/?$/, "/") : p.url;
          const c = comparePage(address, readHtml(d), readHtml(s), { docusaurus: built.dir, docsite: dist, baseUrl });
          if (c) results.push(c);
        }
        printComparison(results, missing);
        if (args.includes("--screens")) {
          const docs = pages.filter((p) => p.locale === def && p.instance === "default");
          const compared = new Set(results.map((r) => r.url));
          const chosen = flagValue("--screen-pages")?.split(",") ?? pickDocPages(docs, compared);
          await firstScreens(out, built.dir, baseUrl, [homes[0], ...chosen], join(work, "screens"));
        }
      }
    }
    console.log(`\nplain path: import exit ${imp.code}, build exit ${build.code}`);
    process.exitCode = build.code === 0 ? 0 : 1;
  } finally {
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.log(`\ncheck stopped: ${(err as Error).message ?? String(err)}`);
  process.exit(1);
});
