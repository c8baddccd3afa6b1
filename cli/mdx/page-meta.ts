// Title and description a page gets from its content when the front matter has none (Docusaurus' fallbacks).
import type { CompiledMdx } from "./compile.ts";
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

/**
 * A page's first heading read from its Markdown source, without compiling it: what `docsite dev` titles a page with
 * until the page compiles (sidebars and prev/next then show what they will show after). Plain headings only — text,
 * `code`, `*emphasis*`, links, a `{#id}` — as the compile's text of them; any other markup (JSX, HTML, expressions,
 * escapes, `_`) gives undefined, and the title waits for the compile.
 */
export function sourceHeading(body: string): { depth: number; text: string } | undefined {
  let fence: string | null = null;
  for (const line of body.split(/\r?\n/)) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (f && !fence) fence = f[1];
    else if (f && fence && f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
    if (f || fence) continue;
    // A Setext heading (a line of = or - under text) is not read: the first ATX heading might not be the first one.
    if (/^ {0,3}(=+|-+)\s*$/.test(line)) return undefined;
    const h = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (!h) continue;
    const text = h[2]
      .replace(/[ \t]*\{#[^\s{}]+\}$/, "")
      .replace(/`([^`]+)`/g, "$1")
      .replace(/\[([^\]]*)\]\([^)\s]*\)/g, "$1")
      .replace(/(\*\*|\*)(\S(?:.*?\S)?)\1/g, "$2");
    if (!text || /[<>{}\\&_*`[\]!]/.test(text)) return undefined;
    return { depth: h[1].length, text };
  }
  return undefined;
}
