// The remark and rehype plugins an imported Docusaurus project configured (site.config.json
// `docusaurus.mdxPlugins`, written by `docsite import`), loaded for docsite's compile. Each plugin module — a package
// of the site's node_modules (`@docusaurus/remark-plugin-npm2yarn`) or a project file (`./plugins/x/src/index.ts`)
// — is bundled with esbuild into one CommonJS file under the build cache (TypeScript, ES-only packages and their
// dependencies all become loadable), once per process, and required from there.
//
// Which lists a page gets: the main docs' pages `docs`, another instance's `docs:<pluginId>`, blog posts `blog`. The
// cache key of a page's compile holds the lists, npm's record of what is installed and the text of project plugin
// files, so an update of a plugin compiles the pages again (`mdxPluginsKey`).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, posix, sep } from "node:path";
import type { MdxPluginLists, MdxPluginRef } from "../config/types.ts";
import { DocsiteError } from "../log.ts";
import { esbuildBuild } from "../boot/esbuild-service.ts";

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
}

const NONE: LoadedPlugins = { beforeRemark: [], remark: [], beforeRehype: [], rehype: [] };

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

const hash = (s: string | Buffer) => createHash("sha256").update(s).digest("hex").slice(0, 16);

/** Script files of a project plugin's folder (its own code, not its node_modules), for the cache key. */
function projectFilesHash(rootDir: string, module: string): string {
  const abs = join(rootDir, module);
  if (!existsSync(abs)) return "missing";
  const dir = statSync(abs).isDirectory() ? abs : dirname(abs);
  const h = createHash("sha256");
  const walk = (d: string, depth: number) => {
    if (depth > 6) return;
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.name === "node_modules" || e.name.startsWith(".")) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p, depth + 1);
      else if (/\.(m?[jt]sx?|cjs|cts|json)$/.test(e.name)) h.update(`${p}\0`).update(readFileSync(p));
    }
  };
  walk(dir, 0);
  return h.digest("hex").slice(0, 16);
}

const keys = new Map<string, string>();

/** What the plugins of this page's lists depend on, for its compile's cache key ("" without plugins). */
export function mdxPluginsKey(ctx: MdxPluginContext | undefined, file: string): string {
  if (!ctx) return "";
  const lists = listsFor(ctx, file);
  if (isEmpty(lists)) return "";
  const json = JSON.stringify(lists);
  const memo = `${ctx.rootDir}\0${json}`;
  let key = keys.get(memo);
  if (key === undefined) {
    const installed = join(ctx.rootDir, "node_modules", ".package-lock.json");
    const refs = Object.values(lists ?? {}).flat() as MdxPluginRef[];
    const local = refs.filter((r) => r.module.startsWith("./")).map((r) => projectFilesHash(ctx.rootDir, r.module));
    key = hash([json, existsSync(installed) ? hash(readFileSync(installed)) : "", ...local].join("\0"));
    keys.set(memo, key);
  }
  return key;
}

/** Options as the config gave them: `{ $regexp }` descriptors (written by the import) back as regular expressions. */
function revive(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(revive);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.$regexp === "string") return new RegExp(o.$regexp, typeof o.flags === "string" ? o.flags : "");
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

const bundles = new Map<string, Promise<Record<string, unknown>>>();

/** The module of a plugin reference, bundled into the cache and required (once per process). */
function loadModule(rootDir: string, cacheDir: string, ref: MdxPluginRef): Promise<Record<string, unknown>> {
  const key = `${rootDir}\0${ref.module}`;
  let p = bundles.get(key);
  if (!p) {
    p = (async () => {
      const entry = ref.module.startsWith("./") ? posix.join(rootDir, ref.module) : ref.module;
      let code: string;
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
          format: "cjs",
          platform: "node",
          target: "node20",
          logLevel: "silent",
          mainFields: ["module", "main"],
          conditions: ["import", "node", "default"],
          define: { "process.env.NODE_ENV": '"production"' },
          plugins: [commonJsPackagesExternal],
        });
        code = out.outputFiles[0].text;
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
      const file = join(cacheDir, `${hash(code)}.cjs`);
      if (!existsSync(file)) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, code);
      }
      return createRequire(file)(file) as Record<string, unknown>;
    })();
    bundles.set(key, p);
    p.catch(() => bundles.delete(key));
  }
  return p;
}

/** The plugin function of a reference: its export (default, or the module itself for CommonJS). */
async function pluginOf(rootDir: string, cacheDir: string, ref: MdxPluginRef): Promise<unknown> {
  const mod = await loadModule(rootDir, cacheDir, ref);
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
  // Beside the build cache, not in it: the cache's pruning knows only its own entries.
  const cacheDir = join(ctx.rootDir, ".docsite", "mdx-plugins");
  const lists = listsFor(ctx, file);
  if (!lists || isEmpty(lists)) return NONE;
  const all = (refs: MdxPluginRef[] | undefined) =>
    Promise.all((refs ?? []).map((r) => pluginOf(ctx.rootDir, cacheDir, r)));
  return {
    beforeRemark: await all(lists.beforeDefaultRemarkPlugins),
    remark: await all(lists.remarkPlugins),
    beforeRehype: await all(lists.beforeDefaultRehypePlugins),
    rehype: await all(lists.rehypePlugins),
  };
}
