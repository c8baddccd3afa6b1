// Highlighting remembers its result per language and code text (cli/mdx/rehype-highlight-cached.ts): a repeated
// block must come out exactly as the first one, and what a later plugin does to one copy (line highlights)
// must not leak into another.
import { describe, it, expect } from "vitest";
import { compileSource } from "../../cli/mdx/compile.ts";

const fence = (meta: string) => `\`\`\`js${meta}\nconst a = 1;\nreturn a;\n\`\`\`\n`;
const compile = (body: string, file = "content/en/docs/v1/a.mdx") =>
  compileSource({ file, body, bodyOffset: 0, rewriteLink: (u) => u }).then((c) => c.code);
// A code block's lines are one HTML string in the compiled code (cli/mdx/rehype-code.ts): `class=\"line\"`.
const lines = (code: string) => [...code.matchAll(/class=\\"(line[^"\\]*)\\"/g)].map((m) => m[1]);

describe("cached syntax highlighting", () => {
  it("highlights a repeated block the same way, and keeps line highlights to their own block", async () => {
    const first = await compile(fence(""));
    expect(first).toContain("hljs-keyword");
    const marked = await compile(fence(" {1}"), "content/ru/docs/v1/a.mdx");
    expect(lines(marked)).toEqual(["line line-hl", "line"]);
    // Same text again, after the memo was filled and a copy of its nodes was changed by the line-highlight plugin.
    expect(await compile(fence(""), "content/en/docs/v1/b.mdx")).toBe(first);
    expect(lines(first)).toEqual(["line", "line"]);
  });

  it("leaves plain-text and unknown languages unhighlighted", async () => {
    const plain = await compile("```text\nconst a = 1;\n```\n");
    expect(plain).not.toContain("hljs-keyword");
    const unknown = await compile("```nosuchlang\nconst a = 1;\n```\n");
    expect(unknown).not.toContain("hljs-keyword");
    expect(unknown).toContain("hljs");
  });
});
