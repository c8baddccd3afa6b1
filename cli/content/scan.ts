// Finds every content file and derives what the file path says: locale, kind, version, doc id, slug.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { splitFrontMatter, type FrontMatter, type FrontMatterMemo } from "./frontmatter.ts";
import { openFrontMatterMemo } from "./frontmatter-memo.ts";
import { hashText } from "../cache/hash.ts";
import type { BuildCache } from "../cache/cache.ts";
import { DocsiteError } from "../log.ts";
import { blogSlugAndDate } from "./blog-meta.ts";
import { categoryIndexSlug, docIdOf } from "./doc-id.ts";
import { filesUnder } from "./files-under.ts";
import { pageFileRule } from "./page-files.ts";
import { checkBlogPaths, checkDocSlug } from "./url-segments.ts";
import { unknownKeys, unknownKeyWarnings } from "./frontmatter-keys.ts";
import { checkPageSize } from "./page-size.ts";
import { assertNoTwinSources, decodeUtf8, fileNameWarnings } from "./tree-checks.ts";
import type { SiteConfig } from "../config/types.ts";

interface SourceBase {
  /** Path relative to the site root, used in every message. */
  file: string;
  /** Front matter keys docsite does not know, with their lines (a warning each: content/frontmatter-keys.ts). */
  unknownKeys?: Array<{ key: string; line: number }>;
  locale: string;
  data: FrontMatter;
  body: string;
  bodyOffset: number;
  hash: string;
}

export interface DocSource extends SourceBase {
  kind: "doc";
  version: string;
  /**
   * Doc id: the path inside the version folder without extension and without number prefixes, its last segment
   * replaced by front matter `id`: "commands/browser/url", "quickstart/index" (cli/content/doc-id.ts).
   */
  id: string;
  /** Path inside the version folder without extension, as on disk ("02-guides/01-setup"). */
  path: string;
  /** Position given by the file name's number prefix ("01-setup" → 1). */
  numberPrefix?: number;
}

export interface BlogSource extends SourceBase {
  kind: "blog";
  slug: string;
}

export interface PageModuleSource {
  kind: "page";
  /** Absolute path of the TSX module. */
  abs: string;
  file: string;
  /** Route segment: "" for index.tsx, otherwise the file name. */
  slug: string;
}

export interface ContentIndex {
  docs: DocSource[];
  blog: BlogSource[];
  pages: PageModuleSource[];
  /** Problems worth a warning (file names with spaces). */
  warnings: string[];
}

// Files read by this process, by path, with the modification time and size they had: a long-running process
// (the dev server rebuilding after an edit) reads again only the files that changed. Read synchronously: a build
// reads every content file at once, and small files read through the thread pool took several times as long.
const texts = new Map<string, { mtimeMs: number; size: number; text: string }>();
function readText(file: string, rel: string): string {
  const s = statSync(file);
  if (s.isDirectory())
    throw new DocsiteError(
      "is a folder, but a name ending in .md or .mdx is a page file",
      { file: rel },
      "rename the folder (without .md/.mdx), or move its files out and remove it",
    );
  checkPageSize(s.size, rel);
  const known = texts.get(file);
  if (known && known.mtimeMs === s.mtimeMs && known.size === s.size) return known.text;
  const text = decodeUtf8(readFileSync(file), rel);
  // A file modified within the last moments may change again within the same timestamp tick: not remembered.
  if (Date.now() - s.mtimeMs > 100) texts.set(file, { mtimeMs: s.mtimeMs, size: s.size, text });
  else texts.delete(file);
  return text;
}

export async function readSource(
  config: SiteConfig,
  file: string,
  memo?: FrontMatterMemo,
): Promise<DocSource | BlogSource | null> {
  const rel = relative(config.rootDir, file).split("\\").join("/");
  const m = /^content\/([^/]+)\/(docs\/([^/]+)\/(.+)|blog\/(.+))\.mdx?$/.exec(rel);
  if (!m) return null;
  const [, locale, , version, docPath, blogPath] = m;
  if (!config.i18n.locales.includes(locale)) {
    throw new DocsiteError(
      `content folder for unknown locale "${locale}"`,
      { file: rel },
      `add "${locale}" to i18n.locales in site.config.json or move the file`,
    );
  }
  const text = readText(file, rel);
  const { data, body, bodyOffset } = splitFrontMatter(text, rel, memo);
  const unknown = unknownKeys(data, text);
  const base = {
    file: rel,
    locale,
    data,
    body,
    bodyOffset,
    hash: hashText(text),
    ...(unknown.length ? { unknownKeys: unknown } : {}),
  };
  if (version !== undefined) {
    if (!config.docs.versions.some((v) => v.name === version)) {
      throw new DocsiteError(
        `docs folder for unknown version "${version}"`,
        { file: rel },
        "add the version to docs.versions in site.config.json",
      );
    }
    const { id, position } = docIdOf(docPath, data.id);
    checkDocSlug(data.slug, id.includes("/") ? id.slice(0, id.lastIndexOf("/")) : "", version, rel, text);
    if (config.docusaurus && data.slug === undefined) {
      const slug = categoryIndexSlug(docPath);
      if (slug !== undefined) data.slug = slug;
    }
    return { ...base, kind: "doc", version, id, path: docPath, numberPrefix: position };
  }
  checkBlogPaths(data, rel, text);
  const { slug, date } = blogSlugAndDate(blogPath, data.slug);
  if (date && data.date === undefined) data.date = date;
  return { ...base, kind: "blog", slug };
}

/** `cache`: the build cache, where parsed front matter is kept between processes (content/frontmatter-memo.ts). */
export async function scanContent(config: SiteConfig, cache?: BuildCache): Promise<ContentIndex> {
  const root = config.rootDir;
  const listed = listContent(config);
  const relFiles = listed.sources;
  const files = relFiles.map((f) => join(root, f));
  assertNoTwinSources(relFiles);
  const memo = cache?.enabled ? openFrontMatterMemo(cache) : undefined;
  const sources = await Promise.all(files.map((f) => readSource(config, f, memo)));
  memo?.save();
  const pages: PageModuleSource[] = listed.pages.map((file) => {
    const abs = join(root, file);
    const slug = file
      .replace(/^content\/pages\//, "")
      .replace(/\.(t|j)sx$/, "")
      .replace(/(^|\/)index$/, "");
    return { kind: "page", abs, file, slug };
  });
  return {
    docs: sources.filter((s): s is DocSource => s?.kind === "doc"),
    blog: sources.filter((s): s is BlogSource => s?.kind === "blog"),
    pages,
    warnings: [
      ...fileNameWarnings(relFiles),
      ...unknownKeyWarnings(sources.flatMap((s) => (s?.unknownKeys ?? []).map((u) => ({ file: s!.file, ...u })))),
    ],
  };
}

// Docs and blog sources: .md and .mdx files at any depth under content/<locale>/docs/ and content/<locale>/blog/.
const SOURCE_FILE = /^content\/[^/]+\/(docs|blog)\/(.+\/)?[^/]+\.mdx?$/;
// Custom pages: .tsx and .jsx files at any depth under content/pages/ (folders starting with `_` included).
const PAGE_FILE = /^content\/pages\/(.+\/)?[^/]+\.[tj]sx$/;

/**
 * The content files that are docs or blog sources, and the custom pages: paths from the site root, sorted. In a
 * project imported from Docusaurus whose plugins chose their pages with include/exclude, those globs decide
 * (content/page-files.ts); elsewhere the partial rule below.
 */
export function listContent(config: Pick<SiteConfig, "rootDir" | "docusaurus"> & Partial<Pick<SiteConfig, "docs">>): {
  sources: string[];
  pages: string[];
} {
  const dir = join(config.rootDir, "content");
  const all = existsSync(dir) ? filesUnder(dir, config.rootDir).sort() : [];
  const partial = isPartial(config);
  const chosen = pageFileRule(config);
  return {
    sources: all.filter((f) => SOURCE_FILE.test(f) && (chosen(f) ?? !partial(f))),
    pages: all.filter((f) => PAGE_FILE.test(f)),
  };
}

/** The files of static/ (dot files too: `.well-known/`), as paths from that folder. */
export function staticFiles(root: string): string[] {
  const dir = join(root, "static");
  return existsSync(dir) ? filesUnder(dir, dir, { dots: true }) : [];
}

/**
 * Partials are never pages: files in folders starting with `_`; in a project imported from Docusaurus
 * (`docusaurus` in site.config.json) also files starting with `_`, as Docusaurus has it.
 */
export function isPartial(config: Pick<SiteConfig, "docusaurus">): (file: string) => boolean {
  return (file) => {
    const parts = file.split("/");
    const last = parts.length - 1;
    return parts.some((p, i) => p.startsWith("_") && (i < last || Boolean(config.docusaurus)));
  };
}
