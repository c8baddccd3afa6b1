// The remark and rehype plugins an imported Docusaurus project configured (site.config.json
// `docusaurus.mdxPlugins`, written by `docsite import`), loaded for docsite's compile. Each plugin module — a package
// of the site's node_modules (`@docusaurus/remark-plugin-npm2yarn`) or a project file (`./plugins/x/src/index.ts`)
// — is bundled with esbuild into CommonJS code (TypeScript, ES-only packages and their dependencies all become
// loadable) and run in memory, once per process.
//
// Which lists a page gets: the main docs' pages `docs`, another instance's `docs:<pluginId>`, blog posts `blog`. The
// lists are part of the compile settings, hence of every page's cache key (cli/mdx/compile-settings.ts); installed
// packages are part of the toolchain identity (cli/cache/identity.ts); every file a plugin was bundled from (the
// project's, a package's, one outside the site) is recorded with each page it compiled (`LoadedPlugins.files`), so a
// change to any of them compiles it again. CommonJS packages a plugin requires at run time are left to npm's record.
import { existsSync, readFileSync, statSync } from "node:fs";
import Module, { createRequire } from "node:module";
import vm from "node:vm";
import { dirname, join, posix, sep } from "node:path";
import type { MdxPluginLists, MdxPluginRef } from "../config/types.ts";
import { DocsiteError } from "../log.ts";
import { esbuildBuild } from "../boot/esbuild-service.ts";
import { envReads } from "../cache/env-reads.ts";
import { inputsOf, readInputs, resolutionFolders } from "../cache/recorded-inputs.ts";

export interface MdxPluginContext {
  rootDir: string;
  /** `docusaurus.mdxPlugins` of site.config.json. */
  lists: Record<string, MdxPluginLists>;
  /** Version folder name → docs instance id, for the pages of other docs instances. */
  instanceOf: Record<string, string>;
}

export interface LoadedPlugins {
  beforeRemark: unknown[];
  remark: unknown[];
  beforeRehype: unknown[];
  rehype: unknown[];
  /**
   * What the plugins were bundled from, as input names (cli/cache/recorded-inputs.ts: files wherever they lie, the
   * folders imports looked in, manifests): a page records them as it records its partials, so a change to one
   * compiles the page again.
   */
  files: string[];
  /** Whether any plugin applies to the page. */
  given: boolean;
}

const NONE: LoadedPlugins = { beforeRemark: [], remark: [], beforeRehype: [], rehype: [], files: [], given: false };

/** The lists that apply to a content file, or undefined when none do. */
export function listsFor(ctx: MdxPluginContext, file: string): MdxPluginLists | undefined {
  const m = /^content\/[^/]+\/(docs\/([^/]+)|blog)\//.exec(file);
  if (!m) return undefined;
  if (m[1] === "blog") return ctx.lists.blog;
  // Another docs instance has its own plugin options: its own lists, or none.
  const id = ctx.instanceOf[m[2]];
  return id ? ctx.lists[`docs:${id}`] : ctx.lists.docs;
}

const isEmpty = (l: MdxPluginLists | undefined) =>
  !l ||
  !(
    l.remarkPlugins?.length ||
    l.rehypePlugins?.length ||
    l.beforeDefaultRemarkPlugins?.length ||
    l.beforeDefaultRehypePlugins?.length
  );

/**
 * Options as the config gave them: `{ $regexp }` descriptors (written by the import) back as regular expressions,
 * `{ $function }` back as functions.
 */
function revive(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(revive);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.$regexp === "string") return new RegExp(o.$regexp, typeof o.flags === "string" ? o.flags : "");
    // A function of the Docusaurus config that uses only its own parameters (cli/import/carried-function.ts).
    if (typeof o.$function === "string")
      return vm.runInThisContext(`(${o.$function})`, { filename: "site.config.json" });
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, revive(x)]));
  }
  return v;
}

/**
 * Packages that are CommonJS stay out of the bundle and are required from the site's node_modules when the plugin
 * runs (a remark plugin may pull in something as big as TypeScript); ES-only packages, which Node 20 cannot
 * require, are bundled.
 */
const commonJsPackagesExternal: import("esbuild").Plugin = {
  name: "docsite-cjs-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (a) => {
      if (a.path.startsWith("node:") || a.kind === "entry-point") return undefined;
      let file: string;
      try {
        file = createRequire(join(a.resolveDir, "noop.js")).resolve(a.path);
      } catch {
        return undefined; // let esbuild resolve it (and name it when it cannot)
      }
      if (!file.includes(`${sep}node_modules${sep}`)) return undefined;
      if (/\.mjs$/.test(file)) return undefined;
      if (/\.cjs$/.test(file) || packageTypeOf(file) !== "module") return { path: a.path, external: true };
      return undefined;
    });
  },
};

/** `"type"` of the package.json nearest to a file. */
function packageTypeOf(file: string): string {
  for (let d = dirname(file); dirname(d) !== d; d = dirname(d)) {
    const p = join(d, "package.json");
    if (existsSync(p)) {
      try {
        return (JSON.parse(readFileSync(p, "utf8")) as { type?: string }).type ?? "commonjs";
      } catch {
        return "commonjs";
      }
    }
  }
  return "commonjs";
}

interface LoadedModule {
  exports: Record<string, unknown>;
  /** What the bundle was made from: input names. */
  files: string[];
}

const bundles = new Map<string, { mtimes: string; result: Promise<LoadedModule> }>();

const mtimesOf = (rootDir: string, files: string[]) =>
  files.map((f) => (existsSync(join(rootDir, f)) ? statSync(join(rootDir, f)).mtimeMs : -1)).join(",");

/**
 * Runs bundled CommonJS code as a module of the site folder, in memory: what it leaves external is required from
 * the site's node_modules, and nothing is written to disk.
 */
function requireFromCode(code: string, rootDir: string): Record<string, unknown> {
  const filename = join(rootDir, "docsite-mdx-plugin.cjs");
  const internal = Module as unknown as { _nodeModulePaths(dir: string): string[] };
  const m = new Module(filename) as Module & { _compile(code: string, filename: string): void };
  m.filename = filename;
  m.paths = internal._nodeModulePaths(rootDir);
  m._compile(code, filename);
  return m.exports as Record<string, unknown>;
}

/** The module of a plugin reference, bundled and run (once per process, again when a file it was made from changed). */
function loadModule(rootDir: string, ref: MdxPluginRef): Promise<LoadedModule> {
  const key = `${rootDir}\0${ref.module}`;
  const hit = bundles.get(key);
  if (hit) return hit.result.then((r) => (mtimesOf(rootDir, r.files) === hit.mtimes ? r : fresh()));
  return fresh();

  function fresh(): Promise<LoadedModule> {
    const result = (async (): Promise<LoadedModule> => {
      const entry = ref.module.startsWith("./") ? posix.join(rootDir, ref.module) : ref.module;
      let code: string;
      let files: string[];
      const lookedIn = new Set<string>();
      try {
        const out = await esbuildBuild({
          stdin: {
            contents: `module.exports = require(${JSON.stringify(entry)});`,
            resolveDir: rootDir,
            loader: "js",
          },
          absWorkingDir: rootDir,
          bundle: true,
          write: false,
          metafile: true,
          format: "cjs",
          platform: "node",
          target: "node20",
          logLevel: "silent",
          mainFields: ["module", "main"],
          conditions: ["import", "node", "default"],
          define: { "process.env.NODE_ENV": '"production"' },
          plugins: [resolutionFolders(lookedIn), commonJsPackagesExternal],
        });
        code = out.outputFiles[0].text;
        // esbuild names inputs relative to absWorkingDir: the site's own files are those not in a package.
        // Every file it read, wherever it lies (packages' too: a hand fix leaves npm's record alone), and where its
        // imports looked: input names (cli/cache/recorded-inputs.ts).
        // The environment variables it reads are inputs too (cli/cache/env-reads.ts).
        files = [
          ...inputsOf(rootDir, readInputs(Object.keys(out.metafile.inputs)), lookedIn),
          ...(await envReads(code)),
        ];
      } catch (err) {
        const first = (err as { errors?: Array<{ text: string }> }).errors?.[0]?.text ?? (err as Error).message;
        const missing = /^Could not resolve "([^"]+)"/.exec(first);
        throw new DocsiteError(
          missing
            ? `the ${ref.module} MDX plugin cannot be loaded: "${missing[1]}" is not installed`
            : `the ${ref.module} MDX plugin cannot be loaded: ${first}`,
          { file: "site.config.json" },
          missing
            ? "run npm install in the site folder (docsite import wrote the plugin's package into package.json)"
            : "fix the plugin, or remove it from docusaurus.mdxPlugins in site.config.json",
        );
      }
      return { exports: requireFromCode(code, rootDir), files };
    })();
    const memo = { mtimes: "", result };
    bundles.set(key, memo);
    result.then(
      (r) => {
        memo.mtimes = mtimesOf(rootDir, r.files);
      },
      () => bundles.delete(key),
    );
    return result;
  }
}

/** The plugin function of a reference: its export (default, or the module itself for CommonJS). */
async function pluginOf(rootDir: string, ref: MdxPluginRef, files: Set<string>): Promise<unknown> {
  const loaded = await loadModule(rootDir, ref);
  for (const f of loaded.files) files.add(f);
  const mod = loaded.exports;
  const name = ref.export && ref.export !== "*" ? ref.export : "default";
  let fn: unknown = name in mod ? mod[name] : undefined;
  // A CommonJS module exporting the function itself (`module.exports = plugin`), or a default of a default.
  if (fn === undefined && name === "default") fn = mod;
  if (fn && typeof fn === "object" && typeof (fn as { default?: unknown }).default === "function")
    fn = (fn as { default: unknown }).default;
  if (typeof fn !== "function")
    throw new DocsiteError(
      `the ${ref.module} MDX plugin has no function at its "${name}" export`,
      { file: "site.config.json" },
      "fix docusaurus.mdxPlugins in site.config.json",
    );
  return ref.options === undefined ? fn : [fn, revive(ref.options)];
}

/** The plugins a page is compiled with (none outside an imported project, or without lists). */
export async function loadMdxPlugins(ctx: MdxPluginContext | undefined, file: string): Promise<LoadedPlugins> {
  if (!ctx) return NONE;
  const lists = listsFor(ctx, file);
  if (!lists || isEmpty(lists)) return NONE;
  const files = new Set<string>();
  const all = (refs: MdxPluginRef[] | undefined) =>
    Promise.all((refs ?? []).map((r) => pluginOf(ctx.rootDir, r, files)));
  return {
    beforeRemark: await all(lists.beforeDefaultRemarkPlugins),
    remark: await all(lists.remarkPlugins),
    beforeRehype: await all(lists.beforeDefaultRehypePlugins),
    rehype: await all(lists.rehypePlugins),
    files: [...files].sort(),
    given: true,
  };
}
