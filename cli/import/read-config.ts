// The Docusaurus config of a project, evaluated (load-module.ts); with --allow-partial-config, a config that cannot
// run is read from its text instead. What could not be read is reported (skipped) and named as a blocker.
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { DocsiteError } from "../log.ts";
import type { DocusaurusConfig } from "./docusaurus-config.ts";
import type { ImportOptions } from "./import-options.ts";
import { loadModule } from "./load-module.ts";

export interface ReadConfig {
  dc: DocusaurusConfig;
  /** The config file, relative to the project (for messages). */
  configName: string;
  /** Packages the config's own files import that are not installed (a plugin package's are not counted). */
  stubbedBySite: string[];
  skipped: string[];
  blockers: string[];
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

export async function readConfig(src: string, opts: ImportOptions): Promise<ReadConfig> {
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
  return { dc, configName, stubbedBySite, skipped, blockers };
}
