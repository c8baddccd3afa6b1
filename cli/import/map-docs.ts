// The docs of a Docusaurus config: every docs plugin instance (docs-instances.ts) with its versions, the options
// docsite does not follow named, each instance's include/exclude carried for the build to apply; and what the
// navbar needs of them: each sidebar's id in the new project and a doc's URL by its id.
import { existsSync, readFileSync, statSync } from "node:fs";
import { MAX_PAGE_BYTES } from "../content/page-size.ts";
import { join } from "node:path";
import fg from "fast-glob";
import { categoryIndexSlug, docIdOf } from "../content/doc-id.ts";
import { splitFrontMatter } from "../content/frontmatter.ts";
import { DEFAULT_INCLUDE, docsKey, globPageFiles, type PageFileGlobs } from "../content/page-files.ts";
import { pageFilesOf, unreadOptions } from "./content-plugins.ts";
import { type DocsInstance, docsInstances, planVersions, type VersionPlan } from "./docs-instances.ts";
import type { Loose } from "./docusaurus-config.ts";
import type { PluginEntry } from "./plugin-entries.ts";

export interface MappedDocs {
  found: { instances: DocsInstance[] };
  versions: VersionPlan[];
  /** The main instance's id (the first one's). */
  mainId: string;
  routeBasePath: string;
  /** A sidebar's id in the new project: another instance's ids get the instance's id in front. */
  sidebarIdOf: (pluginId: string | undefined, id: string) => string;
  /** The site path of a doc of an instance's last version, by its id, with Docusaurus' slug rules. */
  docUrl: (pluginId: string | undefined, docId: string) => string;
  /** Each instance's include/exclude, for site.config.json `docusaurus.pageFiles` ("docs", "docs:<id>"). */
  pageFiles: Record<string, PageFileGlobs>;
  mapped: string[];
  skipped: string[];
  blockers: string[];
}

export function mapDocs(dir: string, entries: PluginEntry[]): MappedDocs {
  const mapped: string[] = [];
  const skipped: string[] = [];
  const blockers: string[] = [];
  const found = docsInstances(entries);
  blockers.push(...found.blockers);
  // A site without docs still has the one docsite expects (its folder stays empty).
  if (!found.instances.length) {
    skipped.push("docs: disabled in the preset");
    found.instances.push({ id: "default", options: {} });
  }
  const planned = planVersions(dir, found.instances);
  skipped.push(...planned.skipped);
  blockers.push(...planned.blockers);
  for (const i of found.instances) {
    const name = i.id === "default" ? "docs" : `docs instance "${i.id}"`;
    skipped.push(...unreadOptions("docs", name, i.options));
  }
  const versions: VersionPlan[] = planned.versions;
  const mainId = versions[0]?.pluginId ?? "default";
  // Docusaurus applies an instance's include/exclude to each of its versions' folders.
  const pageFiles: Record<string, PageFileGlobs> = {};
  for (const v of versions) {
    const files = pageFilesOf(
      dir,
      v.docsDir,
      `docs${v.pluginId === mainId ? "" : ` instance "${v.pluginId}"`} ${v.docusaurusName}`,
      v.options,
      "docs",
    );
    if (files.globs) pageFiles[docsKey(v.pluginId, mainId)] = files.globs;
    mapped.push(...files.mapped);
  }
  const routeBasePath = versions[0]?.routeBasePath ?? "docs";
  /** A sidebar's id in the new project: another instance's ids get the instance's id in front. */
  const sidebarIdOf = (pluginId: string | undefined, id: string) =>
    (pluginId ?? mainId) === mainId ? id : `${pluginId}-${id}`;
  /** The site path of a doc of an instance's last version, by its id, with Docusaurus' slug rules. */
  const docUrl = (pluginId: string | undefined, docId: string): string => {
    const v = versions.find((x) => x.pluginId === (pluginId ?? mainId) && x.isLast);
    const prefix = `/${[v?.routeBasePath ?? routeBasePath, v?.path ?? ""].filter(Boolean).join("/")}/`.replace(
      /^\/\/$/,
      "/",
    );
    const file = v ? findDoc(join(dir, v.docsDir), docId, pageFiles[docsKey(v.pluginId, mainId)]) : undefined;
    const slug = file?.slug ?? docId.replace(/(^|\/)index$/, "");
    return `${prefix}${slug.replace(/^\/+/, "")}`;
  };
  for (const id of new Set(versions.map((v) => v.pluginId))) {
    const here = versions.filter((v) => v.pluginId === id);
    mapped.push(
      `docs${id === mainId ? "" : ` instance "${id}"`}: ${here.map((v) => `${v.docusaurusName} at /${[v.routeBasePath, v.path].filter(Boolean).join("/")}`).join(", ")}`,
    );
  }

  return { found, versions, mainId, routeBasePath, sidebarIdOf, docUrl, pageFiles, mapped, skipped, blockers };
}

/**
 * The doc of a docs folder with this id (its path without number prefixes and extension, the file name replaced
 * by front matter `id`), and its slug inside the version as Docusaurus gives it: front matter `slug` (a relative one
 * against the doc's folder), else the folder for a category index (README, named like its folder, index), else
 * the id's path.
 */
function findDoc(docsDir: string, docId: string, globs?: PageFileGlobs): { slug: string } | undefined {
  if (!existsSync(docsDir)) return undefined;
  // Only the folder's pages: those its include/exclude choose, where the instance sets them.
  const files = globs ? globPageFiles(docsDir, globs, "docs") : fg.sync(DEFAULT_INCLUDE.docs, { cwd: docsDir });
  for (const rel of files) {
    const path = rel.replace(/\.mdx?$/, "");
    let fm: Loose = {};
    try {
      // A file too large to be a page is not read (the copy refuses it, naming it: import/copy-tree.ts).
      if (statSync(join(docsDir, rel)).size > MAX_PAGE_BYTES) continue;
      fm = splitFrontMatter(readFileSync(join(docsDir, rel), "utf8"), rel).data as Loose;
    } catch {
      continue;
    }
    const { id } = docIdOf(path, typeof fm.id === "string" ? fm.id : undefined);
    if (id !== docId) continue;
    const dir = id.includes("/") ? id.slice(0, id.lastIndexOf("/")) : "";
    if (typeof fm.slug === "string")
      return { slug: fm.slug.startsWith("/") ? fm.slug : `${dir ? `${dir}/` : ""}${fm.slug}` };
    const index = categoryIndexSlug(path) ?? (/(^|\/)index$/.test(path) ? `/${dir}` : undefined);
    return { slug: index ?? id };
  }
  return undefined;
}
