// The per-page half of the build, which `dev` runs the same way for each page it draws: the checks of a compiled
// page (an unknown component is an error; inline code, a heading id the layout uses and no title are warnings),
// the files it links to outside static/ (an HTML one with inline code is a warning), and the context pages render
// with. `build` runs it over every page at once (pipeline/load-stage.ts, build-session.ts); `dev` page by page, as
// they are asked for (dev/dev-site.ts, dev/dev-pages.ts). One code path, so the same page gets the same words.
import type { CompiledMdx } from "../mdx/compile.ts";
import { pageWarnings } from "../mdx/page-warnings.ts";
import { htmlFileWarnings } from "../mdx/rehype-inline-code.ts";
import { knownComponentNames } from "../render/page-components.ts";
import type { RenderContext } from "../render/render-route.ts";
import type { ClientBundle } from "../client/bundle.ts";
import { checkComponents } from "./page-checks.ts";
import type { PageErrorCollector } from "./page-errors.ts";
import { readPageAssets } from "./page-assets.ts";

/** The source fields the checks read (a doc or blog post's source). */
export type CheckedSource = Parameters<typeof pageWarnings>[0];

/**
 * Checks one compiled page: each unknown component goes into `errors` (at its file and line); the warnings are
 * returned, leaving out those already in `seen` (a page compiled for several locales is warned about once).
 */
export function checkCompiledPage(
  source: CheckedSource,
  compiled: CompiledMdx,
  errors: PageErrorCollector,
  seen: Set<string>,
): string[] {
  checkComponents(compiled, knownComponentNames, errors);
  // Inline code, layout id clashes, no title: said once per file and line (not once per locale).
  return pageWarnings(source, compiled, seen);
}

/**
 * The files pages link to outside static/ (output file → source file, pipeline/page-assets.ts), read, with a
 * warning for each HTML one holding inline code; `only` limits which are read (dev reads the HTML ones to check
 * them and serves the rest from disk).
 */
export async function readLinkedFiles(
  rootDir: string,
  assets: Map<string, string>,
  only: (file: string) => boolean = () => true,
): Promise<{ files: Map<string, Uint8Array>; warnings: string[] }> {
  const chosen = new Map([...assets].filter(([f]) => only(f)));
  const files = await readPageAssets(rootDir, chosen);
  const warnings: string[] = [];
  // An HTML file a page links to is content: the policy does not allow its inline code, and the build says so.
  for (const [f, bytes] of files) if (f.endsWith(".html")) warnings.push(...htmlFileWarnings(chosen.get(f)!, f, bytes));
  return { files, warnings };
}

/** What a render context is made of: the site's model, the client bundle and what was bundled for the pages. */
export interface RenderParts extends Pick<RenderContext, "config" | "table" | "strings" | "pageModules"> {
  bundle: ClientBundle;
  /**
   * `dev` links the theme's stylesheet and preloads nothing: its bundle is made again as the theme changes, and a
   * page's head would name chunks of an older one.
   */
  dev?: boolean;
  /** Stylesheets after the theme's: the site's own (cli/brand/) and its components'. */
  extraCss: string[];
  /** The islands' runtime, when the site has islands (cli/islands/). */
  islandLoader?: string;
  images: NonNullable<RenderContext["images"]>;
  islands: NonNullable<RenderContext["islands"]>;
  sitePages: NonNullable<RenderContext["sitePages"]>;
  overrides?: RenderContext["overrides"];
}

/** The context every route renders with, the same shape in `build` and `dev`. */
export function renderContextOf(p: RenderParts): RenderContext {
  const b = p.bundle;
  return {
    config: p.config,
    table: p.table,
    strings: p.strings,
    assets: {
      entry: b.entry,
      css: b.css,
      extraCss: p.extraCss,
      ...(p.dev ? { preload: [] } : { inlineCss: b.inlineCss, preload: b.preload, searchPage: b.searchPage }),
      movingPictures: b.movingPictures,
      ...(p.islandLoader ? { islands: p.islandLoader } : {}),
    },
    pageModules: p.pageModules,
    images: p.images,
    islands: p.islands,
    sitePages: p.sitePages,
    ...(p.overrides ? { overrides: p.overrides } : {}),
  };
}
