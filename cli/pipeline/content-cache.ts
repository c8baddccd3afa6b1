// The content cache: the HTML of a doc's or post's content (render/page-content.ts), kept apart from the pages'
// HTML. A page renders again when anything in its job changes; its content is drawn again only when what the
// content depends on changes: its compiled code, its locale, the site's address and title, its images, and of the
// data around it only what drawing it read: the interface strings it showed, the layout data or the sidebar (most
// content reads neither). An entry records those reads and holds only while they are unchanged.
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
  /** Each interface string the content showed: its message as the job had it (see `messageOf`). */
  strings: Record<string, string | null>;
  html: string;
}

/** The content reference of a job made with its code's hash in place of the code (render-stage.ts). */
export function contentRef(job: RenderJob): ContentRef | undefined {
  const page = job.page;
  if (!hasContent(page)) return undefined;
  const { baseUrl, title, url } = job.document.config;
  const key = cacheKey(
    JSON.stringify({
      kind: page.kind,
      code: page.code,
      locale: job.locale,
      fallback: job.fallback?.locale,
      // What compiled MDX and components can read of the site (render/mdx-runtime.ts, theme/mdx/docusaurus.tsx).
      site: { baseUrl, title, url },
      images: job.images,
    }),
  );
  const layout = hashText(JSON.stringify(job.layout));
  if (page.kind !== "doc") return { key, layout };
  const { items, ...rest } = docSidebarContext(page.data);
  return { key, layout, sidebar: hashText(JSON.stringify({ ...rest, items: items && sharedRef(items) })) };
}

/** A string's message in a job: the locale's own, else the default locale's (marked, as it formats differently). */
const messageOf = (job: RenderJob, key: string): string | null => {
  const own = job.messages[key];
  if (own !== undefined) return own;
  const fallback = job.fallback?.messages[key];
  return fallback === undefined ? null : `\0fallback\0${fallback}`;
};

/** The kept HTML of a page's content, if it still holds for the job as it is now. */
export function cachedContent(cache: BuildCache, ref: ContentRef, job: RenderJob): string | undefined {
  const text = cache.get(CONTENT_NS, ref.key);
  if (text === undefined) return undefined;
  try {
    const e = JSON.parse(text) as Entry;
    if (typeof e.html !== "string" || typeof e.strings !== "object" || e.strings === null) return undefined;
    if (e.layout !== undefined && e.layout !== ref.layout) return undefined;
    if (e.sidebar !== undefined && e.sidebar !== ref.sidebar) return undefined;
    for (const [key, message] of Object.entries(e.strings)) if (messageOf(job, key) !== message) return undefined;
    return e.html;
  } catch {
    return undefined; // unreadable (a build killed while writing it): drawn again
  }
}

/**
 * Keeps drawn content, written in place: an entry cut short by a killed build is not valid JSON, so it is never
 * taken for content.
 */
export function storeContent(cache: BuildCache, ref: ContentRef, job: RenderJob, drawn: DrawnContent): void {
  const entry: Entry = {
    layout: drawn.reads.layout ? ref.layout : undefined,
    sidebar: drawn.reads.sidebar ? ref.sidebar : undefined,
    strings: Object.fromEntries([...drawn.reads.strings].sort().map((k) => [k, messageOf(job, k)])),
    html: drawn.html,
  };
  cache.write(CONTENT_NS, ref.key, JSON.stringify(entry));
}
