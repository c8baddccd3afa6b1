// Code blocks after build-time highlighting: one element per line (for highlighted lines), and a CodeBlock
// wrapper that carries the title and language. No highlighter runs in the browser.
import { walk, SKIP } from "./walk.ts";
import type { Root, Element, ElementContent, Text } from "hast";
import { objectAttribute, withInnerHtml } from "./react-html.ts";

interface CodeMeta {
  title?: string;
  highlight: Set<number>;
  /** `showLineNumbers` (from 1) or `showLineNumbers=N`: the number of the first line. */
  firstLineNumber?: number;
}

/** `title="a.js" {1,3-5} showLineNumbers` → { title, highlight: {1,3,4,5}, firstLineNumber: 1 } */
export function parseCodeMeta(meta: string | undefined): CodeMeta {
  const out: CodeMeta = { highlight: new Set() };
  if (!meta) return out;
  const t = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (t) out.title = t[1] ?? t[2] ?? t[3];
  // Every `{…}` group counts: magic comments (code-magic.ts) add one after the author's.
  for (const h of meta.matchAll(/\{([\d,\s-]+)\}/g)) {
    for (const part of h[1].split(",")) {
      const [a, b] = part.trim().split("-").map(Number);
      if (!Number.isFinite(a)) continue;
      for (let i = a; i <= (Number.isFinite(b) ? b : a); i++) out.highlight.add(i);
    }
  }
  const n = /(?:^|\s)showLineNumbers(?:=(\d+))?(?=\s|$)/.exec(meta);
  if (n) out.firstLineNumber = n[1] ? Number(n[1]) : 1;
  return out;
}

interface Segment {
  text: string;
  classes: string[];
}

function flatten(nodes: ElementContent[], classes: string[], out: Segment[]): void {
  for (const n of nodes) {
    if (n.type === "text") out.push({ text: n.value, classes });
    else if (n.type === "element") {
      const cls = (n.properties?.className as string[] | undefined) ?? [];
      flatten(n.children, [...classes, ...cls], out);
    }
  }
}

/** Splits highlighted code into lines; nested highlight spans are flattened (their classes joined). */
function splitLines(nodes: ElementContent[]): ElementContent[][] {
  const segs: Segment[] = [];
  flatten(nodes, [], segs);
  const lines: ElementContent[][] = [[]];
  for (const s of segs) {
    const parts = s.text.split("\n");
    parts.forEach((p, i) => {
      if (i > 0) lines.push([]);
      if (!p) return;
      const text: Text = { type: "text", value: p };
      lines[lines.length - 1].push(
        s.classes.length
          ? { type: "element", tagName: "span", properties: { className: s.classes }, children: [text] }
          : text,
      );
    });
  }
  if (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
  return lines;
}

export function rehypeCodeBlocks() {
  return (tree: Root) => {
    walk(tree, "element", (node: Element, index, parent) => {
      if (node.tagName !== "pre" || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
      if (!code) return;
      const meta = parseCodeMeta((code.data as { meta?: string } | undefined)?.meta);
      const lang =
        ((code.properties?.className as string[] | undefined) ?? []).find((c) => c.startsWith("language-"))?.slice(9) ??
        "text";
      const lines = splitLines(code.children);
      // Focusable so keyboard users can scroll long lines.
      node.properties = { ...node.properties, tabIndex: 0 };
      if (meta.firstLineNumber !== undefined) {
        // Numbers are drawn by CSS counters (theme/styles/code.css), so copying the code does not copy them.
        const cls = (code.properties?.className as string[] | undefined) ?? [];
        code.properties = {
          ...code.properties,
          className: [...cls, "code--numbered"],
          style: `counter-reset:line ${meta.firstLineNumber - 1}`,
        };
      }
      const lineElements: ElementContent[] = lines.map((line, i) => ({
        type: "element",
        tagName: "span",
        properties: { className: meta.highlight.has(i + 1) ? ["line", "line-hl"] : ["line"] },
        children: [...line, { type: "text", value: "\n" }],
      }));
      // Properties other than these (none today) keep the element form, which MDX carries over whatever they are.
      const plain = Object.keys(code.properties ?? {}).every((k) => k === "className" || k === "style");
      if (plain) node.children = node.children.map((c) => (c === code ? codeWithHtml(code, lineElements) : c));
      else code.children = lineElements;
      const attrs = [
        { type: "mdxJsxAttribute", name: "lang", value: lang },
        ...(meta.title ? [{ type: "mdxJsxAttribute", name: "title", value: meta.title }] : []),
      ];
      parent.children[index] = {
        type: "mdxJsxFlowElement",
        name: "CodeBlock",
        attributes: attrs,
        children: [node],
      } as unknown as Element;
      return SKIP;
    });
  };
}

/**
 * The `<code>` element with its lines as one HTML string (cli/mdx/react-html.ts says why): a block would otherwise
 * have an element per line and per highlighted token.
 */
function codeWithHtml(code: Element, lines: ElementContent[]): ElementContent {
  const attributes: unknown[] = [];
  const cls = code.properties?.className as string[] | undefined;
  if (cls?.length) attributes.push({ type: "mdxJsxAttribute", name: "className", value: cls.join(" ") });
  const style = code.properties?.style as string | undefined;
  if (style) attributes.push(objectAttribute("style", styleObject(style)));
  return withInnerHtml("code", lines, attributes);
}

/** `counter-reset:line 4` → { counterReset: "line 4" }, as MDX turns a style attribute into React's. */
function styleObject(style: string): Record<string, string> {
  const camel = (prop: string) => prop.trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const out: Record<string, string> = {};
  for (const decl of style.split(";")) {
    const at = decl.indexOf(":");
    if (at > 0) out[camel(decl.slice(0, at))] = decl.slice(at + 1).trim();
  }
  return out;
}
