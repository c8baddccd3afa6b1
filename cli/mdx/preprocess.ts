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
export function preprocess(body: string, opts: { md?: boolean } = {}): string {
  return mapProseLines(body, (line) => {
    const out = line
      // Any id without blanks or braces, as Docusaurus reads it (`{#установка}` too).
      .replace(/^(\s*#{1,6}\s.*?)\s*\{#([^\s{}]+)\}\s*$/, "$1 \\{#$2\\}")
      // Docusaurus 3's MDX-safe form: `## Title {/* #id */}`.
      .replace(/^(\s*#{1,6}\s.*?)\s*\{\/\*\s*#([^\s{}*]+)\s*\*\/\}\s*$/, "$1 \\{#$2\\}")
      .replace(/^(\s*:::+)(note|tip|info|warning|danger|caution|important)[ \t]+([^[\s].*)$/, "$1$2[$3]");
    // Markdown (.md) keeps HTML comments: they are raw HTML there, as in CommonMark.
    return opts.md ? out : out.replace(/<!--(.*?)-->/g, "{/*$1*/}");
  });
}
