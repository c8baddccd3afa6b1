// Each page's compile and render has a time limit (site.config.json `pageTimeLimit`): an MDX expression that loops
// forever, or input that costs far more than its size, fails that page instead of holding the build. The work runs
// in a worker thread (pipeline/pool.ts), which is ended when a page goes over; code in this thread cannot be stopped.
import type { SiteConfig } from "../config/types.ts";
import { DocsiteError } from "../log.ts";

/** Seconds a page's compile or render may take when the config does not say. */
export const DEFAULT_PAGE_TIME_LIMIT = 60;

/** The config's page time limit, in milliseconds. */
export const pageTimeLimitMs = (config: Pick<SiteConfig, "pageTimeLimit">): number =>
  (config.pageTimeLimit ?? DEFAULT_PAGE_TIME_LIMIT) * 1000;

/** What a page's compile or render is, in the message of one that went over the limit. */
export type PageWork = "compiling" | "rendering";

/**
 * A page stopped at the time limit. Its own class, so that the build does not render the page again in this thread
 * to find the failing line (render/locate-render-error.ts), which would run its endless code where nothing stops it.
 */
export class PageTimeLimitError extends DocsiteError {
  constructor(
    readonly work: PageWork,
    readonly limitMs: number,
    file?: string,
  ) {
    super(
      `${work} this page took longer than the page time limit (${Number((limitMs / 1000).toFixed(3))} s), so it was stopped`,
      file ? { file } : {},
      'look for an endless loop in its expressions or components, or input far larger than usual; if the page is only slow, raise "pageTimeLimit" (seconds) in site.config.json',
    );
    this.name = "PageTimeLimitError";
  }

  /** The same error, naming `file`. */
  at(file: string): PageTimeLimitError {
    return new PageTimeLimitError(this.work, this.limitMs, file);
  }
}
