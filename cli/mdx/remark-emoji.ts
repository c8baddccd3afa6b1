// Emoji shortcodes (`:construction:` → 🚧) in an imported Docusaurus site's pages, as Docusaurus' MDX loader turns
// them (remark-emoji 4, one of its default remark plugins): in text only, so code blocks and inline code keep them.
// Docusaurus runs it after its heading plugin has given each heading its id, so the id keeps the shortcode's words
// (`construction-major-changes--breaking-changes-construction`) while the heading and its TOC entry show the emoji:
// the heading's text before the swap is kept for remark-docsite.ts to make the id from (`slugText`).
import type { Heading, Root } from "mdast";
import { toString as mdastText } from "mdast-util-to-string";
import emoji from "remark-emoji";
import { walk } from "./walk.ts";
import { SLUG_TEXT } from "./remark-docsite.ts";

/** remark-emoji's transformer: synchronous, it swaps shortcodes in the tree's text nodes. */
const swapShortcodes = (emoji as unknown as () => (tree: Root) => void)();

export function remarkEmoji() {
  return (tree: Root) => {
    walk(tree, "heading", (node: Heading) => {
      const text = mdastText(node);
      if (/:[\w+-]+:/.test(text)) node.data = { ...node.data, [SLUG_TEXT]: text } as Heading["data"];
      return undefined;
    });
    swapShortcodes(tree);
  };
}
