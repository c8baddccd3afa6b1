// The browser bundle's file names are content hashes, and esbuild mixes the paths of a chunk's input files into its
// hash. docsite's own files are named relative to the package folder (the bundle's absWorkingDir), which is the
// same wherever docsite is installed; a package's files are not: `node_modules/preact/…` in a checkout is
// `../preact/…` when npm hoists preact beside an installed docsite. This plugin names every file of an installed
// package `<name>@<version>/<path in the package>` instead, so the same sources give the same asset names from a
// checkout, from an installed package, and whatever folder the build is started in.
import type { Loader, Plugin } from "esbuild";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, extname, isAbsolute, join, sep } from "node:path";
import { INNER_RESOLVE, isInnerResolve } from "../mdx/inner-resolve.ts";

const NAMESPACE = "docsite-package";
const LOADERS: Record<string, Loader> = {
  ".js": "js",
  ".mjs": "js",
  ".cjs": "js",
  ".jsx": "jsx",
  ".ts": "ts",
  ".mts": "ts",
  ".cts": "ts",
  ".tsx": "tsx",
  ".json": "json",
  ".css": "css",
};

const versions = new Map<string, string>();

/** `<name>@<version>/<rest>` for a file inside node_modules/<name>/, or undefined for any other file. */
export function packageFileId(file: string): string | undefined {
  const parts = file.split(sep);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0 || at + 1 >= parts.length) return undefined;
  const nameLength = parts[at + 1].startsWith("@") ? 2 : 1;
  const name = parts.slice(at + 1, at + 1 + nameLength).join("/");
  const pkgDir = parts.slice(0, at + 1 + nameLength).join(sep);
  let version = versions.get(pkgDir);
  if (version === undefined) {
    try {
      version = String(
        (JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { version?: string }).version,
      );
    } catch {
      version = "";
    }
    versions.set(pkgDir, version);
  }
  return `${name}@${version}/${parts.slice(at + 1 + nameLength).join("/")}`;
}

/** Resolves as esbuild does, and moves files of installed packages into a namespace with layout-free names. */
export function stablePackagePaths(): Plugin {
  return {
    name: "docsite-stable-package-paths",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || isInnerResolve(args.pluginData)) return undefined;
        const fromPackage = args.namespace === NAMESPACE;
        const bare = !args.path.startsWith(".") && !isAbsolute(args.path);
        // An alias (react → preact/compat) arrives as an absolute path into node_modules.
        const intoPackage = isAbsolute(args.path) && args.path.split(sep).includes("node_modules");
        if (!fromPackage && !bare && !intoPackage) return undefined;
        const r = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: fromPackage ? undefined : args.importer,
          pluginData: INNER_RESOLVE,
        });
        if (r.errors.length) return { errors: r.errors, warnings: r.warnings };
        if (r.external || r.namespace !== "file") return r;
        const id = packageFileId(r.path);
        if (!id) return r;
        return { path: id, namespace: NAMESPACE, pluginData: { file: r.path }, sideEffects: r.sideEffects };
      });
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const file = (args.pluginData as { file: string }).file;
        return { contents: await readFile(file), loader: LOADERS[extname(file)] ?? "js", resolveDir: dirname(file) };
      });
    },
  };
}
