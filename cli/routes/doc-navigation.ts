// Which sidebar a doc shows and where its prev/next links lead, with Docusaurus' front matter: `displayed_sidebar`
// (a sidebar name, or null for none), `pagination_prev`/`pagination_next` (a doc id, or null for none) and
// `pagination_label`. Unknown names are errors naming the file and the line of the field.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DocsiteError } from "../log.ts";
import type { FrontMatter } from "../content/frontmatter.ts";
import type { DocRef } from "./sidebar-nodes.ts";
import type { PrevNext } from "./types.ts";

interface NavigationInput {
  rootDir: string;
  sidebarsFile: string;
  /** Sidebar ids of the version's sidebars file. */
  sidebarIds: string[];
  /** Listed docs of this locale and version. */
  refs: Map<string, DocRef>;
  /** Ids that exist but are drafts or unlisted: a link to one yields nothing. */
  skipped: Set<string>;
  /** What a link to a doc says when it is named in front matter: pagination_label, sidebar_label, then title. */
  targetLabels: Map<string, string>;
  /** Front matter pagination_label by doc id: what prev/next links to it say instead of the sidebar label. */
  paginationLabels: Map<string, string>;
  /** Each sidebar's pages in reading order. */
  order: Map<string, Array<{ docId: string; href: string; label: string }>>;
  /** The first sidebar each doc appears in. */
  docSidebar: Map<string, string>;
}

/** Line of a front matter field in a content file, for messages (read again: only errors need it). */
function frontMatterLine(rootDir: string, file: string, field: string): number | undefined {
  try {
    const i = readFileSync(join(rootDir, file), "utf8")
      .split(/\r?\n/)
      .findIndex((l) => l.startsWith(`${field}:`));
    return i < 0 ? undefined : i + 1;
  } catch {
    return undefined;
  }
}

export function docNavigation(n: NavigationInput) {
  const named = (id: string, file: string, field: string): PrevNext | undefined => {
    const ref = n.refs.get(id);
    if (ref) return { title: n.targetLabels.get(id) ?? ref.label, href: ref.href };
    if (n.skipped.has(id)) return undefined;
    throw new DocsiteError(
      `front matter ${field} names doc "${id}", which does not exist`,
      { file, line: frontMatterLine(n.rootDir, file, field) },
      "use a doc id (the file path inside the version folder without extension and number prefixes), or null",
    );
  };
  return {
    /** The sidebar a page shows: displayed_sidebar, else the first sidebar it appears in. */
    sidebarOf(id: string, d: FrontMatter, file: string): string | undefined {
      if (d.displayed_sidebar === null) return undefined;
      if (typeof d.displayed_sidebar !== "string") return n.docSidebar.get(id);
      if (!n.sidebarIds.includes(d.displayed_sidebar))
        throw new DocsiteError(
          `front matter displayed_sidebar names sidebar "${d.displayed_sidebar}", which does not exist`,
          { file, line: frontMatterLine(n.rootDir, file, "displayed_sidebar") },
          `use one of ${n.sidebarIds.join(", ")} (${n.sidebarsFile}), or null`,
        );
      return d.displayed_sidebar;
    },
    /** Prev/next of a page in its sidebar, or as its front matter names them. */
    pagination(id: string, file: string, d: FrontMatter, sidebarId: string | undefined) {
      const flat = sidebarId ? (n.order.get(sidebarId) ?? []) : [];
      const at = flat.findIndex((f) => f.docId === id);
      const near = (i: number): PrevNext | undefined =>
        at >= 0 && i >= 0 && i < flat.length
          ? { title: n.paginationLabels.get(flat[i].docId) ?? flat[i].label, href: flat[i].href }
          : undefined;
      const pick = (value: unknown, field: string, i: number) =>
        value === null ? undefined : typeof value === "string" ? named(value, file, field) : near(i);
      return {
        prev: pick(d.pagination_prev, "pagination_prev", at - 1),
        next: pick(d.pagination_next, "pagination_next", at + 1),
      };
    },
  };
}
