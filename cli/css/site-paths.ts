// A site path in the site's CSS (`url(/img/hero.png)`, `url("/font/Inter.woff2?v=2")`) names a file the way
// Docusaurus' webpack finds it: its `resolve.roots` are the static folder, then the site folder (@docusaurus/core,
// webpack/base.js), so css-loader takes the file into the bundle and the stylesheet links the copy it emits under
// the base URL. Kept as written, the path would be a 404 on a site not served at `/`. The brand stylesheet
// (cli/brand/) and the components' stylesheets (cli/mdx/components.ts, cli/islands/bundle.ts) resolve it alike.
import type { Plugin } from "esbuild";
import { readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import { applyAliases } from "../config/aliases.ts";

export interface SitePathOptions {
  rootDir: string;
  /** Where the Docusaurus project's folders went (`docusaurus.aliases`): `/src/x.png` as the project wrote it. */
  aliases: Record<string, string>;
  /**
   * Gets the folders looked in (absolute), found or not: a file added there later changes what the url() names, so
   * a kept bundle records them (cli/cache/recorded-inputs.ts, `folder:`).
   */
  lookedIn: Set<string>;
  /** Told about a url() that names no file (it stays as written): the message names the stylesheet and line. */
  missing?: (message: string) => void;
  /** The files the bundle has a loader for (by name): another one found stays as written, served from static/. */
  loads: RegExp;
}

const isFile = (abs: string) => {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
};

/**
 * The file a site path names (absolute), with the query or hash it carries (`?#iefix`), or undefined when neither
 * the static folder nor the site folder holds it.
 */
export function siteFileOf(
  rootDir: string,
  aliases: Record<string, string>,
  path: string,
  lookedIn?: Set<string>,
): { file: string; suffix: string } | undefined {
  const at = path.search(/[?#]/);
  const suffix = at < 0 ? "" : path.slice(at);
  let rel = (at < 0 ? path : path.slice(0, at)).slice(1);
  try {
    rel = decodeURIComponent(rel);
  } catch {
    // a stray `%`: the path as written
  }
  for (const abs of [join(rootDir, "static", rel), join(rootDir, applyAliases(rel, aliases))]) {
    lookedIn?.add(dirname(abs));
    if (isFile(abs)) return { file: abs, suffix };
  }
  return undefined;
}

/** Where a stylesheet names a path: its site-relative name and the first line holding the path (when readable). */
function whereNamed(rootDir: string, importer: string, path: string): string {
  const name = isAbsolute(importer) ? relative(rootDir, importer).split("\\").join("/") : importer;
  try {
    const lines = readFileSync(importer, "utf8").split("\n");
    const line = lines.findIndex((l) => l.includes(path));
    return line < 0 ? name : `${name}:${line + 1}`;
  } catch {
    return name;
  }
}

/**
 * esbuild's resolution of site paths in a stylesheet's `url()`: the file, which the bundle's loaders then take in
 * (a hashed copy, or a data: URL); a path naming no file stays as written, told to `missing`. An `@import` of a
 * site path and a protocol-relative `//host/x` are left as written.
 */
export function sitePathUrls(o: SitePathOptions): Plugin {
  return {
    name: "docsite-css-site-paths",
    setup(b) {
      b.onResolve({ filter: /^\/[^/]/ }, (a) => {
        if (a.kind === "import-rule") return { path: a.path, external: true };
        if (a.kind !== "url-token") return undefined;
        const found = siteFileOf(o.rootDir, o.aliases, a.path, o.lookedIn);
        if (found && o.loads.test(found.file)) return { path: found.file, suffix: found.suffix };
        if (found) return { path: a.path, external: true };
        o.missing?.(
          `${whereNamed(o.rootDir, a.importer, a.path)}: url(${a.path}) names no file in static/ or the site folder, ` +
            "so it is left as written and is a 404 under the base URL (Docusaurus fails its build here): add the file " +
            "to static/ or fix the path",
        );
        return { path: a.path, external: true };
      });
    },
  };
}
