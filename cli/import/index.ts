// `docsite import <docusaurus-dir> --out <new-dir>`: reads a Docusaurus 3 project once and writes a docsite
// project. Content and static files are copied byte for byte; config, sidebars and labels are translated.
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { isAbsolute, join, relative, resolve } from "node:path";
import fg from "fast-glob";
import { DocsiteError } from "../log.ts";
import { fromRoot } from "../boot/locations.ts";
import type { PostcssPluginSpec } from "../config/types.ts";
import { cssToolchainPackages, writeDependencies, type DependencyResult } from "./dependencies.ts";
import { loadModule, isCycle } from "./load-module.ts";
import { copyOneFile, copyTree, displayPath, isInside, projectBoundary, realPathOf } from "./copy-tree.ts";
import { mapMdxPlugins } from "./mdx-plugins.ts";
import { referencedCopies } from "./referenced-files.ts";
import type { DocusaurusConfig } from "./docusaurus-config.ts";
import { importedPackages } from "./imported-packages.ts";
import { mapConfig, translations, icuLabel, icuMessage, type MappedConfig } from "./map-config.ts";
import { mapSidebars } from "./map-sidebars.ts";
import { addDocsite } from "../init/site-package.ts";
import type { MdxPluginLists } from "../config/types.ts";
import { DEFAULT_EXCLUDE } from "./content-plugins.ts";
import { docsKey, globPageFiles, type PageFileGlobs } from "../content/page-files.ts";

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

async function findConfig(dir: string): Promise<string> {
  for (const f of [
    "docusaurus.config.ts",
    "docusaurus.config.js",
    "docusaurus.config.mjs",
    "docusaurus.config.cjs",
    "docusaurus.config.mts",
  ]) {
    if (existsSync(join(dir, f))) return join(dir, f);
  }
  throw new DocsiteError(
    "no docusaurus.config.{js,ts,mjs} found",
    { file: dir },
    "point docsite import at the Docusaurus project folder",
  );
}

/** The config's plain fields read from its text, for a config that cannot be evaluated. */
function staticRead(text: string): Record<string, unknown> {
  const field = (name: string) => new RegExp(`\\b${name}\\s*:\\s*["'\`]([^"'\`]*)["'\`]`).exec(text)?.[1];
  const locales = /\blocales\s*:\s*\[([^\]]*)\]/
    .exec(text)?.[1]
    .match(/["']([^"']+)["']/g)
    ?.map((s) => s.slice(1, -1));
  return {
    title: field("title"),
    tagline: field("tagline"),
    url: field("url"),
    baseUrl: field("baseUrl"),
    favicon: field("favicon"),
    i18n: { defaultLocale: field("defaultLocale") ?? "en", locales },
    presets: [["classic", {}]],
  };
}

const isContent = (f: string) => /\.mdx?$/.test(f);
/** Scripts of src/ (components, pages): what they import from outside the copied folders is copied too. */
const SCRIPT = /\.(m?[jt]sx?|cjs)$/i;
/** Files a project folder holds that content or components may use: data, images, media, scripts, styles. */
const PROJECT_FILE =
  /\.(json|ya?ml|png|jpe?g|gif|svg|webp|avif|ico|mp4|webm|mp3|pdf|zip|txt|csv|m?[jt]sx?|cjs|s?css|sass)$/i;
const isPartial = (f: string) => f.split("/").some((s) => s.startsWith("_"));

export interface ImportOptions {
  /** Write into an existing output folder. */
  force?: boolean;
  /** When the config cannot be evaluated, import what its text gives instead of failing. */
  allowPartialConfig?: boolean;
  /** How long evaluating the config (and each sidebars file) may take. */
  configTimeoutMs?: number;
}

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

export async function importDocusaurus(
  srcDir: string,
  outDir: string,
  opts: ImportOptions = {},
): Promise<ImportReport> {
  const src = resolve(srcDir);
  const out = resolve(outDir);
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
  const configFile = await findConfig(src);
  const configName = relative(src, configFile);
  const skipped: string[] = [];
  const blockers: string[] = [];
  let dc: DocusaurusConfig;
  let stubbed: string[] = [];
  let stubbedBySite: string[] = [];
  try {
    const loaded = await loadModule(configFile, { siteDir: src, call: true, timeoutMs: opts.configTimeoutMs });
    dc = (loaded.value ?? {}) as DocusaurusConfig;
    stubbed = loaded.stubbed;
    stubbedBySite = loaded.stubbedBySite ?? stubbed;
  } catch (err) {
    if (!opts.allowPartialConfig || !(err instanceof DocsiteError)) {
      if (err instanceof DocsiteError && !err.hint)
        throw new DocsiteError(
          err.message,
          err.where,
          "fix the config so that Docusaurus could run it; or import anyway with --allow-partial-config " +
            "(title, url, baseUrl and locales are then read from its text, everything else takes defaults)",
        );
      throw err;
    }
    skipped.push(
      `${configName} could not be evaluated (${err.message.split("\n")[0]}); title, url, baseUrl and locales were read from its text, the rest uses defaults (--allow-partial-config)`,
    );
    dc = staticRead(readFileSync(configFile, "utf8"));
    blockers.push(`${configName} could not be evaluated; most of its settings are defaults`);
  }
  if (stubbed.length) {
    skipped.push(
      `packages the config imports are not installed, so stand-ins took their place (values taken from them are dropped): ${stubbed.join(", ")}`,
    );
    // A stand-in the config's own files used may have changed a setting; one a plugin package used did not.
    if (stubbedBySite.length)
      blockers.push(
        `the config's packages ${stubbedBySite.join(", ")} are not installed in the Docusaurus project, so what the config takes from them is missing`,
      );
  }
  for (const l of [dc.i18n?.defaultLocale ?? "en", ...(Array.isArray(dc.i18n?.locales) ? dc.i18n.locales : [])])
    checkName(l, "locale", configName);
  const listed: unknown = existsSync(join(src, "versions.json"))
    ? (await loadModule(join(src, "versions.json"), { siteDir: src })).value
    : [];
  if (!Array.isArray(listed))
    throw new DocsiteError("versions.json must be a list of version names", { file: "versions.json" });
  for (const v of listed) checkName(v, "docs version", "versions.json");
  const m: MappedConfig = mapConfig(src, dc);
  skipped.push(...m.skipped);
  blockers.push(...m.blockers);
  const { config } = m;
  const def: string = config.i18n.defaultLocale;
  const locales: string[] = config.i18n.locales;
  checkVersionFolders(src, m.versions);

  await mkdir(out, { recursive: true });
  const mapped: string[] = [];
  const outRoot = realpathSync(out);
  const boundary = projectBoundary(src);
  const display = displayPath(src);
  const aliases: Record<string, string> = {};
  /** Content files and src/ scripts copied (absolute paths in the Docusaurus project), and the folders copied whole. */
  const contentSources: string[] = [];
  const copiedRoots: string[] = [];
  const copyDir = async (from: string, to: string, filter?: (rel: string) => boolean, dot = false) => {
    const abs = isAbsolute(from) ? from : join(src, from);
    if (!existsSync(abs)) return 0;
    const files = await copyTree(abs, join(out, to), { boundary, outRoot, filter, dot, skipped, display });
    copiedRoots.push(realpathSync(abs));
    for (const f of files) if (isContent(f) || (from === "src" && SCRIPT.test(f))) contentSources.push(join(abs, f));
    aliases[`${from.replace(/\/?$/, "/")}`] = `${to.replace(/\/?$/, "/")}`;
    return files.length;
  };

  let docs = 0;
  let partials = 0;
  const count = async (dir: string, globs?: PageFileGlobs) => {
    const files = (await fg("**/*.{md,mdx}", { cwd: join(out, dir) })).filter(isContent);
    // The instance's include/exclude choose its pages where it sets them (content/page-files.ts).
    const chosen = globs ? new Set(globPageFiles(join(out, dir), globs, "docs")) : undefined;
    const page = (f: string) => chosen?.has(f) ?? !isPartial(f);
    docs += files.filter(page).length;
    partials += files.filter((f) => !page(f)).length;
  };
  // Docusaurus reads each locale's i18n folder first, the default locale's too: a file there replaces the one of
  // docs/ or blog/ for that locale. The default locale's is copied over the base files, as it wins in Docusaurus.
  const overlay = async (from: string, to: string, filter?: (rel: string) => boolean) => {
    const n = await copyDir(from, to, filter);
    if (n)
      mapped.push(`${from}: ${n} file(s) of the default locale, which Docusaurus reads before ${to.split("/")[2]}/`);
  };
  /** A translated page is one of a base page (Docusaurus lists the base folder); other files come along. */
  const translationOf = (base: string) => (rel: string) => !isContent(rel) || existsSync(join(src, base, rel));
  /**
   * A page the default locale's i18n folder replaces is still the base file in a locale without its own
   * translation (Docusaurus falls back to the base folder, not to the default locale's copy): the base file is
   * copied into that locale, where docsite would otherwise show the default locale's text.
   */
  const baseForOtherLocales = async (base: string, defaultI18n: string, i18nOf: (l: string) => string, to: string) => {
    if (!existsSync(join(src, defaultI18n)) || !existsSync(join(src, base))) return;
    const replaced = (await fg("**/*.{md,mdx}", { cwd: join(src, defaultI18n) })).filter((f) =>
      existsSync(join(src, base, f)),
    );
    if (!replaced.length) return;
    for (const l of locales.filter((x) => x !== def)) {
      const own = (f: string) => existsSync(join(src, i18nOf(l), f));
      const files = replaced.filter((f) => !own(f));
      for (const f of files)
        await copyOneFile(join(src, base, f), join(out, to.replace("{locale}", l), f), {
          boundary,
          outRoot,
          skipped,
          display,
        });
      if (files.length)
        mapped.push(
          `${base}: ${files.length} file(s) for ${l}, which has no translation of them and reads them from ${base}/ in Docusaurus`,
        );
    }
  };
  for (const v of m.versions) {
    await copyDir(v.docsDir, `content/${def}/docs/${v.name}`);
    await overlay(
      `i18n/${def}/${v.i18nPlugin}/${v.i18nKey}`,
      `content/${def}/docs/${v.name}`,
      translationOf(v.docsDir),
    );
    await count(
      `content/${def}/docs/${v.name}`,
      m.docusaurus.pageFiles?.[docsKey(v.pluginId, m.versions[0]?.pluginId)],
    );
    for (const l of locales.filter((x) => x !== def))
      await copyDir(`i18n/${l}/${v.i18nPlugin}/${v.i18nKey}`, `content/${l}/docs/${v.name}`, translationOf(v.docsDir));
    await baseForOtherLocales(
      v.docsDir,
      `i18n/${def}/${v.i18nPlugin}/${v.i18nKey}`,
      (l) => `i18n/${l}/${v.i18nPlugin}/${v.i18nKey}`,
      `content/{locale}/docs/${v.name}`,
    );
  }
  let posts = 0;
  if (m.blogDir) {
    const blogDir = m.blogDir;
    posts = await copyDir(blogDir, `content/${def}/blog`);
    const blogFile = (f: string) => f !== "options.json" && translationOf(blogDir)(f);
    await overlay(`i18n/${def}/${m.blogI18n}`, `content/${def}/blog`, blogFile);
    const blogGlobs = m.docusaurus.pageFiles?.blog;
    posts = blogGlobs
      ? globPageFiles(join(out, `content/${def}/blog`), blogGlobs, "blog").filter(isContent).length
      : (await fg("**/*.{md,mdx}", { cwd: join(out, `content/${def}/blog`) })).filter((f) => !isPartial(f)).length;
    for (const l of locales.filter((x) => x !== def))
      await copyDir(`i18n/${l}/${m.blogI18n}`, `content/${l}/blog`, blogFile);
    await baseForOtherLocales(
      blogDir,
      `i18n/${def}/${m.blogI18n}`,
      (l) => `i18n/${l}/${m.blogI18n}`,
      "content/{locale}/blog",
    );
  }
  const staticFiles = await copyDir("static", "static", undefined, true);
  // `@site/src/...` partials, data files and React components with their styles: copied too, so imports resolve.
  await copyDir("src", "src", (f) => isContent(f) || PROJECT_FILE.test(f));
  // Files content reaches outside those folders (`@site/core/X`, `../images/y.png`): their folders, copied too.
  for (const c of referencedCopies(realpathSync(src), boundary, contentSources, [...copiedRoots])) {
    if (statSync(c.from).isDirectory())
      await copyTree(c.from, join(out, c.to), {
        boundary,
        outRoot,
        skipped,
        display,
        filter: (f) => isContent(f) || PROJECT_FILE.test(f),
      });
    else await copyOneFile(c.from, join(out, c.to), { boundary, outRoot, skipped, display });
    // A folder's alias ends with "/" (every file under it); a file's is the file's path.
    if (c.alias) {
      const isDir = statSync(c.from).isDirectory();
      aliases[isDir ? `${c.alias}/` : c.alias] = isDir ? `${c.to}/` : c.to;
    }
    mapped.push(`${display(c.from)}: referenced by content, copied to ${c.to}`);
  }

  // Interface strings: docsite's theme, Docusaurus' code.json over them, then the config's and sidebars' labels.
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
    strings[l] = { ...base, ...m.strings[l] };
  }

  // Sidebars, one file per version.
  const sidebarIds = new Set<string>();
  const mainId = m.versions[0]?.pluginId ?? "default";
  for (const v of m.versions) {
    let value: unknown = null;
    if (v.sidebarsFile && existsSync(join(src, v.sidebarsFile))) {
      try {
        const loaded = await loadModule(join(src, v.sidebarsFile), { siteDir: src, timeoutMs: opts.configTimeoutMs });
        value = loaded.value;
        if (loaded.stubbed.length)
          skipped.push(`${v.sidebarsFile}: packages not installed, stood in for: ${loaded.stubbed.join(", ")}`);
      } catch (err) {
        if (!opts.allowPartialConfig || !(err instanceof DocsiteError)) throw err;
        skipped.push(
          `${v.sidebarsFile} could not be evaluated (${err.message.split("\n")[0]}); an autogenerated sidebar is used (--allow-partial-config)`,
        );
        blockers.push(`${v.sidebarsFile} could not be evaluated`);
      }
    }
    const cycle = findCycle(value);
    if (cycle !== undefined)
      throw new DocsiteError(
        `the sidebar item at ${cycle} contains itself (a cycle): no sidebar can be drawn from it`,
        { file: v.sidebarsFile ?? "sidebars" },
        "make each category list its own items instead of a list that holds the category",
      );
    if (!value || typeof value !== "object") value = { defaultSidebar: [{ type: "autogenerated", dirName: "." }] };
    const perLocale = Object.fromEntries(
      locales.map((l) => [l, l === def ? {} : translations(join(src, "i18n", l, v.i18nPlugin, `${v.i18nKey}.json`))]),
    );
    const sidebars = mapSidebars(value, v.name, {
      skipped,
      label(key, text, dKey) {
        for (const l of locales) strings[l][key] = icuLabel(perLocale[l][dKey] ?? text);
        return key;
      },
    });
    // Another docs instance's sidebars get its id in front of theirs (navbar items name them so: map-config.ts).
    const named = Object.fromEntries(
      Object.entries(sidebars).map(([id, items]) => [v.pluginId === mainId ? id : `${v.pluginId}-${id}`, items]),
    );
    for (const id of Object.keys(named)) sidebarIds.add(id);
    await writeFile(join(out, "content", `sidebars-${v.name}.json`), `${JSON.stringify(named, null, 2)}\n`);
  }

  // A navbar item for a sidebar that was not imported (another docs plugin instance) would lead nowhere.
  config.navbar.items = config.navbar.items.filter((i: { type: string; sidebarId?: string }) => {
    if (i.type !== "docSidebar" || sidebarIds.has(i.sidebarId ?? "")) return true;
    skipped.push(`navbar item for sidebar "${i.sidebarId}": no such sidebar in the imported docs`);
    return false;
  });
  // The project's remark/rehype plugins: run by docsite's compile; the ones outside node_modules copied along.
  const plugins = mapMdxPlugins(src, boundary, m.pluginSources);
  skipped.push(...plugins.skipped);
  if (plugins.missing.length)
    blockers.push(
      `${plugins.missing.length} remark/rehype plugin(s) the site runs are left out (${plugins.missing.join(", ")}; ✗ above): what they change on its pages is missing`,
    );
  for (const c of plugins.copies)
    await copyTree(c.from, join(out, c.to), {
      boundary,
      outRoot,
      skipped,
      display,
      filter: (f) => !f.startsWith("node_modules/"),
    });
  config.docusaurus = {
    ...config.docusaurus,
    aliases,
    ...m.docusaurus,
    ...(Object.keys(plugins.lists).length ? { mdxPlugins: plugins.lists } : {}),
  };
  // What the config maps beyond content: stylesheets and translated pages outside src/, a redirects module. Copied
  // as the rest is: nothing outside the project's boundary, nothing written outside the new project.
  for (const rel of m.copy) {
    const from = join(src, rel);
    if (!existsSync(from)) continue;
    if (statSync(from).isDirectory()) await copyTree(from, join(out, rel), { boundary, outRoot, skipped, display });
    else await copyOneFile(from, join(out, rel), { boundary, outRoot, skipped, display });
  }
  for (const [rel, text] of Object.entries(m.files)) await writeFile(join(out, rel), text);
  await writeFile(join(out, "site.config.json"), `${JSON.stringify(config, null, 2)}\n`);
  await mkdir(join(out, "i18n"), { recursive: true });
  for (const l of locales) await writeFile(join(out, "i18n", `${l}.json`), `${JSON.stringify(strings[l], null, 2)}\n`);
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
  const dependencies = await writeDependencies(
    src,
    out,
    { ...cssPackages, ...plugins.packages },
    plugins.devDependencies,
    importedPackages(
      src,
      boundary,
      [
        ...codeEntries(src, contentSources, config.docusaurus, plugins.lists),
        ...(config.customCss ?? []).map((f: string) => join(src, f)),
      ],
      (name) => existsSync(join(src, "node_modules", name)) || declared(src, name),
    ),
  );
  if (plugins.devDependencies) mapped.push(plugins.devDependencies);
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
      ...mapped,
      ...plugins.mapped,
      `${Object.keys(aliases).length} folder aliases for @site/ imports`,
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
  docusaurus: { pages?: { dir: string }; mdxComponents?: string },
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
  return [...contentSources.filter(isContent), ...pageFiles, ...components, ...pluginModules];
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

/** The path of the first cycle in an evaluated sidebars value (the loader marks one with `$cycle`), if any. */
function findCycle(v: unknown, path = ""): string | undefined {
  if (isCycle(v)) return `${path} (back to ${v.$cycle})`;
  if (!v || typeof v !== "object") return undefined;
  for (const [k, x] of Object.entries(v)) {
    const found = findCycle(x, Array.isArray(v) ? `${path}[${k}]` : path ? `${path}.${k}` : k);
    if (found !== undefined) return found;
  }
  return undefined;
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
