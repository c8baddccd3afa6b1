// Where the version chrome of a doc page leads, as Docusaurus decides it: each item of the version dropdown goes to
// the same doc in that version when the version has it, else to the version's main doc; the banner of an old or
// unreleased version goes to the same doc in the latest version, else to the latest version's main doc. A version's
// root URL is not a page unless a doc is published there, so it is never a target by itself.
import type { SiteConfig, VersionConfig } from "../config/types.ts";
import type { Route, RouteTable } from "./types.ts";
import { flattenSidebar } from "./sidebars.ts";
import { pluginIdOf, versionBase } from "../content/paths.ts";

interface VersionDocs {
  /** Doc id → the doc's path in this version and locale (generated-index pages are no docs, as in Docusaurus). */
  byId: Map<string, string>;
  /** The version's main doc, or undefined for a version without a doc in this locale. */
  main?: string;
}

/**
 * Per table: `${locale}|${version.name}` → its docs. Built once, on first use (the table is complete by then), and
 * keyed by the table's path map, which the copies of the table with fewer routes (dev's one-page link check) share.
 */
const indexes = new WeakMap<RouteTable["byPath"], Map<string, VersionDocs>>();

const keyOf = (locale: string, version: VersionConfig) => `${locale}|${version.name}`;

function indexOf(config: SiteConfig, table: RouteTable): Map<string, VersionDocs> {
  let index = indexes.get(table.byPath);
  if (index) return index;
  index = new Map();
  const firstDoc = new Map<string, string>();
  for (const r of table.byPath.values()) {
    if (r.kind !== "doc" || r.generatedIndex) continue;
    const key = keyOf(r.locale, r.version);
    let docs = index.get(key);
    if (!docs) index.set(key, (docs = { byId: new Map() }));
    docs.byId.set(r.id, r.path);
    if (!firstDoc.has(key)) firstDoc.set(key, r.path);
  }
  for (const [key, docs] of index) {
    const [locale, name] = [key.slice(0, key.indexOf("|")), key.slice(key.indexOf("|") + 1)];
    const version = config.docs.versions.find((v) => v.name === name)!;
    docs.main = mainDoc(config, table, locale, version, docs) ?? firstDoc.get(key);
  }
  indexes.set(table.byPath, index);
  return index;
}

/**
 * Docusaurus' main doc of a version (plugin-content-docs `getMainDoc`): the doc published at the version's root
 * (slug "/"), else the first doc of the version's first sidebar, else its first doc. A docsite project's own
 * `mainDocId` (an imported one always says "index", which is no choice of the Docusaurus site) comes after the root.
 */
function mainDoc(
  config: SiteConfig,
  table: RouteTable,
  locale: string,
  version: VersionConfig,
  docs: VersionDocs,
): string | undefined {
  const root = versionBase(config, locale, version);
  if ([...docs.byId.values()].includes(root)) return root;
  if (!config.docusaurus && docs.byId.has(version.mainDocId)) return docs.byId.get(version.mainDocId);
  const prefix = `${keyOf(locale, version)}|`;
  for (const [key, nodes] of table.sidebars) {
    if (!key.startsWith(prefix)) continue;
    // The first sidebar of the version (sidebars are kept in the file's order); a generated index is not a doc.
    const first = flattenSidebar(nodes).find((f) => docs.byId.has(f.docId));
    return first && docs.byId.get(first.docId);
  }
  return undefined;
}

/** The same doc in `version` (by its id, in the page's locale), else that version's main doc. */
export function versionTarget(config: SiteConfig, table: RouteTable, route: Route, version: VersionConfig): string {
  const docs = indexOf(config, table).get(keyOf(route.locale, version));
  // Only a doc of the same docs instance has a counterpart in the version (ids repeat across instances).
  const sameInstance = route.kind === "doc" && pluginIdOf(config, route.version) === pluginIdOf(config, version);
  const same = sameInstance && !route.generatedIndex ? docs?.byId.get(route.id) : undefined;
  // A version without any doc in this locale has no page to go to: its root is named, and the link check says so.
  return same ?? docs?.main ?? versionBase(config, route.locale, version);
}
