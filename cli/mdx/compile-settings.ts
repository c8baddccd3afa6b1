// What a page's compile is given of the site config: these settings and nothing else cross to the compile (in a
// worker thread or not), so they are all the config a compiled page can depend on, and the compile cache keys a page
// by them (cli/cache/compiled-pages.ts). A compile that needs another setting gets a type error until the setting is
// added here, and with it to the key.
import type { SiteConfig } from "../config/types.ts";

const COMPILE_SETTINGS = ["rootDir", "baseUrl", "i18n", "docs", "blog", "docusaurus"] as const;

export type CompileSettings = Pick<SiteConfig, (typeof COMPILE_SETTINGS)[number]>;

export function compileSettingsOf(config: CompileSettings): CompileSettings {
  const out: Partial<Record<keyof CompileSettings, unknown>> = {};
  for (const k of COMPILE_SETTINGS) if (config[k] !== undefined) out[k] = config[k];
  return out as CompileSettings;
}

/**
 * The settings as a cache key holds them: without the site folder, which the compile uses only to read the files it
 * records by content (partials, components), so a project moved with its cache keeps it.
 */
export function portableSettings(settings: CompileSettings): Omit<CompileSettings, "rootDir"> {
  const { rootDir: _, ...rest } = settings;
  return rest;
}
