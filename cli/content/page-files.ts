// Which files of a content folder are pages in a project imported from Docusaurus, when its docs, blog or pages
// plugin chose them with `include`/`exclude` (site.config.json `docusaurus.pageFiles`). Docusaurus lists a folder's
// pages with globby 11 (fast-glob underneath): the `include` patterns from the folder, the `exclude` ones as its
// `ignore`, a pattern naming a folder expanded to its contents; the same here selects the same files. A file left
// out is not a page, but pages may still import it.
import { existsSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import fg from "fast-glob";
import type { SiteConfig } from "../config/types.ts";

export interface PageFileGlobs {
  include?: string[];
  exclude?: string[];
}

/** Docusaurus' defaults (plugin-content-docs, -blog and -pages `options.ts`, `GlobExcludeDefault`). */
export const DEFAULT_INCLUDE = {
  docs: ["**/*.{md,mdx}"],
  blog: ["**/*.{md,mdx}"],
  pages: ["**/*.{js,jsx,ts,tsx,md,mdx}"],
};
export const DEFAULT_EXCLUDE = [
  "**/_*.{js,jsx,ts,tsx,md,mdx}",
  "**/_*/**",
  "**/*.test.{js,jsx,ts,tsx}",
  "**/__tests__/**",
];

/**
 * A pattern that names a folder stands for everything in it, as globby's `expandDirectories` (its default, through
 * dir-glob) makes it, in the patterns and in `ignore` alike: `exclude: ["drafts"]` leaves out the whole folder.
 */
const expandFolders = (dir: string, patterns: string[]) =>
  patterns.map((p) => {
    try {
      return statSync(join(dir, p.replace(/^!/, ""))).isDirectory() ? posix.join(p, "**") : p;
    } catch {
      return p;
    }
  });

/** The files of `dir` (paths from it, `/`-separated) that the globs select, as Docusaurus selects them. */
export function globPageFiles(dir: string, globs: PageFileGlobs, kind: keyof typeof DEFAULT_INCLUDE): string[] {
  if (!existsSync(dir)) return [];
  return fg.sync(expandFolders(dir, globs.include ?? DEFAULT_INCLUDE[kind]), {
    cwd: dir,
    ignore: expandFolders(dir, globs.exclude ?? DEFAULT_EXCLUDE),
  });
}

/** The `docusaurus.pageFiles` key of a docs instance: "docs" for the main one, "docs:<id>" for another. */
export const docsKey = (pluginId: string | undefined, mainId: string | undefined): string =>
  pluginId && pluginId !== mainId ? `docs:${pluginId}` : "docs";

/** The `docusaurus.pageFiles` key of a docs version folder of the site. */
export function docsKeyOf(docs: SiteConfig["docs"] | undefined, version: string): string {
  return docsKey(docs?.versions.find((v) => v.name === version)?.pluginId, docs?.pluginId);
}

const CONTENT_FILE = /^content\/([^/]+)\/(docs\/([^/]+)|blog)\/(.+)$/;

/**
 * For a docs or blog file (a path from the site root), whether its folder's globs make it a page; undefined where
 * no globs are given for its folder (docsite's own rule then decides). Each folder is globbed once per call.
 */
export function pageFileRule(
  config: Pick<SiteConfig, "rootDir" | "docusaurus"> & Partial<Pick<SiteConfig, "docs">>,
): (file: string) => boolean | undefined {
  const rules = config.docusaurus?.pageFiles;
  if (!rules || !Object.keys(rules).length) return () => undefined;
  const selected = new Map<string, Set<string>>();
  return (file) => {
    const m = CONTENT_FILE.exec(file);
    if (!m) return undefined;
    const [, locale, folder, version, rest] = m;
    const key = version === undefined ? "blog" : docsKeyOf(config.docs, version);
    const globs = rules[key];
    if (!globs) return undefined;
    const dir = `content/${locale}/${folder}`;
    let files = selected.get(dir);
    if (!files) {
      files = new Set(globPageFiles(join(config.rootDir, dir), globs, version === undefined ? "blog" : "docs"));
      selected.set(dir, files);
    }
    return files.has(rest);
  };
}
