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
  [key: string]: unknown;
}

export interface SplitSource {
  data: FrontMatter;
  body: string;
  /** Number of lines before the body, so body line N is file line N + bodyOffset. */
  bodyOffset: number;
}

const FIELD_TYPES: Record<string, "string" | "number" | "boolean" | "string[]" | "date"> = {
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
};

export function splitFrontMatter(source: string, file: string): SplitSource {
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
  const data = (doc.toJS() ?? {}) as FrontMatter;
  if (typeof data !== "object" || Array.isArray(data))
    throw new DocsiteError("front matter must be a YAML mapping (key: value)", { file, line: 2 });
  for (const [key, value] of Object.entries(data)) {
    const type = FIELD_TYPES[key];
    if (!type) continue;
    const ok =
      type === "string[]"
        ? Array.isArray(value) && value.every((v) => typeof v === "string")
        : type === "date"
          ? (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)) || value instanceof Date
          : typeof value === type;
    if (!ok) {
      const line = 2 + yamlText.split("\n").findIndex((l) => l.startsWith(`${key}:`));
      throw new DocsiteError(
        `front matter field "${key}" must be ${type === "date" ? "a date like 2024-05-20" : `a ${type}`}`,
        { file, line },
      );
    }
    if (value instanceof Date) data[key] = value.toISOString().slice(0, 10);
  }
  const afterClose = text.indexOf("\n", end + 1);
  const body = afterClose < 0 ? "" : text.slice(afterClose + 1);
  const bodyOffset = text.slice(0, afterClose + 1).split("\n").length - 1;
  return { data, body, bodyOffset };
}
