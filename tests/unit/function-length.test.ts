// No function in cli/ is over 150 lines (issue 42: a 219-line build function with 11 positional parameters was the
// file most often changed, and every change touched all of it). The functions still over are listed here, each with
// why; a new long function fails the test, and so does a listed one that got shorter (take it off the list).
// Measured with the TypeScript compiler's own parser (typescript/unstable/ast, TypeScript 7's API), from the first
// line of a function's own text (after its doc comment) to its last.
import { describe, it, expect } from "vitest";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { API } from "typescript/unstable/sync";
import * as is from "typescript/unstable/ast/is";
import type { Node } from "typescript/unstable/ast";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const LIMIT = 150;

/** `file:name` → why it is still long. None today: every function of cli/ is at most 150 lines. */
const KNOWN: Record<string, string> = {};

const FUNCTION_LIKE = [
  is.isFunctionDeclaration,
  is.isFunctionExpression,
  is.isArrowFunction,
  is.isMethodDeclaration,
  is.isConstructorDeclaration,
  is.isGetAccessorDeclaration,
  is.isSetAccessorDeclaration,
];

/** Leading blank space and comments (a node's `pos` is before its doc comment). */
const TRIVIA = /^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/;

/** Every function of cli/ over `limit` lines, as `file:name` → its length in lines (the longest of a name). */
function longFunctions(limit: number): Map<string, number> {
  const api = new API({ cwd: repo });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [join(repo, "tsconfig.json")] });
    const program = snapshot.getProjects()[0].program;
    const found = new Map<string, number>();
    for (const name of program.getSourceFileNames()) {
      const file = relative(repo, name).split("\\").join("/");
      if (!file.startsWith("cli/")) continue;
      const source = program.getSourceFile(name)!;
      const text = source.text;
      const lineStarts = [0];
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
      const lineOf = (pos: number) => {
        let lo = 0;
        let hi = lineStarts.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (lineStarts[mid] <= pos) lo = mid;
          else hi = mid - 1;
        }
        return lo + 1;
      };
      const visit = (n: Node): void => {
        if (FUNCTION_LIKE.some((test) => test(n)) && (n as { body?: Node }).body) {
          const start = n.pos + TRIVIA.exec(text.slice(n.pos))![0].length;
          const lines = lineOf(n.end) - lineOf(start) + 1;
          const named = (n as { name?: { text?: string } }).name?.text ?? "(anonymous)";
          if (lines > limit) found.set(`${file}:${named}`, Math.max(lines, found.get(`${file}:${named}`) ?? 0));
        }
        n.forEachChild((c) => {
          visit(c);
        });
      };
      visit(source);
    }
    return found;
  } finally {
    api.close();
  }
}

describe("function length in cli/", () => {
  it(`has no function over ${LIMIT} lines but the listed ones`, () => {
    // One parse (the compiler runs as a process of its own); the limit is applied here.
    const measured = longFunctions(40);
    const long = new Map([...measured].filter(([, n]) => n > LIMIT));
    // The measure works: at a lower limit it finds functions of cli/ (dozens are over 40 lines).
    expect(measured.size).toBeGreaterThan(10);
    const unlisted = [...long].filter(([k]) => !(k in KNOWN)).map(([k, n]) => `${k} (${n} lines)`);
    expect(unlisted, "split it, or list it in KNOWN with the reason").toEqual([]);
    const shorter = Object.keys(KNOWN).filter((k) => !long.has(k));
    expect(shorter, "no longer over the limit: take it off KNOWN").toEqual([]);
  });
});
