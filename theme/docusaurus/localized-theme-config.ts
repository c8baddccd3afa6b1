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

/** The theme config with the footer and announcement bar in the words the page's layout data has. */
export function localizedThemeConfig<T extends Record<string, unknown>>(themeConfig: T, layout: LayoutData): T {
  const footer = themeConfig.footer as FooterConfig | undefined;
  const bar = themeConfig.announcementBar as { content?: string } | undefined;
  const groups = layout.footer.groups;
  const links = footer?.links?.map((column, i) => {
    const group = groups[i];
    if (!group || !("items" in column)) return column;
    return {
      ...column,
      title: group.title,
      items: (column.items ?? []).map((item, j) => (group.items[j] ? { ...item, label: group.items[j].label } : item)),
    };
  });
  return {
    ...themeConfig,
    ...(footer ? { footer: { ...footer, links, copyright: footer.copyright && layout.footer.copyright } } : {}),
    ...(bar && layout.announcement ? { announcementBar: { ...bar, content: layout.announcement.content } } : {}),
  };
}
