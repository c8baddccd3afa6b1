// Swizzled components docsite draws as Docusaurus does (tests/fixtures/docusaurus-swizzle-drawn; the browser's side
// is tests/browser/docusaurus-swizzle-drawn.test.ts): the judge runs an ejected CodeBlock importing
// `@theme/CodeBlock/Line(/Token)` and `@theme/Icon/WordWrap`, and a DocSidebarItem/Category importing Docusaurus
// 3.5+'s helpers from `@docusaurus/plugin-content-docs/client`; the code-block helpers compute what Docusaurus'
// do; an island records the site context its drawing read, for the browser; the import carries the Prism theme.
import { describe, it, expect } from "vitest";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { judgeOverrides } from "../../cli/theme-overrides/judge.ts";
import { parseLines, createCodeBlockMetadata } from "../../theme/docusaurus/code-block-utils.ts";
import { RecordIslandContext } from "../../theme/island-context.tsx";
import { SiteProvider, useT } from "../../theme/context.tsx";
import { DocSidebarItems } from "../../theme/docs/Sidebar.tsx";
import { docsClientModule } from "../../theme/docusaurus/docs-client.ts";
import { prismConfig } from "../../cli/import/map-config.ts";
import type { LayoutData } from "../../theme/types.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-swizzle-drawn");

describe("overrides docsite can now draw", () => {
  it("runs the CodeBlock eject (Line, Line/Token, Icon/WordWrap) and the 3.5+ category eject", () => {
    const judged = judgeOverrides(fixture, {
      CodeBlock: "src/theme/CodeBlock/index.js",
      "DocSidebarItem/Category": "src/theme/DocSidebarItem/Category/index.js",
    });
    expect(judged.refused).toEqual([]);
    expect(Object.keys(judged.usable)).toEqual(["CodeBlock", "DocSidebarItem/Category"]);
  });

  it("gives plugin-content-docs/client the sidebar helpers Docusaurus 3.5+ exports there", () => {
    const m = docsClientModule({ baseUrl: "/", title: "", url: "" }) as Record<string, (...a: unknown[]) => unknown>;
    const category = {
      type: "category",
      label: "Guides",
      items: [
        { type: "link", href: "/docs/a/", label: "A" },
        { type: "category", label: "Deeper", items: [{ type: "link", href: "/docs/b/", label: "B" }] },
      ],
    };
    expect(m.findFirstSidebarItemLink(category)).toBe("/docs/a/");
    expect(m.isActiveSidebarItem(category, "/docs/b")).toBe(true);
    expect(m.isActiveSidebarItem(category, "/docs/c/")).toBe(false);
    expect(typeof m.useDocSidebarItemsExpandedState).toBe("function");
  });
});

describe("Docusaurus' code-block helpers", () => {
  const magicComments = [
    {
      className: "theme-code-block-highlighted-line",
      line: "highlight-next-line",
      block: { start: "highlight-start", end: "highlight-end" },
    },
  ];

  it("highlights the metastring's ranges, else the magic comments' lines, which leave the code", () => {
    expect(parseLines("a\nb\nc\nd\n", { metastring: "{1,3-4}", language: "js", magicComments })).toEqual({
      code: "a\nb\nc\nd",
      lineClassNames: {
        0: ["theme-code-block-highlighted-line"],
        2: ["theme-code-block-highlighted-line"],
        3: ["theme-code-block-highlighted-line"],
      },
    });
    const code = "a\n// highlight-next-line\nb\n# highlight-start\nc\nd\n# highlight-end\ne";
    expect(parseLines(code, { language: "js", magicComments })).toEqual({
      code: "a\nb\nc\nd\ne",
      lineClassNames: {
        1: ["theme-code-block-highlighted-line"],
        2: ["theme-code-block-highlighted-line"],
        3: ["theme-code-block-highlighted-line"],
      },
    });
  });

  it("makes a block's metadata: language class, title and first line number from the metastring", () => {
    const meta = createCodeBlockMetadata({ code: "x\n", metastring: 'title="a.ts" showLineNumbers=5', language: "TS" });
    expect(meta).toMatchObject({
      code: "x",
      className: "language-ts",
      language: "ts",
      title: "a.ts",
      lineNumbersStart: 5,
    });
  });
});

describe("an island's site context", () => {
  const layout = { locale: "en", footer: { groups: [], icons: [], copyright: "©" } } as unknown as LayoutData;
  const t = (key: string, values?: Record<string, string | number>) =>
    `«${key}${values ? JSON.stringify(values) : ""}»`;
  const draw = (children: React.ReactNode) =>
    renderToString(
      h(SiteProvider, { i18n: { locale: "ru", t }, layout, children: h(RecordIslandContext, { children }) }),
    );

  it("writes what the drawing read after it: the strings it formatted and the layout fields", () => {
    function Reads() {
      const tr = useT();
      return h("b", null, tr("theme.x", { label: "A" }));
    }
    const html = draw(h(Reads));
    const context = JSON.parse(
      /<template data-docsite-context="">([^<]*)<\/template>/.exec(html)![1].replace(/&quot;/g, '"'),
    );
    expect(html.startsWith("<b>«theme.x{&quot;label&quot;:&quot;A&quot;}»</b><template")).toBe(true);
    expect(context).toEqual({ locale: "ru", strings: { 'theme.x\u0000{"label":"A"}': '«theme.x{"label":"A"}»' } });
  });

  it("writes nothing for a drawing that reads nothing, and docsite's DocSidebarItems draws inside it", () => {
    expect(draw(h("i", null, "x"))).toBe("<i>x</i>");
    const items = [{ type: "link", label: "A", href: "/a/" }];
    expect(draw(h(DocSidebarItems, { items, activePath: "/a/", level: 1 } as never))).toContain(
      '<a class="menu__link menu__link--active" href="/a/" aria-current="page">A</a>',
    );
  });
});

describe("the import's Prism settings", () => {
  it("carries the themes and magic comments as JSON, and nothing without a theme", () => {
    const theme = { plain: { color: "#000" }, styles: [{ types: ["comment"], style: { color: "#999" } }] };
    expect(prismConfig({ prism: { theme, darkTheme: theme, additionalLanguages: ["java"] } })).toEqual({
      theme,
      darkTheme: theme,
    });
    expect(prismConfig({ prism: { additionalLanguages: ["java"] } })).toBeUndefined();
  });
});
