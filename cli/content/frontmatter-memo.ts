// Parsed front matter kept between processes, by the hash of its YAML text: a build or dev start whose pages'
// front matter did not change parses none of it (YAML parsing was about 70 ms of a 0.8 s no-change build here).
// One small file in the build cache, written atomically, holding only the entries the last scan used. An entry is
// kept only when it survives JSON unchanged (no dates or other objects), so a memo hit gives exactly what a parse
// gives; the key also covers the parser (frontmatter.ts and the yaml package), so a change there drops the memo.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fromRoot, packageRequire } from "../boot/locations.ts";
import type { FrontMatter } from "./frontmatter.ts";

export interface FrontMatterMemo {
  /**
   * The front matter of this YAML text: a fresh copy of what an earlier parse gave, or `parse()`'s result, kept when
   * JSON keeps it as it is.
   */
  parsed(yaml: string, parse: () => FrontMatter): FrontMatter;
  /** Writes the entries used since opening, when they differ from what was read. */
  save(): void;
}

interface MemoFile {
  parser: string;
  /** YAML text hash → the front matter as JSON text. */
  entries: Record<string, string>;
}

const hashText = (s: string) => createHash("sha256").update(s).digest("base64url").slice(0, 22);

let parserKey: string | undefined;
/** The parser's identity: frontmatter.ts and the yaml package's version. */
function parser(): string {
  parserKey ??= hashText(
    readFileSync(fromRoot("cli", "content", "frontmatter.ts"), "utf8") +
      (packageRequire("yaml/package.json") as { version: string }).version,
  );
  return parserKey;
}

/** True when `value` is plain JSON data: strings, finite numbers, booleans, null, arrays and plain objects. */
function isJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value as object).every(isJson);
  return false;
}

export function openFrontMatterMemo(cacheDir: string): FrontMatterMemo {
  const file = join(cacheDir, "frontmatter.json");
  let known: Record<string, string> = {};
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as MemoFile;
    if (data.parser === parser() && data.entries && typeof data.entries === "object") known = data.entries;
  } catch {
    // none yet, or unreadable: every front matter is parsed
  }
  const used: Record<string, string> = {};
  let changed = false;
  return {
    parsed(yaml, parse) {
      const key = hashText(yaml);
      const json = used[key] ?? known[key];
      if (json !== undefined) {
        used[key] = json;
        return JSON.parse(json) as FrontMatter;
      }
      const data = parse();
      if (isJson(data)) {
        used[key] = JSON.stringify(data);
        changed = true;
      }
      return data;
    },
    save() {
      if (!changed && Object.keys(used).length === Object.keys(known).length) return;
      try {
        mkdirSync(dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, JSON.stringify({ parser: parser(), entries: used } satisfies MemoFile));
        renameSync(tmp, file);
      } catch {
        // only an optimisation: the next scan parses again
      }
    },
  };
}
