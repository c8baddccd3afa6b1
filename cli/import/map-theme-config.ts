// The classic theme's config beyond navbar and footer: the announcement bar (its HTML and colours), colour mode and
// Algolia DocSearch as docsite's; and what docsite pages do not carry, named: Prism themes, other themes (Mermaid,
// live code blocks, search plugins), head tags, scripts, stylesheets and client modules.
import type { DocusaurusConfig, Loose } from "./docusaurus-config.ts";
import { isStub } from "./load-module.ts";
import type { PluginEntry } from "./plugin-entries.ts";

const str = (v: unknown) => (typeof v === "string" && !isStub(v) ? v : undefined);

export interface MappedThemeExtras {
  /** Fields of site.config.json: announcementBar, colorMode, search. */
  fields: Loose;
  mapped: string[];
  skipped: string[];
}

export function mapThemeExtras(
  dc: DocusaurusConfig,
  tc: Loose,
  entries: PluginEntry[],
  /** Adds an interface string with each locale's translation; returns its key (map-config.ts). */
  label: (key: string, text: string, file: string, dKey: string) => string,
): MappedThemeExtras {
  const fields: Loose = {};
  const mapped: string[] = [];
  const skipped: string[] = [];
  const ab = tc.announcementBar;
  if (ab && str(ab.content)) {
    // Docusaurus draws the content as HTML (a link, say) on the site's colours: both carried as written.
    const html = /<[a-z][^>]*>|&[#\w]+;/i.test(ab.content);
    const colour = (v: unknown) => {
      const c = str(v)?.trim();
      return c && /^[^;{}<>"]+$/.test(c) ? c : undefined;
    };
    const backgroundColor = colour(ab.backgroundColor);
    const textColor = colour(ab.textColor);
    fields.announcementBar = {
      id: str(ab.id) ?? "announcement",
      content: label("theme.announcementBar.content", ab.content, "code.json", "theme.announcementBar.content"),
      isCloseable: ab.isCloseable !== false,
      ...(html ? { html: true } : {}),
      ...(backgroundColor ? { backgroundColor } : {}),
      ...(textColor ? { textColor } : {}),
    };
    mapped.push(`announcement bar${html ? " (HTML)" : ""}${backgroundColor || textColor ? " with its colours" : ""}`);
  }
  if (tc.colorMode) {
    fields.colorMode = {
      defaultMode: tc.colorMode.defaultMode === "dark" ? "dark" : "light",
      disableSwitch: Boolean(tc.colorMode.disableSwitch),
      respectPrefersColorScheme: Boolean(tc.colorMode.respectPrefersColorScheme),
    };
    mapped.push("colour mode");
  }
  const alg = tc.algolia;
  if (alg && str(alg.appId) && str(alg.apiKey) && str(alg.indexName)) {
    fields.search = {
      provider: "algolia",
      algolia: {
        appId: alg.appId,
        apiKey: alg.apiKey,
        indexName: alg.indexName,
        contextualSearch: alg.contextualSearch !== false,
        ...(alg.replaceSearchResultPathname ? { replaceSearchResultPathname: alg.replaceSearchResultPathname } : {}),
      },
    };
    mapped.push("Algolia DocSearch");
  }
  if (tc.prism?.theme && Array.isArray(tc.prism.theme.styles))
    mapped.push("themeConfig.prism: its themes for swizzled code blocks (docsite's own code blocks keep its colours)");
  else if (tc.prism) skipped.push("themeConfig.prism: docsite highlights code with its own theme");
  // Themes beside the classic one: what each draws is drawn by docsite's theme, or not at all.
  const themeNotes: Array<[RegExp, string]> = [
    [/theme-mermaid/, "```mermaid blocks are shown as their source (docsite does not draw the diagrams)"],
    [/theme-live-codeblock/, "```jsx live blocks are shown as code (no live editor)"],
    [/search/, "docsite has its own search (local, or Algolia when themeConfig.algolia is set)"],
  ];
  const themes = entries.filter((e) => e.from === "theme" && e.kind !== "theme-classic");
  for (const t of themes) {
    const note = themeNotes.find(([re]) => re.test(t.label))?.[1] ?? "not run; docsite draws its own theme";
    skipped.push(`theme ${t.label}: ${note}`);
  }
  if (dc.markdown?.mermaid === true && !themes.some((t) => /mermaid/.test(t.label)))
    skipped.push("markdown.mermaid: ```mermaid blocks are shown as their source (docsite does not draw the diagrams)");
  const listOf = (v: unknown) => (Array.isArray(v) ? v : []);
  const described = (v: unknown) =>
    typeof v === "string"
      ? v
      : (str((v as Loose)?.src) ?? str((v as Loose)?.href) ?? str((v as Loose)?.tagName) ?? "an entry");
  for (const [field, what] of [
    ["headTags", "head tags"],
    ["scripts", "scripts"],
    ["stylesheets", "stylesheets"],
    ["clientModules", "client modules"],
  ] as const) {
    const items = listOf(dc[field]);
    if (items.length)
      skipped.push(
        `${field}: ${items.length} ${what} (${items.map(described).join(", ")}) not added to pages; ` +
          "docsite pages carry only their own head and scripts",
      );
  }
  return { fields, mapped, skipped };
}
