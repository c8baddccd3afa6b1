// The build's first half: config and content index (cli/site/load.ts, shared with dev), every page compiled and
// checked (pipeline/page-pass.ts, as dev checks a page), the route table and its checks. Nothing is written.
import type { CompiledMdx, CompileStats } from "../mdx/compile.ts";
import { docSlugs } from "../mdx/content-links.ts";
import { planKey } from "../routes/table.ts";
import { assertRoutesInside } from "../output/confine.ts";
import { location, type Logger } from "../log.ts";
import type { SiteConfig } from "../config/types.ts";
import type { BuildCache } from "../cache/cache.ts";
import { PageErrorCollector, withoutFailed } from "./page-errors.ts";
import { pageAssets } from "./page-assets.ts";
import { inlinePool, type BuildPool } from "./pool.ts";
import { compilePages } from "./compile-stage.ts";
import { checkCompiledPage } from "./page-pass.ts";
import { checkSiteLinks, extraFiles, loadSources, routeTable, SiteProblems } from "../site/load.ts";
import type { BuildOptions, SiteModel } from "./build-types.ts";

export interface LoadSiteOptions {
  opts: BuildOptions;
  logger: Logger;
  cache: BuildCache;
  /** Each stage's time is added here, by name (scan, compile, routes). */
  timings?: Record<string, number>;
  /** The worker pool the compile may use (started on first use). */
  pool?: () => BuildPool;
  /** Called with each page compiled now (not taken from the cache), as it comes, and the site's config. */
  onCompiled?: (compiled: CompiledMdx, config: SiteConfig) => void;
  /** What ran beside the compile, for its line (the images it found, encoding meanwhile; search terms counted). */
  besideCompile?: () => string | undefined;
}

/** Everything up to the route table and its checks, every page compiled. */
export async function loadSite(l: LoadSiteOptions): Promise<SiteModel> {
  const { opts, logger, cache } = l;
  const timings = l.timings ?? {};
  const problems = new SiteProblems(logger, { verbose: opts.verbose });
  let done = logger.step("config and content index");
  const sources = await loadSources(opts.root, { drafts: Boolean(opts.drafts), cache }, problems);
  const { config, index } = sources;
  let { docs, drafts, blog } = sources;
  timings.scan = done();

  done = logger.step(`compile ${docs.length + blog.length} pages`);
  const compiled = new Map<string, CompiledMdx>();
  const compileStats: CompileStats = { compiled: 0, cached: 0 };
  const jobs = [...docs, ...blog];
  // Every failing page is reported, not only the first: a migration is then fixed in one pass.
  const errors = new PageErrorCollector(opts.skipFailingPages ? Number.POSITIVE_INFINITY : undefined);
  // Cache misses compile on the worker pool when there are many (pipeline/compile-stage.ts).
  const slugs = docSlugs(index.docs, index.blog);
  const onCompiled = l.onCompiled;
  const stage = await compilePages({
    config,
    slugs,
    pages: jobs.map((j) => ({
      file: j.source.file,
      body: j.source.body,
      bodyOffset: j.source.bodyOffset,
      locale: j.locale,
    })),
    cache,
    stats: compileStats,
    sharedPool: l.pool ?? (() => inlinePool),
    progress: (n, total) => logger.progress("compiling", n, total),
    onCompiled: onCompiled && ((c) => onCompiled(c, config)),
  });
  for (const { index: i, error } of stage.errors) errors.add(error, jobs[i].source.file);
  const pageWarned = new Set<string>();
  for (const [i, c] of stage.compiled) {
    for (const w of checkCompiledPage(jobs[i].source, c, errors, pageWarned)) problems.report("warn", w);
    compiled.set(planKey(jobs[i]), c);
  }
  if (opts.skipFailingPages && errors.count) {
    for (const e of errors.list()) problems.report("warn", `${location(e.where)}: ${e.message} (page left out)`);
    ({ docs, blog, drafts } = withoutFailed(docs, blog, drafts, compiled));
  } else errors.throwIfAny();
  const beside = l.besideCompile?.();
  timings.compile = done(beside ? `(beside it: ${beside})` : undefined);

  done = logger.step("routes and checks");
  const table = await routeTable(sources, { docs, drafts, blog }, compiled, problems, { cache, slugs });
  // After every route is added: no page, site page or redirect is written outside the output folder.
  assertRoutesInside(config, table.routes);
  const extra = extraFiles(config);
  for (const f of pageAssets(compiled.values(), config.baseUrl).keys()) extra.add(f);
  const linkProblems = checkSiteLinks(config, table, extra, problems);
  timings.routes = done();
  return {
    config,
    strings: sources.strings,
    index,
    table,
    warnings: problems.warnings,
    problems: linkProblems,
    compileStats,
    recompile: stage.recompile,
  };
}
