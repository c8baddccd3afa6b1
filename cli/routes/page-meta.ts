// Title and description a page gets from its content when the front matter has none (Docusaurus' fallbacks).
import type { CompiledMdx } from "../mdx/compile.ts";

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
