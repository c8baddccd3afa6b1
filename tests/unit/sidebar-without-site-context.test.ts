// docsite's sidebar items drawn inside a site's own component that runs as an island: a swizzled
// DocSidebarItem/Category (testplane-docs at 83ad99d) renders `@theme/DocSidebarItems`, and in the browser an island
// has no site context (the interface strings stay on the server). A nested category then drew "This page crashed"
// (`useT() was called outside <SiteProvider>`); it must draw, its toggle labelled with the category's name.
import { describe, it, expect } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DocSidebarItems } from "../../theme/docs/Sidebar.tsx";
import type { SidebarItemData } from "../../theme/types.ts";

const items: SidebarItemData[] = [
  {
    type: "category",
    label: "Commands",
    href: "/docs/commands/",
    collapsed: false,
    items: [
      { type: "link", label: "url", href: "/docs/commands/url/" },
      { type: "category", label: "Element", href: "/docs/commands/element/", collapsed: false, items: [] },
    ],
  },
];

describe("sidebar items without the site context (an island in the browser)", () => {
  it("draws nested categories, each toggle labelled with its category's name", () => {
    const html = renderToStaticMarkup(
      createElement(DocSidebarItems, { items, activePath: "/docs/commands/url/", level: 1 }),
    );
    expect(html).toContain('href="/docs/commands/url/"');
    expect(html).toContain('aria-label="Commands"');
    expect(html).toContain('aria-label="Element"');
  });
});
