// `docsite build`: config → content index → compiled pages → route table → checks → client bundle → HTML →
// extras → atomic swap. Data flows one way; only the last step touches dist/. This file opens what a build holds
// (the cache, the checked and locked output) and runs a BuildSession (build-session.ts) with it.
import { join, resolve } from "node:path";
import { openOutput } from "../output/output.ts";
import { createLogger } from "../log.ts";
import { BuildCache } from "../cache/cache.ts";
import { outputManifest } from "../cache/output-manifests.ts";
import { BuildSession } from "./build-session.ts";
import type { BuildOptions, BuildResult } from "./build-types.ts";

export type { BuildOptions, BuildResult } from "./build-types.ts";
export { imagesLabel } from "./build-session.ts";

export async function build(opts: BuildOptions): Promise<BuildResult> {
  const logger = opts.logger ?? createLogger();
  const cache = BuildCache.forSite(opts.root, { enabled: opts.cache !== false });
  // The output is checked and locked before any work, so a refused --out or a concurrent build fails at once.
  const outDir = opts.outDir ?? join(opts.root, "dist");
  // A rebuild writes only the files that changed (output/output-update.ts), by the manifest of the last write.
  const manifest = cache.enabled ? outputManifest(cache, opts.root, resolve(outDir)) : undefined;
  const output =
    opts.write === false ? null : await openOutput({ root: opts.root, outDir, warn: logger.warn, manifest });
  try {
    return await new BuildSession({ opts: { ...opts, logger }, logger, cache, output, manifest }).run();
  } finally {
    output?.close();
  }
}
