// Files that pages refer to outside static/ (an image next to a doc, an imported PDF): each is published once at
// the URL the compile step gave it, with its bytes unchanged.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { CompiledMdx } from "../mdx/compile.ts";
import { hashText } from "../cache/hash.ts";

/**
 * Output file (relative to the site's output folder) → source file (relative to the site folder). `more`: the files
 * the site's React pages and theme overrides emitted (cli/mdx/asset-loader.ts).
 */
export function pageAssets(
  compiled: Iterable<CompiledMdx>,
  baseUrl: string,
  more: Iterable<{ file: string; url: string }> = [],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of [...[...compiled].flatMap((c) => c.modules?.assets ?? []), ...more])
    if (a.url.startsWith(baseUrl)) out.set(a.url.slice(baseUrl.length), a.file);
  return out;
}

export async function readPageAssets(rootDir: string, assets: Map<string, string>): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const [out, src] of assets) files.set(out, await readFile(join(rootDir, src)));
  return files;
}

/**
 * One stylesheet with the CSS of every project component the pages import (CSS modules and plain .css), each
 * distinct block once; null when no page imports a component with CSS (the Testplane site's case).
 */
export function componentStylesheet(
  compiled: Iterable<CompiledMdx>,
  baseUrl: string,
  /** More CSS: the site's React pages' (cli/pages/). */
  more: Iterable<string> = [],
): { file: string; url: string; css: string } | null {
  const blocks = new Set<string>();
  for (const c of compiled) for (const s of c.modules?.styles ?? []) blocks.add(s);
  for (const s of more) blocks.add(s);
  if (!blocks.size) return null;
  const css = [...blocks].join("\n");
  const file = `assets/components-${hashText(css).slice(0, 10)}.css`;
  return { file, url: baseUrl + file, css };
}
