// Files content refers to outside the folders the import copies anyway (docs, blog, static, src, i18n): an
// `@site/core/Constants` import, a `require("../images/x.png")`, a `![](../../assets/y.png)`. Docusaurus reads them
// where they are; here the folder holding each (its top-level folder in the site, or a file at the site's root) is
// copied to the same place in the new project, so `@site/…` and relative paths resolve there as they did. A folder
// beside the site (a monorepo's `../assets/`) is copied under `external/` with an alias for its old path.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { isInside } from "./copy-tree.ts";

/** Specifiers and URLs in a content file that name a project path (`@site/…`, `./…`, `../…`). */
export function projectReferences(text: string): string[] {
  const out = new Set<string>();
  const patterns = [
    /\bfrom\s+["']([^"']+)["']/g,
    /^\s*import\s+["']([^"']+)["']/gm,
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
    /\]\(\s*<?([^)\s>]+)/g,
    /\b(?:src|href)=["']([^"']+)["']/g,
  ];
  for (const re of patterns)
    for (const m of text.matchAll(re)) {
      const spec = m[1].replace(/[?#].*$/, "");
      if (spec.startsWith("@site/") || spec.startsWith("./") || spec.startsWith("../")) out.add(spec);
    }
  return [...out];
}

const SCRIPT_EXTENSIONS = ["", ".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".json", ".md", ".mdx"];

/** The file or folder a specifier names (trying script extensions and index files), or undefined. */
function existing(abs: string): string | undefined {
  for (const ext of SCRIPT_EXTENSIONS) if (existsSync(abs + ext)) return abs + ext;
  for (const ext of SCRIPT_EXTENSIONS.slice(1))
    if (existsSync(join(abs, `index${ext}`))) return join(abs, `index${ext}`);
  return undefined;
}

export interface ReferencedCopy {
  /** Absolute path of a folder or file to copy. */
  from: string;
  /** Where it goes in the new project (relative, `/`-separated). */
  to: string;
  /** Its path relative to the site in the Docusaurus project, for an alias when it moves (outside the site). */
  alias?: string;
}

/**
 * What to copy so that the references of `sources` (absolute content files) resolve: folders and root files of the
 * site not under `copied` (absolute folders already copied), and folders beside the site inside `boundary`.
 */
export function referencedCopies(
  site: string,
  boundary: string,
  sources: string[],
  copied: string[],
): ReferencedCopy[] {
  const copies = new Map<string, ReferencedCopy>();
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  for (const file of sources) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const spec of projectReferences(text)) {
      const clean = decode(spec);
      const abs = clean.startsWith("@site/") ? join(site, clean.slice("@site/".length)) : join(dirname(file), clean);
      const target = existing(abs);
      if (!target || copied.some((c) => isInside(target, c))) continue;
      if (isInside(target, site)) {
        const rel = relative(site, target).split(sep);
        if (rel[0] === "node_modules" || rel[0].startsWith(".")) continue;
        const top = join(site, rel[0]);
        copies.set(top, { from: top, to: rel[0] });
      } else if (isInside(target, boundary)) {
        const rel = relative(boundary, target).split(sep);
        if (rel.includes("node_modules")) continue;
        const top = join(boundary, rel[0]);
        const to = `external/${rel[0]}`;
        copies.set(top, { from: top, to, alias: relative(site, top).split(sep).join("/") });
      }
    }
  }
  return [...copies.values()].filter(
    (c) => existsSync(c.from) && (statSync(c.from).isDirectory() || statSync(c.from).isFile()),
  );
}
