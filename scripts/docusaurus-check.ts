// Real-site check: `npm run docusaurus-check -- <docusaurus-dir> [--keep <dir>]`.
// Imports a Docusaurus 3 project into a temporary folder, builds it with failing pages skipped, and prints per
// locale how many doc pages and blog posts built, whether each one is published at the URL Docusaurus gives it
// (computed here from the source with Docusaurus' own rules, not from docsite's mapping), and the failures
// grouped by cause. Content is never modified; only the generated site.config.json is relaxed so that broken
// links are reported instead of stopping the build. The project's npm dependencies that import writes into the new
// package.json are installed there (`npm install --ignore-scripts`) before the build, unless `--no-install`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import fg from "fast-glob";
import { importDocusaurus } from "../cli/import/index.ts";
import { loadModule } from "../cli/import/load-module.ts";
import { build } from "../cli/pipeline/build.ts";
import { createLogger } from "../cli/log.ts";
import { splitFrontMatter } from "../cli/content/frontmatter.ts";
import { expectedBlogSlug, expectedDocSlug, joinUrl } from "./docusaurus-urls.ts";

type Any = Record<string, any>;

interface Page {
  kind: "doc" | "post";
  locale: string;
  /** File in the imported project that serves the page (a translation, or the default locale's file). */
  file: string;
  url: string;
}

async function readDocusaurus(dir: string): Promise<Any> {
  const file = ["docusaurus.config.ts", "docusaurus.config.js", "docusaurus.config.mjs"].find((f) =>
    existsSync(join(dir, f)),
  );
  if (!file) throw new Error(`${dir}: no docusaurus.config.{ts,js,mjs}`);
  return ((await loadModule(join(dir, file), { siteDir: dir, call: true })).value ?? {}) as Any;
}

function presetOptions(dc: Any): { docs: Any | false; blog: Any | false } {
  for (const p of (dc.presets ?? []) as unknown[]) {
    const [name, opts] = Array.isArray(p) ? p : [p, {}];
    if (typeof name === "string" && /classic/.test(name)) {
      const o = (opts ?? {}) as Any;
      return { docs: o.docs === false ? false : (o.docs ?? {}), blog: o.blog === false ? false : (o.blog ?? {}) };
    }
  }
  return { docs: {}, blog: {} };
}

const readJson = (f: string) => (existsSync(f) ? JSON.parse(readFileSync(f, "utf8")) : undefined);
const trim = (s: string) => s.replace(/^\/+|\/+$/g, "");

/** Every doc page and blog post Docusaurus would publish, per locale, with its URL. */
async function expectedPages(src: string, dc: Any): Promise<Page[]> {
  const { docs, blog } = presetOptions(dc);
  const baseUrl: string = dc.baseUrl ?? "/";
  const def: string = dc.i18n?.defaultLocale ?? "en";
  const locales: string[] = dc.i18n?.locales ?? [def];
  const localeBase = (l: string) => (l === def ? baseUrl : joinUrl(baseUrl, l, ""));
  const pages: Page[] = [];
  const sources = async (dir: string, ignoreUnderscore = true) =>
    existsSync(dir)
      ? (await fg("**/*.{md,mdx}", { cwd: dir })).filter(
          (f) => !ignoreUnderscore || !f.split("/").some((s) => s.startsWith("_")),
        )
      : [];
  const data = (f: string) => splitFrontMatter(readFileSync(f, "utf8"), f).data as Any;

  if (docs) {
    const routeBasePath = trim(docs.routeBasePath ?? "docs");
    const released: string[] = readJson(join(src, "versions.json")) ?? [];
    const last: string = docs.lastVersion ?? released[0] ?? "current";
    const names = [...(docs.includeCurrentVersion === false ? [] : ["current"]), ...released].filter(
      (n) => !docs.onlyIncludeVersions || docs.onlyIncludeVersions.includes(n),
    );
    for (const name of names) {
      const dir = name === "current" ? (docs.path ?? "docs") : `versioned_docs/version-${name}`;
      const vPath = trim(docs.versions?.[name]?.path ?? (name === last ? "" : name === "current" ? "next" : name));
      const i18nKey = name === "current" ? "current" : `version-${name}`;
      for (const rel of await sources(join(src, dir))) {
        const d = data(join(src, dir, rel));
        if (d.draft === true) continue;
        for (const l of locales) {
          const translated = `i18n/${l}/docusaurus-plugin-content-docs/${i18nKey}/${rel}`;
          const own = l !== def && existsSync(join(src, translated));
          const fm = own ? data(join(src, translated)) : d;
          pages.push({
            kind: "doc",
            locale: l,
            file: `content/${own ? l : def}/docs/${name}/${rel}`,
            url: joinUrl(localeBase(l), routeBasePath, vPath, expectedDocSlug(rel, fm)),
          });
        }
      }
    }
  }
  if (blog) {
    const dir = join(src, blog.path ?? "blog");
    const routeBasePath = trim(blog.routeBasePath ?? "blog");
    for (const rel of await sources(dir)) {
      const d = data(join(dir, rel));
      if (d.draft === true) continue;
      for (const l of locales) {
        const translated = `i18n/${l}/docusaurus-plugin-content-blog/${rel}`;
        const own = l !== def && existsSync(join(src, translated));
        const fm = own ? data(join(src, translated)) : d;
        pages.push({
          kind: "post",
          locale: l,
          file: `content/${own ? l : def}/blog/${rel}`,
          url: joinUrl(localeBase(l), routeBasePath, expectedBlogSlug(rel, fm)),
        });
      }
    }
  }
  return pages;
}

/**
 * Whether the page is in the file Docusaurus writes for its URL: `x/index.html` (trailingSlash true or unset), or
 * `x.html` with trailingSlash false, where only the site's and the locales' homes (Docusaurus' baseUrl of each
 * locale build) stay `index.html`.
 */
function published(dist: string, url: string, baseUrl: string, trailingSlash: boolean | undefined, homes: string[]) {
  const rel = decodeURI(url.slice(baseUrl.length)).replace(/\/$/, "");
  if (rel === "") return existsSync(join(dist, "index.html"));
  const home = homes.includes(url.replace(/\/?$/, "/"));
  return trailingSlash === false && !home
    ? existsSync(join(dist, `${rel}.html`))
    : existsSync(join(dist, rel, "index.html"));
}

const NPM_FLAGS = ["--no-audit", "--no-fund", "--ignore-scripts", "--legacy-peer-deps", "--loglevel=error"];

const npm = (dir: string, args: string[]) =>
  spawnSync("npm", [...args, ...NPM_FLAGS], {
    cwd: dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 10 * 60_000,
  });

/**
 * `npm install` in the imported folder (no install scripts run): how it went, for the report. When it fails (one
 * package the registry does not have stops npm), the packages npm cannot find are left out for a second install,
 * so the others still reach the build; package.json is put back as the import wrote it, and the report names them.
 */
function installDependencies(dir: string, packages: string[]): string {
  const started = Date.now();
  const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (npm(dir, ["install"]).status === 0) return `installed in ${took()}`;
  const missing = packages.filter((p) => npm(dir, ["view", p, "version"]).status !== 0);
  if (!missing.length) return `FAILED after ${took()}; the build reports the packages it misses`;
  const file = join(dir, "package.json");
  const original = readFileSync(file, "utf8");
  const pkg = JSON.parse(original);
  for (const p of missing) delete pkg.dependencies[p.slice(0, p.lastIndexOf("@"))];
  try {
    writeFileSync(file, JSON.stringify(pkg, null, 2));
    const ok = npm(dir, ["install"]).status === 0;
    return `${ok ? "installed" : "FAILED"} in ${took()} without ${missing.join(", ")} (not found in the registry)`;
  } finally {
    writeFileSync(file, original);
  }
}

/** A failure message with its specifics (quoted names, paths) replaced, so failures group by cause. */
const causeOf = (msg: string) =>
  msg
    .replace(/"[^"]*"|`[^`]*`|'[^']*'/g, "…")
    .replace(/\bcontent\/\S+/g, "…")
    .replace(/\d+/g, "N")
    .slice(0, 160);

async function main() {
  const args = process.argv.slice(2);
  const keepAt = args.indexOf("--keep");
  const keep = keepAt >= 0 ? resolve(args[keepAt + 1]) : undefined;
  const install = !args.includes("--no-install");
  const srcArg = args.find((a, i) => !a.startsWith("--") && (keepAt < 0 || i !== keepAt + 1));
  if (!srcArg) {
    console.error("usage: npm run docusaurus-check -- <docusaurus-project-dir> [--keep <dir>] [--no-install]");
    process.exit(2);
  }
  const src = resolve(srcArg);
  const work = keep ?? mkdtempSync(join(tmpdir(), "docusaurus-check-"));
  const out = join(work, "site");
  if (existsSync(out)) rmSync(out, { recursive: true });
  try {
    const started = process.hrtime.bigint();
    const cpu0 = process.cpuUsage();
    const report = await importDocusaurus(src, out);
    // Broken links are measured as warnings: the check is about pages, not about the links between them.
    const cfgFile = join(out, "site.config.json");
    const cfg = JSON.parse(readFileSync(cfgFile, "utf8"));
    Object.assign(cfg, { onBrokenLinks: "warn", onBrokenAnchors: "warn", onDuplicateRoutes: "warn" });
    writeFileSync(cfgFile, `${JSON.stringify(cfg, null, 2)}\n`);
    const installed =
      install && report.dependencies.added.length ? installDependencies(out, report.dependencies.added) : null;
    const dist = join(work, "dist");
    const r = await build({
      root: out,
      outDir: dist,
      logger: createLogger({ quiet: true }),
      skipFailingPages: true,
    });
    const cpu = process.cpuUsage(cpu0);
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    const left = r.warnings.filter((w) => w.endsWith("(page left out)"));
    const failedFiles = new Map<string, string>();
    for (const w of left) {
      const m = /^(content\/[^:]+?\.mdx?)(?::\d+)*(?::\d+)?: (.*) \(page left out\)$/s.exec(w);
      if (m && !failedFiles.has(m[1])) failedFiles.set(m[1], m[2]);
    }
    const dc = await readDocusaurus(src);
    const pages = await expectedPages(src, dc);
    const baseUrl: string = dc.baseUrl ?? "/";
    const def: string = dc.i18n?.defaultLocale ?? "en";
    const homes = ((dc.i18n?.locales ?? [def]) as string[]).map((l) => (l === def ? baseUrl : `${baseUrl}${l}/`));
    const routeOf = new Map(r.table.routes.map((x) => [`${x.locale}|${x.origin}`, x.path]));

    console.log(`Docusaurus project: ${src} (trailingSlash: ${dc.trailingSlash})`);
    console.log(
      `import: ${report.docs} doc files, ${report.posts} posts; not carried over: ${report.skipped.length} item(s)`,
    );
    for (const s of report.skipped) console.log(`  ✗ ${s}`);
    if (report.dependencies.added.length)
      console.log(
        installed
          ? `npm install: ${report.dependencies.added.length} package(s) ` +
              `(${report.dependencies.added.join(", ")}) ${installed}`
          : `npm install: skipped (--no-install); ${report.dependencies.added.length} package(s) in package.json`,
      );
    console.log(
      `build: ${r.pages} routes, ${left.length} page(s) left out; ${wall.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU (import, npm install and build; CPU of this process, npm not counted)`,
    );
    const mismatches: string[] = [];
    for (const locale of [...new Set(pages.map((p) => p.locale))]) {
      for (const kind of ["doc", "post"] as const) {
        const here = pages.filter((p) => p.locale === locale && p.kind === kind);
        if (!here.length) continue;
        // Built: its file compiled and rendered, and the page has a route (a translation whose default-locale
        // original failed is left out with it).
        const built = here.filter((p) => !failedFiles.has(p.file) && routeOf.has(`${locale}|${p.file}`));
        const matched = built.filter((p) => published(dist, p.url, baseUrl, dc.trailingSlash, homes));
        for (const p of built)
          if (!matched.includes(p))
            mismatches.push(`${p.file} (${locale}): expected ${p.url}, docsite: ${routeOf.get(`${locale}|${p.file}`)}`);
        const pct = (n: number) => `${((100 * n) / here.length).toFixed(1)}%`;
        console.log(
          `${locale} ${kind === "doc" ? "doc pages " : "blog posts"}: built ${built.length}/${here.length} (${pct(built.length)}), at the Docusaurus URL ${matched.length}/${here.length} (${pct(matched.length)})`,
        );
      }
    }
    if (mismatches.length) {
      console.log(`\nURL mismatches (${mismatches.length}):`);
      for (const m of mismatches.slice(0, 15)) console.log(`  ${m}`);
      if (mismatches.length > 15) console.log(`  … and ${mismatches.length - 15} more`);
    }
    const groups = new Map<string, string[]>();
    for (const [file, msg] of failedFiles) {
      const k = causeOf(msg);
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k)!.push(`${file}: ${msg.split("\n")[0].slice(0, 200)}`);
    }
    console.log(`\nFailures by cause (${failedFiles.size} file(s)):`);
    for (const [cause, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
      console.log(`  ${list.length} × ${cause}`);
      for (const ex of list.slice(0, 3)) console.log(`      e.g. ${ex}`);
    }
    const other = r.warnings.filter((w) => !w.endsWith("(page left out)"));
    console.log(`\nOther warnings: ${other.length} (broken links/anchors and the like)`);
  } finally {
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
  void readdirSync;
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
