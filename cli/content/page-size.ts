// The largest content file docsite takes for a page. A page far beyond it is a mistake (a data dump or a log saved
// as .md): reading it whole would take gigabytes of memory before anything could be said about it, so it is refused
// by its size, unread, by the build, dev and `docsite import`.
import { DocsiteError } from "../log.ts";

export const MAX_PAGE_BYTES = 50 * 1024 * 1024;

/** Throws when a content file of `size` bytes is too large to be a page; `file` names it. */
export function checkPageSize(size: number, file: string): void {
  if (size <= MAX_PAGE_BYTES) return;
  throw new DocsiteError(
    `is ${(size / 1024 / 1024).toFixed(0)} MB, more than a page may be (${MAX_PAGE_BYTES / 1024 / 1024} MB)`,
    { file },
    "split it into pages, or move it to static/ (served as a file) or out of the content folders",
  );
}
