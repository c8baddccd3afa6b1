// Build-time syntax highlighting of fenced code, as rehype-highlight does it (lowlight, highlight.js's common
// languages, `hljs` class, no language detection), with one difference: the result for a given language and
// text is remembered, so a code block that appears again — the same example in the English and the Russian
// page, which the compile stage sends to the same batch — is highlighted once. Highlighting was the largest
// single cost of a cold compile in a CPU profile (docs/speed.md).
import type { Element, ElementContent, Root } from "hast";
import { toText } from "hast-util-to-text";
import { common, createLowlight } from "lowlight";
import { walk } from "./walk.ts";

const lowlight = createLowlight(common);
/**
 * Highlighted children by language and text. Small: most repeats are a page's other locale in the same batch, and
 * a worker's memory counts against the build's peak (a dev server also lives long).
 */
const memo = new Map<string, ElementContent[]>();
const MEMO_LIMIT = 500;

/** `language-x` / `lang-x` of a code element; false for `no-highlight`. */
function languageOf(node: Element): string | false | undefined {
  const list = node.properties.className;
  if (!Array.isArray(list)) return undefined;
  let name: string | undefined;
  for (const c of list) {
    const value = String(c);
    if (value === "no-highlight" || value === "nohighlight") return false;
    if (!name && value.startsWith("lang-")) name = value.slice(5);
    if (!name && value.startsWith("language-")) name = value.slice(9);
  }
  return name;
}

function highlighted(lang: string, text: string): ElementContent[] {
  const key = `${lang}\0${text}`;
  let children = memo.get(key);
  if (!children) {
    children = lowlight.highlight(lang, text).children as ElementContent[];
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, children);
  }
  // A copy: later plugins (line highlights, code titles) change the nodes they are given.
  return children.map(copy);
}

// lowlight's output is spans with a class list, and text: copied by hand, which is several times cheaper than
// structuredClone's generic walk.
function copy(node: ElementContent): ElementContent {
  if (node.type !== "element") return { ...node };
  const properties = { ...node.properties };
  if (Array.isArray(properties.className)) properties.className = [...properties.className];
  return { ...node, properties, children: node.children.map(copy) };
}

export function rehypeHighlightCached(options: { plainText?: string[] } = {}) {
  const plain = new Set(options.plainText ?? []);
  return (tree: Root) => {
    walk(tree, "element", (node, _index, parent) => {
      if (node.tagName !== "code" || !parent || parent.type !== "element" || parent.tagName !== "pre") return;
      const lang = languageOf(node);
      if (!lang || plain.has(lang)) return;
      if (!Array.isArray(node.properties.className)) node.properties.className = [];
      if (!node.properties.className.includes("hljs")) node.properties.className.unshift("hljs");
      // An unknown language stays plain text (rehype-highlight only records a message for it).
      if (!lowlight.registered(lang)) return;
      const children = highlighted(lang, toText(node, { whitespace: "pre" }));
      if (children.length > 0) node.children = children;
    });
  };
}
