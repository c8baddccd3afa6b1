// What a build tells about its cache, once, at its end: damaged entries it did not use, and a disk it could not
// write to. Neither fails the build: the cache only saves work.
import { relative } from "node:path";
import type { BuildCache } from "./cache.ts";

export function cacheWarnings(cache: BuildCache): string[] {
  const { damaged, writeProblem } = cache.report();
  const out: string[] = [];
  const total = Object.values(damaged).reduce((a, b) => a + b, 0);
  if (total)
    out.push(
      `build cache: ${total} damaged entr${total === 1 ? "y" : "ies"} not used (${Object.entries(damaged)
        .map(([store, n]) => `${store} ${n}`)
        .join(", ")}); what ${total === 1 ? "it" : "they"} held was made again`,
    );
  if (writeProblem) {
    const shown = relative(process.cwd(), cache.dir) || cache.dir;
    out.push(
      `build cache: ${shown} cannot be written (${writeProblem}); this build ran without saving its work there, ` +
        "so the next one starts cold too: free disk space or fix the folder's permissions, or build with --no-cache",
    );
  }
  return out;
}
