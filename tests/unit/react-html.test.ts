// Parts of a page handed to React as HTML strings (cli/mdx/react-html.ts) must be what React writes for the same
// elements, or pages would change; and no string may stand where the theme maps an element to a component.
import { describe, it, expect } from "vitest";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { ElementContent } from "hast";
import { PLAIN_TAGS, reactHtml, rehypePlainHtml } from "../../cli/mdx/react-html.ts";
import { pageComponents } from "../../cli/render/page-components.ts";

const text = (value: string): ElementContent => ({ type: "text", value });
const el = (tagName: string, cls: string[] | null, ...children: ElementContent[]): ElementContent => ({
  type: "element",
  tagName,
  properties: cls ? { className: cls } : {},
  children,
});

/** The same nodes as React elements. */
const asReact = (nodes: ElementContent[]): ReactNode[] =>
  nodes.map((n) => {
    if (n.type === "text") return n.value;
    if (n.type !== "element") throw new Error(n.type);
    const cls = n.properties?.className as string[] | undefined;
    const kids = asReact(n.children);
    return createElement(n.tagName, cls ? { className: cls.join(" ") } : null, ...(kids.length ? kids : [undefined]));
  });
const byReact = (nodes: ElementContent[]) => renderToString(createElement("div", null, ...asReact(nodes))).slice(5, -6);

describe("HTML strings for React", () => {
  it("writes elements and text as React's server renderer does", () => {
    const nodes = [
      el("span", ["line"], text('if (a < b && c > "d") '), text(""), text("{ 'e' }"), text("\n")),
      el("span", ["line", "line-hl"], el("span", ["hljs-string", "x&y"], text("`q` &lt;")), text("\n")),
      el("p", null, text("Первый "), el("strong", null, text("жирный")), text(" и "), el("code", null, text("<x/>"))),
      el("ul", null, text("\n"), el("li", null, text("a"), el("br", null), text("b")), text("\n"), el("li", null)),
      el("blockquote", null, el("p", null, el("em", null, text("quote")), el("del", null, text("gone")))),
      el("hr", null),
      text("tail"),
      text("\n"),
    ];
    expect(reactHtml(nodes)).toBe(byReact(nodes));
  });

  it("leaves out the line breaks between table rows and cells, as MDX does before React sees them", () => {
    const row = (...cells: string[]) => el("tr", null, ...cells.flatMap((c) => [text("\n"), el("td", null, text(c))]));
    const body = el("tbody", null, text("\n"), row("a", "b"), text("\n"), row("c", "d\n"), text("\n"));
    const withoutBreaks = el(
      "tbody",
      null,
      el("tr", null, el("td", null, text("a")), el("td", null, text("b"))),
      el("tr", null, el("td", null, text("c")), el("td", null, text("d\n"))),
    );
    expect(reactHtml([body])).toBe(byReact([withoutBreaks]));
    expect(reactHtml([body])).toContain("<td>d\n</td>");
  });

  it("puts only plain elements with more than one node into strings, below docsite's components too", () => {
    const link = {
      type: "element",
      tagName: "a",
      properties: { href: "/x/" },
      children: [text("x")],
    } as ElementContent;
    const tree = {
      children: [
        el("p", null, text("short")),
        el("p", null, text("with "), el("code", null, text("code"))),
        el("p", null, text("a "), link, text(" and "), el("strong", null, text("b"), el("em", null, text("c")))),
        {
          type: "mdxJsxFlowElement",
          name: "Admonition",
          attributes: [],
          children: [el("ul", null, el("li", null, text("item")))],
        },
        {
          type: "mdxJsxFlowElement",
          name: "Steps",
          attributes: [],
          children: [el("ul", null, el("li", null, text("step")))],
        },
      ] as ElementContent[],
    };
    rehypePlainHtml()(tree);
    const [short, withCode, withLink, admonition, projectComponent] = tree.children as any[];
    expect(short.type).toBe("element");
    expect(withCode).toMatchObject({ type: "mdxJsxTextElement", name: "p", children: [] });
    const html = withCode.attributes[0].value.data.estree.body[0].expression.properties[0].value.value;
    expect(html).toBe("with <code>code</code>");
    // A link is the theme's component: its paragraph stays an element; the <strong> beside it becomes a string.
    expect(withLink.type).toBe("element");
    expect(withLink.children.map((c: { type: string }) => c.type)).toEqual([
      "text",
      "element",
      "text",
      "mdxJsxTextElement",
    ]);
    expect(admonition.children[0]).toMatchObject({ type: "mdxJsxTextElement", name: "ul" });
    // A project's component may map over its list items: they stay elements.
    expect(projectComponent.children[0]).toMatchObject({ type: "element", tagName: "ul" });
  });

  it("never takes an element the theme maps to a component", () => {
    for (const name of Object.keys(pageComponents)) expect(PLAIN_TAGS.has(name), name).toBe(false);
  });
});
