// How the Docusaurus site makes heading ids, where it differs from Docusaurus' default (GitHub's slugger, lower
// case): `markdown.anchors.maintainCase` is carried (site.config.json `docusaurus.anchors`); a patched Docusaurus
// (patch-package's patches/ folder) cannot be, and when the patch touches slugs or anchors the ids may differ,
// which breaks links into the pages: that is a blocker, named with the patch.
import { readFileSync } from "node:fs";
import fg from "fast-glob";
import type { MarkdownConfig } from "./docusaurus-config.ts";

export interface MappedHeadingIds {
  anchors?: { maintainCase: boolean };
  mapped: string[];
  skipped: string[];
  blockers: string[];
}

export function mapHeadingIds(dir: string, markdown: MarkdownConfig | undefined): MappedHeadingIds {
  const out: MappedHeadingIds = { mapped: [], skipped: [], blockers: [] };
  const anchors = markdown?.anchors;
  if (anchors && typeof anchors === "object") {
    if (anchors.maintainCase === true) {
      out.anchors = { maintainCase: true };
      out.mapped.push("markdown.anchors.maintainCase: heading ids keep their capital letters, as in Docusaurus");
    }
    for (const key of Object.keys(anchors).filter((k) => k !== "maintainCase"))
      out.skipped.push(`markdown.anchors.${key}: not followed`);
  }
  for (const patch of fg.sync("patches/*.patch", { cwd: dir }).sort()) {
    if (!/docusaurus/i.test(patch)) continue;
    let text = "";
    try {
      text = readFileSync(`${dir}/${patch}`, "utf8");
    } catch {
      // unreadable: named below all the same
    }
    if (/slug|anchor|heading/i.test(text))
      out.blockers.push(
        `${patch}: the project patches Docusaurus where it makes heading ids (slugs, anchors); docsite makes them as stock Docusaurus does, so links to headings may break: carry the change as markdown.anchors or a {#id} on the headings`,
      );
    else out.skipped.push(`${patch}: the project patches Docusaurus (patch-package); docsite does not apply the patch`);
  }
  return out;
}
