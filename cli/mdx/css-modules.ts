// CSS modules (`styles.module.css`) with class names unique across the site. esbuild's `local-css` loader names a
// class after the module's file name (`styles_container`) and makes names unique within one bundle only; docsite
// bundles each page's components, each island and each React page apart and joins their stylesheets, so two
// `styles.module.css` with a `.container` each (react-native-website's Hero, BoxLink and Badge) became one class and
// styled each other's elements. Docusaurus' css-loader adds a hash of the file's path (`container_Abc1`); here the
// module is loaded under a name carrying a hash of its site-relative path (`styles_k3x9q2.module.css`), which esbuild
// turns into `styles_k3x9q2_container`: the same in the server's bundle and the island's, whatever bundle loads it.
import type { PartialMessage, Plugin } from "esbuild";
import { readFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { dirname, posix, relative, sep } from "node:path";
import { isInnerResolve, resolveInner } from "./inner-resolve.ts";

const NAMESPACE = "docsite-css-module";
export const CSS_MODULE_FILE = /\.module\.css$/i;

/**
 * The name esbuild is given for the CSS module (or compiled Sass module) at `file`: its folder, site-relative, and
 * its base name with six characters of a hash of that path (a `.module.css` name, which esbuild names classes by).
 */
export function cssModuleAlias(rootDir: string, file: string): string {
  const rel = relative(rootDir, file).split(sep).join("/");
  const hash = BigInt(`0x${createHash("sha256").update(rel).digest("hex").slice(0, 12)}`)
    .toString(36)
    .slice(0, 6);
  const base = posix.basename(rel).replace(/\..*$/, "");
  return posix.join(posix.dirname(rel), `${base}_${hash}.module.css`);
}

/** After loading: the site's PostCSS over the module's CSS (cli/css/esbuild-postcss.ts, `postcssAfterSass`). */
type Post = (css: string, file: string) => Promise<{ css: string } | { errors: PartialMessage[] }>;

/**
 * The plugin: `.module.css` imports resolve as usual (aliases, packages), then load under their alias; every file
 * loaded goes into `read` (absolute paths), which the bundle's inputs take in, as the Sass plugin's files.
 */
export function cssModules(rootDir: string, read: Set<string>, post?: Post): Plugin {
  return {
    name: "docsite-css-modules",
    setup(b) {
      b.onResolve({ filter: CSS_MODULE_FILE }, async (a) => {
        if (isInnerResolve(a.pluginData) || a.kind === "url-token" || a.kind === "import-rule") return undefined;
        const found = await resolveInner(b, a);
        if (found.errors.length || found.external || found.namespace !== "file") return found;
        return { path: cssModuleAlias(rootDir, found.path), namespace: NAMESPACE, pluginData: { file: found.path } };
      });
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (a) => {
        const file = (a.pluginData as { file: string }).file;
        read.add(file);
        const text = await readFile(file, "utf8");
        const after = post ? await post(text, file) : { css: text };
        if ("errors" in after) return { errors: after.errors, watchFiles: [file] };
        return { contents: after.css, loader: "local-css", resolveDir: dirname(file), watchFiles: [file] };
      });
    },
  };
}
