// A doc's or post's content is drawn apart from its layout (render/render-job.ts), so that the render stage can keep
// its HTML and reuse it when only the layout around it changes: a title edit redraws the sidebar of every page of
// the locale, a navbar edit every page, and neither has to evaluate and draw the pages' compiled MDX again.

/**
 * A page whose content is drawn on its own (a generated-index doc has none: the layout draws its cards). `spec` is a
 * render job's page (render-job.ts: PageSpec).
 */
export const hasContent = <S extends { kind: string; data?: { generatedIndex?: unknown } }>(
  spec: S,
): spec is Extract<S, { kind: "doc" | "blogPost" }> =>
  spec.kind === "blogPost" || (spec.kind === "doc" && !spec.data?.generatedIndex);

/** What a page's content read of the data around it, besides its code, locale, site address and images. */
export interface ContentReads {
  /** The layout data (useLayout). */
  layout: boolean;
  /** The doc's sidebar context (DocCardList, useDocsSidebar, useCurrentSidebarCategory). */
  sidebar: boolean;
  /** The interface strings it showed (admonition titles, the copy button's label…), by key. */
  strings: Set<string>;
}

/** The HTML of a page's content, drawn on its own, and what it read. */
export interface DrawnContent {
  html: string;
  reads: ContentReads;
}
