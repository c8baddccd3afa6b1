// The build the bench runs in its own process: the one `docsite build` runs, from the CLI bundle
// (bin/cli-bundle.js), not the TypeScript sources through tsx. Through tsx, loading the MDX compiler alone took
// 0.55 s against 50 ms from the bundle, which is no part of what a user's build costs.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBundle } from "../../bin/cli-bundle.js";
import type { build } from "../../cli/pipeline/build.ts";

export async function bundledBuild(): Promise<typeof build> {
  const { dir } = await ensureBundle();
  const url = pathToFileURL(join(dir, "cli", "pipeline", "build.js")).href;
  return ((await import(url)) as { build: typeof build }).build;
}
