// A rendered page goes into the render store in the thread that rendered it (a worker thread, or this one), appended
// to that thread's pack of the render stage (cli/cache/packs.ts), and only its record comes back: where it is, its
// content hash and the hashes of its inline code. The main thread then never holds a page's HTML, which it would only
// pass on. When the cache cannot hold the page (disabled, or its disk cannot be written), the HTML itself comes back:
// the output does not need the cache.
import { BuildCache, type CacheHandle } from "../cache/cache.ts";
import type { RenderJob } from "../render/render-job.ts";
import { contentHash } from "../output/output-update.ts";
import { inlineCode, inlineCodeToJson } from "../emit/security-headers.ts";
import { storeContent, type ContentRef, type ContentRecord } from "./content-cache.ts";
import { appendToPack, stagePack, type PackedRef } from "../cache/packs.ts";

/** The store (cache folder) of the rendered pages' packs. */
export const RENDER_STORE = "render";

/** What a page's HTML is, for the output and the Content-Security-Policy. */
interface PageFacts {
  hash: string;
  inline: ReturnType<typeof inlineCodeToJson>;
}

/** What the render index keeps of a page: where its HTML is in the render packs, and what is in it. */
export type PageRecord = PackedRef & PageFacts;

/** A rendered page: its record in the render store, or its HTML when the store could not take it. */
export type RenderedPage = (
  | { record: PageRecord; html?: undefined }
  | { record?: undefined; facts: PageFacts; html: string }
) & {
  /** Where the content it drew was kept (for the content index). */
  content?: ContentRecord;
  /** Why the cache could not be written, when it could not. */
  cacheProblem?: string;
};

/**
 * A route to render and where to store its HTML: the render store of `cache`, in this thread's pack of the render
 * stage `stage`; and where to keep the content it draws (pipeline/content-cache.ts), unless the job brings it.
 */
export interface RenderTask {
  job: RenderJob;
  cache: CacheHandle;
  /** The render stage's id: its packs' names are made of it. */
  stage: string;
  /** The page's content reference. */
  content?: ContentRef;
}

// The cache of the render stage under way in this thread (one per stage: a failed write stops that stage's writes,
// not a later build's).
let current: { stage: string; cache: BuildCache } | undefined;

export async function renderToCache(task: RenderTask): Promise<RenderedPage> {
  // Loaded on the first render: a worker thread that only compiles never loads React and the theme.
  const { renderJobParts } = await import("../render/render-job.ts");
  const { html, content, ownScripts } = await renderJobParts(task.job);
  if (current?.stage !== task.stage) current = { stage: task.stage, cache: BuildCache.fromHandle(task.cache) };
  const { cache } = current;
  const stored = content && task.content && storeContent(cache, task.stage, task.content, task.job, content);
  // One hash of the page: the output's content hash, and the check of its bytes in the pack.
  const facts: PageFacts = { hash: contentHash(html), inline: inlineCodeToJson(inlineCode([html], ownScripts)) };
  const at = appendToPack(cache, RENDER_STORE, stagePack(RENDER_STORE, task.stage), html, facts.hash);
  const cacheProblem = cache.report().writeProblem;
  const rest = { content: stored || undefined, ...(cacheProblem ? { cacheProblem } : {}) };
  return at ? { record: { ...at, ...facts }, ...rest } : { facts, html, ...rest };
}
