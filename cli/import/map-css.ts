// `theme.customCss` of the classic preset: the site's stylesheets, carried over as `customCss` in site.config.json.
// docsite builds them after its theme (cli/brand/), maps Infima's custom properties onto its own and styles Infima's
// common classes, so the site keeps its colours and fonts. Paths come as written (`./src/css/custom.css`) or, from
// `require.resolve`/`path.resolve`, absolute (against the site folder, or the working folder the config was read
// from): they become paths from the site folder, and a stylesheet outside src/ is copied too. A package's stylesheet
// (`pkg/dist/x.css`) stays a package path, found in the new site's node_modules when it builds. The project's PostCSS
// (a plugin's `configurePostCss`, its PostCSS config, Tailwind's config) is carried too: `mapPostcss` below.
import { existsSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import type { PostcssPluginSpec } from "../config/types.ts";
import { postcssConfigFile } from "../css/postcss-config.ts";

const PACKAGE_PATH = /^(@[\w.-]+\/)?[\w.-]+\/.+\.(css|scss|sass)$/;

export interface MappedCss {
  /** Paths from the new site's folder. */
  customCss: string[];
  /** Files to copy (from the Docusaurus project, relative) that the import does not copy otherwise. */
  copy: string[];
  skipped: string[];
}

export function mapCustomCss(dir: string, entries: string[]): MappedCss {
  const out: MappedCss = { customCss: [], copy: [], skipped: [] };
  for (const entry of entries) {
    if (!isAbsolute(entry) && !entry.startsWith(".") && PACKAGE_PATH.test(entry) && !existsSync(`${dir}/${entry}`)) {
      out.customCss.push(entry);
      continue;
    }
    let rel = (isAbsolute(entry) ? relative(dir, entry) : entry).split(sep).join("/").replace(/^\.\//, "");
    // Resolved against the working folder rather than the site's (`path.resolve("src/x.css")` read from elsewhere).
    if (isAbsolute(entry) && (rel.startsWith("../") || !existsSync(`${dir}/${rel}`))) {
      const fromCwd = relative(process.cwd(), entry).split(sep).join("/");
      if (!fromCwd.startsWith("../") && existsSync(`${dir}/${fromCwd}`)) rel = fromCwd;
    }
    if (rel.startsWith("../") || !existsSync(`${dir}/${rel}`)) {
      out.skipped.push(`theme.customCss ${entry}: not a file of the project`);
      continue;
    }
    if (!/\.(css|scss|sass)$/i.test(rel)) {
      out.skipped.push(`theme.customCss ${entry}: not a .css, .scss or .sass file`);
      continue;
    }
    out.customCss.push(rel);
    if (!rel.startsWith("src/")) out.copy.push(rel);
  }
  return out;
}

/** A plugin of the config as the config runner gives it: a function with its source and file, or a module path. */
type PluginEntry = unknown;

/** Where a Docusaurus plugin's code is: its source text, else its module file's. */
function pluginSource(dir: string, entry: PluginEntry): string | undefined {
  const ref = Array.isArray(entry) ? entry[0] : entry;
  if (typeof ref === "string") {
    if (!ref.startsWith(".") && !isAbsolute(ref)) return undefined;
    const base = isAbsolute(ref) ? ref : join(dir, ref);
    const file = ["", ".js", ".mjs", ".cjs", ".ts", "/index.js", "/index.ts"].map((e) => base + e).find(isFile);
    return file ? readFileSync(file, "utf8") : undefined;
  }
  if (!ref || typeof ref !== "object") return undefined;
  const { $source, $file } = ref as { $source?: string; $file?: string };
  const fileText = $file && isFile($file) ? readFileSync($file, "utf8") : undefined;
  if ($source?.includes("configurePostCss")) return fileText?.includes($source) ? fileText : $source;
  return fileText;
}

const isFile = (f: string) => existsSync(f) && statSync(f).isFile();

/** `pkg/sub` → `pkg`, `@scope/pkg/sub` → `@scope/pkg`. */
const packageOf = (spec: string) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * The PostCSS plugins a Docusaurus plugin's `configurePostCss` adds (`postcssOptions.plugins.push(require("tailwindcss"))`,
 * `= [require("@tailwindcss/postcss")]`, or a name its module imported), by package name in order; null when the
 * plugin has no `configurePostCss`.
 */
export function postcssOfPlugin(dir: string, entry: PluginEntry): string[] | null {
  const text = pluginSource(dir, entry);
  const at = text?.indexOf("configurePostCss") ?? -1;
  if (!text || at < 0) return null;
  const body = text.slice(at);
  const found: Array<[number, string]> = [];
  for (const m of body.matchAll(/\b(?:require|import)\(\s*["']([^"'.][^"']*)["']\s*\)/g))
    found.push([m.index ?? 0, packageOf(m[1])]);
  // Names bound at the module's top (`import tailwind from "tailwindcss"`, `const t = require("tailwindcss")`).
  const bound = [
    ...text.matchAll(/\bimport\s+(?:\*\s+as\s+)?([\w$]+)\s+from\s+["']([^"'.][^"']*)["']/g),
    ...text.matchAll(/\b(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*["']([^"'.][^"']*)["']\s*\)/g),
  ];
  for (const [, name, spec] of bound) {
    const use = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`).exec(body);
    if (use) found.push([use.index, packageOf(spec)]);
  }
  return [...new Set(found.sort((a, b) => a[0] - b[0]).map(([, p]) => p))];
}

/** Tailwind's config files in the project: what Tailwind 3 reads (and Tailwind 4 through `@config`). */
export const tailwindConfigs = (dir: string): string[] =>
  ["js", "cjs", "mjs", "ts", "cts", "mts"].map((e) => `tailwind.config.${e}`).filter((f) => isFile(join(dir, f)));

export interface MappedPostcss {
  /** `docusaurus.postcss.plugins` for site.config.json, when the project's plugins add PostCSS plugins. */
  plugins?: PostcssPluginSpec[];
  /** Project files the new site's PostCSS reads (its own PostCSS config, Tailwind's config). */
  copy: string[];
  mapped: string[];
}

/**
 * The project's PostCSS setup, carried into the new site: the plugins that Docusaurus plugins' `configurePostCss`
 * add (`docusaurus.postcss`), else the project's PostCSS config (copied, or its `postcss` key of package.json,
 * which the new site's package.json does not keep, carried as `docusaurus.postcss`); and Tailwind's config files.
 */
export function mapPostcss(dir: string, fromPlugins: Array<{ label: string; plugins: string[] }>): MappedPostcss {
  const out: MappedPostcss = { copy: [], mapped: [] };
  const listed = [...new Set(fromPlugins.flatMap((p) => p.plugins))];
  const configFile = postcssConfigFile(dir);
  if (listed.length) {
    out.plugins = listed;
    for (const p of fromPlugins)
      out.mapped.push(
        `plugin ${p.label}: its configurePostCss adds ${p.plugins.join(", ") || "no plugin"}; docsite runs ` +
          "them over the site's CSS (docusaurus.postcss)",
      );
  } else if (configFile === "package.json") {
    const given = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { postcss?: { plugins?: unknown } })
      .postcss?.plugins;
    const specs: PostcssPluginSpec[] = Array.isArray(given)
      ? given.filter((g): g is string => typeof g === "string")
      : Object.entries((given ?? {}) as Record<string, unknown>)
          .filter(([, o]) => o !== false)
          .map(([n, o]) => (o && typeof o === "object" ? [n, o as Record<string, unknown>] : n));
    if (specs.length) {
      out.plugins = specs;
      out.mapped.push("package.json postcss: its plugins run over the site's CSS (docusaurus.postcss)");
    }
  } else if (configFile) {
    out.copy.push(configFile);
    out.mapped.push(`${configFile}: copied; its plugins run over the site's CSS`);
  }
  if (out.plugins || out.copy.length) out.copy.push(...tailwindConfigs(dir));
  return out;
}
