// The content plugins beside the docs (the blog and the pages) and the classic theme's stylesheets, from the
// config's entries (plugin-entries.ts); and, for every docs, blog and pages instance, the documented options docsite
// does not follow, named. docsite publishes one blog and one pages folder: another instance is not carried, and as
// its pages are missing from the new site, that makes the verdict "not ready" (a blocker), as does a docs folder
// whose `include`/`exclude` publish other files than docsite would.
import { existsSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import type { ContentPluginOptions } from "./docusaurus-config.ts";
import type { PluginEntry } from "./plugin-entries.ts";

/** The options of each content plugin that the import reads (the others are named when the config sets them). */
const READ: Record<"docs" | "blog" | "pages", Set<string>> = {
  docs: new Set([
    "id",
    "path",
    "routeBasePath",
    "sidebarPath",
    "lastVersion",
    "onlyIncludeVersions",
    "includeCurrentVersion",
    "versions",
    "breadcrumbs",
    "include",
    "exclude",
    "remarkPlugins",
    "rehypePlugins",
    "beforeDefaultRemarkPlugins",
    "beforeDefaultRehypePlugins",
  ]),
  blog: new Set([
    "id",
    "path",
    "routeBasePath",
    "postsPerPage",
    "blogSidebarCount",
    "blogSidebarTitle",
    "include",
    "exclude",
    "remarkPlugins",
    "rehypePlugins",
    "beforeDefaultRemarkPlugins",
    "beforeDefaultRehypePlugins",
  ]),
  pages: new Set([
    "id",
    "path",
    "include",
    "exclude",
    "remarkPlugins",
    "rehypePlugins",
    "beforeDefaultRemarkPlugins",
    "beforeDefaultRehypePlugins",
  ]),
};

/** Options whose value docsite follows only when it is Docusaurus' default (docsite always does the default). */
const DEFAULTS: Record<string, unknown> = { showReadingTime: true, editLocalizedFiles: false };

/** Docusaurus' defaults for which files of a content folder are pages. */
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

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === "string") ? v : undefined;

/** The options of one instance that docsite does not follow, as report lines. */
export function unreadOptions(kind: "docs" | "blog" | "pages", label: string, options: ContentPluginOptions): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(options)) {
    if (READ[kind].has(key) || value === undefined) continue;
    if (key in DEFAULTS && DEFAULTS[key] === value) continue;
    out.push(
      `${label}.${key}: not followed (docsite ${kind === "docs" ? "publishes the docs" : `publishes the ${kind}`} its own way)`,
    );
  }
  return out;
}

/**
 * The files of a content folder that Docusaurus publishes (its `include`/`exclude`) and that docsite does not, and
 * the reverse, as blocker lines; none when both publish the same files. docsite's rule: Markdown files, none in or
 * named with a leading `_` (cli/content/scan.ts).
 */
export function pageSetDifference(
  dir: string,
  folder: string,
  label: string,
  options: ContentPluginOptions,
  kind: "docs" | "blog",
): string[] {
  const include = strings(options.include);
  const exclude = strings(options.exclude);
  if (!include && !exclude) return [];
  const cwd = join(dir, folder);
  if (!existsSync(cwd)) return [];
  const docusaurus = new Set(fg.sync(include ?? DEFAULT_INCLUDE[kind], { cwd, ignore: exclude ?? DEFAULT_EXCLUDE }));
  const docsite = new Set(
    fg.sync("**/*.{md,mdx}", { cwd }).filter((f) => !f.split("/").some((part) => part.startsWith("_"))),
  );
  const onlyDocusaurus = [...docusaurus].filter((f) => /\.mdx?$/.test(f) && !docsite.has(f)).sort();
  const onlyDocsite = [...docsite].filter((f) => !docusaurus.has(f)).sort();
  const some = (files: string[]) => `${files.slice(0, 5).join(", ")}${files.length > 5 ? `, … (${files.length})` : ""}`;
  const out: string[] = [];
  if (onlyDocusaurus.length)
    out.push(
      `${label}: ${onlyDocusaurus.length} file(s) of ${folder} that its include/exclude options publish are partials in docsite (a "_" in their path): ${some(onlyDocusaurus)}`,
    );
  if (onlyDocsite.length)
    out.push(
      `${label}: ${onlyDocsite.length} file(s) of ${folder} that its include/exclude options leave out would be pages in docsite: ${some(onlyDocsite)}`,
    );
  return out;
}

export interface MappedContentPlugins {
  /** The blog's options (the instance docsite publishes), or false when there is none. */
  blog: ContentPluginOptions | false;
  /** The id of that blog instance ("default" for the preset's). */
  blogId: string;
  /** The pages folder (relative to the site), or null when there is no pages plugin. */
  pagesPath: string | null;
  /** The classic theme's `customCss` entries. */
  customCss: string[];
  skipped: string[];
  /** What the new site lacks that the Docusaurus site has: instances not carried, page sets that differ. */
  blockers: string[];
}

/** How many Markdown files a folder of the site holds (for the report of an instance left out). */
const countPages = (dir: string, folder: string) =>
  existsSync(join(dir, folder)) ? fg.sync("**/*.{md,mdx}", { cwd: join(dir, folder) }).length : 0;

export function mapContentPlugins(dir: string, entries: PluginEntry[]): MappedContentPlugins {
  const out: MappedContentPlugins = {
    blog: false,
    blogId: "default",
    pagesPath: null,
    customCss: [],
    skipped: [],
    blockers: [],
  };
  const blogs = entries.filter((e) => e.kind === "blog");
  const pages = entries.filter((e) => e.kind === "pages");
  // The instance docsite publishes: the default one, else the first.
  const main = (list: PluginEntry[]) => list.find((e) => e.id === "default") ?? list[0];
  const blog = main(blogs);
  if (blog) {
    out.blog = blog.options;
    out.blogId = blog.id;
    out.skipped.push(...unreadOptions("blog", "blog", blog.options));
    const folder = typeof blog.options.path === "string" ? blog.options.path : "blog";
    out.blockers.push(...pageSetDifference(dir, folder, "blog", blog.options, "blog"));
  }
  for (const b of blogs.filter((e) => e !== blog)) {
    const folder = typeof b.options.path === "string" ? b.options.path : `blog-${b.id}`;
    out.blockers.push(
      `blog instance "${b.id}" (${folder}, ${countPages(dir, folder)} posts): not carried; docsite publishes one blog, so move its posts into ${typeof blog?.options.path === "string" ? blog.options.path : "blog"}/ or make them docs`,
    );
  }
  const page = main(pages);
  if (page) {
    out.pagesPath = (typeof page.options.path === "string" ? page.options.path : "src/pages").replace(/^\.\//, "");
    out.skipped.push(...unreadOptions("pages", "pages", page.options));
    if (strings(page.options.include) || strings(page.options.exclude))
      out.skipped.push(
        "pages.include/exclude: docsite publishes every .js/.jsx/.ts/.tsx/.md/.mdx file of the pages folder without a leading _",
      );
  }
  for (const p of pages.filter((e) => e !== page)) {
    const folder = typeof p.options.path === "string" ? p.options.path : "(no path)";
    out.blockers.push(`pages instance "${p.id}" (${folder}): not carried; docsite publishes one pages folder`);
  }
  for (const t of entries.filter((e) => e.kind === "theme-classic")) {
    const css = t.options.customCss;
    out.customCss.push(...(Array.isArray(css) ? css : [css]).filter((c): c is string => typeof c === "string"));
  }
  return out;
}
