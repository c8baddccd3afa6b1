// Docusaurus 3's URL rules for docs and blog posts, written from its documented behaviour, for the real-site
// check: what a page's URL is in the Docusaurus site, independent of how docsite maps it.

const IGNORED_PREFIX = /^\d+[-_.]\d+/;
const NUMBER_PREFIX = /^\d+\s*[-_.]+\s*([^-_.\s].*)$/;

/** "01-intro" → "intro"; "2021-01-01-x" and "1.2-x" keep theirs (dates and versions). */
export function stripNumberPrefix(name: string): string {
  if (IGNORED_PREFIX.test(name)) return name;
  return NUMBER_PREFIX.exec(name)?.[1] ?? name;
}

/** URL segments joined with single slashes; the last argument "" keeps a trailing slash. */
export function joinUrl(...parts: string[]): string {
  const joined = parts.join("/").replace(/\/{2,}/g, "/");
  return joined.startsWith("/") ? joined : `/${joined}`;
}

/** Resolves `rel` against the folder path `base` ("/a/b/") like a relative URL. */
function resolveAgainst(rel: string, base: string): string {
  const out = base.split("/").filter(Boolean);
  for (const seg of rel.split("/")) {
    if (seg === "..") out.pop();
    else if (seg && seg !== ".") out.push(seg);
  }
  return `/${out.join("/")}`;
}

/**
 * A doc's slug inside its version, from its path in the docs folder ("guide/01-start/index.md") and front matter:
 * an absolute `slug` as written, a relative one against the folder; a category index (index, README, or the
 * folder's own name) is its folder; otherwise folder + (front matter `id` or the file name without number prefix).
 */
export function expectedDocSlug(rel: string, fm: { slug?: unknown; id?: unknown }): string {
  const parts = rel.replace(/\.mdx?$/, "").split("/");
  const fileName = parts.pop()!;
  const dirSlug = parts.length ? `/${parts.map(stripNumberPrefix).join("/")}/` : "/";
  const slug = typeof fm.slug === "string" ? fm.slug : undefined;
  if (slug?.startsWith("/")) return slug;
  // Compared as written (number prefixes included), as Docusaurus' category-index matcher does.
  const lower = fileName.toLowerCase();
  const folder = parts.length ? parts[parts.length - 1].toLowerCase() : undefined;
  const isIndex = lower === "index" || lower === "readme" || lower === folder;
  if (slug === undefined && isIndex) return dirSlug;
  const baseId = typeof fm.id === "string" ? fm.id : stripNumberPrefix(fileName);
  return resolveAgainst(slug ?? baseId, dirSlug);
}

const DATED = /^(.*?)(\d{4})[-/](\d{1,2})[-/](\d{1,2})[-/]?(.*?)(?:\/index)?\.mdx?$/;

/** A post's path under the blog: the front matter `slug`, else `YYYY/MM/DD/name` from a dated file name, else the file path. */
export function expectedBlogSlug(rel: string, fm: { slug?: unknown }): string {
  if (typeof fm.slug === "string" && fm.slug) return fm.slug;
  const m = DATED.exec(rel);
  if (m) return `${m[1]}${m[2]}/${m[3]}/${m[4]}/${m[5]}`;
  return rel.replace(/\.mdx?$/, "").replace(/\/index$/, "");
}
