// The docs sidebar a page draws (theme/docs/Sidebar.tsx): the categories on the page's path with their items, the
// other collapsed categories as labels only, each linking to a page that shows it open, so a page's HTML does not
// grow with the number of pages (issue 41) and every page stays reachable without JavaScript.
import { describe, expect, it } from "vitest";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SiteProvider } from "../../theme/context.tsx";
import { Sidebar, categoryPage } from "../../theme/docs/Sidebar.tsx";
import type { LayoutData, SidebarItemData } from "../../theme/types.ts";

/** `sections` sections of ten categories of twenty docs each (the shape of the scale corpus). */
function sidebar(sections: number): SidebarItemData[] {
  return Array.from({ length: sections }, (_, s) => ({
    type: "category" as const,
    label: `Section ${s}`,
    items: Array.from({ length: 10 }, (_, c) => ({
      type: "category" as const,
      label: `Category ${s}.${c}`,
      ...(c === 1 ? { href: `/docs/s${s}/c${c}/` } : {}),
      items: Array.from({ length: 20 }, (_, p) => ({
        type: "link" as const,
        label: `Page ${p}`,
        href: `/docs/s${s}/c${c}/p${p}/`,
        docId: `s${s}/c${c}/p${p}`,
      })),
    })),
  }));
}

const draw = (items: SidebarItemData[], active: string) =>
  renderToStaticMarkup(
    h(SiteProvider, {
      i18n: { locale: "en", t: (key: string) => key },
      layout: {} as LayoutData,
      children: h(Sidebar, { items, active, sidebarKey: "en|current|docs" }),
    }),
  );
const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe("docs sidebar at scale", () => {
  it("draws the items of the categories on the page's path only: ten times the pages, a few more links", () => {
    const small = draw(sidebar(1), "/docs/s0/c3/p5/");
    const big = draw(sidebar(10), "/docs/s0/c3/p5/");
    // The open section, its 10 categories and the open one's 20 pages; then 9 more sections' labels.
    expect(links(small)).toHaveLength(31);
    expect(links(big)).toHaveLength(40);
    expect(big.length).toBeLessThan(small.length * 1.5);
    expect(big).toContain('aria-current="page"');
    expect(big).not.toContain("/docs/s0/c4/p1/");
    expect(big).not.toContain("/docs/s1/c0/p1/");
  });

  it("links each collapsed category to a page that shows it open, and marks it to be filled in the browser", () => {
    const html = draw(sidebar(2), "/docs/s0/c3/p5/");
    // A category without a page of its own: its label is a link to its first doc, a toggle with JavaScript.
    expect(html).toContain(
      '<li class="menu__item menu__item--category" data-lazy=""><div class="menu__row"><a class="menu__link menu__link--toggle" href="/docs/s1/c0/p0/" role="button" data-category-toggle="true" aria-expanded="false">Section 1</a></div></li>',
    );
    // A category with its own page links there, beside its caret.
    expect(html).toMatch(/data-lazy=""><div class="menu__row"><a class="menu__link" href="\/docs\/s0\/c1\/">/);
    // The categories on the page's path are open, with their items.
    expect(html).toMatch(/aria-expanded="true">Section 0<\/a><\/div><ul class="menu__list">/);
    expect(html).toMatch(/aria-expanded="true">Category 0\.3<\/a><\/div><ul class="menu__list">/);
  });

  it("draws the items of a category its author keeps open, and of one with no page of this sidebar to fetch", () => {
    const items: SidebarItemData[] = [
      {
        type: "category",
        label: "Open",
        collapsed: false,
        items: [{ type: "link", label: "A", href: "/a/", docId: "a" }],
      },
      { type: "category", label: "External", items: [{ type: "link", label: "Out", href: "https://example.com/" }] },
      { type: "link", label: "Here", href: "/here/", docId: "here" },
    ];
    const html = draw(items, "/here/");
    expect(links(html)).toEqual(["/a/", "/a/", "https://example.com/", "/here/"]);
    expect(html).not.toContain("data-lazy");
    expect(categoryPage(items[1])).toBeUndefined();
    expect(categoryPage({ type: "category", items: [{ type: "category", items: items.slice(0, 1) }] })).toBe("/a/");
  });
});
