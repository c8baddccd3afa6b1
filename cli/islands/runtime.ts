// The runtime of project islands: the loader (theme/client/project-islands.ts) and the modules islands import for
// React (`react`, `react/jsx-runtime`, `react-dom/client`: preact/compat), in one esbuild build of their own, so
// they share one preact — a page's islands load React once — and the site's main runtime stays what it is: pages
// without islands load none of this, and the main runtime's chunks are split as before. (Built with the main
// runtime instead, the shared React would pull all of preact/compat into the chunks every page loads.)
import { dirname, join, relative } from "node:path";
import type { Metafile } from "esbuild";
import { esbuildBuild } from "../boot/esbuild-service.ts";
import { fromRoot, PACKAGE_ROOT, packageRequire as require } from "../boot/locations.ts";
import { stablePackagePaths } from "../client/stable-paths.ts";

export interface IslandsRuntime {
  /** Files to write, path relative to the output folder → contents. */
  files: Map<string, Uint8Array>;
  /** The loader's URL: pages with islands name it (`data-islands` on the page root) and preload it. */
  loader: string;
  /** The shared modules, by specifier → URL (cli/islands/bundle.ts makes islands import them). */
  shared: Record<string, string>;
}

/** The shared modules: specifier → entry name and source (theme/client/shared/). */
const SHARED: Record<string, { entry: string; file: string }> = {
  react: { entry: "react", file: "react.ts" },
  "react/jsx-runtime": { entry: "react-jsx", file: "jsx-runtime.ts" },
  "react-dom/client": { entry: "react-dom-client", file: "react-dom-client.ts" },
};

export async function bundleIslandsRuntime(opts: { baseUrl: string; dev?: boolean }): Promise<IslandsRuntime> {
  const client = fromRoot("theme", "client");
  const preactCompat = dirname(require.resolve("preact/compat/package.json"));
  const result = await esbuildBuild({
    entryPoints: {
      islands: join(client, "project-islands.ts"),
      ...Object.fromEntries(Object.values(SHARED).map((m) => [m.entry, join(client, "shared", m.file)])),
    },
    // Names that do not depend on where docsite is installed or the build started (cli/client/stable-paths.ts).
    absWorkingDir: PACKAGE_ROOT,
    plugins: [stablePackagePaths()],
    bundle: true,
    splitting: true,
    format: "esm",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    minify: !opts.dev,
    sourcemap: opts.dev ? "inline" : false,
    outdir: "/assets",
    entryNames: "[name].[hash]",
    chunkNames: "islands-chunk.[hash]",
    write: false,
    metafile: true,
    jsx: "automatic",
    jsxImportSource: "preact",
    alias: { react: preactCompat, "react-dom": preactCompat },
    define: { "process.env.NODE_ENV": JSON.stringify(opts.dev ? "development" : "production") },
    legalComments: "none",
    logLevel: "silent",
  });
  const files = new Map<string, Uint8Array>();
  for (const f of result.outputFiles) files.set(relative("/", f.path), f.contents);
  const meta = result.metafile as Metafile;
  const url = (entry: string) => {
    const out = Object.entries(meta.outputs).find(([, o]) => o.entryPoint?.endsWith(entry))![0];
    return opts.baseUrl + relative("/", out.startsWith("/") ? out : `/${out}`);
  };
  return {
    files,
    loader: url("client/project-islands.ts"),
    shared: Object.fromEntries(Object.entries(SHARED).map(([spec, m]) => [spec, url(`client/shared/${m.file}`)])),
  };
}
