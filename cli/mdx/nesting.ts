// How deep a page may nest lists and quotes. The Markdown parser re-reads every open container on every line and
// the MDX tool chain walks its tree recursively, so depth costs far more than length: a list indented 400 levels
// takes seconds to parse, 800 levels close to a minute, and 5,000 levels of `> ` or `- ` overflow the stack. No
// real page comes near the limit (Docusaurus sites nest lists a handful of levels); a page beyond it gets an error
// at the line where it goes too deep, before the parser starts. Deep JSX, which the scan below does not measure,
// ends in a stack overflow within seconds: `tooDeep` turns that into the same kind of message.
import { DocsiteError } from "../log.ts";

export const MAX_NESTING = 100;

const HINT =
  "flatten the structure (split the list, use headings or a table); a page may nest lists and quotes " +
  `${MAX_NESTING} levels deep`;

/** A quote marker or list marker (`-`, `*`, `+`, `1.`, `1)`) with the blanks after it, where the scan stands. */
const MARKER = /(?:>|[-*+]|\d{1,9}[.)])(?=[ \t]|$)[ \t]*/y;

/**
 * The container depth a line opens or continues: its indentation (two columns per level, the narrowest a list
 * item's content can be indented), then each `>` and list marker that follows. Returns the text after them.
 */
function lineDepth(line: string): { depth: number; rest: string } {
  let i = 0;
  let columns = 0;
  for (; line[i] === " " || line[i] === "\t"; i++) columns += line[i] === "\t" ? 4 : 1;
  let depth = Math.floor(columns / 2);
  for (MARKER.lastIndex = i; MARKER.test(line); MARKER.lastIndex = i) {
    depth++;
    i = MARKER.lastIndex;
  }
  return { depth, rest: line.slice(i) };
}

/** Throws a DocsiteError at the first line nested deeper than MAX_NESTING (fenced code is not looked into). */
export function checkNesting(body: string, file: string, bodyOffset: number): void {
  const lines = body.split("\n");
  let fence: { char: string; length: number } | null = null;
  for (let n = 0; n < lines.length; n++) {
    const { depth, rest } = lineDepth(lines[n]);
    const f = /^(`{3,}|~{3,})/.exec(rest);
    if (fence) {
      if (f && f[1][0] === fence.char && f[1].length >= fence.length && rest.slice(f[1].length).trim() === "")
        fence = null;
      continue;
    }
    if (f) fence = { char: f[1][0], length: f[1].length };
    if (depth > MAX_NESTING)
      throw new DocsiteError(
        `lists and quotes are nested ${depth} levels deep here, more than docsite compiles (${MAX_NESTING})`,
        { file, line: n + 1 + bodyOffset },
        HINT,
      );
  }
}

export const isStackOverflow = (err: unknown): boolean =>
  err instanceof RangeError && /Maximum call stack size exceeded/.test(err.message);

/** The error for a page whose compile overflowed the stack, at the line where its JSX elements nest deepest. */
export function tooDeep(body: string, file: string, bodyOffset: number): DocsiteError {
  let depth = 0;
  let deepest = { depth: 0, line: 0 };
  body.split("\n").forEach((line, n) => {
    for (const m of line.matchAll(/<(\/?)[A-Za-z][^<>]*?(\/?)>/g)) {
      if (m[1]) depth = Math.max(0, depth - 1);
      else if (!m[2]) depth++;
      if (depth > deepest.depth) deepest = { depth, line: n + 1 };
    }
  });
  return new DocsiteError(
    "the page nests its elements too deeply to compile (the compiler ran out of stack)",
    { file, line: deepest.line ? deepest.line + bodyOffset : undefined },
    `flatten the structure: nest JSX elements, lists and quotes at most ${MAX_NESTING} levels deep`,
  );
}
