// A site's theme overrides bundled for the server's render (cli/mdx/components.ts, as a component content imports):
// the ones docsite draws and those they import by `@theme/<Name>`. An override docsite cannot run fails the build
// with the file and line of what it cannot give; one that needs the browser is an island (cli/islands/), its key
// `theme:<Name>:<file>` (its browser chunk adds what Docusaurus gives it there: cli/islands/bundle.ts).
import type { SiteConfig } from "../config/types.ts";
import { DocsiteError } from "../log.ts";
import { bundleComponent, MissingPackageError } from "../mdx/components.ts";
import { pageMdx } from "../pages/site-pages.ts";
import type { BuildCache } from "../cache/cache.ts";
import { readRecorded, writeRecorded } from "../cache/recorded-inputs.ts";
import { compileSettingsOf, portableSettings } from "../mdx/compile-settings.ts";
import { judgeOverrides, importsOf } from "./judge.ts";
import { DRAWN_NAMES, NOT_OVERRIDES } from "./names.ts";
import { readFileSync } from "node:fs";
import { overrideIslandKey } from "../mdx/island-keys.ts";
import { posix } from "node:path";

/** The store of overrides' server bundles (cli/cache/README.md). */
export const THEME_OVERRIDES_STORE = "theme-overrides";

/** What the store keeps of one override's bundle. */
interface KeptOverride {
  code: string;
  css: string;
  island: boolean;
  inputs: string[];
  /** Files it emitted (cli/mdx/asset-loader.ts). */
  assets: Array<{ file: string; url: string }>;
}

/** One override as the render gets it: plain data (a render job crosses to a worker thread). */
export interface OverrideModule {
  file: string;
  /** CommonJS code for the server (cli/render/mdx-runtime.ts runs it). */
  code: string;
  /** Its island key, when it needs the browser. */
  island?: string;
}

export interface ThemeOverridesBuild {
  /** By Docusaurus name. */
  modules: Record<string, OverrideModule>;
  css: string[];
  /** The island keys among them (every page draws the layout, so every page carries them). */
  islands: string[];
  /** Site files the bundles read. */
  inputs: string[];
  /** Files the bundles emitted (images, fonts: cli/mdx/asset-loader.ts), for the build to publish. */
  assets: Array<{ file: string; url: string }>;
}

/** The site's overrides in `docusaurus.themeOverrides` (name → file), without the names handled elsewhere. */
export const configuredOverrides = (config: Pick<SiteConfig, "docusaurus">): Record<string, string> =>
  Object.fromEntries(Object.entries(config.docusaurus?.themeOverrides ?? {}).filter(([n]) => !NOT_OVERRIDES.has(n)));

/** The overrides the page is drawn with: those docsite draws, and those they import by `@theme/<Name>`, in turn. */
function reachable(rootDir: string, overrides: Record<string, string>): string[] {
  const todo = Object.keys(overrides).filter((n) => n in DRAWN_NAMES);
  const seen = new Set<string>();
  while (todo.length) {
    const name = todo.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    let source = "";
    try {
      source = readFileSync(posix.join(rootDir, overrides[name]), "utf8");
    } catch {
      continue;
    }
    for (const d of importsOf(source)) {
      const m = /^@theme\/(.+)$/.exec(d.spec);
      if (m && overrides[m[1]] && m[1] !== name) todo.push(m[1]);
    }
  }
  return [...seen].sort();
}

/**
 * Bundles the site's overrides; undefined for a site without any (nothing changes for it). With a `cache`, an
 * override is bundled again only when a site file its bundle read changed, or what it is bundled with.
 */
export async function bundleThemeOverrides(
  config: SiteConfig,
  cache?: BuildCache,
): Promise<ThemeOverridesBuild | undefined> {
  const overrides = configuredOverrides(config);
  if (!Object.keys(overrides).length) return undefined;
  const aliases = config.docusaurus?.aliases ?? {};
  const judged = judgeOverrides(config.rootDir, overrides, aliases);
  const refused = judged.refused[0];
  if (refused)
    throw new DocsiteError(
      `the theme override ${refused.name} (${refused.file}) cannot be drawn: ${refused.reason}`,
      refused.at,
      `change it to use what docsite provides, or take "${refused.name}" out of docusaurus.themeOverrides in ` +
        "site.config.json (docs/migration.md, “Theme overrides”)",
    );
  const modules: Record<string, OverrideModule> = {};
  const css: string[] = [];
  const assets: Array<{ file: string; url: string }> = [];
  const inputs = new Set<string>();
  for (const name of reachable(config.rootDir, overrides)) {
    const file = overrides[name];
    try {
      const mdx = pageMdx(config, file);
      // As a React page's bundle is kept (cli/pages/site-pages.ts): by its file, the aliases, the compile settings.
      const key = cache?.key(
        THEME_OVERRIDES_STORE,
        file,
        aliases,
        portableSettings(compileSettingsOf(config)),
        mdx.key,
      );
      let b = cache && key ? readRecorded<KeptOverride>(cache, THEME_OVERRIDES_STORE, key, config.rootDir) : undefined;
      if (!b) {
        const made = await bundleComponent(config.rootDir, file, aliases, false, mdx);
        b = {
          code: made.code,
          css: made.css,
          island: made.island.island,
          inputs: made.inputs,
          assets: made.assets ?? [],
        };
        if (cache && key) writeRecorded(cache, THEME_OVERRIDES_STORE, key, config.rootDir, b, b.inputs);
      }
      modules[name] = { file, code: b.code, ...(b.island ? { island: overrideIslandKey(name, file) } : {}) };
      if (b.css) css.push(b.css);
      assets.push(...b.assets);
      for (const f of b.inputs) inputs.add(f);
    } catch (err) {
      if (err instanceof DocsiteError) throw err;
      const missing = err instanceof MissingPackageError;
      throw new DocsiteError(
        `the theme override ${name} cannot be bundled: ${(err as Error).message}`,
        missing ? { file: err.importer, line: err.line } : { file },
        missing ? `install "${err.specifier}" in the site folder (npm install)` : "fix the component",
      );
    }
  }
  const islands = Object.values(modules).flatMap((m) => (m.island ? [m.island] : []));
  return { modules, css, islands, inputs: [...inputs].sort(), assets };
}
