// The last guard before `docsite build` writes: every output path lies inside its folder. Slugs, permalinks and
// config values are checked where they are read, with their file and line (content/url-segments.ts,
// config/load.ts); this module refuses whatever still gets through, by two rules:
//  - lexical: an output path is relative, with no empty, `.` or `..` segment and no NUL;
//  - symbolic links: static/ is copied into the output with its links as they are, so a generated file must not be
//    written through one (a link `static/docs -> /home/me` would put the pages there, and a link in place of a
//    generated file would have it written at the link's target).
import { readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { SiteConfig } from "../config/types.ts";
import type { Route } from "../routes/types.ts";
import { outputFileOf } from "../content/paths.ts";
import { DocsiteError } from "../log.ts";

const SEPARATORS = process.platform === "win32" ? /[/\\]/ : /\//;

/** Why `rel` is not a path inside the output folder, or null when it is one. */
export function escapeOf(rel: string): string | null {
  if (rel === "") return "it is empty";
  if (rel.includes("\0")) return "it holds a NUL character";
  if (rel.startsWith("/") || /^[A-Za-z]:/.test(rel) || (sep === "\\" && rel.startsWith("\\")))
    return "it is an absolute path";
  const bad = rel.split(SEPARATORS).find((s) => s === "" || s === "." || s === "..");
  return bad === undefined ? null : bad === "" ? "it has an empty segment" : `it has a "${bad}" segment`;
}

/** Throws a DocsiteError (nothing written yet) for the first output path that would leave the output folder. */
export function assertInsideOutput(
  paths: Iterable<string>,
  originOf: (rel: string) => string | undefined = () => undefined,
) {
  for (const rel of paths) {
    const why = escapeOf(rel);
    if (why)
      throw new DocsiteError(
        `refusing to write ${JSON.stringify(rel)} into the output: ${why}, so it would land outside the output folder`,
        { file: originOf(rel) },
        "check the slug, permalink or config value that gives this path",
      );
  }
}

/** Each route's output file is inside the output folder; the error names the route's source file. */
export function assertRoutesInside(config: SiteConfig, routes: Route[]): void {
  const origin = new Map<string, string>();
  for (const r of routes) origin.set(outputFileOf(config, r.path), r.origin);
  assertInsideOutput(origin.keys(), (rel) => origin.get(rel));
}

/** The symbolic links under `dir` (a fresh output holding static/'s copy), as paths relative to it with `/`. */
export function linksUnder(dir: string): Set<string> {
  const out = new Set<string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isSymbolicLink()) out.add(relative(dir, join(e.parentPath, e.name)).split(sep).join("/"));
  return out;
}

/**
 * Makes writing `files` into `dir` safe from the links `links` (from `linksUnder`): a link where a generated file
 * goes is removed (the generated file replaces it, as it replaces a plain static file); a link where a folder of
 * generated files goes is an error naming it.
 */
export async function clearLinksInTheWay(dir: string, files: Iterable<string>, links: Set<string>): Promise<void> {
  if (!links.size) return;
  for (const rel of files) {
    if (links.has(rel)) {
      await rm(join(dir, rel), { force: true });
      links.delete(rel);
      continue;
    }
    for (let at = rel.indexOf("/"); at > 0; at = rel.indexOf("/", at + 1)) {
      const folder = rel.slice(0, at);
      if (links.has(folder))
        throw new DocsiteError(
          `is a symbolic link, and the site writes ${rel} under it: that page would be written wherever the link points`,
          { file: `static/${folder}` },
          `replace the link with a folder (a copy), or move it away from the site's paths`,
        );
    }
  }
}
