// `docsite import <docusaurus-dir> --out <new-dir>`: reads a Docusaurus 3 project once and writes a docsite
// project. Content and static files are copied byte for byte; config, sidebars and labels are translated.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { cp, mkdir, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import fg from "fast-glob";
import { DocsiteError } from "../log.ts";
import { fromRoot } from "../boot/locations.ts";
import { writeDependencies, type DependencyResult } from "./dependencies.ts";
import { loadModule } from "./load-module.ts";
import { mapConfig, translations, icuLabel, icuMessage, type MappedConfig } from "./map-config.ts";
import { mapSidebars } from "./map-sidebars.ts";
import { addDocsite } from "../init/site-package.ts";

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
const isPartial = (f: string) => f.split("/").some((s) => s.startsWith("_"));

export async function importDocusaurus(
  src: string,
  out: string,
  opts: { force?: boolean } = {},
): Promise<ImportReport> {
  if (!existsSync(src) || !statSync(src).isDirectory())
    throw new DocsiteError("Docusaurus project folder not found", { file: src });
  if (existsSync(out) && !opts.force) {
    throw new DocsiteError(
      "the output folder already exists",
      { file: out },
      "choose a new folder, or add --force to write into it (files docsite does not write are kept)",
    );
  }
  const configFile = await findConfig(src);
  const skipped: string[] = [];
  let dc: Record<string, any>;
  let stubbed: string[] = [];
  try {
    const loaded = await loadModule(configFile);
    dc = (loaded.value ?? {}) as Record<string, any>;
    stubbed = loaded.stubbed;
  } catch (err) {
    skipped.push(
      `${relative(src, configFile)} could not be evaluated (${(err as Error).message.split("\n")[0]}); title, url, baseUrl and locales were read from its text, the rest uses defaults`,
    );
    dc = staticRead(readFileSync(configFile, "utf8"));
  }
  if (stubbed.length)
    skipped.push(
      `modules the config imports were not loaded (values taken from them are dropped): ${stubbed.join(", ")}`,
    );
  const m: MappedConfig = mapConfig(src, dc);
  skipped.push(...m.skipped);
  const { config } = m;
  const def: string = config.i18n.defaultLocale;
  const locales: string[] = config.i18n.locales;

  await mkdir(out, { recursive: true });
  const aliases: Record<string, string> = {};
  const copyDir = async (from: string, to: string, filter?: (rel: string) => boolean) => {
    const abs = join(src, from);
    if (!existsSync(abs)) return 0;
    const files = (await fg("**/*", { cwd: abs, dot: false })).filter((f) => !filter || filter(f));
    for (const f of files) {
      await mkdir(dirname(join(out, to, f)), { recursive: true });
      await cp(join(abs, f), join(out, to, f));
    }
    aliases[`${from.replace(/\/?$/, "/")}`] = `${to.replace(/\/?$/, "/")}`;
    return files.length;
  };

  let docs = 0;
  let partials = 0;
  const count = async (dir: string) => {
    const files = (await fg("**/*.{md,mdx}", { cwd: join(out, dir) })).filter(isContent);
    docs += files.filter((f) => !isPartial(f)).length;
    partials += files.filter(isPartial).length;
  };
  for (const v of m.versions) {
    await copyDir(v.docsDir, `content/${def}/docs/${v.name}`);
    await count(`content/${def}/docs/${v.name}`);
    for (const l of locales.filter((x) => x !== def)) {
      await copyDir(`i18n/${l}/docusaurus-plugin-content-docs/${v.i18nKey}`, `content/${l}/docs/${v.name}`);
    }
  }
  let posts = 0;
  if (m.blogDir) {
    posts = await copyDir(m.blogDir, `content/${def}/blog`);
    posts = (await fg("**/*.{md,mdx}", { cwd: join(out, `content/${def}/blog`) })).filter((f) => !isPartial(f)).length;
    for (const l of locales.filter((x) => x !== def))
      await copyDir(`i18n/${l}/docusaurus-plugin-content-blog`, `content/${l}/blog`, (f) => f !== "options.json");
  }
  const staticFiles = await copyDir("static", "static");
  // `@site/src/...` partials, data files and React components with their styles: copied too, so imports resolve.
  await copyDir(
    "src",
    "src",
    (f) => isContent(f) || /\.(json|ya?ml|png|jpe?g|gif|svg|webp|mp4|webm|m?[jt]sx?|cjs|s?css|sass)$/i.test(f),
  );

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
  for (const v of m.versions) {
    let value: unknown = null;
    if (v.sidebarsFile && existsSync(join(src, v.sidebarsFile))) {
      try {
        const loaded = await loadModule(join(src, v.sidebarsFile));
        value = loaded.value;
        if (loaded.stubbed.length) skipped.push(`${v.sidebarsFile}: modules not loaded: ${loaded.stubbed.join(", ")}`);
      } catch (err) {
        skipped.push(
          `${v.sidebarsFile} could not be evaluated (${(err as Error).message.split("\n")[0]}); an autogenerated sidebar is used`,
        );
      }
    }
    if (!value || typeof value !== "object") value = { defaultSidebar: [{ type: "autogenerated", dirName: "." }] };
    const perLocale = Object.fromEntries(
      locales.map((l) => [
        l,
        l === def ? {} : translations(join(src, "i18n", l, "docusaurus-plugin-content-docs", `${v.i18nKey}.json`)),
      ]),
    );
    const sidebars = mapSidebars(value, v.name, {
      skipped,
      label(key, text, dKey) {
        for (const l of locales) strings[l][key] = icuLabel(perLocale[l][dKey] ?? text);
        return key;
      },
    });
    for (const id of Object.keys(sidebars)) sidebarIds.add(id);
    await writeFile(join(out, "content", `sidebars-${v.name}.json`), `${JSON.stringify(sidebars, null, 2)}\n`);
  }

  // A navbar item for a sidebar that was not imported (another docs plugin instance) would lead nowhere.
  config.navbar.items = config.navbar.items.filter((i: { type: string; sidebarId?: string }) => {
    if (i.type !== "docSidebar" || sidebarIds.has(i.sidebarId ?? "")) return true;
    skipped.push(
      `navbar item for sidebar "${i.sidebarId}": no such sidebar in the imported docs (another docs plugin?)`,
    );
    return false;
  });
  config.docusaurus = { ...config.docusaurus, aliases };
  // What the config maps beyond content: stylesheets and translated pages outside src/, a redirects module.
  for (const rel of m.copy)
    if (existsSync(join(src, rel))) await cp(join(src, rel), join(out, rel), { recursive: true });
  for (const [rel, text] of Object.entries(m.files)) await writeFile(join(out, rel), text);
  await writeFile(join(out, "site.config.json"), `${JSON.stringify(config, null, 2)}\n`);
  await mkdir(join(out, "i18n"), { recursive: true });
  for (const l of locales) await writeFile(join(out, "i18n", `${l}.json`), `${JSON.stringify(strings[l], null, 2)}\n`);
  const dependencies = await writeDependencies(src, out);
  skipped.push(...dependencies.left);
  // The new site names docsite and its scripts, so it stands on its own (`npm install && npm run build`).
  await addDocsite(out);
  const gitignore = join(out, ".gitignore");
  if (!existsSync(gitignore)) await writeFile(gitignore, "dist/\n.docsite/\nnode_modules/\n");
  void readdirSync;
  return {
    docs,
    posts,
    partials,
    staticFiles,
    locales,
    versions: m.versions.map((v) => v.name),
    mapped: [...m.mapped, `${Object.keys(aliases).length} folder aliases for @site/ imports`],
    skipped,
    dependencies,
  };
}

export function formatReport(r: ImportReport, out: string): string {
  const lines = [
    `Imported ${r.docs} doc pages, ${r.posts} blog posts, ${r.partials} partials, ${r.staticFiles} static files`,
    `locales: ${r.locales.join(", ")}; docs versions: ${r.versions.join(", ")}`,
    "Mapped:",
    ...r.mapped.map((s) => `  ✓ ${s}`),
    r.skipped.length ? "Not carried over:" : "Everything was carried over.",
    ...r.skipped.map((s) => `  ✗ ${s}`),
    ...dependencyLines(r.dependencies, out),
  ];
  return lines.join("\n");
}

function dependencyLines(d: DependencyResult, out: string): string[] {
  if (d.file === "none") return [`Next: docsite build --root ${out}`];
  const what = d.file === "created" ? "created" : "merged into the existing one";
  return [
    `package.json ${what}: ${d.added.length} dependencies of the Docusaurus project that components may import` +
      (d.added.length ? ` (${d.added.join(", ")})` : "") +
      (d.kept.length ? `; already there, versions kept: ${d.kept.join(", ")}` : ""),
    `Next: cd ${out} && npm install, then docsite build --root ${out}`,
  ];
}
