// Bundles the browser runtime and the theme CSS with esbuild into content-hashed, minified files.
// React is aliased to preact/compat in the browser: same components, a tenth of the bytes (see DESIGN notes).
import type { Metafile } from "esbuild";
import { esbuildBuild } from "../boot/esbuild-service.ts";
import { dirname, join, relative } from "node:path";
import { fromRoot, PACKAGE_ROOT, packageRequire as require } from "../boot/locations.ts";
import { stablePackagePaths } from "./stable-paths.ts";

const themeDir = fromRoot("theme");

export interface ClientBundle {
  /** Files to write, path relative to dist → contents. */
  files: Map<string, Uint8Array>;
  entry: string;
  css: string[];
  /** The CSS text of `css`, for pages to inline (a build; `dev` leaves it out and links the file). */
  inlineCss?: string;
  /** Chunks statically imported by the entry: preloaded with the entry. */
  preload: string[];
  /**
   * The search page's own chunks: its island and what its first search imports (the provider, the local engine),
   * with their static imports, minus what the entry loads anyway. Preloaded on the search page only, so a page
   * opened with ?q= fetches them beside the entry instead of one after another.
   */
  searchPage: string[];
  /** The moving-picture player (theme/client/moving-pictures.ts): linked only by pages that have a video. */
  movingPictures: string;
}

interface BundleOptions {
  baseUrl: string;
  dev?: boolean;
  /** The site's `trailingSlash`, baked in; undefined (the dev server) leaves it to each page's attribute. */
  trailingSlash?: boolean;
  /**
   * The site has project islands (components hydrated in the browser): the runtime then holds the few lines that
   * load their own runtime (cli/islands/runtime.ts) on pages that have some. Without, they are left out at build
   * time (an esbuild define), so such a site's JavaScript is what it was.
   */
  islands?: boolean;
}

export async function bundleClient(opts: BundleOptions): Promise<ClientBundle> {
  const preactCompat = dirname(require.resolve("preact/compat/package.json"));
  const target = ["es2020", "chrome100", "firefox100", "safari15"];
  // The moving-picture player is bundled on its own: as a second entry point of the main build it would change the
  // names esbuild gives the shared chunks, and so the bytes of every page's first load.
  // What both builds share (the browsers they target, minified or not, where the files are named to go).
  const common = {
    absWorkingDir: PACKAGE_ROOT,
    bundle: true,
    format: "esm",
    target,
    minify: !opts.dev,
    sourcemap: opts.dev ? "inline" : false,
    outdir: "/assets",
    entryNames: "[name].[hash]",
    write: false,
    legalComments: "none",
    logLevel: "silent",
  } as const;
  const moving = esbuildBuild({
    ...common,
    entryPoints: { "moving-pictures": join(themeDir, "client", "moving-pictures.ts") },
  });
  const result = await esbuildBuild({
    entryPoints: { entry: join(themeDir, "client", "entry.ts"), main: join(themeDir, "styles", "main.css") },
    // Asset names hash input paths too: relative to the package folder, and packages by name (stable-paths.ts), so
    // they do not depend on where the build is started or how npm laid out the packages.
    ...common,
    plugins: [stablePackagePaths()],
    splitting: true,
    chunkNames: "chunk.[hash]",
    assetNames: "[name].[hash]",
    metafile: true,
    jsx: "automatic",
    jsxImportSource: "preact",
    alias: {
      react: preactCompat,
      "react-dom": preactCompat,
      "react/jsx-runtime": join(dirname(require.resolve("preact/package.json")), "jsx-runtime"),
    },
    define: {
      "process.env.NODE_ENV": JSON.stringify(opts.dev ? "development" : "production"),
      __DOCSITE_TRAILING_SLASH__: opts.trailingSlash === undefined ? "undefined" : String(opts.trailingSlash),
      __DOCSITE_PROJECT_ISLANDS__: String(Boolean(opts.islands)),
    },
  });
  const files = new Map<string, Uint8Array>();
  for (const f of result.outputFiles) files.set(relative("/", f.path), f.contents);
  const [movingOut] = (await moving).outputFiles;
  files.set(relative("/", movingOut.path), movingOut.contents);
  const meta = result.metafile as Metafile;
  const find = (entry: string) => Object.entries(meta.outputs).find(([, o]) => o.entryPoint?.endsWith(entry));
  const [entryOut, entryInfo] = find("client/entry.ts")!;
  const [cssOut] = find("styles/main.css")!;
  const url = (p: string) => opts.baseUrl + relative("/", p.startsWith("/") ? p : "/" + p);
  // Output files an output loads through static imports, itself included.
  const closure = (outs: string[]) => {
    const seen = new Set<string>();
    const visit = (o: string) => {
      if (seen.has(o)) return;
      seen.add(o);
      for (const i of meta.outputs[o]?.imports ?? []) if (i.kind === "import-statement") visit(i.path);
    };
    for (const o of outs) visit(o);
    return seen;
  };
  const loaded = closure([entryOut]);
  const searchRoots = ["search/SearchPage.tsx", "search/provider.ts"].flatMap((f) => find(f)?.[0] ?? []);
  return {
    files,
    entry: url(entryOut),
    css: [url(cssOut)],
    // Metafile paths are relative to absWorkingDir: "/" + path brings them back under the outdir's root.
    inlineCss: opts.dev ? undefined : new TextDecoder().decode(files.get(relative("/", `/${cssOut}`))),
    preload: entryInfo.imports.filter((i) => i.kind === "import-statement").map((i) => url(i.path)),
    searchPage: [...closure(searchRoots)].filter((o) => !loaded.has(o)).map(url),
    movingPictures: url(movingOut.path),
  };
}
