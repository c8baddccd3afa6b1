// Pages with the same text parse to the same tree. A docs version that Docusaurus' versioning copied from another
// (`docs/` and `versioned_docs/version-8/`) holds hundreds of such pages, and the Markdown parse (micromark) is most
// of a page's compile. So within a compile batch, a text that more than one page of the batch has is parsed once:
// the first page keeps a copy of its tree, each later page gets a copy of that (the last one the kept tree itself),
// and the plugins then work on a tree of their own, as if it had been parsed for them. Everything after the parse
// (links, images, imports: what depends on where a page is) still runs per page.
//
// Invariant: a tree is shared only between parses of the same text by the same parser. The key holds the text, the
// syntax (MDX or Markdown) and the project's own plugins (which may add syntax); docsite's own syntax plugins are
// part of its code. The compile stage puts pages with the same text into the same batch (pipeline/compile-stage.ts).
import type { Root } from "mdast";

type Parse = (doc: string, file: unknown) => Root;

export class SharedParses {
  /** Pages of the batch still to parse, by their text. */
  private readonly left = new Map<string, number>();
  /** An unchanged tree for each text a later page of the batch will parse again, by key. */
  private readonly kept = new Map<string, Root>();

  constructor(texts: Iterable<string>) {
    for (const t of texts) this.left.set(t, (this.left.get(t) ?? 0) + 1);
  }

  /** The tree of `text` (one page's parse of it): parsed now, or a copy of the tree a page before it parsed. */
  tree(text: string, key: string, parse: () => Root): Root {
    const left = (this.left.get(text) ?? 1) - 1;
    this.left.set(text, left);
    const kept = this.kept.get(key);
    if (kept) {
      if (left > 0) return structuredClone(kept);
      this.kept.delete(key);
      return kept;
    }
    const tree = parse();
    if (left > 0) this.kept.set(key, structuredClone(tree));
    return tree;
  }
}

interface SharedParseOptions {
  shared: SharedParses;
  /** The page's text, as the batch counted it. */
  text: string;
  /** What else decides the parser: the syntax and the project's own plugins. */
  parser: string;
}

/**
 * A unified plugin that routes the processor's parse through `shared`: placed among the remark plugins (remark-parse,
 * which sets the parser, is attached before any of them; the syntax extensions are read when the parser runs).
 */
export function remarkSharedParse(this: { parser?: Parse }, options: SharedParseOptions) {
  const parse = this.parser;
  if (!parse) return;
  this.parser = (doc, file) => options.shared.tree(options.text, `${options.parser}\0${doc}`, () => parse(doc, file));
}
