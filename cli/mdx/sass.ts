// Sass in project components: `.scss`/`.sass` files (and `.module.scss` CSS modules) that a component imports are
// compiled with the `sass` package (Dart Sass, pure JS) inside the esbuild bundle, then handed to esbuild's own CSS
// loaders, so a `.module.scss` gets the same class names as a `.module.css` (`local-css`). `@use`/`@import` resolve
// relative to the file, then from the site's node_modules (also `pkg:` URLs and webpack's `~package/...`).
import { existsSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin, PartialMessage } from "esbuild";
import type * as Sass from "sass";
import { isInnerResolve, resolveInner } from "./inner-resolve.ts";
import { cssModuleAlias } from "./css-modules.ts";

const SASS_FILE = /\.s[ac]ss$/i;

// Loaded on first use: the compiler is large and slow to load, and most sites have no Sass.
let sassModule: Promise<typeof Sass> | undefined;
const loadSass = () => (sassModule ??= import("sass"));
const NAMESPACE = "docsite-sass";

/** Webpack's sass-loader convention, still common in Docusaurus projects: `~pkg/x` is `pkg/x` in node_modules. */
function tildeImporter(rootDir: string): Sass.FileImporter<"sync"> {
  return {
    findFileUrl(url) {
      if (!url.startsWith("~")) return null;
      return pathToFileURL(join(rootDir, "node_modules", url.slice(1)));
    },
  };
}

/** A Sass failure as an esbuild message: Sass' own words, with the file (site-relative) and line where it is. */
function sassMessage(sass: typeof Sass, err: unknown, rootDir: string, entry: string): PartialMessage {
  if (!(err instanceof sass.Exception)) return { text: `Sass: ${(err as Error).message}` };
  const url = err.span.url;
  const file = url?.protocol === "file:" ? fileURLToPath(url) : entry;
  return {
    text: `Sass: ${err.sassMessage}`,
    location: {
      file: relative(rootDir, file).split(sep).join("/"),
      line: err.span.start.line + 1,
      column: err.span.start.column,
    },
  };
}

/**
 * The esbuild plugin. `loaded` collects every Sass file a compile read (absolute paths), so the caller can
 * invalidate a bundle when a partial that was `@use`d changes (esbuild only sees the entry stylesheet).
 */
export function sassPlugin(
  rootDir: string,
  loaded: Set<string>,
  /**
   * What the compiled CSS goes through next, as webpack's postcss-loader after sass-loader (cli/css/): its CSS, or
   * its own messages (a PostCSS error is no Sass error).
   */
  post?: (css: string, file: string) => Promise<{ css: string } | { errors: PartialMessage[] }>,
): Plugin {
  const nodeModules = join(rootDir, "node_modules");
  return {
    name: "docsite-sass",
    setup(b) {
      // Resolved into a namespace of their own under a `.css` name, so esbuild names a `.module.scss`'s classes
      // exactly as it names a `.module.css`'s (`styles_card`, not `styles_module_card`).
      // The file itself is found the usual way (relative, `@site/…`, a package), by the other resolvers.
      b.onResolve({ filter: SASS_FILE }, async (args) => {
        if (isInnerResolve(args.pluginData)) return undefined;
        const found = await resolveInner(b, args);
        if (found.errors.length || found.external) return found;
        // Site-relative, so the stylesheet (its comments name the path) is the same wherever the site is; a module
        // under its alias, so its classes are named as a `.module.css`'s are (css-modules.ts).
        const name = /\.module\.s[ac]ss$/i.test(found.path)
          ? cssModuleAlias(rootDir, found.path)
          : relative(rootDir, found.path).split(sep).join("/").replace(SASS_FILE, ".css");
        return { path: name, namespace: NAMESPACE, pluginData: { file: found.path } };
      });
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const file = (args.pluginData as { file: string }).file;
        const sass = await loadSass();
        try {
          const result = sass.compile(file, {
            style: "expanded",
            loadPaths: existsSync(nodeModules) ? [nodeModules] : [],
            importers: [new sass.NodePackageImporter(rootDir), tildeImporter(rootDir)],
            // Deprecation notices (`@import`, old colour functions) are the project's business, not the build's.
            logger: { warn() {}, debug() {} },
          });
          const files = result.loadedUrls.filter((u) => u.protocol === "file:").map((u) => fileURLToPath(u));
          for (const f of files) loaded.add(f);
          const after = post ? await post(result.css, file) : { css: result.css };
          if ("errors" in after) return { errors: after.errors, watchFiles: files };
          return {
            contents: after.css,
            loader: /\.module\.s[ac]ss$/i.test(file) ? "local-css" : "css",
            resolveDir: dirname(file),
            watchFiles: files,
          };
        } catch (err) {
          if (err instanceof sass.Exception && err.span.url?.protocol === "file:")
            loaded.add(fileURLToPath(err.span.url));
          return { errors: [sassMessage(sass, err, rootDir, file)] };
        }
      });
    },
  };
}
