// Docusaurus' pages (src/pages): every React module (.js/.jsx/.ts/.tsx) and Markdown file (.md/.mdx) is a page at
// the URL of its path, in every locale: `index` stands for its folder, `_`-prefixed files and folders, tests and
// `__tests__` are not pages, unless the pages plugin's include/exclude say otherwise. A locale's translated Markdown
// page (i18n/<locale>/docusaurus-plugin-content-pages/, where `docsite import` keeps it) replaces the default one in
// that locale.
import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import fg from "fast-glob";
import type { SiteConfig } from "../config/types.ts";
import { globPageFiles } from "../content/page-files.ts";

export interface SitePageSource {
  kind: "react" | "markdown";
  /** Site-relative path of the default page (the React module, or the Markdown file). */
  file: string;
  /** The route under the locale's base: "" for the home page, "help", "blog/archive"… (no slashes around). */
  slug: string;
  /** Markdown: each locale's own file, where it has one. */
  translations: Record<string, string>;
}

const PAGE = /\.(mdx?|[jt]sx?)$/i;
const IGNORED = ["**/_*", "**/_*/**", "**/*.test.*", "**/*.spec.*", "**/__tests__/**", "**/*.d.ts"];

/** The pages of the site's Docusaurus pages folder, sorted by route. */
export function findSitePages(config: Pick<SiteConfig, "rootDir" | "docusaurus">): SitePageSource[] {
  const pages = config.docusaurus?.pages;
  if (!pages) return [];
  const dir = join(config.rootDir, pages.dir);
  if (!existsSync(dir)) return [];
  const out: SitePageSource[] = [];
  // The pages plugin's include/exclude, where the Docusaurus config gave them (content/page-files.ts).
  const globs = config.docusaurus?.pageFiles?.pages;
  const files = globs ? globPageFiles(dir, globs, "pages") : fg.sync("**/*", { cwd: dir, ignore: IGNORED });
  for (const rel of files.sort()) {
    if (!PAGE.test(rel) || /\.module\.|\.(css|scss|sass)$/.test(rel)) continue;
    const markdown = /\.mdx?$/i.test(rel);
    const slug = rel.replace(PAGE, "").replace(/(^|\/)index$/, "");
    const translations: Record<string, string> = {};
    if (markdown)
      for (const [locale, tdir] of Object.entries(pages.translations ?? {}))
        if (existsSync(join(config.rootDir, tdir, rel))) translations[locale] = posix.join(tdir, rel);
    out.push({ kind: markdown ? "markdown" : "react", file: posix.join(pages.dir, rel), slug, translations });
  }
  return out;
}
