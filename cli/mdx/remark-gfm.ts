// GitHub Flavored Markdown (tables, strikethrough, task lists, footnotes, autolink literals), as remark-gfm adds it,
// with one change: the autolink-literal pass runs only on the top-level blocks where it can match.
//
// That pass (mdast-util-gfm-autolink-literal) turns bare URLs and emails in text that the parser left as text (text
// inside JSX, mostly) into links. It visits the whole tree once per pattern (four), checking each text node's
// ancestors: a measurable part of a compile's CPU (docs/speed.md), on this site for no link at all. Each of its
// patterns needs "@", "http://", "https://" or "www." in the text, and a match never spans
// two text nodes, so running it on the blocks holding one of those gives the same tree (tests/unit/remark-gfm.test.ts
// compares both over every content file of the site and over cases where the pass does make links).
import { gfm, type Options } from "micromark-extension-gfm";
import { gfmFromMarkdown } from "mdast-util-gfm";
import type { Root, RootContent } from "mdast";
import type { Processor } from "unified";

type Transform = (tree: Root) => unknown;

/** Text that one of the autolink-literal patterns could match. */
const CANDIDATE = /@|https?:\/\/|www\./i;

function mayMatch(node: RootContent): boolean {
  if (node.type === "text") return CANDIDATE.test(node.value);
  return "children" in node && (node.children as RootContent[]).some(mayMatch);
}

/** `transform` run on each top-level block that may match, as the root of its own tree. */
function onCandidateBlocks(transform: Transform): Transform {
  return (tree) => {
    for (const block of tree.children) if (mayMatch(block)) transform({ type: "root", children: [block] });
  };
}

/** The parser settings remark-parse reads from the processor (its own typings add them to unified's Data). */
interface ParserData {
  micromarkExtensions?: unknown[];
  fromMarkdownExtensions?: unknown[];
}

/** The plugin. Unlike remark-gfm it adds nothing for remark-stringify: pages are compiled, never written back. */
export default function remarkGfm(this: Processor, options?: Options): void {
  const data = this.data() as ParserData;
  (data.micromarkExtensions ??= []).push(gfm(options));
  (data.fromMarkdownExtensions ??= []).push(
    gfmFromMarkdown().map((ext) =>
      ext.transforms ? { ...ext, transforms: ext.transforms.map((t) => onCandidateBlocks(t as Transform)) } : ext,
    ),
  );
}
