// A React page of the site's pages folder, bundled for the server like a component (cli/mdx/components.ts), with
// its island boundaries marked: a module the page imports that needs the browser (cli/mdx/island-classify.ts) is left
// out of the page's bundle as `docsite-island:<key>` and bundled on its own, so the renderer draws it as an island
// (cli/render/mdx-runtime.ts) and the browser loads it alone. A page whose own code needs the browser (state, handlers
// in the page module itself) is an island as a whole: bundled with everything, hydrated as one.
import type { Plugin } from "esbuild";
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import { bundleComponent, bundleModuleWith, RUNTIME_EXTERNAL, type ComponentMdx } from "../mdx/components.ts";
import { applyAliases } from "../config/aliases.ts";
import { findScript } from "../mdx/modules.ts";
import { classify } from "../mdx/island-classify.ts";
import { islandKey } from "../mdx/island-keys.ts";
import { DocsiteError } from "../log.ts";

export interface SitePageBuild {
  /** CommonJS code of the page; its islands are required as `docsite-island:<key>`. */
  code: string;
  /** The CSS of the page and of its islands. */
  css: string[];
  /** The islands the page imports: key → their server code. */
  islands: Record<string, string>;
  /** Set when the page is an island as a whole: its own key. */
  island?: string;
  /** The site files (site-relative) the bundle and its islands' classification read: what the cache records. */
  inputs: string[];
  /** Files the page and its islands emitted (images, fonts: cli/mdx/asset-loader.ts), for the build to publish. */
  assets: Array<{ file: string; url: string }>;
}

/** The prefix under which a page's bundle requires its islands. */
export const ISLAND_IMPORT = "docsite-island:";

const NOT_SCRIPT = /\.(css|scss|sass|json|png|jpe?g|gif|webp|svg|avif|mp4|webm)$/i;

function islandBoundaries(
  rootDir: string,
  aliases: Record<string, string>,
  entry: string,
  found: Map<string, { code: string; css: string; assets: Array<{ file: string; url: string }> }>,
  mdx: ComponentMdx | undefined,
  read: Set<string>,
): Plugin {
  return {
    name: "docsite-page-islands",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (a) => {
        if (a.kind === "entry-point" || a.importer !== entry) return undefined;
        if (RUNTIME_EXTERNAL.test(a.path) || NOT_SCRIPT.test(a.path)) return undefined;
        let file: string | null = null;
        let isPackage = false;
        if (a.path.startsWith("@site/"))
          file = findScript(rootDir, applyAliases(a.path.slice("@site/".length), aliases));
        else if (a.path.startsWith("."))
          file = findScript(rootDir, posix.relative(rootDir, posix.join(a.resolveDir, a.path)));
        else if (/^(@[\w.-]+\/)?[\w.-]+(\/.*)?$/.test(a.path)) {
          file = a.path;
          isPackage = true;
        }
        if (!file) return undefined;
        let bundled: Awaited<ReturnType<typeof bundleComponent>>;
        try {
          bundled = await bundleComponent(rootDir, file, aliases, isPackage, mdx);
        } catch {
          return undefined; // not installed, or broken: the page's own bundle says so
        }
        // Whether it is an island depends on what it read, island or not.
        for (const f of bundled.inputs) read.add(f);
        if (!bundled.island.island) return undefined;
        const key = islandKey(file, isPackage);
        found.set(key, { code: bundled.code, css: bundled.css, assets: bundled.assets ?? [] });
        return { path: ISLAND_IMPORT + key, external: true };
      });
    },
  };
}

/**
 * Bundles a React page (site-relative `file`) for the server. `mdx`: how a Markdown file the page or its components
 * import is compiled (as content is; without it such an import is an error naming the file).
 */
export async function bundleSitePage(
  rootDir: string,
  file: string,
  aliases: Record<string, string>,
  mdx?: ComponentMdx,
): Promise<SitePageBuild> {
  try {
    // The page's own code, and its author's mark (`// @docsite-static` keeps a page using browser hooks on the server).
    const source = readFileSync(posix.join(rootDir, file), "utf8");
    const own = classify(source, source);
    if (own.island) {
      const whole = await bundleComponent(rootDir, file, aliases, false, mdx);
      const key = islandKey(file, false);
      return {
        code: whole.code,
        css: whole.css ? [whole.css] : [],
        islands: {},
        island: key,
        inputs: whole.inputs,
        assets: whole.assets ?? [],
      };
    }
    const found = new Map<string, { code: string; css: string; assets: Array<{ file: string; url: string }> }>();
    const read = new Set<string>([file]);
    const entry = posix.join(rootDir, file);
    const page = await bundleModuleWith(
      rootDir,
      file,
      aliases,
      [islandBoundaries(rootDir, aliases, entry, found, mdx, read)],
      mdx,
    );
    const css = [page.css, ...[...found.values()].map((f) => f.css)].filter(Boolean);
    for (const f of page.inputs) read.add(f);
    return {
      code: page.code,
      css,
      islands: Object.fromEntries([...found].map(([k, f]) => [k, f.code])),
      inputs: [...read],
      assets: [...(page.assets ?? []), ...[...found.values()].flatMap((f) => f.assets)],
    };
  } catch (err) {
    if (err instanceof DocsiteError) throw err;
    throw new DocsiteError(`the page cannot be bundled: ${(err as Error).message}`, { file }, "fix the page module");
  }
}
