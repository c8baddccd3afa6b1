// The content store: the HTML of a doc's or post's content (render/page-content.ts), kept apart from the pages'
// HTML. A page renders again when anything in its job changes; its content is drawn again only when what the
// content depends on changes: its compiled code, its locale, the site config, its images, and of the data around it
// only what drawing it read: the interface strings it showed, the layout data or the sidebar (most content reads
// neither). An entry records those reads and holds only while they are unchanged.
//
// Content is appended to pack files (cli/cache/packs.ts), one per render stage and thread, and found through one
// index written at the end of the stage.
import { hashText } from "../cache/hash.ts";
import type { RenderJob } from "../render/render-job.ts";
import { hasContent, type DrawnContent } from "../render/page-content.ts";
import { docSidebarContext } from "../../theme/docs/sidebar-context.ts";
import type { BuildCache } from "../cache/cache.ts";
import { sharedRef } from "../cache/shared.ts";
import { appendToPack, PackReader, stagePack, type PackedRef } from "../cache/packs.ts";

/** The store (cache folder) of the packs. */
export const CONTENT_STORE = "content";
const CONTENT_INDEX = "content-index.json";

/** Where a page's content is kept, and the hashes of the data around it as they are now. */
export interface ContentRef {
  key: string;
  layout: string;
  sidebar?: string;
}

/** A page's content in a pack (its UTF-8 HTML), and what drawing it read. */
export interface ContentRecord extends PackedRef {
  /** The layout's hash, when drawing the content read the layout. */
  layout?: string;
  /** The sidebar context's hash, when drawing the content read it. */
  sidebar?: string;
  /** Each interface string the content showed: its message as the job had it (see `messageOf`). */
  strings: Record<string, string | null>;
}

/** The content reference of a job made with its code's hash in place of the code (render-stage.ts). */
export function contentRef(cache: BuildCache, job: RenderJob): ContentRef | undefined {
  const page = job.page;
  if (!hasContent(page)) return undefined;
  const key = cache.key(
    CONTENT_STORE,
    JSON.stringify({
      kind: page.kind,
      code: page.code,
      locale: job.locale,
      fallback: job.fallback?.locale,
      // All of it (as its hash): what compiled MDX and components read of the site is theirs to decide.
      config: sharedRef(job.document.config),
      images: job.images,
      // The island chunks the content names (cli/islands/): a rebundled island draws the content again.
      ...(job.islands ? { islands: job.islands } : {}),
      // The site's theme overrides (cli/theme-overrides/): content draws its CodeBlock, Details, headings with them.
      ...(job.overrides ? { overrides: sharedRef(job.overrides) } : {}),
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
function stillHolds(stored: ContentRecord, ref: ContentRef, job: RenderJob): boolean {
  if (stored.layout !== undefined && stored.layout !== ref.layout) return false;
  if (stored.sidebar !== undefined && stored.sidebar !== ref.sidebar) return false;
  return Object.entries(stored.strings).every(([key, message]) => messageOf(job, key) === message);
}

/**
 * The content index of the last render stage, and the packs it names: each read at most once a stage. Missing,
 * unreadable or cut-short data is no content: the page's content is drawn again.
 */
export class ContentStore {
  private readonly packs: PackReader<ContentRecord>;
  readonly index: Map<string, ContentRecord>;

  constructor(cache: BuildCache) {
    this.packs = new PackReader<ContentRecord>(cache, CONTENT_STORE, CONTENT_INDEX);
    this.index = this.packs.index;
  }

  /** The kept HTML of the content `ref` names, if it still holds for `job`. */
  html(ref: ContentRef, job: RenderJob): string | undefined {
    const stored = this.index.get(ref.key);
    return stored && stillHolds(stored, ref, job) ? this.packs.read(stored) : undefined;
  }

  /** Writes the index of the content the pages use now (atomically: its packs are complete), and closes the packs. */
  finish(next: Map<string, ContentRecord>): void {
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
): ContentRecord | undefined {
  const at = appendToPack(cache, CONTENT_STORE, stagePack(CONTENT_STORE, stage), drawn.html);
  if (!at) return undefined;
  return {
    ...at,
    layout: drawn.reads.layout ? ref.layout : undefined,
    sidebar: drawn.reads.sidebar ? ref.sidebar : undefined,
    strings: Object.fromEntries([...drawn.reads.strings].sort().map((k) => [k, messageOf(job, k)])),
  };
}
