// Title and description a page gets from its content when the front matter has none (Docusaurus' fallbacks).
import type { CompiledMdx } from "../mdx/compile.ts";
import type { FrontMatter } from "../content/frontmatter.ts";

/** A doc's title in Docusaurus' order: front matter title, then the content's top `# Heading`, then the file name. */
export const docTitle = (d: FrontMatter, c: Pick<CompiledMdx, "headings">, id: string): string =>
  String(d.title ?? contentTitle(c) ?? c.headings[0]?.text ?? id.split("/").pop());

/** The content's `# Heading`, when it comes before any other heading. */
export function contentTitle(c: Pick<CompiledMdx, "headings">): string | undefined {
  const first = c.headings[0];
  return first?.depth === 1 ? first.text : undefined;
}

/** The first paragraph's text, shortened to a meta description's length. */
export function firstParagraph(c: Pick<CompiledMdx, "sections" | "modules">, max = 200): string {
  const intro = c.modules?.summary ?? c.sections.find((s) => s.text)?.text ?? "";
  if (intro.length <= max) return intro;
  const cut = intro.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20))}…`;
}
