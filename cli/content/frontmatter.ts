// Splits `---` YAML front matter from a Markdown/MDX source and checks the fields docsite understands.
import YAML from "yaml";
import { DocsiteError } from "../log.ts";

export interface FrontMatter {
  title?: string;
  description?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  sidebar_class_name?: string;
  slug?: string;
  unlisted?: boolean;
  draft?: boolean;
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
  hide_table_of_contents?: boolean;
  date?: string;
  /** Keys of authors.yml, or inline authors ({name, title, url, image_url}). */
  authors?: unknown;
  /** Labels, or {label, permalink} objects. */
  tags?: unknown;
  keywords?: string[];
  image?: string;
  /** The doc id's last segment in place of the file name (Docusaurus `id`). */
  id?: string;
  /** Doc id of the next/previous page, or null for none. */
  pagination_next?: string | null;
  pagination_prev?: string | null;
  /** The label other pages' prev/next links show for this page. */
  pagination_label?: string;
  /** Which sidebar this doc shows, or null for none. */
  displayed_sidebar?: string | null;
  /** Data carried to this doc's sidebar item (DocCardList and custom sidebars read it). */
  sidebar_custom_props?: Record<string, unknown>;
  /** Where "Edit this page" points, or null for no edit link. */
  custom_edit_url?: string | null;
  last_update?: { author?: string; date?: string };
  hide_title?: boolean;
  [key: string]: unknown;
}

interface SplitSource {
  data: FrontMatter;
  body: string;
  /** Number of lines before the body, so body line N is file line N + bodyOffset. */
  bodyOffset: number;
}

type FieldType = "string" | "number" | "boolean" | "string[]" | "date" | "string|null" | "mapping" | "last_update";

const FIELD_TYPES: Record<string, FieldType> = {
  title: "string",
  description: "string",
  sidebar_label: "string",
  sidebar_position: "number",
  sidebar_class_name: "string",
  slug: "string",
  unlisted: "boolean",
  draft: "boolean",
  toc_min_heading_level: "number",
  toc_max_heading_level: "number",
  hide_table_of_contents: "boolean",
  date: "date",
  keywords: "string[]",
  image: "string",
  id: "string",
  pagination_next: "string|null",
  pagination_prev: "string|null",
  pagination_label: "string",
  displayed_sidebar: "string|null",
  sidebar_custom_props: "mapping",
  custom_edit_url: "string|null",
  last_update: "last_update",
  hide_title: "boolean",
};

const isMapping = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
/**
 * A calendar date, optionally with a time: `2024-02-29`, `2024-05-20T10:00:00Z`. `2024-02-30` and `2024-13-45` are
 * not (JavaScript's Date would quietly make the first March 1 and refuse the second only later).
 */
function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return false;
  return v.length === 10 || !Number.isNaN(Date.parse(v));
}
const isDate = (v: unknown) =>
  (typeof v === "string" && isCalendarDate(v)) || (v instanceof Date && !Number.isNaN(v.getTime()));

function valid(type: FieldType, value: unknown): boolean {
  switch (type) {
    case "string[]":
      return Array.isArray(value) && value.every((v) => typeof v === "string");
    case "date":
      return isDate(value);
    case "string|null":
      return value === null || typeof value === "string";
    case "mapping":
      return isMapping(value);
    case "last_update":
      return (
        isMapping(value) &&
        (value.author === undefined || typeof value.author === "string") &&
        (value.date === undefined || isDate(value.date))
      );
    default:
      return typeof value === type;
  }
}

const EXPECTED: Partial<Record<FieldType, string>> = {
  date: "a calendar date like 2024-05-20 (or 2024-05-20T10:00:00Z)",
  "string|null": "a string or null",
  mapping: "a mapping (key: value)",
  last_update: "a mapping with author (a string) and/or date (a calendar date like 2024-05-20)",
};

/** Front matter parsed before, by its YAML text (content/frontmatter-memo.ts keeps it in the build cache). */
export interface FrontMatterMemo {
  /**
   * The front matter of this YAML text: a fresh copy of what an earlier parse gave, or `parse()`'s result, kept when
   * JSON keeps it as it is.
   */
  parsed(yaml: string, parse: () => FrontMatter): FrontMatter;
  /** Writes the entries used since opening, when they differ from what was read. */
  save(): void;
}

/** `memo`: front matter parsed by an earlier process (content/frontmatter-memo.ts); a hit skips the YAML parser. */
export function splitFrontMatter(source: string, file: string, memo?: FrontMatterMemo): SplitSource {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!text.startsWith("---\n")) return { data: {}, body: text, bodyOffset: 0 };
  const end = text.indexOf("\n---", 3);
  if (end < 0 || !/^\n---[ \t]*(\n|$)/.test(text.slice(end, end + 5 + 10))) {
    throw new DocsiteError(
      "front matter is not closed",
      { file, line: 1 },
      "end the front matter with a line of three dashes: ---",
    );
  }
  const yamlText = text.slice(4, end + 1);
  const parse = () => parseFrontMatter(yamlText, file);
  const data = memo ? memo.parsed(yamlText, parse) : parse();
  const afterClose = text.indexOf("\n", end + 1);
  const body = afterClose < 0 ? "" : text.slice(afterClose + 1);
  const bodyOffset = text.slice(0, afterClose + 1).split("\n").length - 1;
  return { data, body, bodyOffset };
}

/** Front matter fields of table-of-contents heading levels (2–6, as Docusaurus validates them). */
const TOC_LEVELS = ["toc_min_heading_level", "toc_max_heading_level"];

/** Aliases a front matter block may expand (yaml's own default): far more than any page needs. */
const MAX_ALIASES = 100;

/** The YAML text of a front matter block, parsed and checked. */
function parseFrontMatter(yamlText: string, file: string): FrontMatter {
  const doc = YAML.parseDocument(yamlText, { prettyErrors: false });
  if (doc.errors.length) {
    const e = doc.errors[0];
    // yaml gives a character offset; the YAML text starts on file line 2. An error at the very end (an unclosed
    // bracket) is attributed to the last line that has content.
    const offset = Math.min(e.pos[0], yamlText.trimEnd().length);
    const line =
      yamlText.slice(0, offset).split("\n").length + 1 - (offset > 0 && yamlText[offset - 1] === "\n" ? 1 : 0);
    throw new DocsiteError(
      `front matter is not valid YAML: ${e.message.split("\n")[0]}`,
      { file, line },
      "quote values that contain ': ' or start with special characters",
    );
  }
  let data: FrontMatter;
  try {
    // yaml refuses to expand more than maxAliasCount aliases (a "billion laughs" block would take all memory).
    data = (doc.toJS({ maxAliasCount: MAX_ALIASES }) ?? {}) as FrontMatter;
  } catch (err) {
    if (!(err instanceof ReferenceError)) throw err;
    let at = 0;
    YAML.visit(doc, {
      Alias(_key, node) {
        at = node.range?.[0] ?? 0;
        return YAML.visit.BREAK;
      },
    });
    throw new DocsiteError(
      `front matter expands too many YAML aliases (*name): ${err.message}`,
      { file, line: yamlText.slice(0, at).split("\n").length + 1 },
      `use at most ${MAX_ALIASES} aliases, or write the values out`,
    );
  }
  if (typeof data !== "object" || Array.isArray(data))
    throw new DocsiteError("front matter must be a YAML mapping (key: value)", { file, line: 2 });
  for (const [key, value] of Object.entries(data)) {
    const type = FIELD_TYPES[key];
    if (!type) continue;
    const line = () => 2 + yamlText.split("\n").findIndex((l) => l.startsWith(`${key}:`));
    if (!valid(type, value))
      throw new DocsiteError(`front matter field "${key}" must be ${EXPECTED[type] ?? `a ${type}`}`, {
        file,
        line: line(),
      });
    if (key === "title" && !(value as string).trim())
      throw new DocsiteError(
        'front matter field "title" is empty',
        { file, line: line() },
        "write the page's title, or remove the field (the page's first heading is used then)",
      );
    if (TOC_LEVELS.includes(key) && !(Number.isInteger(value) && (value as number) >= 2 && (value as number) <= 6))
      throw new DocsiteError(
        `front matter field "${key}" is ${JSON.stringify(value)}: it must be a heading level from 2 to 6`,
        { file, line: line() },
        "the table of contents lists ## (2) to ###### (6) headings",
      );
    if (key === "id" && (/[/\\]/.test(value as string) || /^\.{1,2}$/.test(value as string)))
      throw new DocsiteError(
        'front matter field "id" must not contain "/" or be "." or ".."',
        { file, line: line() },
        "move the file instead",
      );
    if (key === "last_update" && (value as { date?: unknown }).date instanceof Date)
      (value as { date?: unknown }).date = (value as { date: Date }).date.toISOString().slice(0, 10);
    if (value instanceof Date) data[key] = value.toISOString().slice(0, 10);
  }
  const [min, max] = TOC_LEVELS.map((k) => data[k] as number | undefined);
  if (min !== undefined && max !== undefined && min > max)
    throw new DocsiteError(
      `front matter field "toc_min_heading_level" (${min}) is above "toc_max_heading_level" (${max})`,
      { file, line: 2 + yamlText.split("\n").findIndex((l) => l.startsWith("toc_min_heading_level:")) },
      "make the minimum the smaller of the two",
    );
  return data;
}
