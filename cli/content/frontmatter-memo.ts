// Parsed front matter kept between processes, by the hash of its YAML text: a build or dev start whose pages'
// front matter did not change parses none of it. One entry file in the build cache (store `frontmatter`), holding
// only the entries the last scan used, under a key of the toolchain (cli/cache/identity.ts: the parser's code and
// the yaml package are part of it). An entry is kept only when it survives JSON unchanged (no dates or other
// objects), so a memo hit gives exactly what a parse gives.
import type { BuildCache } from "../cache/cache.ts";
import { hashText } from "../cache/hash.ts";
import type { FrontMatter, FrontMatterMemo } from "./frontmatter.ts";

export const FRONTMATTER_STORE = "frontmatter";

/** True when `value` is plain JSON data: strings, finite numbers, booleans, null, arrays and plain objects. */
function isJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value as object).every(isJson);
  return false;
}

export function openFrontMatterMemo(cache: BuildCache): FrontMatterMemo {
  const key = cache.key(FRONTMATTER_STORE);
  let known: Record<string, string> = {};
  const text = cache.readText(FRONTMATTER_STORE, key, ".json");
  if (text !== undefined) {
    try {
      const entries = JSON.parse(text) as unknown;
      if (entries && typeof entries === "object" && !Array.isArray(entries)) known = entries as Record<string, string>;
      else cache.damaged(FRONTMATTER_STORE);
    } catch {
      cache.damaged(FRONTMATTER_STORE);
    }
  }
  const used: Record<string, string> = {};
  let changed = false;
  return {
    parsed(yaml, parse) {
      const k = hashText(yaml);
      const json = used[k] ?? known[k];
      if (typeof json === "string") {
        try {
          const data = JSON.parse(json) as FrontMatter;
          used[k] = json;
          return data;
        } catch {
          // checked with its file: cannot happen unless written wrong; parsed again below
        }
      }
      const data = parse();
      if (isJson(data)) {
        used[k] = JSON.stringify(data);
        changed = true;
      }
      return data;
    },
    save() {
      if (!changed && Object.keys(used).length === Object.keys(known).length) return;
      cache.write(FRONTMATTER_STORE, key, JSON.stringify(used), ".json");
    },
  };
}
