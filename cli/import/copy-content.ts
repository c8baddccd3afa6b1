// The import's copies: each docs version and the blog with their translations (Docusaurus' i18n folders), static/,
// src/, and the files content reaches outside those folders. Content and static files are copied byte for byte;
// each folder copied gets an alias, so `@site/<folder>/…` imports resolve in the new project.
import { existsSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import fg from "fast-glob";
import { docsKey, globPageFiles, type PageFileGlobs } from "../content/page-files.ts";
import { type CopyOptions, copyOneFile, copyTree, displayPath, projectBoundary } from "./copy-tree.ts";
import type { MappedConfig } from "./map-config.ts";
import { referencedCopies } from "./referenced-files.ts";

export const isContent = (f: string) => /\.mdx?$/.test(f);
/** Scripts of src/ (components, pages): what they import from outside the copied folders is copied too. */
const SCRIPT = /\.(m?[jt]sx?|cjs)$/i;
/** Files a project folder holds that content or components may use: data, images, media, scripts, styles. */
export const PROJECT_FILE =
  /\.(json|ya?ml|png|jpe?g|gif|svg|webp|avif|ico|mp4|webm|mp3|pdf|zip|txt|csv|m?[jt]sx?|cjs|s?css|sass)$/i;
const isPartial = (f: string) => f.split("/").some((s) => s.startsWith("_"));

/** One import's copying: where from and to, and what the copies add to the report and to the new config. */
export interface CopyRun {
  /** The Docusaurus project and the new one (absolute). */
  src: string;
  out: string;
  /** copy-tree.ts's options every copy shares: nothing read outside the boundary, nothing written outside `out`. */
  guard: Omit<CopyOptions, "filter" | "dot">;
  defaultLocale: string;
  locales: string[];
  /** Report lines of the copies. */
  mapped: string[];
  /** `@site/` folder → its folder in the new project (site.config.json `docusaurus.aliases`). */
  aliases: Record<string, string>;
  /** Content files and src/ scripts copied (absolute paths in the Docusaurus project). */
  contentSources: string[];
  /** The folders copied whole (real paths). */
  copiedRoots: string[];
}

export function copyRun(
  src: string,
  out: string,
  skipped: string[],
  defaultLocale: string,
  locales: string[],
): CopyRun {
  const guard = { boundary: projectBoundary(src), outRoot: realpathSync(out), skipped, display: displayPath(src) };
  return { src, out, guard, defaultLocale, locales, mapped: [], aliases: {}, contentSources: [], copiedRoots: [] };
}

/** Copies a folder of the project (relative to it, or absolute) to `to` in the new one; returns the files copied. */
async function copyDir(run: CopyRun, from: string, to: string, filter?: (rel: string) => boolean, dot = false) {
  const abs = isAbsolute(from) ? from : join(run.src, from);
  if (!existsSync(abs)) return 0;
  const files = await copyTree(abs, join(run.out, to), { ...run.guard, filter, dot });
  run.copiedRoots.push(realpathSync(abs));
  for (const f of files) if (isContent(f) || (from === "src" && SCRIPT.test(f))) run.contentSources.push(join(abs, f));
  run.aliases[`${from.replace(/\/?$/, "/")}`] = `${to.replace(/\/?$/, "/")}`;
  return files.length;
}

/**
 * Docusaurus reads each locale's i18n folder first, the default locale's too: a file there replaces the one of
 * docs/ or blog/ for that locale. The default locale's is copied over the base files, as it wins in Docusaurus.
 */
async function overlay(run: CopyRun, from: string, to: string, filter?: (rel: string) => boolean) {
  const n = await copyDir(run, from, to, filter);
  if (n)
    run.mapped.push(`${from}: ${n} file(s) of the default locale, which Docusaurus reads before ${to.split("/")[2]}/`);
}

/** A translated page is one of a base page (Docusaurus lists the base folder); other files come along. */
const translationOf = (run: CopyRun, base: string) => (rel: string) =>
  !isContent(rel) || existsSync(join(run.src, base, rel));

/** Where a folder's translations are: the default locale's i18n folder and any locale's. */
interface Translated {
  /** The base folder (docs/, versioned_docs/version-x, blog/). */
  base: string;
  defaultI18n: string;
  i18nOf: (locale: string) => string;
  /** Its folder in the new project, with `{locale}`. */
  to: string;
}

/**
 * A page the default locale's i18n folder replaces is still the base file in a locale without its own
 * translation (Docusaurus falls back to the base folder, not to the default locale's copy): the base file is
 * copied into that locale, where docsite would otherwise show the default locale's text.
 */
async function baseForOtherLocales(run: CopyRun, { base, defaultI18n, i18nOf, to }: Translated) {
  const { src } = run;
  if (!existsSync(join(src, defaultI18n)) || !existsSync(join(src, base))) return;
  const replaced = (await fg("**/*.{md,mdx}", { cwd: join(src, defaultI18n) })).filter((f) =>
    existsSync(join(src, base, f)),
  );
  if (!replaced.length) return;
  for (const l of run.locales.filter((x) => x !== run.defaultLocale)) {
    const own = (f: string) => existsSync(join(src, i18nOf(l), f));
    const files = replaced.filter((f) => !own(f));
    for (const f of files)
      await copyOneFile(join(src, base, f), join(run.out, to.replace("{locale}", l), f), run.guard);
    if (files.length)
      run.mapped.push(
        `${base}: ${files.length} file(s) for ${l}, which has no translation of them and reads them from ${base}/ in Docusaurus`,
      );
  }
}

/** The pages and the partials of a copied docs folder; an instance's include/exclude choose its pages where set. */
async function countDocs(run: CopyRun, dir: string, globs?: PageFileGlobs) {
  const files = (await fg("**/*.{md,mdx}", { cwd: join(run.out, dir) })).filter(isContent);
  // The instance's include/exclude choose its pages where it sets them (content/page-files.ts).
  const chosen = globs ? new Set(globPageFiles(join(run.out, dir), globs, "docs")) : undefined;
  const page = (f: string) => chosen?.has(f) ?? !isPartial(f);
  return { docs: files.filter(page).length, partials: files.filter((f) => !page(f)).length };
}

/** Every docs version, in every locale; returns how many doc pages and partials the default locale has. */
export async function copyDocs(run: CopyRun, m: MappedConfig) {
  const def = run.defaultLocale;
  let docs = 0;
  let partials = 0;
  for (const v of m.versions) {
    const to = `content/${def}/docs/${v.name}`;
    const i18nOf = (l: string) => `i18n/${l}/${v.i18nPlugin}/${v.i18nKey}`;
    await copyDir(run, v.docsDir, to);
    await overlay(run, i18nOf(def), to, translationOf(run, v.docsDir));
    const n = await countDocs(run, to, m.docusaurus.pageFiles?.[docsKey(v.pluginId, m.versions[0]?.pluginId)]);
    docs += n.docs;
    partials += n.partials;
    for (const l of run.locales.filter((x) => x !== def))
      await copyDir(run, i18nOf(l), `content/${l}/docs/${v.name}`, translationOf(run, v.docsDir));
    await baseForOtherLocales(run, {
      base: v.docsDir,
      defaultI18n: i18nOf(def),
      i18nOf,
      to: `content/{locale}/docs/${v.name}`,
    });
  }
  return { docs, partials };
}

/** The blog, in every locale; returns how many posts the default locale has. */
export async function copyBlog(run: CopyRun, m: MappedConfig): Promise<number> {
  if (!m.blogDir) return 0;
  const def = run.defaultLocale;
  const blogDir = m.blogDir;
  const i18nOf = (l: string) => `i18n/${l}/${m.blogI18n}`;
  await copyDir(run, blogDir, `content/${def}/blog`);
  const blogFile = (f: string) => f !== "options.json" && translationOf(run, blogDir)(f);
  await overlay(run, i18nOf(def), `content/${def}/blog`, blogFile);
  const blogGlobs = m.docusaurus.pageFiles?.blog;
  const posts = blogGlobs
    ? globPageFiles(join(run.out, `content/${def}/blog`), blogGlobs, "blog").filter(isContent).length
    : (await fg("**/*.{md,mdx}", { cwd: join(run.out, `content/${def}/blog`) })).filter((f) => !isPartial(f)).length;
  for (const l of run.locales.filter((x) => x !== def)) await copyDir(run, i18nOf(l), `content/${l}/blog`, blogFile);
  await baseForOtherLocales(run, { base: blogDir, defaultI18n: i18nOf(def), i18nOf, to: "content/{locale}/blog" });
  return posts;
}

/**
 * static/, src/ (`@site/src/...` partials, data files and React components with their styles, so imports resolve),
 * and the files content reaches outside those folders (`@site/core/X`, `../images/y.png`). Returns how many static
 * files were copied.
 */
export async function copyProjectFiles(run: CopyRun): Promise<number> {
  const staticFiles = await copyDir(run, "static", "static", undefined, true);
  await copyDir(run, "src", "src", (f) => isContent(f) || PROJECT_FILE.test(f));
  const { src, out, guard } = run;
  for (const c of referencedCopies(realpathSync(src), guard.boundary, run.contentSources, [...run.copiedRoots])) {
    if (statSync(c.from).isDirectory())
      await copyTree(c.from, join(out, c.to), { ...guard, filter: (f) => isContent(f) || PROJECT_FILE.test(f) });
    else await copyOneFile(c.from, join(out, c.to), guard);
    // A folder's alias ends with "/" (every file under it); a file's is the file's path.
    if (c.alias) {
      const isDir = statSync(c.from).isDirectory();
      run.aliases[isDir ? `${c.alias}/` : c.alias] = isDir ? `${c.to}/` : c.to;
    }
    run.mapped.push(`${guard.display(c.from)}: referenced by content, copied to ${c.to}`);
  }
  return staticFiles;
}

/** What the config maps beyond content (stylesheets and translated pages outside src/, a redirects module), copied
 * as the rest is: nothing outside the project's boundary, nothing written outside the new project. */
export async function copyMapped(run: CopyRun, paths: string[]): Promise<void> {
  for (const rel of paths) {
    const from = join(run.src, rel);
    if (!existsSync(from)) continue;
    if (statSync(from).isDirectory()) await copyTree(from, join(run.out, rel), run.guard);
    else await copyOneFile(from, join(run.out, rel), run.guard);
  }
}
