// docsite's import graph, file by file, for the layers test and the architecture map. Two readers, because neither
// sees everything alone: esbuild's metafile gives every import the code runs (static, side-effect, dynamic and
// require, however the statement is split across lines), but esbuild drops type-only imports before it records
// anything; a scan of the source text gives those (`import type`, `export type … from`, `{ type X }` specifiers and
// `import("…")` types), which tie modules together as much as values do.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";

export const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The folders whose code the layers cover. */
export const CODE_ROOTS = ["cli", "theme"];

/** A file's imports of other files of the graph (paths from the repository, `/`-separated). */
export type ImportGraph = Map<string, string[]>;

const CODE = /\.(tsx?|mjs|js)$/;

/** The code files under `dir` (repository-relative), declarations aside. */
export function codeFiles(root: string, dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) codeFiles(root, rel, out);
    else if (CODE.test(e.name) && !e.name.endsWith(".d.ts")) out.push(rel);
  }
  return out.sort();
}

/** The imports esbuild records, every file an entry point so that none is missed for being unreachable. */
export async function runtimeImports(root: string, files: string[]): Promise<Array<[string, string]>> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: files,
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    packages: "external",
    format: "esm",
    jsx: "automatic",
    outdir: "layers-out", // never written (write: false); esbuild needs one for several entry points
    logLevel: "silent",
    plugins: [
      {
        // Stylesheets, images and fonts are not code: they have no place in the layers.
        name: "code-only",
        setup(b) {
          b.onResolve({ filter: /\.(s?css|sass|svg|png|jpe?g|gif|webp|woff2?)$/ }, (args) => ({
            path: args.path,
            external: true,
          }));
        },
      },
    ],
  });
  return edgesOf(result.metafile);
}

/** Every import between two inputs of a metafile, whatever its kind. */
export function edgesOf(metafile: Metafile): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [file, input] of Object.entries(metafile.inputs))
    for (const imported of input.imports) if (!imported.external) out.push([file, imported.path]);
  return out;
}

/**
 * The module specifiers a file's text names: every `import`/`export … from` statement (at the start of a line, over
 * as many lines as it takes) and every `import("…")`, the type-level ones included. Comments are not skipped: a line
 * of a comment starts with `//` or `*`, and an `import("…")` in prose only adds an edge, never hides one.
 */
export function specifiersIn(text: string): string[] {
  const out: string[] = [];
  const statement = /^[ \t]*(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"'\n]+)["']/gm;
  const sideEffect = /^[ \t]*import\s*["']([^"'\n]+)["']/gm;
  const expression = /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g;
  for (const re of [statement, sideEffect, expression]) for (const m of text.matchAll(re)) out.push(m[1]);
  return out;
}

/** A relative specifier as the file it names (with the extensions and index files the bundler tries), if a node. */
export function resolveSpecifier(from: string, spec: string, nodes: ReadonlySet<string>): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (nodes.has(candidate)) return candidate;
  return undefined;
}

/** The graph from a set of edges, over `files` only (imports of anything else are left out). */
export function graphOf(files: string[], edges: Iterable<[string, string]>): ImportGraph {
  const graph: ImportGraph = new Map(files.map((f) => [f, []]));
  for (const [from, to] of edges) {
    const targets = graph.get(from);
    if (targets && graph.has(to) && from !== to && !targets.includes(to)) targets.push(to);
  }
  for (const targets of graph.values()) targets.sort();
  return graph;
}

/** The import graph of the code under `roots` of `root`: esbuild's edges and the text's. */
export async function importGraph(root = REPO, roots = CODE_ROOTS): Promise<ImportGraph> {
  const files = roots.flatMap((dir) => codeFiles(root, dir));
  const nodes = new Set(files);
  const edges = await runtimeImports(root, files);
  for (const file of files)
    for (const spec of specifiersIn(readFileSync(join(root, file), "utf8"))) {
      const target = resolveSpecifier(file, spec, nodes);
      if (target) edges.push([file, target]);
    }
  return graphOf(files, edges);
}
