// What `docsite build` is asked (BuildOptions) and what it answers (BuildResult), apart from the code that runs it,
// so the build's parts (build.ts, build-session.ts, load-stage.ts) share them without importing one another in a
// circle.
import type { Strings } from "../i18n/strings.ts";
import type { ContentIndex } from "../content/scan.ts";
import type { CompiledMdx, CompileStats } from "../mdx/compile.ts";
import type { LinkProblem } from "../links/check.ts";
import type { ImageStats } from "../images/stage.ts";
import type { Logger } from "../log.ts";
import type { SiteConfig } from "../config/types.ts";
import type { RouteTable } from "../routes/types.ts";
import type { CacheReport } from "../cache/cache.ts";
import type { RenderStats } from "./render-stage.ts";

export interface BuildOptions {
  root: string;
  outDir?: string;
  logger?: Logger;
  /** Include draft pages (dev server). */
  drafts?: boolean;
  dev?: boolean;
  /** Write nothing; return the site in memory (dev server, tests). */
  write?: boolean;
  /** Build the pages that work and list the failing ones as warnings (measuring a migration). */
  skipFailingPages?: boolean;
  /** Every missing translation on a line of its own, rather than a summary per locale. */
  verbose?: boolean;
  /** false: read and write no build cache (`docsite build --no-cache`); the output is the same. */
  cache?: boolean;
}

/** The site up to its route table and checks, every page compiled (pipeline/load-stage.ts). */
export interface SiteModel {
  config: SiteConfig;
  strings: Map<string, Strings>;
  index: ContentIndex;
  table: RouteTable;
  warnings: string[];
  problems: LinkProblem[];
  /** Pages compiled now vs. taken from the cache. */
  compileStats: CompileStats;
  /** Compiles a page again whose cached code turned out to be lost (pipeline/compile-stage.ts). */
  recompile(compiled: CompiledMdx): Promise<void>;
}

export interface BuildResult extends SiteModel {
  pages: number;
  files: number;
  timings: Record<string, number>;
  outDir: string;
  /** Images encoded now vs. taken from the cache. */
  imageStats: ImageStats;
  /** Routes rendered now vs. taken from the cache. */
  renderStats: RenderStats;
  /** Damaged entries met and the first failed write, if any (each also told once as a warning). */
  cache: CacheReport;
}
