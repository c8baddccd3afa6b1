// A rendered page goes into the render cache in the thread that rendered it (a worker thread, or this one), appended
// to that thread's pack of the render stage (pipeline/pack-store.ts: a file per page cost a cold build about 0.1 s),
// and only its record comes back: where it is, its content hash and the hashes of its inline code. The main thread
// then never holds a page's HTML, which it would only pass on: on the 10× site that was about 570 MB of strings in
// 8 s, and the main thread's heap grew to 571 MB for 341 MB live.
import { BuildCache } from "./cache.ts";
import type { RenderJob } from "../render/render-job.ts";
import { contentHash } from "./output-update.ts";
import { inlineCode, inlineCodeToJson } from "../emit/security-headers.ts";
import { storeContent, type ContentRef, type StoredContent } from "./content-cache.ts";
import { appendToPack, stagePack, type PackedRef } from "./pack-store.ts";
import { DocsiteError } from "../log.ts";
import { join } from "node:path";

/** What the render index keeps of a page's HTML: where it is in the render packs, and what is in it. */
export interface PageRecord extends PackedRef {
  hash: string;
  inline: ReturnType<typeof inlineCodeToJson>;
}

/** A rendered page's record, and where the content it drew was kept (for the content index). */
export interface RenderedPage {
  record: PageRecord;
  content?: StoredContent;
}

/**
 * A route to render and where to store its HTML: the render cache in `cacheDir`, in this thread's pack of the render
 * stage `stage`; and where to keep the content it draws (pipeline/content-cache.ts), unless the job brings it.
 */
export interface RenderTask {
  job: RenderJob;
  cacheDir: string;
  /** The render stage's id: its packs' names are made of it. */
  stage: string;
  /** The page's content reference. */
  content?: ContentRef;
}

/** The cache namespace of the pages' HTML packs. */
export const RENDER_NS = "render";

// One per cache folder: a BuildCache makes each namespace's folder once.
const caches = new Map<string, BuildCache>();

export async function renderToCache(task: RenderTask): Promise<RenderedPage> {
  // Loaded on the first render: a worker thread that only compiles never loads React and the theme.
  const { renderJobParts } = await import("../render/render-job.ts");
  const { html, content, ownScripts } = await renderJobParts(task.job);
  let cache = caches.get(task.cacheDir);
  if (!cache) caches.set(task.cacheDir, (cache = new BuildCache(task.cacheDir)));
  const stored = content && task.content && storeContent(cache, task.stage, task.content, task.job, content);
  const at = appendToPack(cache, RENDER_NS, stagePack(RENDER_NS, task.stage), html);
  if (!at)
    throw new DocsiteError(
      `cannot write the rendered page into the build cache (${join(cache.dir, RENDER_NS)})`,
      {},
      "check that the disk has space and the folder can be written to, then build again",
    );
  return {
    record: { ...at, hash: contentHash(html), inline: inlineCodeToJson(inlineCode([html], ownScripts)) },
    content: stored || undefined,
  };
}
