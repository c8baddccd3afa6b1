// URL paths written by authors — front matter `slug`, tag `permalink`s (front matter and tags.yml), a sidebar
// category's generated-index `slug` — become folders and files of the output. A `.` or `..` segment in one of them
// would put a page outside its docs, its blog or the output folder itself, so each is checked where it is read,
// with the file and line. Docusaurus resolves a doc's relative slug against the doc's folder (`../x` from
// guide/y.md is /docs/x); docsite does the same, and refuses only a slug that climbs above its version's docs.
import { posix } from "node:path";
import { DocsiteError } from "../log.ts";
import { hasDotSegment } from "../config/dot-segments.ts";

/**
 * A doc's relative slug resolved against the doc's folder (`dir`, the id's folder, "" at the version root), as
 * Docusaurus resolves it: "../x" from "guide" is "x", "./y" is "guide/y". Null when it climbs above the version.
 */
export function resolveRelativeSlug(dir: string, slug: string): string | null {
  const joined = posix.normalize(dir ? `${dir}/${slug}` : slug);
  if (joined === ".." || joined.startsWith("../")) return null;
  return joined === "." ? "" : joined;
}

/** Line (1-based) of the first front matter line `key:` in a source file's text; 2 (the first field) if none. */
export function frontMatterLine(text: string, key: string, value?: string): number {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const end = lines.indexOf("---", 1);
  const head = lines.slice(0, end < 0 ? lines.length : end);
  const at = head.findIndex((l) => new RegExp(`^\\s*(- )?${key}\\s*:`).test(l) && (!value || l.includes(value)));
  return at < 0 ? 2 : at + 1;
}

const SLUG_HINT = "write the page's path without . and .. segments, e.g. slug: /getting-started";

/** Checks a doc's front matter `slug` (file: site-relative path, text: the file's content, dir: the id's folder). */
export function checkDocSlug(slug: unknown, dir: string, version: string, file: string, text: string): void {
  if (typeof slug !== "string" || !hasDotSegment(slug)) return;
  const line = frontMatterLine(text, "slug");
  if (slug.startsWith("/") || slug.startsWith("\\"))
    throw new DocsiteError(
      `front matter slug "${slug}" has a "." or ".." segment: an absolute slug is a path inside the docs of version ${version}`,
      { file, line },
      SLUG_HINT,
    );
  if (/%2e/i.test(slug) || slug.includes("\\") || resolveRelativeSlug(dir, slug) === null)
    throw new DocsiteError(
      `front matter slug "${slug}" leads outside the docs of version ${version}`,
      { file, line },
      `a relative slug is resolved against the doc's folder (${dir || "the version's root"}); ${SLUG_HINT}`,
    );
}

/** Checks a blog post's `slug` and the `permalink`s of its inline tags. */
export function checkBlogPaths(data: Record<string, unknown>, file: string, text: string): void {
  if (typeof data.slug === "string" && hasDotSegment(data.slug))
    throw new DocsiteError(
      `front matter slug "${data.slug}" has a "." or ".." segment: a post's slug is a path inside the blog`,
      { file, line: frontMatterLine(text, "slug") },
      SLUG_HINT,
    );
  const tags = Array.isArray(data.tags) ? data.tags : data.tags ? [data.tags] : [];
  for (const t of tags) {
    const permalink = (t as { permalink?: unknown } | null)?.permalink;
    if (typeof permalink === "string" && hasDotSegment(permalink))
      throw new DocsiteError(
        `tag permalink "${permalink}" has a "." or ".." segment: a tag's permalink is a path inside the blog's tags`,
        { file, line: frontMatterLine(text, "(tags|permalink)", permalink) },
        "write the permalink without . and .. segments, e.g. permalink: /release",
      );
  }
}
