// Small pages for the compile tests (compile batches, the compile stage), and the compile store they go into.
import type { SiteConfig } from "../../cli/config/types.ts";
import type { CompilePage } from "../../cli/pipeline/worker.ts";
import { compileSettingsOf, portableSettings } from "../../cli/mdx/compile-settings.ts";
import type { BuildCache } from "../../cli/cache/cache.ts";
import { CompiledPages } from "../../cli/cache/compiled-pages.ts";
import type { CompiledMdx } from "../../cli/mdx/compile.ts";

/** `count` English doc pages of one line each, `content/en/docs/v1/page-<i>.mdx`, optionally under a heading. */
export const simplePages = (count: number, heading = false): CompilePage[] =>
  Array.from({ length: count }, (_, i) => ({
    file: `content/en/docs/v1/page-${i}.mdx`,
    body: `${heading ? `# Page ${i}\n\n` : ""}Text of page ${i}, with **bold** and \`code\`.\n`,
    bodyOffset: 0,
    locale: "en",
  }));

/** The compile store as the compile stage opens it for a site with no doc slugs. */
export const compiledPagesOf = (cache: BuildCache, config: SiteConfig) =>
  new CompiledPages<CompiledMdx>(
    cache,
    { settings: portableSettings(compileSettingsOf(config)), slugs: [] },
    config.rootDir,
  );
