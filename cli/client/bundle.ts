// Bundles the browser runtime and the theme CSS with esbuild into content-hashed, minified files.
// React is aliased to preact/compat in the browser: same components, a tenth of the bytes (see DESIGN notes).
import { build, type Metafile } from "esbuild";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const themeDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "theme");

export interface ClientBundle {
  /** Files to write, path relative to dist → contents. */
  files: Map<string, Uint8Array>;
  entry: string;
  css: string[];
  /** Chunks statically imported by the entry: preloaded with the entry. */
  preload: string[];
}

export async function bundleClient(opts: { baseUrl: string; dev?: boolean }): Promise<ClientBundle> {
  const preactCompat = dirname(require.resolve("preact/compat/package.json"));
  const result = await build({
    entryPoints: { entry: join(themeDir, "client", "entry.ts"), main: join(themeDir, "styles", "main.css") },
    bundle: true,
    splitting: true,
    format: "esm",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    minify: !opts.dev,
    sourcemap: opts.dev ? "inline" : false,
    outdir: "/assets",
    entryNames: "[name].[hash]",
    chunkNames: "chunk.[hash]",
    assetNames: "[name].[hash]",
    write: false,
    metafile: true,
    jsx: "automatic",
    jsxImportSource: "preact",
    alias: {
      react: preactCompat,
      "react-dom": preactCompat,
      "react/jsx-runtime": join(dirname(require.resolve("preact/package.json")), "jsx-runtime"),
    },
    define: { "process.env.NODE_ENV": JSON.stringify(opts.dev ? "development" : "production") },
    legalComments: "none",
    logLevel: "silent",
  });
  const files = new Map<string, Uint8Array>();
  for (const f of result.outputFiles) files.set(relative("/", f.path), f.contents);
  const meta = result.metafile as Metafile;
  const find = (entry: string) => Object.entries(meta.outputs).find(([, o]) => o.entryPoint?.endsWith(entry));
  const [entryOut, entryInfo] = find("client/entry.ts")!;
  const [cssOut] = find("styles/main.css")!;
  const url = (p: string) => opts.baseUrl + relative("/", p.startsWith("/") ? p : "/" + p);
  return {
    files,
    entry: url(entryOut),
    css: [url(cssOut)],
    preload: entryInfo.imports.filter((i) => i.kind === "import-statement").map((i) => url(i.path)),
  };
}
