// Files that pages refer to outside static/ (an image next to a doc, an imported PDF): each is published once at
// the URL the compile step gave it, with its bytes unchanged.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { CompiledMdx } from "../mdx/compile.ts";

/** Output file (relative to the site's output folder) → source file (relative to the site folder). */
export function pageAssets(compiled: Iterable<CompiledMdx>, baseUrl: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of compiled)
    for (const a of c.modules?.assets ?? [])
      if (a.url.startsWith(baseUrl)) out.set(a.url.slice(baseUrl.length), a.file);
  return out;
}

export async function readPageAssets(rootDir: string, assets: Map<string, string>): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const [out, src] of assets) files.set(out, await readFile(join(rootDir, src)));
  return files;
}
