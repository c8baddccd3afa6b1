// The content cache: the HTML of a doc's or post's content (render/page-content.ts), kept apart from the pages'
// HTML. A page renders again when anything in its job changes; its content is drawn again only when what the
// content depends on changes: its compiled code, its locale, the site's address and title, its images, and of the
// data around it only what drawing it read: the interface strings it showed, the layout data or the sidebar (most
// content reads neither). An entry records those reads and holds only while they are unchanged.
//
// Content is appended to pack files (pipeline/pack-store.ts), one per render stage and thread, and found through one
// index written at the end of the stage: one file per page made a cold build 0.4–0.6 s slower.
import { hashText } from "../content/scan.ts";
import type { RenderJob } from "../render/render-job.ts";
import { hasContent, type DrawnContent } from "../render/page-content.ts";
import { docSidebarContext } from "../../theme/docs/sidebar-context.ts";
import { siteData } from "../../theme/docusaurus/site-modules.tsx";
import { cacheKey, sharedRef, type BuildCache } from "./cache.ts";
import { appendToPack, PackReader, stagePack, type PackedRef } from "./pack-store.ts";

/** The cache namespace (folder) of the packs. */
export const CONTENT_NS = "content";
const CONTENT_INDEX = "content-index.json";

/** Where a page's content is kept, and the hashes of the data around it as they are now. */
export interface ContentRef {
  key: string;
  layout: string;
  sidebar?: string;
}

/** A page's content in a pack (its UTF-8 HTML), and what drawing it read. */
export interface StoredContent extends PackedRef {
  /** The layout's hash, when drawing the content read the layout. */
  layout?: string;
  /** The sidebar context's hash, when drawing the content read it. */
  sidebar?: string;
  /** Each interface string the content showed: its message as the job had it (see `messageOf`). */
  strings: Record<string, string | null>;
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
      fallback: job.fallback?.locale,
      // What compiled MDX and components can read of the site (theme/docusaurus/site-modules.tsx).
      site: siteData(job.document.config),
      images: job.images,
      // The island chunks the content names (cli/islands/): a rebundled island draws the content again.
      ...(job.islands ? { islands: job.islands } : {}),
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

/** Whether stored content still holds for `job` (whose content reference is `ref`). */
export function stillHolds(stored: StoredContent, ref: ContentRef, job: RenderJob): boolean {
  if (stored.layout !== undefined && stored.layout !== ref.layout) return false;
  if (stored.sidebar !== undefined && stored.sidebar !== ref.sidebar) return false;
  return Object.entries(stored.strings).every(([key, message]) => messageOf(job, key) === message);
}

/**
 * The content index of the last render stage, and the packs it names: each read at most once a stage. Missing,
 * unreadable or cut-short data is no content: the page's content is drawn again.
 */
export class ContentStore {
  private readonly packs: PackReader<StoredContent>;
  readonly index: Map<string, StoredContent>;

  constructor(cache: BuildCache) {
    this.packs = new PackReader<StoredContent>(cache, CONTENT_NS, CONTENT_INDEX);
    this.index = this.packs.index;
  }

  /** The kept HTML of the content `ref` names, if it still holds for `job`. */
  html(ref: ContentRef, job: RenderJob): string | undefined {
    const stored = this.index.get(ref.key);
    return stored && stillHolds(stored, ref, job) ? this.packs.read(stored) : undefined;
  }

  /** Writes the index of the content the pages use now (atomically: its packs are complete), and closes the packs. */
  finish(next: Map<string, StoredContent>): void {
    this.packs.finish(next);
  }
}

/**
 * Appends drawn content to this thread's pack of the render stage `stage` and says where it is.
 */
export function storeContent(
  cache: BuildCache,
  stage: string,
  ref: ContentRef,
  job: RenderJob,
  drawn: DrawnContent,
): StoredContent | undefined {
  const at = appendToPack(cache, CONTENT_NS, stagePack(CONTENT_NS, stage), drawn.html);
  if (!at) return undefined;
  return {
    ...at,
    layout: drawn.reads.layout ? ref.layout : undefined,
    sidebar: drawn.reads.sidebar ? ref.sidebar : undefined,
    strings: Object.fromEntries([...drawn.reads.strings].sort().map((k) => [k, messageOf(job, k)])),
  };
}
