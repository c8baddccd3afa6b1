// Where a site says which PostCSS plugins its CSS goes through, as Docusaurus' webpack finds them: `docusaurus.postcss`
// in site.config.json (what `docsite import` read from a plugin's `configurePostCss` and the project's PostCSS config)
// first, else the site folder's own PostCSS config (`postcss.config.{js,cjs,mjs}`, `.postcssrc`, `.postcssrc.json`,
// `.postcssrc.{js,cjs,mjs}`, a `postcss` key in package.json), which postcss-loader reads in Docusaurus too. A site
// with neither runs no PostCSS: its CSS is built exactly as before.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parse as parseYaml } from "yaml";
import type { PostcssPluginSpec } from "../config/types.ts";
import { DocsiteError } from "../log.ts";

/** PostCSS config files, in postcss-load-config's order. */
export const POSTCSS_CONFIG_FILES = [
  ".postcssrc",
  ".postcssrc.json",
  ".postcssrc.yaml",
  ".postcssrc.yml",
  ".postcssrc.js",
  ".postcssrc.cjs",
  ".postcssrc.mjs",
  "postcss.config.js",
  "postcss.config.cjs",
  "postcss.config.mjs",
];

/** A plugin as a config gives it: a name to load, or what the config loaded itself (a creator or a plugin object). */
export type GivenPlugin = { name: string; options?: Record<string, unknown> } | { value: unknown };

export interface PostcssSetup {
  plugins: GivenPlugin[];
  /** Where the list comes from (site-relative file), for messages and the cache's record. */
  file: string;
}

const fromSpecs = (specs: PostcssPluginSpec[]): GivenPlugin[] =>
  specs.map((s) => (typeof s === "string" ? { name: s } : { name: s[0], options: s[1] }));

/** A config's `plugins`: `{ name: options }` (false leaves one out) or a list of names, creators and plugins. */
function pluginsOf(value: unknown, file: string): GivenPlugin[] {
  const plugins = (value as { plugins?: unknown } | undefined)?.plugins;
  if (plugins === undefined || plugins === null) return [];
  if (Array.isArray(plugins))
    return plugins
      .filter((p) => p !== false && p !== null && p !== undefined)
      .map((p) =>
        typeof p === "string"
          ? { name: p }
          : Array.isArray(p) && typeof p[0] === "string"
            ? { name: p[0], options: p[1] ?? {} }
            : { value: p },
      );
  if (typeof plugins === "object")
    return Object.entries(plugins as Record<string, unknown>)
      .filter(([, o]) => o !== false)
      .map(([name, o]) => ({ name, options: o && typeof o === "object" ? (o as Record<string, unknown>) : {} }));
  throw new DocsiteError(
    "the PostCSS config's plugins are neither a list nor an object",
    { file },
    "give `plugins` as { name: options } or as a list, as postcss-load-config reads it",
  );
}

/** The site folder's own PostCSS config file (site-relative), if it has one. */
export function postcssConfigFile(rootDir: string): string | undefined {
  for (const f of POSTCSS_CONFIG_FILES) if (existsSync(join(rootDir, f))) return f;
  const pkg = join(rootDir, "package.json");
  if (!existsSync(pkg)) return undefined;
  try {
    return (JSON.parse(readFileSync(pkg, "utf8")) as { postcss?: unknown }).postcss ? "package.json" : undefined;
  } catch {
    return undefined;
  }
}

/** The site's PostCSS plugins, or null when it names none (its CSS then goes through no PostCSS). */
export async function findPostcssSetup(
  rootDir: string,
  configured?: PostcssPluginSpec[],
): Promise<PostcssSetup | null> {
  if (configured?.length) return { plugins: fromSpecs(configured), file: "site.config.json" };
  const file = postcssConfigFile(rootDir);
  if (!file) return null;
  const abs = join(rootDir, file);
  let value: unknown;
  try {
    if (file === "package.json") value = (JSON.parse(readFileSync(abs, "utf8")) as { postcss: unknown }).postcss;
    else if (/\.(json|yaml|yml)$|^\.postcssrc$/.test(file)) value = parseYaml(readFileSync(abs, "utf8"));
    else {
      const mod = (await import(`${pathToFileURL(abs).href}?t=${Date.now()}`)) as { default?: unknown };
      value = mod.default ?? mod;
    }
    // A config may be a function of postcss-load-config's context.
    if (typeof value === "function") value = await value({ env: "production", cwd: rootDir, file: {}, options: {} });
  } catch (err) {
    throw new DocsiteError(
      `the PostCSS config cannot be read: ${(err as Error).message}`,
      { file },
      "fix it, or install the packages it loads in the site folder (npm install)",
    );
  }
  const plugins = pluginsOf(value, file);
  return plugins.length ? { plugins, file } : null;
}
