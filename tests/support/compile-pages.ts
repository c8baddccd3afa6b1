// Small pages for the compile tests (compile batches, the compile stage), and their compile cache inputs.
import type { SiteConfig } from "../../cli/config/types.ts";
import type { CompilePage } from "../../cli/pipeline/compile-stage.ts";
import { rewriteKeyOf } from "../../cli/mdx/content-links.ts";
import { moduleContextOf } from "../../cli/mdx/modules.ts";

/** `count` English doc pages of one line each, `content/en/docs/v1/page-<i>.mdx`, optionally under a heading. */
export const simplePages = (count: number, heading = false): CompilePage[] =>
  Array.from({ length: count }, (_, i) => ({
    file: `content/en/docs/v1/page-${i}.mdx`,
    body: `${heading ? `# Page ${i}\n\n` : ""}Text of page ${i}, with **bold** and \`code\`.\n`,
    bodyOffset: 0,
    locale: "en",
  }));

/** What the compile cache keys a page by (mdx/compile.ts: compiledEntryOf, readCompiled). */
export const cacheInputOf = (config: SiteConfig, p: CompilePage) => ({
  file: p.file,
  body: p.body,
  rewriteKey: rewriteKeyOf(config, p.locale, new Map()),
  modules: moduleContextOf(config),
});
