// A rendered page goes into the render cache in the thread that rendered it (a worker thread, or this one), and
// only its record comes back: its content hash and the hashes of its inline code. The main thread then never holds
// a page's HTML, which it would only pass on: on the 10× site that was about 570 MB of strings in 8 s, and the
// main thread's heap grew to 571 MB for 341 MB live.
import { BuildCache } from "./cache.ts";
import type { RenderJob } from "../render/render-job.ts";
import { contentHash } from "./output-update.ts";
import { inlineCode, inlineCodeToJson } from "../emit/security-headers.ts";
import { storeContent, type ContentRef, type StoredContent } from "./content-cache.ts";

/** What the render index keeps of a page's HTML. */
export interface PageRecord {
  hash: string;
  inline: ReturnType<typeof inlineCodeToJson>;
}

/** A rendered page's record, and where the content it drew was kept (for the content index). */
export interface RenderedPage {
  record: PageRecord;
  content?: StoredContent;
}

/**
 * A route to render and where to store its HTML: the render cache entry `key` in `cacheDir`; and where to keep the
 * content it draws (pipeline/content-cache.ts), unless the job brings its content.
 */
export interface RenderTask {
  job: RenderJob;
  cacheDir: string;
  key: string;
  /** The page's content reference and the render stage's id (its packs' names are made of it). */
  content?: { ref: ContentRef; stage: string };
}

// One per cache folder: a BuildCache makes each namespace's folder once.
const caches = new Map<string, BuildCache>();

export async function renderToCache(task: RenderTask): Promise<RenderedPage> {
  // Loaded on the first render: a worker thread that only compiles never loads React and the theme.
  const { renderJobParts } = await import("../render/render-job.ts");
  const { html, content } = await renderJobParts(task.job);
  let cache = caches.get(task.cacheDir);
  if (!cache) caches.set(task.cacheDir, (cache = new BuildCache(task.cacheDir)));
  const stored =
    content && task.content && storeContent(cache, task.content.stage, task.content.ref, task.job, content);
  cache.write("render", task.key, html);
  return {
    record: { hash: contentHash(html), inline: inlineCodeToJson(inlineCode([html])) },
    content: stored || undefined,
  };
}
