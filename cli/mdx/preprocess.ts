// Source-level rewrites that must happen before the MDX parser sees the text. Each keeps the line count, so
// parser positions stay equal to file positions.

const FENCE = /^\s*(`{3,}|~{3,})/;

/** Calls `fn` for each line outside fenced code blocks. */
function mapProseLines(text: string, fn: (line: string) => string): string {
  let fence: string | null = null;
  return text
    .split("\n")
    .map((line) => {
      const f = FENCE.exec(line);
      if (f) {
        if (!fence) fence = f[1];
        else if (line.trim().startsWith(fence)) fence = null;
        return line;
      }
      return fence ? line : fn(line);
    })
    .join("\n");
}

/**
 * Docusaurus syntax that plain MDX rejects:
 * - `## Title {#id}` (and Docusaurus' MDX-comment form of it): MDX would read `{#id}` as a JavaScript expression;
 *   escaped braces reach the heading plugin as text.
 * - `:::tip Title`: remark-directive only knows `:::tip[Title]`.
 * - `<!-- comment -->`: not valid in MDX; turned into an MDX comment.
 */
/**
 * Docusaurus' ```` ```mdx-code-block ```` fences hold MDX that is to be read as MDX (a form translation tools leave
 * alone): the fence lines go (as empty lines, so positions stay), their content stays.
 */
function unwrapMdxCodeBlocks(body: string): string {
  if (!body.includes("mdx-code-block")) return body;
  const lines = body.split("\n");
  let fence: string | null = null;
  let unwrapping = false;
  for (let i = 0; i < lines.length; i++) {
    const f = /^\s*(`{3,}|~{3,})\s*(\S*)/.exec(lines[i]);
    if (!f) continue;
    if (!fence) {
      fence = f[1];
      unwrapping = f[2] === "mdx-code-block";
      if (unwrapping) lines[i] = "";
    } else if (lines[i].trim().startsWith(fence) && !f[2]) {
      if (unwrapping) lines[i] = "";
      fence = null;
      unwrapping = false;
    }
  }
  return lines.join("\n");
}

export function preprocess(input: string, opts: { md?: boolean } = {}): string {
  const body = opts.md ? input : unwrapMdxCodeBlocks(input);
  // A comment open at the end of a line (`<!--` without `-->`) continues on the next prose lines.
  let inComment = false;
  return mapProseLines(body, (line) => {
    if (!opts.md && inComment) {
      const end = line.indexOf("-->");
      if (end < 0) return line.replace(/\*\//g, "* /");
      inComment = false;
      return `${line.slice(0, end).replace(/\*\//g, "* /")}*/}${comments(line.slice(end + 3))}`;
    }
    const out = line
      // Any id without blanks or braces, as Docusaurus reads it (`{#установка}` too).
      .replace(/^(\s*#{1,6}\s.*?)\s*\{#([^\s{}]+)\}\s*$/, "$1 \\{#$2\\}")
      // Docusaurus 3's MDX-safe form: `## Title {/* #id */}`.
      .replace(/^(\s*#{1,6}\s.*?)\s*\{\/\*\s*#([^\s{}*]+)\s*\*\/\}\s*$/, "$1 \\{#$2\\}")
      .replace(/^(\s*:::+)(note|tip|info|warning|danger|caution|important)[ \t]+([^[\s].*)$/, "$1$2[$3]");
    // Markdown (.md) keeps HTML comments: they are raw HTML there, as in CommonMark.
    if (opts.md) return out;
    const converted = comments(out);
    const open = converted.lastIndexOf("<!--");
    if (open < 0) return converted;
    inComment = true;
    return `${converted.slice(0, open)}{/*${converted.slice(open + 4).replace(/\*\//g, "* /")}`;
  });
}

/** Each `<!-- … -->` of a line as an MDX comment (a `*` `/` inside would end it early: spaced apart). */
const comments = (line: string) =>
  line.replace(/<!--(.*?)-->/g, (_all, text: string) => `{/*${text.replace(/\*\//g, "* /")}*/}`);
