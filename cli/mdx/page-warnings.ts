// What a compiled page says about itself that the build reports as warnings, each at its file and line: inline
// code the site's policy refuses (rehype-inline-code.ts), heading ids that are also ids of the layout
// (theme/layout-ids.ts), and a page that has no title at all.
import type { CompiledMdx } from "./compile.ts";
import { inlineCodeWarnings } from "./rehype-inline-code.ts";
import { contentTitle } from "./page-meta.ts";

interface PageSource {
  file: string;
  kind: "doc" | "blog";
  data: Record<string, unknown>;
  bodyOffset: number;
}

/** The warnings of one compiled page, leaving out those already in `seen` (a page compiled for several locales). */
export function pageWarnings(source: PageSource, c: CompiledMdx, seen: Set<string>): string[] {
  const out = inlineCodeWarnings(source.file, c.inlineCode);
  for (const { id, line } of c.layoutIdClashes ?? [])
    out.push(
      `${source.file}:${line}: heading id "${id}" is also an id of the page layout, so links to #${id} may reach ` +
        "the layout's element instead of this heading; give the heading another {#id}",
    );
  // Docusaurus' fallbacks (cli/mdx/page-meta.ts): a doc falls back to its first heading, a post to its `# Heading`.
  const titled = source.data.title !== undefined || contentTitle(c) || (source.kind === "doc" && c.headings.length);
  if (!titled)
    out.push(
      `${source.file}:${source.bodyOffset > 0 ? 2 : 1}: the page has no title (no "title:" in its front matter and ` +
        "no # Heading), so its file name is shown as the title; add one",
    );
  return out.filter((w) => !seen.has(w) && Boolean(seen.add(w)));
}
