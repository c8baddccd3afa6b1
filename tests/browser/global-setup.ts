// Builds the site once (the repository's own site, or DOCSITE_TEST_ROOT) and serves it on 127.0.0.1 for the
// browser tests, exactly as `docsite build` and `docsite serve` do.
import type { TestProject } from "vitest/node";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "../../cli/pipeline/build.ts";
import { serve } from "../../cli/server/serve.ts";
import { createLogger } from "../../cli/log.ts";

export default async function setup(project: TestProject) {
  const root = resolve(process.env.DOCSITE_TEST_ROOT ?? ".");
  // Outside the site: docsite refuses to write a site into a folder it reads (.docsite included).
  const tmp = await mkdtemp(join(tmpdir(), "docsite-browser-tests-"));
  const outDir = join(tmp, "dist");
  await build({ root, outDir, logger: createLogger({ quiet: true }) });
  const server = await serve({ dir: outDir, port: 0 });
  const { port } = server.address() as { port: number };
  project.provide("baseUrl", `http://127.0.0.1:${port}`);
  project.provide("distDir", outDir);
  return async () => {
    await new Promise<void>((r) => server.close(() => r()));
    await rm(tmp, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    distDir: string;
  }
}
