// JSON files the user edits (site.config.json, i18n/*.json, sidebars): a syntax error names the line and column.
// V8's JSON.parse gives a position for some errors and none for others, so the position comes from a small scanner.
import { readFileSync } from "node:fs";
import { DocsiteError } from "../log.ts";

/**
 * The text of a file the user writes (`abs`; `file` names it in messages). A folder in its place is an error naming
 * it (Node's EISDIR names no path); `hint` says what the file should be.
 */
export function readUserFile(abs: string, file: string, hint: string): string {
  try {
    return readFileSync(abs, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EISDIR") throw err;
    throw new DocsiteError("is a folder, but it must be a file", { file }, `rename or move that folder; ${hint}`);
  }
}

/** Line and column (1-based) of a character offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lastBreak = before.lastIndexOf("\n");
  return { line: before.split("\n").length, column: before.length - lastBreak };
}

/** A key that an object of a JSON text has twice: JSON.parse keeps the last value without a word. */
export interface DuplicateKey {
  key: string;
  line: number;
  firstLine: number;
}

/** The keys repeated within one object of a valid JSON text, with the lines of both. */
export function duplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  jsonErrorOffset(text, (keysOfObject) => {
    const first = new Map<string, number>();
    for (const { key, at } of keysOfObject) {
      const seen = first.get(key);
      if (seen === undefined) first.set(key, at);
      else found.push({ key, line: lineColumnAt(text, at).line, firstLine: lineColumnAt(text, seen).line });
    }
  });
  return found.sort((a, b) => a.line - b.line);
}

/**
 * Offset of the first syntax error in `text`, or -1 when it is valid JSON. `onObject` gets each object's keys
 * (decoded) with their offsets, as the scan closes it.
 */
export function jsonErrorOffset(text: string, onObject?: (keys: Array<{ key: string; at: number }>) => void): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    if (!text.startsWith(word, i)) fail();
    i += word.length;
  };
  const string = () => {
    if (text[i] !== '"') fail();
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] < " ") fail();
      if (text[i] === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "")) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail();
    i += (m as RegExpExecArray)[0].length;
  };
  const object = () => {
    i++;
    ws();
    if (text[i] === "}") {
      i++;
      return;
    }
    const keys: Array<{ key: string; at: number }> = [];
    for (;;) {
      ws();
      const at = i;
      string();
      if (onObject) keys.push({ key: JSON.parse(text.slice(at, i)) as string, at });
      ws();
      if (text[i] !== ":") fail();
      i++;
      value();
      ws();
      if (text[i] === "}") break;
      if (text[i] !== ",") fail();
      i++;
    }
    i++;
    onObject?.(keys);
  };
  const array = () => {
    i++;
    ws();
    if (text[i] === "]") {
      i++;
      return;
    }
    for (;;) {
      value();
      ws();
      if (text[i] === "]") break;
      if (text[i] !== ",") fail();
      i++;
    }
    i++;
  };
  const LITERALS: Record<string, string> = { t: "true", f: "false", n: "null" };
  function value(): void {
    ws();
    const c = text[i];
    if (c === "{") object();
    else if (c === "[") array();
    else if (c === '"') string();
    else if (c in LITERALS) literal(LITERALS[c]);
    else number();
  }
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (at) {
    return at as number;
  }
}

/** JSON.parse with a DocsiteError naming file, line and column on a syntax error. */
export function parseJsonText<T = unknown>(text: string, file: string, hint?: string): T {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, "")) as T;
  } catch (err) {
    const clean = text.replace(/^\uFEFF/, "");
    const offset = jsonErrorOffset(clean);
    const { line, column } = lineColumnAt(clean, offset < 0 ? clean.length : offset);
    const found = offset >= 0 && offset < clean.length ? JSON.stringify(clean[offset]) : "the end of the file";
    const reason = (err as Error).message
      .replace(/, ".*" is not valid JSON$/s, "")
      .replace(/ in JSON at .*$/s, "")
      .replace(/\n/g, "\\n");
    throw new DocsiteError(
      `is not valid JSON: ${reason} (found ${found})`,
      { file, line, column },
      hint ?? "fix the JSON syntax (trailing commas and comments are not allowed; quote every key)",
    );
  }
}
