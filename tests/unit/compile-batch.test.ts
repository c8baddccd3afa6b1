// A compile batch in a worker (pipeline/worker.ts): every page of the batch compiles, and a page that fails is that
// page's result, not the batch's. The batch reads and writes no cache (the compile stage does).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdir } from "node:fs/promises";
import { fixtureSite, removeSite } from "../support/site.ts";
import { simplePages } from "../support/compile-pages.ts";
import { loadConfig } from "../../cli/config/load.ts";
import { compileBatch } from "../../cli/pipeline/worker.ts";
import { compileSettingsOf } from "../../cli/mdx/compile-settings.ts";
import type { SiteConfig } from "../../cli/config/types.ts";
import type { CompilePage } from "../../cli/pipeline/worker.ts";
import { SharedParses } from "../../cli/mdx/shared-parse.ts";

describe("compileBatch", () => {
  let root: string;
  let config: SiteConfig;
  const pages = simplePages(6, true);

  beforeAll(async () => {
    root = await fixtureSite();
    config = loadConfig(root);
  });
  afterAll(() => removeSite(root));

  it("compiles every page, a failing one as that page's error, and writes nothing", async () => {
    const broken = [...pages];
    broken[2] = { ...broken[2], body: "# Page 2\n\nan unclosed <Tabs>\n" };
    const results = await compileBatch({ settings: compileSettingsOf(config), slugs: [], pages: broken });
    expect(results.map((r) => r.ok)).toEqual([true, true, false, true, true, true]);
    const failed = results[2];
    expect(failed.ok ? "" : failed.error.message).toMatch(/Tabs/);
    expect(results[0].ok && results[0].value.headings[0].text).toBe("Page 0");
    expect(await readdir(root)).not.toContain(".docsite");
  });

  it("gives pages with the same text in one batch the same code as each compiled alone (one parse, copies)", async () => {
    // What depends on where a page is (its relative links) still differs; the parse is shared.
    const body = [
      "# Same text",
      "",
      "See [the other page](./other.mdx) and [a site path](/docs/intro).",
      "",
      ":::tip[Note]",
      "An admonition with `code` and a [link](../up.mdx).",
      ":::",
      "",
      "| a | b |",
      "|---|---|",
      "| 1 | 2 |",
      "",
      '```js title="x.js"',
      "const x = 1; // [!code highlight]",
      "```",
      "",
      "<details>",
      "  <summary>More</summary>",
      "",
      "  Inside {1 + 1}.",
      "</details>",
      "",
    ].join("\n");
    const at = (file: string, locale = "en"): CompilePage => ({ file, body, bodyOffset: 3, locale });
    const same = [
      at("content/en/docs/v1/guide/a.mdx"),
      at("content/en/docs/v2/guide/a.mdx"),
      at("content/ru/docs/v1/guide/a.mdx", "ru"),
      { ...pages[0] },
      at("content/en/docs/v1/b.mdx"),
    ];
    const settings = compileSettingsOf(config);
    const together = await compileBatch({ settings, slugs: [], pages: same });
    const alone = await Promise.all(same.map((p) => compileBatch({ settings, slugs: [], pages: [p] })));
    expect(together.map((r) => (r.ok ? "" : r.error.message))).toEqual(same.map(() => ""));
    expect(together).toEqual(alone.map((r) => r[0]));
    // The pages did come out different where they are different: the link from v2 goes to v2.
    const code = (i: number) => (together[i].ok ? together[i].value.code : "");
    expect(code(0)).not.toBe(code(1));
    expect(code(0)).not.toBe(code(2));
  });
});

describe("SharedParses", () => {
  it("parses a text once for the pages that have it, and gives each page a tree of its own", () => {
    let parses = 0;
    const parse = () => {
      parses++;
      return { type: "root", children: [{ type: "text", value: "x" }] } as never;
    };
    const shared = new SharedParses(["t", "t", "t", "u"]);
    const trees = [shared.tree("t", "k", parse), shared.tree("t", "k", parse), shared.tree("t", "k", parse)];
    expect(parses).toBe(1);
    expect(new Set(trees).size).toBe(3);
    (trees[0] as { children: unknown[] }).children.length = 0;
    expect(trees[1]).toEqual(trees[2]);
    expect((trees[1] as { children: unknown[] }).children).toHaveLength(1);
    // A text only one page has is parsed for it and not kept; another key (another parser) is not shared.
    shared.tree("u", "k2", parse);
    expect(parses).toBe(2);
    const twice = new SharedParses(["v", "v"]);
    twice.tree("v", "md", parse);
    twice.tree("v", "mdx", parse);
    expect(parses).toBe(4);
  });
});
