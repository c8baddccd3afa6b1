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
 * - `<!-- comment -->`: not valid in MDX; turned into an MDX comment (CommentRewriter).
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
  const comments = new CommentRewriter();
  return mapProseLines(body, (line) => {
    // Inside a comment the line is comment text: nothing else applies to it.
    if (!opts.md && comments.inComment) return comments.line(line);
    const out = line
      // Any id without blanks or braces, as Docusaurus reads it (`{#установка}` too).
      .replace(/^(\s*#{1,6}\s.*?)\s*\{#([^\s{}]+)\}\s*$/, "$1 \\{#$2\\}")
      // Docusaurus 3's MDX-safe form: `## Title {/* #id */}`.
      .replace(/^(\s*#{1,6}\s.*?)\s*\{\/\*\s*#([^\s{}*]+)\s*\*\/\}\s*$/, "$1 \\{#$2\\}")
      .replace(/^(\s*:::+)(note|tip|info|warning|danger|caution|important)[ \t]+([^[\s].*)$/, "$1$2[$3]");
    // Markdown (.md) keeps HTML comments: they are raw HTML there, as in CommonMark.
    return opts.md ? out : comments.line(out);
  });
}

/**
 * Whether a quote after `before` (the line so far) opens a JavaScript string: not after a word or a closing
 * bracket, where it is JSX text inside an expression (`{x && <p>Don't</p>}`).
 */
const stringMayStart = (before: string) => !/[\p{L}\p{N}_$)\]]$/u.test(before.trimEnd());

type Frame =
  /** A JSX tag, from `<Name` to its `>`. */
  | "tag"
  /** A `{…}` expression (in text or in a tag's attribute). */
  | "expr"
  /** An ESM block (`import`/`export` at a line start), to the next blank line. */
  | "esm";

/**
 * Turns Markdown's `<!-- … -->` into MDX comments `{/* … *\/}`, and only those: a `<!--` inside a JSX attribute's
 * string (`<Foo text="a <!-- b" />`), a JavaScript string or comment of an expression or ESM line
 * (`{"<!-- x -->"}`), or an inline code span is text of that construct and stays as written. A line at a time
 * (its length in lines kept); a tag, expression, string or comment may span lines.
 */
class CommentRewriter {
  /** Inside `<!--` (its `-->` not seen yet). */
  inComment = false;
  private readonly stack: Frame[] = [];
  /** The quote of an open JavaScript or attribute string, or `/*` in a JavaScript block comment. */
  private quote: string | null = null;

  line(line: string): string {
    if (!line.trim() && this.stack.at(-1) === "esm") this.stack.pop();
    if (!this.stack.length && !this.inComment && /^(import|export)\s/.test(line)) this.stack.push("esm");
    let out = "";
    let i = 0;
    while (i < line.length) {
      if (this.inComment) {
        const end = line.indexOf("-->", i);
        const text = line.slice(i, end < 0 ? line.length : end).replace(/\*\//g, "* /");
        if (end < 0) return out + text;
        out += `${text}*/}`;
        this.inComment = false;
        i = end + 3;
        continue;
      }
      const c = line[i];
      const frame = this.stack.at(-1);
      if (this.quote) {
        if (this.quote === "/*") {
          const end = line.indexOf("*/", i);
          if (end < 0) return out + line.slice(i);
          out += line.slice(i, end + 2);
          this.quote = null;
          i = end + 2;
          continue;
        }
        if (c === "\\" && frame !== "tag") {
          out += line.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (c === this.quote) this.quote = null;
        out += c;
        i++;
        continue;
      }
      if (!frame) {
        if (c === "\\") {
          out += line.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (c === "`") {
          // An inline code span: its run of backticks closed by the same run on this line.
          const run = /^`+/.exec(line.slice(i))![0];
          const close = line.indexOf(run, i + run.length);
          const end = close < 0 ? i + run.length : close + run.length;
          out += line.slice(i, end);
          i = end;
          continue;
        }
        if (line.startsWith("<!--", i)) {
          out += "{/*";
          this.inComment = true;
          i += 4;
          continue;
        }
        if (/^<[A-Za-z/>]/.test(line.slice(i, i + 2))) this.stack.push("tag");
        else if (c === "{") this.stack.push("expr");
        out += c;
        i++;
        continue;
      }
      if (frame === "tag") {
        if (c === '"' || c === "'") this.quote = c;
        else if (c === "{") this.stack.push("expr");
        else if (c === ">") this.stack.pop();
      } else {
        if ((c === '"' || c === "'" || c === "`") && stringMayStart(out)) this.quote = c;
        else if (line.startsWith("//", i) && /(^|[\s;,({[])$/.test(out)) return out + line.slice(i);
        else if (line.startsWith("/*", i)) {
          this.quote = "/*";
          out += "/*";
          i += 2;
          continue;
        } else if (c === "{") this.stack.push("expr");
        else if (c === "}" && frame === "expr") this.stack.pop();
        else if (/^<[A-Za-z>]/.test(line.slice(i, i + 2))) this.stack.push("tag");
      }
      out += c;
      i++;
    }
    // A JavaScript '…' or "…" string ends with its line; an apostrophe in JSX text inside an expression
    // (`{x && <p>Don't</p>}`) must not hide the rest of the page.
    if ((this.quote === "'" || this.quote === '"') && this.stack.at(-1) !== "tag") this.quote = null;
    return out;
  }
}
