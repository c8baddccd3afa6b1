// The content cache: the HTML of a doc's or post's content (render/page-content.ts), kept apart from the pages'
// HTML. A page renders again when anything in its job changes; its content is drawn again only when what the
// content depends on changes: its compiled code, its locale, the site's address and title, its images, and of the
// data around it only what drawing it read: the interface strings it showed, the layout data or the sidebar (most
// content reads neither). An entry records those reads and holds only while they are unchanged.
//
// Content is appended to pack files, one per render stage and thread, and found through one index written at the
// end of the stage: creating a file costs far more than its bytes here (a cold build of this site creates about
// 2,000; each new one took 0.2–0.8 ms, against 20 µs for writing 20 KB into an open file), and one file per page
// made a cold build 0.4–0.6 s slower.
import { appendFileSync, closeSync, mkdirSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { hashText } from "../content/scan.ts";
import type { RenderJob } from "../render/render-job.ts";
import { hasContent, type DrawnContent } from "../render/page-content.ts";
import { docSidebarContext } from "../../theme/docs/sidebar-context.ts";
import { cacheKey, sharedRef, type BuildCache } from "./cache.ts";

/** The cache namespace (folder) of the packs. */
export const CONTENT_NS = "content";
const CONTENT_INDEX = "content-index.json";

/** Where a page's content is kept, and the hashes of the data around it as they are now. */
export interface ContentRef {
  key: string;
  layout: string;
  sidebar?: string;
}

/** A page's content in a pack, and what drawing it read. */
export interface StoredContent {
  pack: string;
  /** Byte offset and length of its UTF-8 HTML in the pack. */
  start: number;
  length: number;
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
  readonly index: Map<string, StoredContent>;
  private readonly fds = new Map<string, number | null>();

  constructor(private readonly cache: BuildCache) {
    this.index = cache.readIndex<StoredContent>(CONTENT_INDEX);
  }

  /** The kept HTML of the content `ref` names, if it still holds for `job`. */
  html(ref: ContentRef, job: RenderJob): string | undefined {
    const stored = this.index.get(ref.key);
    if (!stored || !stillHolds(stored, ref, job)) return undefined;
    let fd = this.fds.get(stored.pack);
    if (fd === undefined) {
      try {
        fd = openSync(join(this.cache.dir, CONTENT_NS, stored.pack), "r");
      } catch {
        fd = null;
      }
      this.fds.set(stored.pack, fd);
    }
    if (fd === null) return undefined;
    const bytes = Buffer.alloc(stored.length);
    try {
      if (readSync(fd, bytes, 0, stored.length, stored.start) !== stored.length) return undefined;
    } catch {
      return undefined;
    }
    return bytes.toString("utf8");
  }

  /** Writes the index of the content the pages use now (atomically: its packs are complete), and closes the packs. */
  finish(next: Map<string, StoredContent>): void {
    for (const fd of this.fds.values()) if (fd !== null) closeSync(fd);
    this.fds.clear();
    this.cache.keep(CONTENT_NS, new Set([...next.values()].map((s) => s.pack)));
    // Nothing drawn and nothing gone (a rebuild with no change): the index on disk is this one already.
    if (next.size === this.index.size && [...next].every(([k, v]) => this.index.get(k) === v)) return;
    this.cache.writeIndex(CONTENT_INDEX, next);
  }
}

// Bytes this thread has appended to its pack of the current stage (packs are never shared between threads).
let current: { pack: string; size: number } | undefined;

/**
 * Appends drawn content to this thread's pack of the render stage `stage` and says where it is. The pack's name
 * (16 hex digits, as every cache entry's) is made of the stage and the thread.
 */
export function storeContent(
  cache: BuildCache,
  stage: string,
  ref: ContentRef,
  job: RenderJob,
  drawn: DrawnContent,
): StoredContent | undefined {
  const pack = hashText(`${stage}:${threadId}`);
  if (current?.pack !== pack) current = { pack, size: 0 };
  if (current.size < 0) return undefined;
  const bytes = Buffer.from(drawn.html, "utf8");
  try {
    if (current.size === 0) mkdirSync(join(cache.dir, CONTENT_NS), { recursive: true });
    appendFileSync(join(cache.dir, CONTENT_NS, pack), bytes);
  } catch {
    current.size = -1; // its length is unknown now: nothing more goes into this pack (a full disk, say)
    return undefined;
  }
  const start = current.size;
  current.size += bytes.length;
  return {
    pack,
    start,
    length: bytes.length,
    layout: drawn.reads.layout ? ref.layout : undefined,
    sidebar: drawn.reads.sidebar ? ref.sidebar : undefined,
    strings: Object.fromEntries([...drawn.reads.strings].sort().map((k) => [k, messageOf(job, k)])),
  };
}
