// Fenced code blocks of the site's MDX content, with where they are: the examples tests parse, type-check and run
// them. Line numbers are 1-based lines of the .mdx file (front matter included), pointing at the opening fence.
import { readFileSync } from "node:fs";
import fg from "fast-glob";

export interface CodeBlock {
  /** Path relative to the repository root, e.g. content/en/docs/v8/quickstart/index.mdx */
  file: string;
  /** Line of the opening fence in the file. */
  line: number;
  /** Language after the fence (lower case), "" when none. */
  lang: string;
  /** Everything after the language on the fence line: title="…", {1,3}, flags such as `test`. */
  meta: string;
  code: string;
}

export const root = new URL("../../", import.meta.url).pathname;

/** The languages whose blocks must parse as code; the value is the esbuild loader. */
export const scriptLanguages: Record<string, "js" | "jsx" | "ts" | "tsx"> = {
  js: "js",
  javascript: "js",
  jsx: "jsx",
  ts: "ts",
  typescript: "ts",
  tsx: "tsx",
};

/** Every fenced block of one MDX text (fences may be indented, e.g. inside list items). */
export function extractCodeBlocks(file: string, text: string): CodeBlock[] {
  const out: CodeBlock[] = [];
  const lines = text.split("\n");
  let open: { fence: string; indent: number; line: number; lang: string; meta: string; body: string[] } | null = null;
  lines.forEach((raw, i) => {
    if (open) {
      const close = /^(\s*)(`{3,}|~{3,})\s*$/.exec(raw);
      if (close && close[2][0] === open.fence[0] && close[2].length >= open.fence.length) {
        out.push({ file, line: open.line, lang: open.lang, meta: open.meta, code: open.body.join("\n") });
        open = null;
      } else {
        // Drop the fence's own indentation (at most), as CommonMark does.
        const strip = Math.min(open.indent, raw.length - raw.trimStart().length);
        open.body.push(raw.slice(strip));
      }
      return;
    }
    const start = /^(\s*)(`{3,}|~{3,})([^\s`]*)\s*(.*)$/.exec(raw);
    if (start) {
      open = {
        fence: start[2],
        indent: start[1].length,
        line: i + 1,
        lang: start[3].toLowerCase(),
        meta: start[4].trim(),
        body: [],
      };
    }
  });
  if (open) throw new Error(`${file}:${(open as { line: number }).line}: code fence is never closed`);
  return out;
}

/** Every code block of every .mdx page under content/. */
export function allContentBlocks(): CodeBlock[] {
  const files = fg.sync("content/**/*.mdx", { cwd: root }).sort();
  return files.flatMap((f) => extractCodeBlocks(f, readFileSync(root + f, "utf8")));
}

/** Words of the fence meta that are not title="…" or {lines}: `test`, `complete`, `signature`… */
export function metaFlags(meta: string): Set<string> {
  const rest = meta.replace(/title=(?:"[^"]*"|'[^']*'|\S+)/g, " ").replace(/\{[\d,\s-]+\}/g, " ");
  return new Set(rest.split(/\s+/).filter(Boolean));
}

/** The value of title="…" in the fence meta, if any. */
export function metaTitle(meta: string): string | undefined {
  const t = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  return t ? (t[1] ?? t[2] ?? t[3]) : undefined;
}
