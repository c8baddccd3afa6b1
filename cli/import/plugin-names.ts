// Which package a plugin, preset or theme entry of the Docusaurus config names, as Docusaurus resolves it
// (@docusaurus/core, server/plugins/configs.ts): a full package name; a short one (`client-redirects` is tried as
// itself, `@docusaurus/plugin-client-redirects` and `docusaurus-plugin-client-redirects`; `@scope/x` as itself and
// `@scope/docusaurus-plugin-x`; `classic` as a preset is `@docusaurus/preset-classic`); or a path to the module
// (`require.resolve("@docusaurus/plugin-content-docs")`, an absolute file under node_modules). The package is
// looked up in the site's node_modules when installed; otherwise the first candidate that is a package Docusaurus
// ships, or the name as written.
import { createRequire } from "node:module";
import { isAbsolute, join, sep } from "node:path";

export type EntryKind = "plugin" | "preset" | "theme";

/** The packages whose short names the import must know without node_modules. */
const KNOWN = new Set([
  "@docusaurus/plugin-content-docs",
  "@docusaurus/plugin-content-blog",
  "@docusaurus/plugin-content-pages",
  "@docusaurus/plugin-client-redirects",
  "@docusaurus/plugin-sitemap",
  "@docusaurus/plugin-google-gtag",
  "@docusaurus/plugin-google-tag-manager",
  "@docusaurus/plugin-ideal-image",
  "@docusaurus/plugin-pwa",
  "@docusaurus/plugin-debug",
  "@docusaurus/plugin-svgr",
  "@docusaurus/preset-classic",
  "@docusaurus/theme-classic",
  "@docusaurus/theme-mermaid",
  "@docusaurus/theme-live-codeblock",
  "@docusaurus/theme-search-algolia",
  "docusaurus-plugin-sass",
]);

/** The folder load-module's stand-in paths lie under (a `require.resolve` of a package that is not installed). */
const NOT_INSTALLED = `${sep}.docsite-not-installed${sep}`;

/** The names Docusaurus tries for a short name, in its order. */
export function candidates(name: string, kind: EntryKind): string[] {
  if (name.startsWith("@")) {
    const [scope, rest] = name.split("/");
    if (!rest) return [`${scope}/docusaurus-${kind}`];
    return [name, `${scope}/docusaurus-${kind}-${rest}`];
  }
  return [name, `@docusaurus/${kind}-${name}`, `docusaurus-${kind}-${name}`];
}

/** The package a node_modules path lies in (`…/node_modules/@scope/name/lib/index.js` → `@scope/name`). */
export function packageOfPath(file: string): string | undefined {
  const stub = file.indexOf(NOT_INSTALLED);
  const inner = stub >= 0 ? file.slice(stub + NOT_INSTALLED.length) : undefined;
  const parts = (inner ?? file).split(sep);
  const at = inner !== undefined ? -1 : parts.lastIndexOf("node_modules");
  if (inner === undefined && at < 0) return undefined;
  const rest = parts.slice(at + 1);
  return rest[0]?.startsWith("@") ? rest.slice(0, 2).join("/") : rest[0];
}

/**
 * The package (or, for a module of the site, its path) an entry's name stands for. `siteDir`: where to resolve
 * short names among installed packages.
 */
export function resolveEntryName(name: string, kind: EntryKind, siteDir: string): string {
  if (isAbsolute(name)) return packageOfPath(name) ?? name;
  if (name.startsWith(".")) return packageOfPath(join(siteDir, name)) ?? name;
  const tried = candidates(name, kind);
  const require = createRequire(join(siteDir, "package.json"));
  for (const c of tried) {
    try {
      require.resolve(`${c}/package.json`);
      return c;
    } catch {
      // not installed under this name (or its package.json is not exported): the next one
    }
  }
  return tried.find((c) => KNOWN.has(c)) ?? name;
}
