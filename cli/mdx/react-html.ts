// Parts of a page handed to React as HTML strings (`dangerouslySetInnerHTML`) instead of an element each: MDX turns
// every element into estree, walks that several times and prints it as JavaScript, and React renders each element
// again. The strings are what React's server renderer writes for the same elements, byte for byte
// (tests/unit/react-html.test.ts compares them), so pages come out the same.
import type { ElementContent } from "hast";

/** Elements whose line-break children MDX leaves out (hast-util-to-estree's `tableElements`). */
const TABLE_PARTS = new Set(["table", "thead", "tbody", "tfoot", "tr"]);

/** Elements React writes with no closing tag (`<br/>`). */
const VOID = new Set(["br", "hr", "wbr"]);

// React's own escapes (`&#x27;` for the apostrophe), not render/html.ts's escapeHtml (`&#39;`): the bytes must be
// the ones React writes.
const ESCAPES: Record<string, string> = { '"': "&quot;", "'": "&#x27;", "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const escapeAsReact = (text: string) => text.replace(/["'&<>]/g, (c) => ESCAPES[c]);

/**
 * Elements and texts, as React's server renderer writes them: text and attribute values escaped as it escapes them,
 * and `<!-- -->` between two adjacent texts (which it keeps apart for hydration). Of an element's properties only
 * its class name is written: callers pass elements that have no other (rehypePlainHtml, highlighted code's spans).
 */
export function reactHtml(nodes: ElementContent[], parentTag = ""): string {
  let out = "";
  let afterText = false;
  // MDX drops the line breaks between a table's rows and cells (hast-util-to-estree), so React never sees them.
  const dropLineBreaks = TABLE_PARTS.has(parentTag);
  for (const n of nodes) {
    if (n.type === "text") {
      if (!n.value || (dropLineBreaks && n.value === "\n")) continue;
      if (afterText) out += "<!-- -->";
      out += escapeAsReact(n.value);
      afterText = true;
    } else if (n.type === "element") {
      const cls = n.properties?.className as string[] | undefined;
      const attr = cls?.length ? ` class="${escapeAsReact(cls.join(" "))}"` : "";
      out += VOID.has(n.tagName)
        ? `<${n.tagName}${attr}/>`
        : `<${n.tagName}${attr}>${reactHtml(n.children, n.tagName)}</${n.tagName}>`;
      afterText = false;
    }
  }
  return out;
}

/** A JSX attribute whose value is an object of string values: `name={{ key: "value" }}`. */
export function objectAttribute(name: string, value: Record<string, string>) {
  const properties = Object.entries(value).map(([key, v]) => ({
    type: "Property",
    kind: "init",
    method: false,
    shorthand: false,
    computed: false,
    key: { type: "Identifier", name: key },
    value: { type: "Literal", value: v },
  }));
  const estree = {
    type: "Program",
    sourceType: "module",
    body: [{ type: "ExpressionStatement", expression: { type: "ObjectExpression", properties } }],
  };
  return {
    type: "mdxJsxAttribute",
    name,
    value: { type: "mdxJsxAttributeValueExpression", value: "", data: { estree } },
  };
}

/** `tag` with `children` as its inner HTML, and these JSX attributes before it. */
export function withInnerHtml(tag: string, children: ElementContent[], attributes: unknown[] = []): ElementContent {
  return {
    type: "mdxJsxTextElement",
    name: tag,
    attributes: [...attributes, objectAttribute("dangerouslySetInnerHTML", { __html: reactHtml(children, tag) })],
    children: [],
  } as unknown as ElementContent;
}

/**
 * Elements that go into an HTML string when they carry no property and hold only such elements and text. None of
 * them is one of the MDX components the theme maps (headings, links, tables, images: checked by the test), which a
 * string would bypass.
 */
export const PLAIN_TAGS = new Set([
  "p",
  "ul",
  "ol",
  "li",
  "blockquote",
  "strong",
  "em",
  "del",
  "code",
  "kbd",
  "sup",
  "sub",
  "br",
  "hr",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);

const isPlain = (n: ElementContent): boolean =>
  n.type === "text" ||
  (n.type === "element" &&
    PLAIN_TAGS.has(n.tagName) &&
    Object.keys(n.properties ?? {}).length === 0 &&
    n.children.every(isPlain));

/** Counts the nodes under `n`: a string saves nothing for an element with one text. */
const size = (n: ElementContent): number => (n.type === "element" ? n.children.reduce((a, c) => a + size(c), 1) : 1);

/** docsite's components that show their content as it is (the content of an admonition, a tab, a `<details>`). */
const OWN_COMPONENTS = new Set(["Admonition", "Tabs", "TabItem", "Details"]);

/**
 * An MDX element (JSX in the content) whose children may become strings: an HTML element, a fragment or one of
 * docsite's components. A project's own component may look into its children (map over list items, read a
 * paragraph's props), so what it holds stays elements.
 */
function rendersChildrenAsIs(node: { type: string; name?: string | null }): boolean {
  if (node.type !== "mdxJsxFlowElement" && node.type !== "mdxJsxTextElement") return false;
  return !node.name || /^[a-z]/.test(node.name) || OWN_COMPONENTS.has(node.name);
}

/**
 * Puts every plain element (PLAIN_TAGS, no property, only plain elements and text below) that holds more than one
 * node into an HTML string, from the top down: its parent keeps the element, with the string as inner HTML.
 */
export function rehypePlainHtml() {
  const visit = (parent: { children: ElementContent[] }) => {
    parent.children = parent.children.map((c) => {
      if (c.type === "element" && isPlain(c) && size(c) > 2) return withInnerHtml(c.tagName, c.children);
      if (c.type === "element" || rendersChildrenAsIs(c)) visit(c as { children: ElementContent[] });
      return c;
    });
  };
  return (tree: { children: ElementContent[] }) => visit(tree);
}
