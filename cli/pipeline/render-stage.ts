// The render stage: each route becomes a RenderJob (plain data holding everything its HTML depends on); a route
// whose job hash (with the code hash) is in the cache is not rendered again. The rest render on the worker pool
// when there are many (a cold build), in one worker thread when few (an edit: the page, and the pages that show its
// title in a sidebar or prev/next link, since their jobs change too); never in this thread, where a page's code that
// runs forever could not be stopped (pipeline/time-limit.ts). A job holds only the images its page shows,
// so an edited image re-renders the pages that show it.
//
// Beside the pages' HTML the cache keeps an index of small records: each page's content hash and the hashes of its
// inline code (for the Content-Security-Policy). A page from the cache is handed on as that record, its HTML read
// (and checked) only if the output needs the file written: a rebuild that changes nothing reads no page.
import { outputFileOf } from "../content/paths.ts";
import { prepareRoute, renderError, type RenderContext } from "../render/render-route.ts";
import type { Route } from "../routes/types.ts";
import { DocsiteError, type Logger } from "../log.ts";
import type { BuildCache } from "../cache/cache.ts";
import { registerShared, sharedRef } from "../cache/shared.ts";
import { CodeLost } from "../cache/compiled-pages.ts";
import { PackReader, readPacked } from "../cache/packs.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import type { RenderJob } from "../render/render-job.ts";
import { eachLimited } from "./each-limited.ts";
import { ContentStore, contentRef, type ContentRef, type ContentRecord } from "./content-cache.ts";
import { randomUUID } from "node:crypto";
import { inlinePool, poolSize, stagePoolFor, type BuildPool } from "./pool.ts";
import { pageTimeLimitMs, PageTimeLimitError } from "./time-limit.ts";
import type { Content } from "../output/output-update.ts";
import { RENDER_STORE, type PageRecord, type RenderedPage, type RenderTask } from "./render-store.ts";
import { addInlineCode, inlineCodeFromJson, noInlineCode, type InlineCode } from "../emit/security-headers.ts";

/** Batches on their way to the worker threads or in them at a time: enough that no thread waits for its next. */
const BATCHES_AT_ONCE = 4;

/**
 * Routes per batch for the worker threads: a few batches per thread keep every thread busy to the end, and batches
 * of about ten routes make the per-message costs (the copy of the config, strings and sidebar; tinypool's own) small.
 */
const renderBatchSize = (routes: number, threads: number): number =>
  Math.max(1, Math.min(12, Math.ceil(routes / (Math.max(1, threads) * 8))));

/**
 * The render index: the records of the pages the last render stage used, by render key. Written once per build after
 * every HTML entry it names is complete, it is what vouches for an entry: the pages' HTML is appended to packs
 * (cli/cache/packs.ts), so one that a killed build left half-written is named by no index and renders again.
 */
const RENDER_INDEX = "render-index.json";

interface RenderOptions {
  /**
   * Whether the output already holds `file` with content hash `hash`: then a cached page's HTML is not needed, and
   * not read. Otherwise it is read and checked now, so that a damaged entry renders again rather than failing the
   * write. Without it, every cached page is checked.
   */
  outputHas?: (file: string, hash: string) => boolean;
  /** Compiles a page again whose cached code was lost or damaged (pipeline/compile-stage.ts). */
  recompile?: (compiled: CompiledMdx) => Promise<void>;
}

export interface RenderStats {
  rendered: number;
  cached: number;
}

export async function renderRoutes(
  ctx: RenderContext,
  routes: Route[],
  cache: BuildCache,
  logger: Logger,
  sharedPool: () => BuildPool,
  opts: RenderOptions = {},
): Promise<{
  files: Map<string, Content>;
  /** The inline code of every page, in route order (for the Content-Security-Policy). */
  inline: InlineCode;
  stats: RenderStats;
  errors: Array<{ route: Route; error: unknown }>;
}> {
  const files = new Map<string, Content>();
  const inlineOf = new Map<string, InlineCode>();
  const known = new PackReader<PageRecord>(cache, RENDER_STORE, RENDER_INDEX);
  const index = new Map<string, PageRecord>();
  /**
   * A page in the render cache, found there or just rendered into it (where it was rendered): its record goes into
   * the index written at the end, and the page is handed on by it, its HTML read only when the file is written.
   */
  const handOn = (route: Route, file: string, key: string, record: PageRecord) => {
    index.set(key, record);
    files.set(file, { hash: record.hash, read: () => cachedHtml(cache, record, route) });
    inlineOf.set(file, inlineCodeFromJson(record.inline));
  };
  const stats: RenderStats = { rendered: 0, cached: 0 };
  const misses: Array<{ route: Route; key: string; job: RenderJob; content?: ContentRef }> = [];
  // The content index of the last stage, and the one this stage writes: the content every route's page uses now.
  const contents = new ContentStore(cache);
  const nextContents = new Map<string, ContentRecord>();
  const stage = randomUUID();
  const failed: Array<{ route: Route; error: unknown }> = [];
  // Hashed once, not once per route: the model is not changed after loading. The config stands in keys without its
  // absolute site folder, which no page shows.
  const { rootDir: _, ...portableConfig } = ctx.config;
  registerShared(ctx.config, portableConfig);
  for (const o of [ctx.assets, ...[...ctx.strings.values()].map((s) => s.messages), ...ctx.table.sidebars.values()])
    registerShared(o);
  // The theme overrides' code, on every job of a site that has them.
  if (ctx.overrides) registerShared(ctx.overrides.modules);
  // A cached page's HTML is read (and checked) now only if the output does not already hold it.
  const usable = (file: string, record: PageRecord) =>
    known.has(record) && (opts.outputHas?.(file, record.hash) || known.bytes(record) !== undefined);
  for (const route of routes) {
    try {
      const job = prepareRoute(ctx, route, codeRef);
      const key = cache.key(RENDER_STORE, jobInputs(job));
      const file = outputFileOf(ctx.config, route.path);
      const record = known.index.get(key);
      const content = contentRef(cache, job);
      const stored = content && contents.index.get(content.key);
      if (stored) nextContents.set(content.key, stored);
      if (record && usable(file, record)) {
        handOn(route, file, key, record);
        stats.cached++;
      } else misses.push({ route, key, job, content });
    } catch (err) {
      failed.push({ route, error: withOrigin(err, route) });
    }
  }
  const { pool, close } = stagePoolFor(misses.length, sharedPool);
  const limitMs = pageTimeLimitMs(ctx.config);
  let n = 0;
  if (misses.length) logger.progress("rendering", 0, misses.length);
  type Miss = (typeof misses)[number];
  const taskOf = async ({ route, job, content }: Miss): Promise<RenderTask> => {
    // Content still valid is handed to the render instead of the code, which is then not even read.
    const html = content && contents.html(content, job);
    return html === undefined
      ? { job: await withCode(job, route, opts.recompile), cache: cache.handle(), stage, content }
      : { job: withContent(job, html), cache: cache.handle(), stage };
  };
  const accept = ({ route, key, content }: Miss, rendered: RenderedPage) => {
    if (rendered.cacheProblem) cache.absorb({ damaged: {}, writeProblem: rendered.cacheProblem });
    if (content && rendered.content) nextContents.set(content.key, rendered.content);
    const file = outputFileOf(ctx.config, route.path);
    if (rendered.record) handOn(route, file, key, rendered.record);
    else {
      // The cache could not take the page: its HTML goes to the output as it is.
      files.set(file, rendered.html);
      inlineOf.set(file, inlineCodeFromJson(rendered.facts.inline));
    }
    stats.rendered++;
  };
  // Routes go to the worker threads a batch at a time (pool.ts: what a batch saves); in this thread one at a time.
  const inThread = pool === inlinePool;
  const size = inThread ? 1 : renderBatchSize(misses.length, poolSize());
  const batches: Miss[][] = [];
  for (let i = 0; i < misses.length; i += size) batches.push(misses.slice(i, i + size));
  const errors: Array<{ item: Miss; error: unknown }> = [];
  // eachLimited collects every batch's error, so the stage's own thread is always ended here.
  const batchErrors = await eachLimited(batches, inThread ? 1 : BATCHES_AT_ONCE, async (batch) => {
    const ready: Miss[] = [];
    const tasks: RenderTask[] = [];
    for (const miss of batch) {
      try {
        tasks.push(await taskOf(miss));
        ready.push(miss);
      } catch (err) {
        errors.push({ item: miss, error: withOrigin(err, miss.route) });
      }
    }
    const outcomes = tasks.length ? await pool.render(tasks, limitMs) : [];
    outcomes.forEach((o, i) => {
      if (o.ok) accept(ready[i], o.value);
      else errors.push({ item: ready[i], error: withOrigin(o.error, ready[i].route) });
    });
    n += batch.length;
    logger.progress("rendering", n, misses.length);
  });
  await close();
  // A batch that failed as a whole (its worker thread ended): each of its routes failed with it.
  for (const { item: batch, error } of batchErrors)
    for (const miss of batch) errors.push({ item: miss, error: withOrigin(error, miss.route) });
  known.finish(index);
  contents.finish(nextContents);
  // Every failing route, in route order: the build lists them all (pipeline/page-errors.ts).
  for (const { item, error } of errors) failed.push({ route: item.route, error });
  const order = new Map(routes.map((r, i) => [r, i]));
  failed.sort((a, b) => order.get(a.route)! - order.get(b.route)!);
  // In route order, whichever routes came from the cache or a worker: later steps read the files in order.
  const ordered = new Map<string, Content>();
  const inline = noInlineCode();
  for (const route of routes) {
    const f = outputFileOf(ctx.config, route.path);
    const html = files.get(f);
    if (html !== undefined) ordered.set(f, html);
    const code = inlineOf.get(f);
    if (code) addInlineCode(inline, code);
  }
  return { files: ordered, inline, stats, errors: failed };
}

/** A cached page's HTML, read (and checked) when its file is written: as bytes, which are what the file gets. */
function cachedHtml(cache: BuildCache, record: PageRecord, route: Route): Uint8Array {
  const html = readPacked(cache, RENDER_STORE, record);
  if (html === undefined) {
    // The next build renders every page again rather than meeting this entry again.
    cache.dropIndex(RENDER_INDEX);
    throw new DocsiteError(
      `the build cache lost the page ${route.path} while the build ran`,
      { file: route.origin },
      "run the build again (was .docsite/cache changed meanwhile?)",
    );
  }
  return html;
}

/**
 * The render store's inputs of a job: the job as JSON with the shared objects (config, strings, the sidebar) written
 * as their hashes (cli/cache/shared.ts), with JSON.stringify's native path: a replacer function is called for every
 * value of the job, which took more CPU than the rest of a cached route.
 */
function jobInputs(job: RenderJob): string {
  let page: RenderJob["page"] = job.page;
  if (page.kind === "doc" && page.data.sidebar)
    page = { ...page, data: { ...page.data, sidebar: sharedRef(page.data.sidebar) as typeof page.data.sidebar } };
  // A custom page's module by its code's hash: the URL it is imported from is where this docsite is.
  if (page.kind === "page") page = { ...page, module: "" };
  return JSON.stringify({
    ...job,
    messages: sharedRef(job.messages),
    fallback: job.fallback && { ...job.fallback, messages: sharedRef(job.fallback.messages) },
    page,
    ...(job.overrides ? { overrides: sharedRef(job.overrides) } : {}),
    document: { ...job.document, config: sharedRef(job.document.config), assets: sharedRef(job.document.assets) },
  });
}

// A page's compiled code (tens of KB) stands in the key as its hash, worked out when it was compiled: the code of a
// cached page is then read only if the page renders (cli/cache/compiled-pages.ts).
const codeRef = (compiled: CompiledMdx) => `#code:${compiled.codeHash}`;

/**
 * The job of a route to render, with its page's code in place of the code's hash. Code the cache lost or damaged is
 * compiled again first.
 */
async function withCode(job: RenderJob, route: Route, recompile: RenderOptions["recompile"]): Promise<RenderJob> {
  const page = job.page;
  if ((page.kind !== "doc" && page.kind !== "blogPost") || !("compiled" in route)) return job;
  let code: string;
  try {
    code = route.compiled.code;
  } catch (err) {
    if (!(err instanceof CodeLost) || !recompile) throw err;
    await recompile(route.compiled);
    code = route.compiled.code;
  }
  return { ...job, page: { ...page, code } };
}

/** The job of a route to render, with its content's HTML (from the content cache) in place of its code. */
function withContent(job: RenderJob, html: string): RenderJob {
  const page = job.page;
  return page.kind === "doc" || page.kind === "blogPost" ? { ...job, page: { ...page, code: "", content: html } } : job;
}

/** A render error names the file the route comes from (and keeps its cause). */
function withOrigin(err: unknown, route: Route): unknown {
  if (err instanceof PageTimeLimitError) return err.where.file ? err : err.at(route.origin);
  if (err instanceof DocsiteError && !err.where.file) {
    return new DocsiteError(err.message, { file: route.origin }, err.hint);
  }
  return renderError(err, route);
}
