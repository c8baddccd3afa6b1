// `docsite import <docusaurus-dir> --out <new-dir>`: reads a Docusaurus 3 project once and writes a docsite
// project. Content and static files are copied byte for byte; config, sidebars and labels are translated.
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import fg from "fast-glob";
import { DocsiteError } from "../log.ts";
import { fromRoot } from "../boot/locations.ts";
import type { MdxPluginLists, PostcssPluginSpec } from "../config/types.ts";
import { addDocsite } from "../init/site-package.ts";
import { cssToolchainPackages, writeDependencies, type DependencyResult } from "./dependencies.ts";
import { loadModule } from "./load-module.ts";
import { copyTree, isInside, realPathOf } from "./copy-tree.ts";
import { copyBlog, copyDocs, copyMapped, copyProjectFiles, copyRun, type CopyRun, isContent } from "./copy-content.ts";
import { mapMdxPlugins, type MappedPlugins } from "./mdx-plugins.ts";
import type { DocusaurusConfig, Loose } from "./docusaurus-config.ts";
import { importedPackages } from "./imported-packages.ts";
import { mapConfig, translations, icuMessage, type MappedConfig } from "./map-config.ts";
import type { ImportOptions } from "./import-options.ts";
import { readConfig } from "./read-config.ts";
import { writeSidebars } from "./write-sidebars.ts";
import { DEFAULT_EXCLUDE } from "./content-plugins.ts";

export interface ImportReport {
  docs: number;
  posts: number;
  partials: number;
  staticFiles: number;
  locales: string[];
  versions: string[];
  mapped: string[];
  skipped: string[];
  /** The project's npm dependencies written into the new package.json. */
  dependencies: DependencyResult;
  /** Why the new site is not the Docusaurus site (the verdict's "not ready"): empty when it is. */
  blockers: string[];
  /** The Docusaurus project (absolute). */
  source: string;
  /** Packages the config's own files import that are not installed: importing again after npm install there is
   * the next step, as the config could not be read in full. */
  notInstalled: string[];
}

const docsiteI18n = fromRoot("theme", "i18n");

/** docsite's own interface strings for a locale (English where docsite has no translation). */
function themeStrings(locale: string): Record<string, string> {
  const file = existsSync(join(docsiteI18n, `${locale}.json`)) ? `${locale}.json` : "en.json";
  const all = JSON.parse(readFileSync(join(docsiteI18n, file), "utf8")) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(all).filter(([k]) => k.startsWith("theme.") || k === "footer.icons.ariaLabel"),
  );
}

export type { ImportOptions } from "./import-options.ts";

/** A version or locale name becomes a folder name: one plain path segment, nothing that could leave the folder. */
function checkName(name: unknown, what: string, file: string): string {
  if (typeof name !== "string" || !name || /[/\\\0]|\.\./.test(name) || name === ".")
    throw new DocsiteError(
      `${what} ${JSON.stringify(name)} is not a usable name: it must be one path segment, without "/", "\\" or ".."`,
      { file },
      `rename the ${what} (it becomes a folder and part of URLs)`,
    );
  return name;
}

/** The output folder must not be the project or lie inside it (nor hold it): the import would write over its source. */
function checkOutput(src: string, out: string): void {
  const realSrc = realpathSync(src);
  const realOut = realPathOf(out);
  if (isInside(realOut, realSrc) || isInside(realSrc, realOut))
    throw new DocsiteError(
      realOut === realSrc
        ? "the output folder is the Docusaurus project itself"
        : isInside(realOut, realSrc)
          ? "the output folder lies inside the Docusaurus project"
          : "the output folder holds the Docusaurus project",
      { file: out },
      "choose a folder outside the project, e.g. a sibling: --out ../my-docsite",
    );
}

/** The Docusaurus project must be a folder; the output folder must lie outside it, and be new unless --force. */
function checkFolders(src: string, out: string, opts: ImportOptions): void {
  if (!existsSync(src) || !statSync(src).isDirectory())
    throw new DocsiteError("Docusaurus project folder not found", { file: src });
  checkOutput(src, out);
  if (existsSync(out) && !opts.force) {
    throw new DocsiteError(
      "the output folder already exists",
      { file: out },
      "choose a new folder, or add --force to write into it (files docsite does not write are kept)",
    );
  }
}

/** Locales and docs versions (versions.json) become folders: each must be one plain path segment. */
async function checkFolderNames(src: string, dc: DocusaurusConfig, configName: string): Promise<void> {
  for (const l of [dc.i18n?.defaultLocale ?? "en", ...(Array.isArray(dc.i18n?.locales) ? dc.i18n.locales : [])])
    checkName(l, "locale", configName);
  const listed: unknown = existsSync(join(src, "versions.json"))
    ? (await loadModule(join(src, "versions.json"), { siteDir: src })).value
    : [];
  if (!Array.isArray(listed))
    throw new DocsiteError("versions.json must be a list of version names", { file: "versions.json" });
  for (const v of listed) checkName(v, "docs version", "versions.json");
}

/** Interface strings: docsite's theme, Docusaurus' code.json over them, then the config's labels. */
function interfaceStrings(src: string, locales: string[], configStrings: MappedConfig["strings"]) {
  const strings: Record<string, Record<string, string>> = {};
  for (const l of locales) {
    const base = themeStrings(l);
    const code = translations(join(src, "i18n", l, "code.json"));
    // A Docusaurus translation replaces docsite's only when it uses the same placeholders (and no a|b|c plurals).
    const params = (m: string) =>
      [...m.matchAll(/\{(\w+)/g)]
        .map((x) => x[1])
        .sort()
        .join(",");
    for (const k of Object.keys(base))
      if (code[k] && !code[k].includes("|") && params(code[k]) === params(base[k])) base[k] = icuMessage(code[k]);
    strings[l] = { ...base, ...configStrings[l] };
  }
  return strings;
}

/** A navbar item for a sidebar that was not imported (another docs plugin instance) would lead nowhere. */
function dropUnknownSidebarItems(config: Loose, sidebarIds: Set<string>, skipped: string[]): void {
  config.navbar.items = config.navbar.items.filter((i: { type: string; sidebarId?: string }) => {
    if (i.type !== "docSidebar" || sidebarIds.has(i.sidebarId ?? "")) return true;
    skipped.push(`navbar item for sidebar "${i.sidebarId}": no such sidebar in the imported docs`);
    return false;
  });
}

/** The project's remark/rehype plugins: run by docsite's compile; the ones outside node_modules copied along. */
async function carryMdxPlugins(run: CopyRun, m: MappedConfig, blockers: string[]): Promise<MappedPlugins> {
  const plugins = mapMdxPlugins(run.src, run.guard.boundary, m.pluginSources);
  run.guard.skipped.push(...plugins.skipped);
  if (plugins.missing.length)
    blockers.push(
      `${plugins.missing.length} remark/rehype plugin(s) the site runs are left out (${plugins.missing.join(", ")}; ✗ above): what they change on its pages is missing`,
    );
  for (const c of plugins.copies)
    await copyTree(c.from, join(run.out, c.to), { ...run.guard, filter: (f) => !f.startsWith("node_modules/") });
  return plugins;
}

/** site.config.json, the interface strings of each locale and the files the config mapping wrote. */
async function writeProjectFiles(out: string, config: Loose, m: MappedConfig, strings: MappedConfig["strings"]) {
  const locales: string[] = config.i18n.locales;
  for (const [rel, text] of Object.entries(m.files)) await writeFile(join(out, rel), text);
  await writeFile(join(out, "site.config.json"), `${JSON.stringify(config, null, 2)}\n`);
  await mkdir(join(out, "i18n"), { recursive: true });
  for (const l of locales) await writeFile(join(out, "i18n", `${l}.json`), `${JSON.stringify(strings[l], null, 2)}\n`);
}

/** The new package.json: the packages the new site's code imports, the CSS toolchain and the carried plugins'. */
async function mapDependencies(run: CopyRun, config: Loose, m: MappedConfig, plugins: MappedPlugins) {
  const { src } = run;
  // The PostCSS toolchain the site's CSS goes through (Tailwind), wherever the project listed it.
  const cssPackages = cssToolchainPackages(
    src,
    config.docusaurus?.postcss
      ? (config.docusaurus.postcss as { plugins: PostcssPluginSpec[] }).plugins.map((p) =>
          typeof p === "string" ? p : p[0],
        )
      : m.copy.some((f) => /^(postcss\.config\.[cm]?js|\.postcssrc(\.\w+)?)$/.test(f))
        ? []
        : null,
  );
  return writeDependencies(
    src,
    run.out,
    { ...cssPackages, ...plugins.packages },
    plugins.devDependencies,
    importedPackages(
      src,
      run.guard.boundary,
      [
        ...codeEntries(src, run.contentSources, config.docusaurus, plugins.lists),
        ...(config.customCss ?? []).map((f: string) => join(src, f)),
      ],
      (name) => existsSync(join(src, "node_modules", name)) || declared(src, name),
    ),
  );
}

export async function importDocusaurus(
  srcDir: string,
  outDir: string,
  opts: ImportOptions = {},
): Promise<ImportReport> {
  const src = resolve(srcDir);
  const out = resolve(outDir);
  checkFolders(src, out, opts);
  const { dc, configName, stubbedBySite, skipped, blockers } = await readConfig(src, opts);
  await checkFolderNames(src, dc, configName);
  const m: MappedConfig = mapConfig(src, dc);
  skipped.push(...m.skipped);
  blockers.push(...m.blockers);
  const { config } = m;
  const def: string = config.i18n.defaultLocale;
  const locales: string[] = config.i18n.locales;
  checkVersionFolders(src, m.versions);

  await mkdir(out, { recursive: true });
  const run = copyRun(src, out, skipped, def, locales);
  const { docs, partials } = await copyDocs(run, m);
  const posts = await copyBlog(run, m);
  const staticFiles = await copyProjectFiles(run);
  const strings = interfaceStrings(src, locales, m.strings);
  // Sidebars, one file per version (their labels are added to the strings).
  const sidebarRun = { src, out, opts, defaultLocale: def, locales, strings, skipped, blockers };
  dropUnknownSidebarItems(config, await writeSidebars(sidebarRun, m.versions), skipped);
  const plugins = await carryMdxPlugins(run, m, blockers);
  config.docusaurus = {
    ...config.docusaurus,
    aliases: run.aliases,
    ...m.docusaurus,
    ...(Object.keys(plugins.lists).length ? { mdxPlugins: plugins.lists } : {}),
  };
  await copyMapped(run, m.copy);
  await writeProjectFiles(out, config, m, strings);
  const dependencies = await mapDependencies(run, config, m, plugins);
  if (plugins.devDependencies) run.mapped.push(plugins.devDependencies);
  skipped.push(...dependencies.left);
  // The new site names docsite and its scripts, so it stands on its own (`npm install && npm run build`).
  await addDocsite(out);
  const gitignore = join(out, ".gitignore");
  if (!existsSync(gitignore)) await writeFile(gitignore, "dist/\n.docsite/\nnode_modules/\n");
  return {
    docs,
    posts,
    partials,
    staticFiles,
    locales,
    versions: m.versions.map((v) => v.name),
    mapped: [
      ...m.mapped,
      ...run.mapped,
      ...plugins.mapped,
      `${Object.keys(run.aliases).length} folder aliases for @site/ imports`,
    ],
    skipped,
    dependencies,
    blockers,
    source: src,
    notInstalled: stubbedBySite,
  };
}

/** Whether the project's package.json lists a package (in either list). */
function declared(src: string, name: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(join(src, "package.json"), "utf8"));
    return Boolean(pkg?.dependencies?.[name] ?? pkg?.devDependencies?.[name]);
  } catch {
    return false;
  }
}

/**
 * The files of the Docusaurus project the new site's build compiles, where following imports starts
 * (imported-packages.ts): the content copied, the pages, the global MDX components and the carried plugin modules.
 */
function codeEntries(
  src: string,
  contentSources: string[],
  docusaurus: { pages?: { dir: string }; mdxComponents?: string; themeOverrides?: Record<string, string> },
  lists: Record<string, MdxPluginLists>,
): string[] {
  const pages = docusaurus.pages?.dir;
  const pageFiles = pages
    ? fg
        .sync("**/*.{js,jsx,ts,tsx,md,mdx}", { cwd: join(src, pages), ignore: DEFAULT_EXCLUDE })
        .map((f) => join(src, pages, f))
    : [];
  const components = docusaurus.mdxComponents
    ? fg.sync("src/theme/MDXComponents{,/**/*}.{js,jsx,ts,tsx}", { cwd: src }).map((f) => join(src, f))
    : [];
  const pluginModules = Object.values(lists)
    .flatMap((l) => Object.values(l).flat())
    .map((r) => r.module)
    .filter((m) => m.startsWith("./"))
    .map((m) => join(src, m));
  // The theme overrides the new site runs (a swizzled CodeBlock's prism-react-renderer, its icons' package).
  const overrides = Object.values(docusaurus.themeOverrides ?? {}).map((f) => join(src, f));
  return [...contentSources.filter(isContent), ...pageFiles, ...components, ...overrides, ...pluginModules];
}

/** Two versions whose docs are one folder (a name twice in versions.json, or a folder linked to another). */
function checkVersionFolders(src: string, versions: { name: string; docsDir: string }[]): void {
  const seen = new Map<string, string>();
  for (const v of versions) {
    const abs = join(src, v.docsDir);
    const key = existsSync(abs) ? realpathSync(abs) : abs;
    const other = seen.get(key);
    if (other !== undefined)
      throw new DocsiteError(
        other === v.name
          ? `docs version ${JSON.stringify(v.name)} is listed twice`
          : `docs versions ${JSON.stringify(other)} and ${JSON.stringify(v.name)} have one and the same folder (${relative(src, key) || key})`,
        { file: "versions.json" },
        "list each version once, each with its own versioned_docs/version-<name> folder",
      );
    seen.set(key, v.name);
  }
}

export function formatReport(r: ImportReport, out: string): string {
  const lines = [
    `Imported ${r.docs} doc pages, ${r.posts} blog posts, ${r.partials} partials, ${r.staticFiles} static files`,
    `locales: ${r.locales.join(", ")}; docs versions: ${r.versions.join(", ")}`,
    "Mapped:",
    ...r.mapped.map((s) => `  ✓ ${s}`),
    r.skipped.length ? "Not carried over:" : "Everything was carried over.",
    ...r.skipped.map((s) => `  ✗ ${s}`),
    ...dependencyLines(r.dependencies),
    verdict(r),
    nextStep(r, out),
  ];
  return lines.join("\n");
}

/**
 * The report's last line: `ready` (everything carried over), `ready with N items to review` (the site builds; the
 * items above are what it lacks), or `not ready: …` (the new site lacks content the Docusaurus one has, or differs
 * in ways the report cannot list: a config or sidebars that did not run, packages stood in for).
 */
export function verdict(r: Pick<ImportReport, "skipped" | "blockers">): string {
  if (r.blockers.length)
    return `Verdict: not ready, ${r.blockers.length} item${r.blockers.length === 1 ? "" : "s"} to review:\n${r.blockers.map((b) => `  ! ${b}`).join("\n")}`;
  if (!r.skipped.length) return "Verdict: ready";
  return `Verdict: ready with ${r.skipped.length} item${r.skipped.length === 1 ? "" : "s"} to review (✗ above)`;
}

/**
 * The one thing to do next. The project's packages not installed: the config could not be read in full, so
 * installing them there and importing again (over this folder) comes first, and building now would only build
 * the lesser site. Otherwise: install what the new package.json names, when it names anything, and build.
 */
export function nextStep(r: Pick<ImportReport, "dependencies" | "notInstalled" | "source">, out: string): string {
  if (r.notInstalled.length)
    return `Next: cd ${r.source} && npm install, then docsite import ${r.source} --out ${out} --force`;
  if (r.dependencies.file === "none") return `Next: docsite build --root ${out}`;
  return `Next: cd ${out} && npm install, then docsite build --root ${out}`;
}

function dependencyLines(d: DependencyResult): string[] {
  if (d.file === "none") return [];
  const what = d.file === "created" ? "created" : "merged into the existing one";
  return [
    `package.json ${what}: ${d.added.length} dependencies the new site's code imports` +
      (d.added.length ? ` (${d.added.join(", ")})` : "") +
      (d.kept.length ? `; already there, versions kept: ${d.kept.join(", ")}` : ""),
  ];
}
