// What a doc page gives its content through DocContext (theme/docs/DocCards.tsx). Free of React: the build's main
// thread hashes it for the content cache (cli/pipeline/content-cache.ts) without loading the theme.
import type { DocPageData, SidebarItemData } from "../types.ts";

export interface DocSidebarContext {
  /** Sidebar id (Docusaurus' sidebar name). */
  name?: string;
  items?: SidebarItemData[];
  activeHref: string;
}

export const docSidebarContext = (
  data: Pick<DocPageData, "sidebarKey" | "sidebar" | "activeHref">,
): DocSidebarContext => ({
  name: data.sidebarKey?.split("|").pop(),
  items: data.sidebar,
  activeHref: data.activeHref,
});
