// The Docusaurus theme names docsite draws a part of the page with, so a site's override of one replaces that part,
// and the props each is given (those of Docusaurus' classic theme, packages/docusaurus-theme-classic/src/theme/).
// docs/migration.md ("Theme overrides") has the same list for authors.

export const DRAWN_NAMES: Readonly<Record<string, string>> = {
  Footer: "none (Docusaurus reads the footer from the theme config)",
  "Footer/Layout": "{ style, links, logo, copyright } (the last three are drawn elements)",
  "Footer/Links": "{ links }: [{ title, items: [{ label, to | href }] }]",
  "Footer/LinkItem": "{ item: { label, to | href } }",
  "Footer/Copyright": "{ copyright } (a string)",
  "Navbar/Logo": "none",
  "Navbar/MobileSidebar/Toggle": "none",
  ColorModeToggle: "{ value, respectPrefersColorScheme, className } and, in the browser, onChange(mode)",
  TOC: "{ toc: [{ value, id, level, children }], minHeadingLevel, maxHeadingLevel }",
  TOCCollapsible: "{ toc, minHeadingLevel, maxHeadingLevel }",
  DocSidebarItem: "{ item, activePath, level, index }",
  "DocSidebarItem/Link": "{ item: { type: 'link', label, href, className }, activePath, level, index }",
  "DocSidebarItem/Category":
    "{ item: { type: 'category', label, href, items, collapsed, collapsible, className }, activePath, level, index }",
  "DocSidebarItem/Html": "{ item: { type: 'html', value, defaultStyle, className }, activePath, level, index }",
  DocSidebarItems: "{ items, activePath, level }",
  PaginatorNavLink: "{ permalink, title, subLabel, isNext }",
  "DocItem/Footer": "none (the edit link and last update under a doc)",
  NotFound: "none (the page of a missing address)",
  "NotFound/Content": "{ className } (the text of the page of a missing address)",
  CodeBlock: "{ children (the code), className: 'language-x', language, title }",
  Admonition: "{ type, title, children }",
  Details: "{ summary, children } (<details> of content)",
  "MDXComponents/Details": "{ children } (<details> of content, its <summary> a child)",
  "MDXComponents/A": "{ href, children } (links of content)",
  "MDXComponents/Heading": "{ as: 'h2'…'h6', id, children } (headings of content)",
  Heading: "{ as, id, children } (headings of content)",
  "Icon/ExternalLink": "{ width, height } (the mark after links that leave the site)",
};

/** Names handled elsewhere: the swizzled MDXComponents module is docusaurus.mdxComponents (cli/mdx/mdx-components.ts). */
export const NOT_OVERRIDES = new Set(["MDXComponents"]);
