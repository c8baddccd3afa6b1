// Docusaurus gives components the theme config translated into the page's locale (theme-classic translates the
// footer's titles, labels and copyright per locale): a swizzled Footer reading `useThemeConfig().footer` draws the
// locale's words. docsite's config holds i18n keys there (`footer.link.title.Quickstart`) that the layout data
// resolves for the page; this puts the layout's words back into Docusaurus' shape. Where there is no layout (an
// island in the browser) the config stays as it is.
import type { LayoutData } from "../types.ts";

interface FooterConfig {
  links?: Array<{ title?: string; items?: Array<{ label?: string }> } | { label?: string }>;
  copyright?: string;
}

/**
 * The theme config with the footer and announcement bar in the words the page's layout data has. Both are read from
 * the layout when asked for (getters), so a component reading only `prism` reads nothing of the layout (an island
 * carries to the browser what its drawing read: theme/island-context.tsx).
 */
export function localizedThemeConfig<T extends Record<string, unknown>>(themeConfig: T, layout: LayoutData): T {
  const footer = themeConfig.footer as FooterConfig | undefined;
  const bar = themeConfig.announcementBar as { content?: string } | undefined;
  const out: Record<string, unknown> = { ...themeConfig };
  const lazy = (key: string, make: () => unknown) => {
    let made: { value: unknown } | undefined;
    Object.defineProperty(out, key, {
      enumerable: true,
      configurable: true,
      get: () => (made ??= { value: make() }).value,
    });
  };
  if (footer) lazy("footer", () => localizedFooter(footer, layout));
  if (bar)
    lazy("announcementBar", () => (layout.announcement ? { ...bar, content: layout.announcement.content } : bar));
  return out as T;
}

function localizedFooter(footer: FooterConfig, layout: LayoutData): FooterConfig {
  // An island's layout holds only what its server drawing read (theme/island-context.tsx).
  if (!layout.footer) return footer;
  const groups = layout.footer.groups;
  const links = footer.links?.map((column, i) => {
    const group = groups[i];
    if (!group || !("items" in column)) return column;
    return {
      ...column,
      title: group.title,
      items: (column.items ?? []).map((item, j) => (group.items[j] ? { ...item, label: group.items[j].label } : item)),
    };
  });
  return { ...footer, links, copyright: footer.copyright && layout.footer.copyright };
}
