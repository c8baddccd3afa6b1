// Files a site's components import (`import photo from "@site/static/img/a.jpg"`) or their stylesheets name
// (`url(./bg.png)`, `url(/font/x.woff2)`), loaded as Docusaurus' webpack loads them (url-loader, @docusaurus/utils
// webpackUtils.js): a file of up to 10,000 bytes (WEBPACK_URL_LOADER_LIMIT) is inlined as a data: URL, a larger one
// is a file with a content hash in its name under the output's assets folder, linked by its URL under the base URL.
// The server's bundle (cli/mdx/components.ts) and an island's browser bundle (cli/islands/bundle.ts) load them with
// the same options, so both give the same URL and hydration matches; the server's bundle says which files it emitted
// (`emittedAssets`), and the pages that use it publish them (pipeline/page-assets.ts).
import type { BuildOptions, Metafile, Plugin } from "esbuild";
import { readFile } from "node:fs/promises";
import { dirname, posix } from "node:path";
import { isInnerResolve, resolveInner } from "./inner-resolve.ts";

/** Docusaurus' url-loader limit: a file of at most this many bytes is inlined. */
export const INLINE_LIMIT = 10_000;
/** Where emitted files go in the output (a folder of their own: the image stage's is assets/img/). */
export const ASSET_DIR = "assets/files/";

/** Images, fonts and media: inlined up to the limit, as url-loader does. */
const URL_LOADED = ["png", "jpg", "jpeg", "gif", "webp", "avif", "ico", "svg", "woff", "woff2", "eot", "ttf", "otf"];
const MEDIA = ["mp4", "webm", "ogv", "mov", "m4v", "mp3", "wav", "oga", "m4a", "aac", "flac"];
/** Documents: always a file (Docusaurus' file-loader rule). */
const FILE_LOADED = ["pdf", "doc", "docx", "xls", "xlsx", "zip", "rar"];
const ALL = [...URL_LOADED, ...MEDIA, ...FILE_LOADED];
const INLINABLE = new RegExp(`\\.(${[...URL_LOADED, ...MEDIA].join("|")})$`, "i");

/** The files components and their stylesheets load through this module, by name. */
export const ASSET_FILE = new RegExp(`\\.(${ALL.join("|")})$`, "i");

/** esbuild's loaders for them (the plugin below picks data: URLs for the small ones). */
export const ASSET_LOADERS: Record<string, "file"> = Object.fromEntries(ALL.map((e) => [`.${e}`, "file" as const]));

/**
 * The bundle options that name emitted files: `<outdir>/<name>-<hash>.<ext>`, linked as
 * `<baseUrl>assets/files/<name>-<hash>.<ext>` (the bundles' outdir is never written: only the URL counts).
 */
export const assetOutput = (baseUrl: string): Pick<BuildOptions, "publicPath" | "assetNames"> => ({
  publicPath: `${baseUrl}${ASSET_DIR}`,
  assetNames: "[name]-[hash]",
});

const MODULE = "docsite-asset-module";

/**
 * Inlines a small file as a data: URL, emits a larger one (the `file` loader), as url-loader decides. A script's
 * import of it is an ES module whose default export is the URL, as url-loader's (`esModule: true`) is: `import x from`
 * gives the URL and `require("./x.png").default`, which Docusaurus sites write, too. `.svg` files scripts import are
 * components (svg-component.ts, before this plugin).
 */
export const assetLoader: Plugin = {
  name: "docsite-asset-loader",
  setup(b) {
    b.onResolve({ filter: ASSET_FILE }, async (a) => {
      if (a.kind !== "import-statement" && a.kind !== "require-call" && a.kind !== "dynamic-import") return undefined;
      // The module's own import of the file, and the resolve below, are the file itself.
      if (a.namespace === MODULE || isInnerResolve(a.pluginData)) return undefined;
      const found = await resolveInner(b, a, "file");
      if (found.errors.length || !found.path || found.external || found.namespace !== "file") return undefined;
      return { path: found.path, namespace: MODULE };
    });
    b.onLoad({ filter: /.*/, namespace: MODULE }, (a) => ({
      contents: `export { default } from ${JSON.stringify(a.path)};`,
      loader: "js",
      resolveDir: dirname(a.path),
    }));
    b.onLoad({ filter: ASSET_FILE, namespace: "file" }, async (a) => {
      const bytes = await readFile(a.path);
      return { contents: bytes, loader: INLINABLE.test(a.path) && bytes.length <= INLINE_LIMIT ? "dataurl" : "file" };
    });
  },
};

/**
 * The files a bundle emitted, each with the file it copies (as the metafile names it: relative to the site folder)
 * and its URL: what the pages using the bundle publish.
 */
export function emittedAssets(metafile: Metafile, baseUrl: string): Array<{ file: string; url: string }> {
  const out: Array<{ file: string; url: string }> = [];
  for (const [path, o] of Object.entries(metafile.outputs)) {
    const inputs = Object.keys(o.inputs);
    if (!ASSET_FILE.test(path) || inputs.length !== 1) continue;
    out.push({ file: inputs[0], url: `${baseUrl}${ASSET_DIR}${posix.basename(path)}` });
  }
  return out.sort((a, b) => a.url.localeCompare(b.url));
}
