// Which syntax a content file is compiled with. docsite's own projects: `.md` is CommonMark with raw HTML, `.mdx`
// is MDX. A project imported from Docusaurus reads as Docusaurus 3 reads it: `markdown.format` "mdx" (the default:
// `.md` files are MDX too), "md" (all CommonMark), or "detect" (by extension), and a file's own front matter
// `format: md | mdx | detect` over that. The front matter is read from the file here (the compile gets the body
// without it), and the answer is part of the compile's cache key, so an edited `format:` line compiles again.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import type { ModuleContext } from "./modules.ts";

export type Syntax = "md" | "mdx";

const byExtension = (file: string): Syntax => (/\.md$/i.test(file) ? "md" : "mdx");

/** The front matter's `format`, when the file has one of the three values. */
function frontMatterFormat(abs: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(abs, "utf8");
  } catch {
    return undefined;
  }
  const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  if (!m || !/^format\s*:/m.test(m[1])) return undefined;
  try {
    const data = parse(m[1]) as { format?: unknown } | null;
    return typeof data?.format === "string" ? data.format : undefined;
  } catch {
    return undefined; // the scan reports a broken front matter with its line
  }
}

export function syntaxOf(file: string, ctx: ModuleContext | undefined): Syntax {
  if (!ctx?.docusaurus) return byExtension(file);
  const chosen = frontMatterFormat(join(ctx.rootDir, file)) ?? ctx.format ?? "mdx";
  return chosen === "md" ? "md" : chosen === "detect" ? byExtension(file) : "mdx";
}
