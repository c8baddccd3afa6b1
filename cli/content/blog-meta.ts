// Docusaurus blog conventions: the date and slug from a file or folder name (`2024-05-20-launch.mdx`,
// `2024-05-20-launch/index.mdx`), dates with a time and zone, authors inline or from `authors.yml`, tags as
// strings or objects.
import { existsSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { DocsiteError } from "../log.ts";
import { hasDotSegment } from "../config/dot-segments.ts";
import YAML from "yaml";

// Docusaurus' DATE_FILENAME_REGEX (plugin-content-blog): the last date anywhere in the path (`2024-05-20-x`,
// `posts/2024-05-20-x`, `2024/05/20/x`), the folders before it moved after it in the URL.
const DATED = /^(.*)(\d{4})[-/](\d{1,2})[-/](\d{1,2})[-/]?(.*?)$/;

/** Slug and file-name date of a post at `blogPath` (inside the blog folder, no extension). */
export function blogSlugAndDate(blogPath: string, slug: unknown): { slug: string; date?: string } {
  const path = blogPath.replace(/\/(index|README)$/i, "");
  const m = DATED.exec(path);
  const date = m ? `${m[2]}-${m[3].padStart(2, "0")}-${m[4].padStart(2, "0")}` : undefined;
  if (typeof slug === "string" && slug.replace(/^\/|\/$/g, "")) return { slug: slug.replace(/^\/+|\/+$/g, ""), date };
  // Docusaurus puts a file-name date into the URL as written, then the folders and the rest of the name:
  // /blog/2024/05/20/launch/, posts/2024-05-20-launch → /blog/2024/05/20/posts/launch/.
  return { slug: m ? `${m[2]}/${m[3]}/${m[4]}/${m[1]}${m[5]}`.replace(/\/+$/, "") : path, date };
}

/** A post date as YYYY-MM-DD; a date with a time and zone is taken in UTC, as Docusaurus does. */
export function postDate(value: unknown): string | undefined {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== "string") return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString().slice(0, 10);
}

export type AuthorsMap = Record<string, { name?: string }>;

/** `authors.yml` (or .json) of a blog folder. */
export function readAuthors(blogDir: string): AuthorsMap {
  for (const f of ["authors.yml", "authors.yaml", "authors.json"]) {
    const p = join(blogDir, f);
    if (!existsSync(p)) continue;
    try {
      const text = readFileSync(p, "utf8");
      return (f.endsWith(".json") ? JSON.parse(text) : YAML.parse(text)) ?? {};
    } catch {
      return {};
    }
  }
  return {};
}

/** Author names from `authors` (a key, a list of keys, inline objects) and the legacy `author` field. */
export function authorNames(data: Record<string, unknown>, map: AuthorsMap): string[] {
  const raw = data.authors ?? (data.author ? { name: data.author } : []);
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .map((a) => (typeof a === "string" ? (map[a]?.name ?? a) : (a as { name?: string; key?: string })?.name))
    .filter((n): n is string => typeof n === "string" && n.length > 0);
}

/** Tag labels from strings or `{label, permalink}` objects. */
export function tagLabels(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .map((t) => (typeof t === "string" ? t : (t as { label?: string })?.label))
    .filter((t): t is string => typeof t === "string");
}

export interface TagDef {
  label: string;
  /** Path under `<blog>/tags/`, without slashes. */
  permalink: string;
  description?: string;
}

/** lodash-style kebab case, as Docusaurus makes an inline tag's permalink: "Getting Started" → "getting-started". */
function kebabCase(s: string): string {
  return s
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join("-")
    .toLowerCase();
}

/** `tags.yml` of a blog folder: predefined tags by key (`rootDir`: the site folder, for the file's name in errors). */
export function readTagDefs(blogDir: string, rootDir = ""): Record<string, TagDef> {
  const p = join(blogDir, "tags.yml");
  if (!existsSync(p)) return {};
  let raw: Record<string, { label?: string; permalink?: string; description?: string } | null> = {};
  let text = "";
  try {
    text = readFileSync(p, "utf8");
    raw = YAML.parse(text) ?? {};
  } catch {
    return {};
  }
  const out: Record<string, TagDef> = {};
  for (const [key, v] of Object.entries(raw)) {
    if (typeof v?.permalink === "string" && hasDotSegment(v.permalink)) {
      const line = text.split("\n").findIndex((l) => /^\s*permalink\s*:/.test(l) && l.includes(v.permalink!)) + 1;
      throw new DocsiteError(
        `tag "${key}" has the permalink "${v.permalink}" with a "." or ".." segment: it is a path inside the blog's tags`,
        { file: rootDir ? relative(rootDir, p).split(sep).join("/") : p, line: line || undefined },
        "write the permalink without . and .. segments, e.g. permalink: /release",
      );
    }
    out[key] = {
      label: v?.label ?? key,
      permalink: (v?.permalink ?? kebabCase(key)).replace(/^\/+|\/+$/g, ""),
      description: v?.description,
    };
  }
  return out;
}

/** A post's tags with permalinks: keys of tags.yml, inline strings, or `{label, permalink}` objects. */
export function postTags(value: unknown, defs: Record<string, TagDef>): TagDef[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const out: TagDef[] = [];
  for (const t of list) {
    if (typeof t === "string") out.push(defs[t] ?? { label: t, permalink: kebabCase(t) });
    else if (t && typeof (t as TagDef).label === "string") {
      const o = t as { label: string; permalink?: string };
      out.push({ label: o.label, permalink: (o.permalink ?? kebabCase(o.label)).replace(/^\/+|\/+$/g, "") });
    }
  }
  return out.filter((t) => t.permalink);
}
