// docsite's GFM plugin (cli/mdx/remark-gfm.ts) runs the autolink-literal pass only on the top-level blocks where it
// can match. The trees it parses must be remark-gfm's, for every content file of this site and for the cases below.
import { describe, it, expect } from "vitest";
import { readFile } from "node:fs/promises";
import fg from "fast-glob";
import { createProcessor } from "@mdx-js/mdx";
import remarkDirective from "remark-directive";
import upstreamGfm from "remark-gfm";
import remarkGfm from "../../cli/mdx/remark-gfm.ts";
import { preprocess } from "../../cli/mdx/preprocess.ts";

type Plugin = typeof upstreamGfm;
const parse = (gfm: Plugin, text: string, md = false) =>
  createProcessor({ format: md ? "md" : "mdx", remarkPlugins: [gfm, remarkDirective] }).parse(preprocess(text, { md }));

/** Each link's URL; "(literal)" marks those the autolink-literal pass made (they have no position). */
function links(tree: unknown): string[] {
  const out: string[] = [];
  const walk = (node: { type: string; url?: string; position?: unknown; children?: unknown[] }) => {
    if (node.type === "link") out.push(`${node.url}${node.position ? "" : " (literal)"}`);
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(tree as Parameters<typeof walk>[0]);
  return out;
}

describe("GFM with the autolink-literal pass on candidate blocks only", () => {
  it("parses every content file of this site as remark-gfm does", async () => {
    const files = await fg(["content/**/*.{md,mdx}"], { cwd: process.cwd() });
    expect(files.length).toBeGreaterThan(300);
    for (const file of files) {
      const text = (await readFile(file, "utf8")).replace(/^---\n[\s\S]*?\n---\n/, "");
      const md = file.endsWith(".md");
      expect(parse(remarkGfm as Plugin, text, md), file).toEqual(parse(upstreamGfm, text, md));
    }
  });

  it("makes the links the pass makes (text in JSX) in any block, and leaves links and code alone", () => {
    const text = [
      "Plain paragraph without any.",
      "",
      "<b>www.x.com</b> and <i>team@example.com</i>",
      "",
      "- list\n  - nested <b>https://a.io/x</b>",
      "",
      "> quoted <i>b@c.io</i>",
      "",
      "| a | b |\n| - | - |\n| <b>www.t.io</b> | [<b>www.e.io</b>](https://f.io) |",
      "",
      "<div>\n  <b>www.d.io</b>\n</div>",
      "",
      "## Heading <b>HTTP://H.IO</b>",
      "",
      "`<b>www.code.io</b>`",
    ].join("\n");
    const ours = parse(remarkGfm as Plugin, text);
    expect(ours).toEqual(parse(upstreamGfm, text));
    expect(links(ours)).toEqual([
      "http://www.x.com (literal)",
      "mailto:team@example.com",
      "https://a.io/x",
      "mailto:b@c.io",
      "http://www.t.io (literal)",
      "https://f.io",
      "http://www.d.io (literal)",
      "HTTP://H.IO",
    ]);
  });
});
