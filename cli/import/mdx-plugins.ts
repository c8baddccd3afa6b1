// The remark and rehype plugins a Docusaurus project configures (`remarkPlugins`, `rehypePlugins`,
// `beforeDefaultRemarkPlugins`, `beforeDefaultRehypePlugins` of each docs instance, the blog and the pages), as
// references docsite's compile loads (cli/mdx/mdx-plugins.ts): a package by name (written into the new
// package.json), or a project file by its path in the new project. A plugin that lives outside node_modules (a
// file of the site, or a workspace package of a monorepo, which the site reaches through a link in node_modules)
// is copied into the new project with its package folder, and that package's own dependencies are written too.
// A plugin that cannot be carried (written inline in the config, a stand-in for a package that is not installed,
// options holding a function that reads from outside itself) is named in the report; a function that uses nothing
// but its parameters is carried as its source (carried-function.ts).
import type { Loose } from "./docusaurus-config.ts";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import type { MdxPluginLists, MdxPluginRef } from "../config/types.ts";
import { isFunctionRef, isStub, type FunctionRef } from "./load-module.ts";
import { isInside } from "./copy-tree.ts";
import { carryOptions } from "./carried-function.ts";

const LIST_NAMES = [
  "beforeDefaultRemarkPlugins",
  "remarkPlugins",
  "beforeDefaultRehypePlugins",
  "rehypePlugins",
] as const;

export interface PluginSource {
  /** Options of a content plugin (a docs instance's, the blog's, the pages'). */
  options: Loose;
  /** Key in site.config.json `docusaurus.mdxPlugins`: "docs", "docs:<id>", "blog", "pages". */
  key: string;
  /** How the report names it. */
  label: string;
}

export interface MappedPlugins {
  lists: Record<string, MdxPluginLists>;
  /** Packages the new project needs: name → version. */
  packages: Record<string, string>;
  /** Folders to copy: absolute source → path in the new project. */
  copies: Array<{ from: string; to: string }>;
  mapped: string[];
  skipped: string[];
  /** The plugins the site runs that are left out (`docs.remarkPlugins[0]`…): the pages they change differ. */
  missing: string[];
  /**
   * Why the new project needs the Docusaurus project's devDependencies too, when it does: a plugin that checks
   * code blocks against the project's tsconfig (remark-typescript-tools) resolves what the blocks import, which
   * Docusaurus projects install as devDependencies.
   */
  devDependencies?: string;
}

/** A string of the options that names a TypeScript config (`tsconfig.json`, `tsconfig.docs.json`). */
function namesTsconfig(v: unknown): boolean {
  if (typeof v === "string") return /(^|[/\\])tsconfig[\w.-]*\.json$/.test(v);
  if (Array.isArray(v)) return v.some(namesTsconfig);
  if (v && typeof v === "object") return Object.values(v).some(namesTsconfig);
  return false;
}

/** The package name of a bare specifier (`@scope/name/sub` → `@scope/name`). */
const packageName = (spec: string) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

/** The nearest folder at or above `file` holding a package.json, not above `stop`. */
function packageRoot(file: string, stop: string): string | undefined {
  for (let d = dirname(file); isInside(d, stop); d = dirname(d)) {
    if (existsSync(join(d, "package.json"))) return d;
    if (dirname(d) === d) break;
  }
  return undefined;
}

const readJson = (f: string): Loose => {
  try {
    return JSON.parse(readFileSync(f, "utf8"));
  } catch {
    return {};
  }
};

/** Whether a value holds something JSON cannot carry into site.config.json (a function, a stand-in). */
function holdsCode(v: unknown): boolean {
  if (isFunctionRef(v) || isStub(v)) return true;
  if (Array.isArray(v)) return v.some(holdsCode);
  if (v && typeof v === "object") return Object.values(v).some(holdsCode);
  return false;
}

export function mapMdxPlugins(dir: string, boundary: string, sources: PluginSource[]): MappedPlugins {
  const result: MappedPlugins = { lists: {}, packages: {}, copies: [], mapped: [], skipped: [], missing: [] };
  const site = realpathSync(dir);
  const own: Loose = readJson(join(dir, "package.json"));
  const versionOf = (name: string): string => {
    const listed = own.dependencies?.[name] ?? own.devDependencies?.[name];
    if (typeof listed === "string" && !/^(workspace|link|file|portal|catalog):/.test(listed)) return listed;
    const installed = readJson(join(dir, "node_modules", name, "package.json")).version;
    return typeof installed === "string" ? `^${installed}` : "*";
  };
  /** A module reference for the new project, or a reason why there is none. */
  const refOf = (fn: FunctionRef): { module: string; export?: string } | string => {
    if (!fn.$module) return `${fn.$fn || "a function"} is written in the config itself; move it into a module file`;
    const file = fn.$file && existsSync(fn.$file) ? realpathSync(fn.$file) : undefined;
    const external = file?.split(sep).includes("node_modules") ?? !fn.$module.startsWith("/");
    const exported = fn.$export && fn.$export !== "*" ? { export: fn.$export } : {};
    if (external) {
      const name = packageName(fn.$module);
      result.packages[name] = versionOf(name);
      // What the plugin expects beside it (peer dependencies the project has, often only as devDependencies).
      const peers = readJson(join(dir, "node_modules", name, "package.json")).peerDependencies ?? {};
      for (const peer of Object.keys(peers))
        if (own.dependencies?.[peer] || own.devDependencies?.[peer] || existsSync(join(dir, "node_modules", peer)))
          result.packages[peer] ??= versionOf(peer);
      return { module: fn.$module, ...exported };
    }
    if (!file || !isInside(file, boundary)) return `${fn.$module} lies outside the project`;
    if (isInside(file, site)) {
      // A file of the site: the same path in the new project (src/ is copied anyway; anything else is copied here).
      const rel = relative(site, file).split(sep).join("/");
      if (!rel.startsWith("src/")) result.copies.push({ from: join(site, rel.split("/")[0]), to: rel.split("/")[0] });
      return { module: `./${rel}`, ...exported };
    }
    // A package of the monorepo beside the site: copied under plugins/, with its dependencies.
    const root = packageRoot(file, boundary) ?? dirname(file);
    const to = `plugins/${root.split(sep).pop()}`;
    if (!result.copies.some((c) => c.to === to)) {
      result.copies.push({ from: root, to });
      const pkg = readJson(join(root, "package.json"));
      for (const [name, spec] of Object.entries<string>(pkg.dependencies ?? {}))
        if (typeof spec === "string" && !/^(workspace|link|file|portal|catalog):/.test(spec))
          result.packages[name] ??= spec;
    }
    return { module: `./${to}/${relative(root, file).split(sep).join("/")}`, ...exported };
  };

  for (const { options, key, label } of sources) {
    const lists: MdxPluginLists = {};
    for (const listName of LIST_NAMES) {
      const entries: unknown[] = Array.isArray(options?.[listName]) ? options[listName] : [];
      const refs: MdxPluginRef[] = [];
      entries.forEach((entry, i) => {
        const [plugin, opts] = Array.isArray(entry) ? entry : [entry, undefined];
        const where = `${label}.${listName}[${i}]`;
        const leftOut = (line: string) => {
          result.skipped.push(line);
          result.missing.push(where);
        };
        if (isStub(plugin)) {
          leftOut(
            `${where}: ${plugin.$stub} is not installed in the Docusaurus project, so it was not read; install it there and import again`,
          );
          return;
        }
        if (!isFunctionRef(plugin)) {
          leftOut(`${where}: not a plugin function (left out)`);
          return;
        }
        // Functions in the options are carried as their source when they use nothing from outside themselves.
        const carried = holdsCode(opts) ? carryOptions(opts) : { value: opts };
        if ("reason" in carried) {
          leftOut(
            `${where}: ${plugin.$module ?? plugin.$fn} has options that cannot be carried (${carried.reason}); left out`,
          );
          return;
        }
        const ref = refOf(plugin);
        if (typeof ref === "string") {
          leftOut(`${where}: ${ref} (left out)`);
          return;
        }
        refs.push({ ...ref, ...(carried.value === undefined ? {} : { options: carried.value }) });
        if (namesTsconfig(carried.value))
          result.devDependencies ??= `${where}: ${ref.module} checks code blocks against a TypeScript config, so the packages they import (the project's devDependencies) are installed too`;
      });
      if (refs.length) lists[listName] = refs;
    }
    if (Object.keys(lists).length) {
      result.lists[key] = lists;
      const names = Object.values(lists)
        .flat()
        .map((r) => r.module);
      result.mapped.push(`${label}: MDX plugins ${names.join(", ")} run in docsite's compile`);
    }
  }
  return result;
}
