// The content cache: the HTML of a doc's or post's content (render/page-content.ts), kept apart from the pages'
// HTML. A page renders again when anything in its job changes; its content is drawn again only when what the
// content depends on changes: its compiled code, the locale's strings, the site, its images, and the layout data or
// sidebar only if drawing it read them (most content reads neither). An entry records which of the two it read
// with their hashes, and holds only while those hashes still match.
import { hashText } from "../content/scan.ts";
import type { RenderJob } from "../render/render-job.ts";
import { hasContent, type DrawnContent } from "../render/page-content.ts";
import { docSidebarContext } from "../../theme/docs/sidebar-context.ts";
import { cacheKey, sharedRef, type BuildCache } from "./cache.ts";

export const CONTENT_NS = "content";

/** Where a page's content is kept, and the hashes of the data around it as they are now. */
export interface ContentRef {
  key: string;
  layout: string;
  sidebar?: string;
}

interface Entry {
  /** The layout's hash, when drawing the content read the layout. */
  layout?: string;
  /** The sidebar context's hash, when drawing the content read it. */
  sidebar?: string;
  html: string;
}

/** The content reference of a job made with its code's hash in place of the code (render-stage.ts). */
export function contentRef(job: RenderJob): ContentRef | undefined {
  const page = job.page;
  if (!hasContent(page)) return undefined;
  const key = cacheKey(
    JSON.stringify({
      kind: page.kind,
      code: page.code,
      locale: job.locale,
      messages: sharedRef(job.messages),
      fallback: job.fallback && { locale: job.fallback.locale, messages: sharedRef(job.fallback.messages) },
      site: sharedRef(job.document.config),
      images: job.images,
    }),
  );
  const layout = hashText(JSON.stringify(job.layout));
  if (page.kind !== "doc") return { key, layout };
  const { items, ...rest } = docSidebarContext(page.data);
  return { key, layout, sidebar: hashText(JSON.stringify({ ...rest, items: items && sharedRef(items) })) };
}

/** The kept HTML of a page's content, if it still holds for the data around the page now. */
export function cachedContent(cache: BuildCache, ref: ContentRef): string | undefined {
  const text = cache.get(CONTENT_NS, ref.key);
  if (text === undefined) return undefined;
  try {
    const e = JSON.parse(text) as Entry;
    if (typeof e.html !== "string") return undefined;
    if (e.layout !== undefined && e.layout !== ref.layout) return undefined;
    if (e.sidebar !== undefined && e.sidebar !== ref.sidebar) return undefined;
    return e.html;
  } catch {
    return undefined; // unreadable (a build killed while writing it): drawn again
  }
}

/**
 * Keeps drawn content, written in place: an entry cut short by a killed build is not valid JSON, so it is never
 * taken for content.
 */
export function storeContent(cache: BuildCache, ref: ContentRef, drawn: DrawnContent): void {
  const entry: Entry = {
    layout: drawn.reads.layout ? ref.layout : undefined,
    sidebar: drawn.reads.sidebar ? ref.sidebar : undefined,
    html: drawn.html,
  };
  cache.write(CONTENT_NS, ref.key, JSON.stringify(entry));
}
