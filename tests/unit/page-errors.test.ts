// Every failing page is named (file and, where MDX gives one, line), and a build lists all of them at once.
import { describe, it, expect } from "vitest";
import { fixtureSite, removeSite, buildSite } from "../support/site.ts";
import { PageErrors, PageErrorCollector, PAGE_ERROR_CAP } from "../../cli/pipeline/page-errors.ts";
import { DocsiteError } from "../../cli/log.ts";

const fm = (title: string) => `---\ntitle: ${title}\ndescription: A page.\n---\n\n`;

async function buildError(changes: Record<string, string>): Promise<DocsiteError> {
  const root = await fixtureSite("basic", changes);
  try {
    const err = await buildSite(root).then(
      () => null,
      (e) => e,
    );
    if (!err) throw new Error("expected the build to fail");
    return err as DocsiteError;
  } finally {
    await removeSite(root);
  }
}

describe("page errors", () => {
  it("reports every broken page of a build at once, each with its file and line", async () => {
    const err = await buildError({
      "content/en/docs/v1/guide/syntax.mdx": `${fm("Syntax")}Text\n\n<div>\n\nunclosed {\n`,
      "content/en/docs/v1/guide/component.mdx": `${fm("Component")}Intro.\n\n<Fancy kind="x" />\n`,
      "content/en/docs/v1/guide/theme.mdx": `${fm("Theme")}import Foo from '@theme/Mermaid';\n\n<Foo />\n`,
      "content/en/docs/v1/guide/partial.mdx": `${fm("Partial")}import P from './_missing.mdx';\n\n<P />\n`,
    });
    expect(err).toBeInstanceOf(PageErrors);
    const list = (err as PageErrors).errors.map((e) => [e.where.file, e.where.line, e.message]);
    expect(list).toEqual([
      ["content/en/docs/v1/guide/component.mdx", 8, "unknown component <Fancy>"],
      [
        "content/en/docs/v1/guide/partial.mdx",
        6,
        expect.stringContaining("no such file content/en/docs/v1/guide/_missing.mdx"),
      ],
      ["content/en/docs/v1/guide/syntax.mdx", expect.any(Number), expect.stringContaining("MDX syntax error")],
      ["content/en/docs/v1/guide/theme.mdx", 6, expect.stringContaining('unknown theme component "Mermaid"')],
    ]);
    expect(err.message).toContain("4 pages failed");
    expect(err.message).toContain("content/en/docs/v1/guide/component.mdx:8 unknown component <Fancy>");
  });

  it("reports every page that throws while rendering, named by its file", async () => {
    const boom = (what: string) =>
      `${fm(what)}export function Boom() { throw new Error("${what} exploded"); }\n\n<Boom />\n`;
    const err = await buildError({
      "content/en/docs/v1/guide/a.mdx": boom("alpha"),
      "content/en/blog/b.mdx": `---\ntitle: B\ndate: 2024-01-02\n---\n\n${boom("beta").split("---\n\n")[1]}`,
    });
    expect(err).toBeInstanceOf(PageErrors);
    const list = (err as PageErrors).errors.map((e) => [e.where.file, e.message]);
    expect(list).toContainEqual(["content/en/docs/v1/guide/a.mdx", expect.stringContaining("alpha exploded")]);
    expect(list).toContainEqual(["content/en/blog/b.mdx", expect.stringContaining("beta exploded")]);
  });

  it("keeps one error as it is and caps a long list", () => {
    const one = new PageErrorCollector();
    one.add(new DocsiteError("bad", { file: "a.mdx", line: 3 }), "a.mdx");
    expect(() => one.throwIfAny()).toThrow(
      expect.objectContaining({ message: "bad", where: { file: "a.mdx", line: 3 } }),
    );
    const many = new PageErrorCollector();
    for (let i = 0; i < PAGE_ERROR_CAP + 7; i++) many.add(new Error(`e${i}`), `p${i}.mdx`);
    const err = (() => {
      try {
        many.throwIfAny();
      } catch (e) {
        return e as PageErrors;
      }
    })()!;
    expect(err.errors).toHaveLength(PAGE_ERROR_CAP);
    expect(err.more).toBe(7);
    expect(err.message).toContain(`${PAGE_ERROR_CAP + 7} pages failed`);
    expect(err.message).toContain("… and 7 more");
  });
});
