// The first paragraph of a page as plain text: the description of a page whose front matter has none (Docusaurus).
import { toString as mdastText } from "mdast-util-to-string";
import type { Root } from "mdast";

export function remarkSummary(opts: { out: { summary?: string } }) {
  return (tree: Root) => {
    const first = tree.children.find((n) => n.type === "paragraph");
    const text = first ? mdastText(first).replace(/\s+/g, " ").trim() : "";
    if (text) opts.out.summary = text;
  };
}
