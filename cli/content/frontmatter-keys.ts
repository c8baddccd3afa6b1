// Front matter keys nobody reads: docsite ignores them, as Docusaurus does, but a typo (`titel:`) then silently
// does nothing. Each unknown key is named in one warning (with the nearest known key when it looks like a typo);
// every key Docusaurus documents for docs, blog posts and pages stays silent, since sites carry them over.
import { suggestion } from "../config/did-you-mean.ts";
import { frontMatterLine } from "./url-segments.ts";

/** Keys Docusaurus 3 documents (docs, blog and pages plugins, and the MDX loader) plus docsite's own. */
export const KNOWN_FRONT_MATTER_KEYS = new Set([
  // docs
  "id",
  "title",
  "hide_title",
  "hide_table_of_contents",
  "keywords",
  "image",
  "description",
  "slug",
  "sidebar_key",
  "sidebar_label",
  "sidebar_position",
  "sidebar_class_name",
  "sidebar_custom_props",
  "displayed_sidebar",
  "tags",
  "pagination_label",
  "custom_edit_url",
  "parse_number_prefixes",
  "pagination_next",
  "pagination_prev",
  "toc_min_heading_level",
  "toc_max_heading_level",
  "last_update",
  "draft",
  "unlisted",
  // blog
  "date",
  "authors",
  "author",
  "author_title",
  "author_url",
  "author_image_url",
  "authorURL",
  "authorTitle",
  "authorImageURL",
  // pages
  "wrapperClassName",
  // the MDX loader: which parser reads the file
  "format",
]);

/** One entry per unknown key of a file: the key and its line. */
export function unknownKeys(data: Record<string, unknown>, text: string): Array<{ key: string; line: number }> {
  return Object.keys(data)
    .filter((k) => !KNOWN_FRONT_MATTER_KEYS.has(k))
    .map((key) => ({ key, line: frontMatterLine(text, key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }));
}

/**
 * The warnings for the unknown keys of many files: one per key, at its first file and line, with how many other
 * files have it (a site's own key, used on every page, is one line, not hundreds).
 */
export function unknownKeyWarnings(found: Array<{ file: string; key: string; line: number }>): string[] {
  const byKey = new Map<string, Array<{ file: string; line: number }>>();
  for (const f of found) {
    const list = byKey.get(f.key) ?? [];
    list.push(f);
    byKey.set(f.key, list);
  }
  return [...byKey].map(([key, at]) => {
    const more = at.length > 1 ? ` (and ${at.length - 1} more file${at.length > 2 ? "s" : ""})` : "";
    return (
      `${at[0].file}:${at[0].line}: unknown front matter key "${key}"${suggestion(key, KNOWN_FRONT_MATTER_KEYS)}` +
      `${more}: docsite ignores it`
    );
  });
}
