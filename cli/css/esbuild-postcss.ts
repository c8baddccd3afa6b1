// The site's PostCSS in an esbuild bundle: each `.css` file the bundle loads (the site's and its packages', as
// webpack's CSS rule takes them all in Docusaurus) goes through the site's plugins before esbuild reads it; a Sass
// file's output goes through them in the Sass plugin (cli/mdx/sass.ts: `post`), so the order is Sass, PostCSS,
// esbuild's CSS loaders, as webpack's loaders are ordered. `read` collects every file a run read (absolute paths).
import type { PartialMessage, Plugin } from "esbuild";
import { DocsiteError } from "../log.ts";
import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { PostcssToolchain } from "./postcss-toolchain.ts";

export function postcssPlugin(toolchain: PostcssToolchain, read: Set<string>): Plugin {
  return {
    name: "docsite-postcss",
    setup(b) {
      b.onLoad({ filter: /\.css$/ }, async (a) => {
        if (a.namespace !== "file") return undefined;
        let out: Awaited<ReturnType<PostcssToolchain["process"]>>;
        try {
          out = await toolchain.process(await readFile(a.path, "utf8"), a.path);
        } catch (err) {
          return { errors: [messageOf(err)] };
        }
        for (const f of out.files) read.add(f);
        return {
          contents: out.css,
          loader: /\.module\.css$/.test(a.path) ? "local-css" : "css",
          resolveDir: dirname(a.path),
          watchFiles: out.files,
        };
      });
    },
  };
}

/** The Sass plugin's `post` step: the compiled CSS through the site's PostCSS, from the Sass file's path. */
export const postcssAfterSass =
  (toolchain: PostcssToolchain, read: Set<string>) =>
  async (css: string, file: string): Promise<{ css: string } | { errors: PartialMessage[] }> => {
    try {
      const out = await toolchain.process(css, file);
      for (const f of out.files) read.add(f);
      return { css: out.css };
    } catch (err) {
      return { errors: [messageOf(err)] };
    }
  };

/** A PostCSS failure as esbuild reports it: the words and the stylesheet (site-relative) and line where it is. */
function messageOf(err: unknown): PartialMessage {
  if (!(err instanceof DocsiteError)) return { text: (err as Error).message };
  const { file, line } = err.where;
  return { text: err.message, location: file ? { file, line: line ?? 1, column: 0 } : undefined };
}
