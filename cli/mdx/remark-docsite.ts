// Remark plugins for Docusaurus-style content: heading ids and TOC, admonitions, link rewriting and collection,
// and plain-text extraction for search and reading time.
import { walk, SKIP } from "./walk.ts";
import { toString as mdastText } from "mdast-util-to-string";
import GithubSlugger from "github-slugger";
import { DocsiteError } from "../log.ts";
import { isLayoutId } from "../../theme/layout-ids.ts";
import type { Root, Heading, Link, Parent, RootContent, PhrasingContent } from "mdast";
import { Parser } from "acorn";

const parseModule = (code: string) => Parser.parse(code, { ecmaVersion: "latest", sourceType: "module" });

interface TocEntry {
  depth: number;
  id: string;
  text: string;
}
interface LinkRef {
  url: string;
  line: number;
  /**
   * A JSX `<a>` of an imported page: Docusaurus does not check it, so neither does the build fail on it; a target
   * that is missing is a warning (readers get a 404). Its element is marked `data-link-check="off"`, so that
   * `docsite check-links` tells it apart in the built HTML.
   */
  unchecked?: boolean;
  /** What the link says (its text): search indexes it for the page it points to (cli/search/link-texts.ts). */
  text?: string;
}
export interface Section {
  id: string;
  title: string;
  text: string;
}

export interface Extracted {
  headings: TocEntry[];
  anchors: string[];
  links: LinkRef[];
  sections: Section[];
  wordCount: number;
  /** Heading ids that are also ids of the page layout (theme/layout-ids.ts), with their lines: build warnings. */
  layoutIdClashes?: Array<{ id: string; line: number }>;
}

const ADMONITIONS = ["note", "tip", "info", "warning", "danger", "caution", "important"];

interface Options {
  extracted: Extracted;
  lineOffset: number;
  /** Rewrites a link target; returns the target unchanged when it is not the site's. */
  rewriteLink: (url: string) => string;
  /**
   * Docusaurus content: a `{#id}` an earlier heading already has is made unique (`id-1`) instead of failing the
   * page (Docusaurus publishes such pages with two elements of one id; links to `#id` reach the first either way),
   * and a JSX `<a>` is not link-checked (Docusaurus checks Markdown links and `<Link>` only).
   */
  docusaurus?: boolean;
  /** Heading ids keep capital letters (Docusaurus' `markdown.anchors.maintainCase`). */
  maintainCase?: boolean;
  /** The page's source text: a `toc` export is added only where the source names it. */
  source?: string;
}

/** Where a heading keeps the text its id is made from, when a plugin changed the text before (remark-emoji.ts). */
export const SLUG_TEXT = "docsiteSlugText";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A heading's content as the HTML Docusaurus puts in its `toc` entries: text, `<code>`, emphasis. */
function inlineHtml(nodes: readonly any[]): string {
  return nodes
    .map((n) => {
      if (n.type === "text") return escapeHtml(n.value);
      if (n.type === "inlineCode") return `<code>${escapeHtml(n.value)}</code>`;
      if (n.type === "emphasis") return `<em>${inlineHtml(n.children)}</em>`;
      if (n.type === "strong") return `<strong>${inlineHtml(n.children)}</strong>`;
      return n.children ? inlineHtml(n.children) : "";
    })
    .join("");
}

/** Whether the page itself declares `toc` (an export or a top-level binding). */
function declaresToc(tree: Root): boolean {
  return tree.children.some(
    (n: any) => n.type === "mdxjsEsm" && /\b(const|let|var|function)\s+toc\b|\{[^}]*\btoc\b[^}]*\}/.test(n.value ?? ""),
  );
}

function tocExport(toc: Array<{ value: string; id: string; level: number }>): RootContent {
  const value = `export const toc = ${JSON.stringify(toc)};`;
  return {
    type: "mdxjsEsm",
    value,
    data: { estree: parseModule(value) },
  } as unknown as RootContent;
}

function jsxAttr(name: string, value: string) {
  return { type: "mdxJsxAttribute", name, value } as const;
}

/** Two headings of a page with one explicit `{#id}` (or an id an earlier heading already has) break anchors. */
function assertUniqueId(id: string, seen: Map<string, number>, line: number): void {
  const first = seen.get(id);
  if (first === undefined) return;
  throw new DocsiteError(
    `heading id "${id}" is used twice on this page (first on line ${first})`,
    { line },
    `give this heading another {#id}`,
  );
}

export function remarkDocsite(opts: Options) {
  return (tree: Root) => {
    const { extracted } = opts;
    const slugger = new GithubSlugger();
    const idLines = new Map<string, number>();
    const toc: Array<{ value: string; id: string; level: number }> = [];

    // Headings: explicit {#id} wins, otherwise a slug of the text (unique per page).
    walk(tree, "heading", (node: Heading) => {
      const last = node.children[node.children.length - 1];
      let id: string | undefined;
      if (last?.type === "text") {
        const m = /\s*\{#([^\s{}]+)\}\s*$/.exec(last.value);
        if (m) {
          id = m[1];
          last.value = last.value.slice(0, m.index);
          if (!last.value) node.children.pop();
        }
      }
      const text = mdastText(node).trim();
      // The id is made from the text as written (before an emoji shortcode became the emoji: remark-emoji.ts).
      const slugText = ((node.data as Record<string, unknown> | undefined)?.[SLUG_TEXT] as string | undefined) ?? text;
      const keepCase = Boolean(opts.maintainCase);
      if (id && opts.docusaurus && idLines.has(id)) id = slugger.slug(id, keepCase);
      else if (id) {
        assertUniqueId(id, idLines, (node.position?.start.line ?? 0) + opts.lineOffset);
        slugger.slug(id, keepCase); // reserve the custom id so a later same-text heading gets -1
      } else id = slugger.slug(slugText.trim(), keepCase);
      idLines.set(id, (node.position?.start.line ?? 0) + opts.lineOffset);
      if (isLayoutId(id))
        (extracted.layoutIdClashes ??= []).push({ id, line: (node.position?.start.line ?? 0) + opts.lineOffset });
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      extracted.headings.push({ depth: node.depth, id, text });
      extracted.anchors.push(id);
      if (opts.docusaurus) toc.push({ value: inlineHtml(node.children), id, level: node.depth });
    });
    // Docusaurus gives every MDX page a `toc` export (what `<TOCInline toc={toc} />` lists): the page's headings.
    if (opts.docusaurus && /\btoc\b/.test(opts.source ?? "") && !declaresToc(tree)) tree.children.push(tocExport(toc));

    // Admonitions and stray directives.
    walk(tree, (node: any, index, parent: Parent | undefined) => {
      if (node.type === "containerDirective" && ADMONITIONS.includes(node.name)) {
        let title: string | undefined;
        const first = node.children[0];
        if (first?.data?.directiveLabel) {
          title = mdastText(first);
          node.children.shift();
        }
        const type = node.name === "important" ? "info" : node.name;
        Object.assign(node, {
          type: "mdxJsxFlowElement",
          name: "Admonition",
          attributes: [jsxAttr("type", type), ...(title ? [jsxAttr("title", title)] : [])],
        });
        return;
      }
      // `a:b` in prose parses as a text directive; Docusaurus restores such text, and so do we.
      if (
        (node.type === "textDirective" || node.type === "leafDirective" || node.type === "containerDirective") &&
        parent &&
        index !== undefined
      ) {
        const prefix = node.type === "textDirective" ? ":" : node.type === "leafDirective" ? "::" : ":::";
        const label = node.children?.length ? `[${mdastText(node)}]` : "";
        const replacement: RootContent =
          node.type === "containerDirective"
            ? ({
                type: "paragraph",
                children: [{ type: "text", value: `${prefix}${node.name}${label}` }],
              } as RootContent)
            : ({
                type: "text",
                value: `${prefix}${node.name}${node.type === "textDirective" ? label : ""}`,
              } as PhrasingContent);
        (parent.children as RootContent[]).splice(index, 1, replacement);
        return [SKIP, index];
      }
      // Explicit anchors: <a id="x" /> or any JSX element with an id.
      if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
        for (const a of node.attributes ?? [])
          if (a.name === "id" && typeof a.value === "string") extracted.anchors.push(a.value);
      }
      return undefined;
    });

    // Links: rewrite site and file links, remember every target with its line for the link check. A reference
    // definition is checked only when the page uses it, as Docusaurus does.
    const referenced = new Set<string>();
    walk(tree, (node: any) => {
      if (node.type === "linkReference" || node.type === "imageReference") referenced.add(node.identifier);
    });
    walk(tree, (node: any) => {
      if (node.type === "link" || node.type === "definition") {
        const link = node as Link;
        // A link to a project file already has the file's published URL (remark-imports).
        if (!(link.data as { docsiteFile?: boolean } | undefined)?.docsiteFile) link.url = opts.rewriteLink(link.url);
        const line = (node.position?.start.line ?? 0) + opts.lineOffset;
        if (node.type === "link") extracted.links.push({ url: link.url, line, text: mdastText(node) });
        else if (referenced.has(node.identifier)) extracted.links.push({ url: link.url, line });
      } else if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
        for (const a of node.attributes ?? []) {
          const isLink = a.name === "href" || (a.name === "to" && node.name === "Link");
          if (isLink && typeof a.value === "string") {
            a.value = opts.rewriteLink(a.value);
            // A relative href written as JSX is left to the browser, unchecked. In an imported project an <a>
            // written as JSX is never checked: Docusaurus checks only what goes through its Link component (Markdown
            // links and <Link>), and MDX leaves a JSX <a> a plain element.
            const unchecked = opts.docusaurus && node.name === "a";
            const line = (node.position?.start.line ?? 0) + opts.lineOffset;
            if (!unchecked && (a.value.startsWith("/") || a.value.startsWith("#")))
              extracted.links.push({ url: a.value, line, text: mdastText(node) });
            else if (unchecked && a.value.startsWith("/") && !a.value.startsWith("//")) {
              extracted.links.push({ url: a.value, line, unchecked: true });
              node.attributes.push(jsxAttr("data-link-check", "off"));
            }
          }
        }
      }
    });

    // Text per section for search, and a word count for reading time: prose only. Code is left out of both, as
    // DocSearch does: its tokens bloat the index and make poor snippets, and identifiers worth finding also appear
    // in headings and prose.
    let current: Section = { id: "", title: "", text: "" };
    const sections: Section[] = [current];
    let words = 0;
    for (const child of tree.children) {
      if (child.type === "heading" && child.depth <= 3) {
        const id = (child.data as { hProperties?: { id?: string } } | undefined)?.hProperties?.id ?? "";
        current = { id, title: mdastText(child).trim(), text: "" };
        sections.push(current);
        continue;
      }
      if (child.type === "code" || child.type === "mdxjsEsm" || child.type === "mdxFlowExpression") continue;
      const t = blockText(child).replace(/\s+/g, " ").trim();
      if (t) {
        current.text += " " + t;
        words += t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      }
    }
    extracted.sections = sections.filter((s) => s.id || s.text.trim()).map((s) => ({ ...s, text: s.text.trim() }));
    extracted.wordCount = words;
  };
}

// Nodes whose children are blocks (or cells) get a space between them; a paragraph's inline parts are joined as
// written, so "`matrix`." stays "matrix." and not "matrix .".
const BLOCKS = new Set([
  "list",
  "listItem",
  "table",
  "tableRow",
  "blockquote",
  "mdxJsxFlowElement",
  "containerDirective",
]);

/** Plain text of a node, with a space between block-level parts (table cells, list items) so words do not glue. */
function blockText(node: any): string {
  if (node.type === "code") return "";
  if (node.type === "break") return " ";
  if (typeof node.value === "string" && node.type !== "mdxFlowExpression" && node.type !== "mdxTextExpression")
    return node.value;
  if (!Array.isArray(node.children)) return "";
  const parts = node.children.map(blockText);
  return BLOCKS.has(node.type) ? parts.join(" ") : parts.join("");
}
