// The page of a sidebar category whose link is a generated index (Docusaurus' `link: {type: "generated-index"}`):
// no file behind it, so its source and compiled form are made here from the category. It is a doc route like any
// other (sidebar, prev/next, search, sitemap); the theme draws its items as cards (theme/docs/DocCards.tsx).
import type { VersionConfig } from "../config/types.ts";
import type { DocSource } from "../content/scan.ts";
import { hashText } from "../cache/hash.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import type { GeneratedIndex, SidebarCategoryNode, SidebarNode } from "./sidebar-nodes.ts";

export function generatedIndexSource(version: VersionConfig, locale: string, index: GeneratedIndex): DocSource {
  const data = {
    title: index.title,
    ...(index.description !== undefined ? { description: index.description } : {}),
    ...(index.keywords ? { keywords: index.keywords } : {}),
    ...(index.image ? { image: index.image } : {}),
  };
  return {
    kind: "doc",
    file: version.sidebarsFile,
    locale,
    data,
    body: "",
    bodyOffset: 0,
    hash: hashText(JSON.stringify([index.id, data])),
    version: version.name,
    id: index.id,
    path: index.id,
  };
}

/** Categories of a sidebar that have a generated-index page, in reading order. */
export function generatedIndexNodes(nodes: SidebarNode[]): SidebarCategoryNode[] {
  return nodes.flatMap((n) =>
    n.type === "category" ? [...(n.generatedIndex ? [n] : []), ...generatedIndexNodes(n.items)] : [],
  );
}

const cardTitles = (items: SidebarNode[]): string[] =>
  items.flatMap((i) =>
    i.type === "html" || i.hidden ? [] : [i.description ? `${i.label}. ${i.description}` : i.label],
  );

/** What search and the checks read of a page: its text is the description and the cards' titles. */
export function generatedIndexCompiled(index: GeneratedIndex, node: SidebarCategoryNode): CompiledMdx {
  const text = [index.description ?? "", ...cardTitles(node.items)].filter(Boolean).join("\n");
  return {
    code: "",
    codeHash: "",
    headings: [],
    anchors: [],
    links: [],
    sections: [{ id: "", title: index.title, text }],
    wordCount: text.split(/\s+/).filter(Boolean).length,
    images: [],
  };
}
