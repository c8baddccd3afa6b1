// The npm packages an imported site's code needs: what its content, pages, components and carried plugins import
// (imported-packages.ts), less Docusaurus' own, React's and the build tooling docsite replaces, at the versions the
// Docusaurus project names, written into the new project's package.json (created, or merged into one that is
// there) so that `npm install` in the new folder gives the build what it imports, and nothing else: not the site's
// test runners, Storybook, linters, nor a second React beside docsite's.
import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DocsiteError } from "../log.ts";
import { fromRoot } from "../boot/locations.ts";

/**
 * Packages docsite provides or replaces: never written into the new project. prism-react-renderer is not among them:
 * a swizzled CodeBlock highlights with it (the config's own import of its themes is evaluated by the import).
 */
const PROVIDED = new RegExp(
  [
    "^(@docusaurus/.*|.*docusaurus.*|react|react-dom|@mdx-js/.*",
    "|@types/.*|typescript|sass|sass-loader|webpack|@svgr/.*)$",
  ].join(""),
);

/** Version specs that point into the old project or its workspace, meaningless in the new folder. */
const LOCAL_SPEC = /^(workspace|catalog|link|file|portal|patch):/;

export interface DependencyResult {
  /** What happened to `<out>/package.json`. */
  file: "created" | "merged" | "none";
  /** Written: `name@spec`. */
  added: string[];
  /** Already in the new package.json (its version kept): names. */
  kept: string[];
  /** Not written, with why. */
  left: string[];
}

type Pkg = { name?: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

function readPkg(file: string): Pkg {
  try {
    const v = JSON.parse(readFileSync(file, "utf8")) as unknown;
    if (!v || typeof v !== "object" || Array.isArray(v)) throw new Error("not a JSON object");
    return v as Pkg;
  } catch (err) {
    throw new DocsiteError(
      `package.json cannot be read: ${(err as Error).message}`,
      { file },
      "fix the file (it must be a JSON object), or remove it",
    );
  }
}

/**
 * `overrides` that make npm install docsite's React for every package that asks for one. The build renders the
 * site's components with docsite's React whatever node_modules holds (react is external to their bundles:
 * cli/mdx/components.ts), so a React 18 that npm installs for a package's peer range (react-spring's) is a second,
 * unused copy that only brings peer conflicts (testplane-docs: 3, and React 18 beside docsite's 19). An override the
 * new package.json already has is kept.
 */
function oneReact(existing: unknown): Record<string, unknown> | undefined {
  let own: Pkg = {};
  try {
    own = JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as Pkg;
  } catch {
    return undefined;
  }
  const react = own.dependencies?.react;
  const reactDom = own.dependencies?.["react-dom"];
  if (!react || !reactDom) return undefined;
  const kept = existing && typeof existing === "object" && !Array.isArray(existing) ? existing : {};
  return { react, "react-dom": reactDom, ...kept };
}

const versionIn = (file: string, read: (json: any) => unknown): string | undefined => {
  try {
    const v = read(JSON.parse(readFileSync(file, "utf8")));
    return typeof v === "string" ? v : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Where the new project finds a package's version: the project's lists, else the version installed there, else
 * the one its package-lock.json records (a package components import without listing it, installed for another).
 */
function specOf(src: string, pkg: Pkg, name: string): string | undefined {
  const listed = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
  if (typeof listed === "string" && !LOCAL_SPEC.test(listed)) return listed;
  const found =
    versionIn(join(src, "node_modules", name, "package.json"), (j) => j?.version) ??
    versionIn(join(src, "package-lock.json"), (j) => j?.packages?.[`node_modules/${name}`]?.version);
  return found ? `^${found}` : undefined;
}

/**
 * The packages the new project needs (name → spec): those its files import (`imported`: name → a file importing
 * it), less what docsite provides, and `extra`; and what is left out, with why.
 */
export function neededDependencies(
  src: string,
  pkg: Pkg,
  imported: ReadonlyMap<string, string>,
  extra: Record<string, string>,
): { deps: Record<string, string>; left: string[] } {
  const deps: Record<string, string> = {};
  const unknown: string[] = [];
  const local: string[] = [];
  for (const name of [...imported.keys()].sort()) {
    if (PROVIDED.test(name) && !(name in extra)) continue;
    const listed = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
    if (typeof listed === "string" && LOCAL_SPEC.test(listed)) local.push(`${name}@${listed}`);
    else {
      const spec = specOf(src, pkg, name);
      if (spec) deps[name] = spec;
      else unknown.push(`${name} (${imported.get(name)})`);
    }
  }
  Object.assign(deps, extra);
  const left: string[] = [];
  const unused = Object.keys(pkg.dependencies ?? {}).filter(
    (n) => !imported.has(n) && !(n in deps) && !PROVIDED.test(n),
  );
  const provided = Object.keys(pkg.dependencies ?? {}).filter((n) => !(n in deps) && PROVIDED.test(n));
  if (provided.length) left.push(`dependencies docsite provides or replaces: ${provided.join(", ")}`);
  if (unused.length)
    left.push(`dependencies no carried file imports (components docsite does not use, tooling): ${unused.join(", ")}`);
  const dev = Object.keys(pkg.devDependencies ?? {}).filter((n) => !(n in deps));
  if (dev.length)
    left.push(`${dev.length} devDependencies (build tooling; nothing the new site compiles imports them)`);
  if (local.length)
    left.push(`dependencies with a local or workspace version (install them by hand): ${local.join(", ")}`);
  if (unknown.length)
    left.push(
      `packages imported but neither listed in package.json nor installed (add them by hand): ${unknown.join(", ")}`,
    );
  return { deps, left };
}

/**
 * Writes the packages the new project imports into `<out>/package.json` (created, or merged into one that is
 * there); nothing when there are none. `imported`: the packages its files import (imported-packages.ts); `extra`:
 * packages it needs whatever their name (the remark/rehype plugins the compile runs, and the packages of plugins
 * copied from the project, with the peers they expect), name → version.
 */
export async function writeDependencies(
  src: string,
  out: string,
  extra: Record<string, string> = {},
  /** Why the project's devDependencies are written too (as devDependencies), when they are. */
  devWhy?: string,
  imported: ReadonlyMap<string, string> = new Map(),
): Promise<DependencyResult> {
  const srcFile = join(src, "package.json");
  const hasOwn = existsSync(srcFile);
  const own: Pkg = hasOwn ? readPkg(srcFile) : {};
  const { deps, left } = neededDependencies(src, own, imported, extra);
  // Docusaurus' own packages stay out; the rest (type packages and test libraries included) is what code blocks use.
  const dev = Object.fromEntries(
    Object.entries((devWhy ? own.devDependencies : undefined) ?? {}).filter(
      ([name, spec]) =>
        !/^@docusaurus\/|docusaurus/.test(name) &&
        typeof spec === "string" &&
        !LOCAL_SPEC.test(spec) &&
        !(name in deps),
    ),
  );
  if (existsSync(join(src, ".npmrc")))
    left.push(".npmrc: the project sets npm options there (a registry?); copy it if npm install needs them");
  if (!Object.keys(deps).length && !Object.keys(dev).length) return { file: "none", added: [], kept: [], left };
  const outFile = join(out, "package.json");
  const there = existsSync(outFile);
  const target: Pkg & Record<string, unknown> = there
    ? readPkg(outFile)
    : {
        name: `${own.name ?? "site"}-docsite`.replace(/^@[^/]+\//, ""),
        private: true,
      };
  const current: Record<string, string> = { ...(target.dependencies ?? {}) };
  const added: string[] = [];
  const kept: string[] = [];
  for (const [name, spec] of Object.entries(deps)) {
    if (name in current) kept.push(name);
    else {
      current[name] = spec;
      added.push(`${name}@${spec}`);
    }
  }
  target.dependencies = Object.fromEntries(Object.entries(current).sort(([a], [b]) => a.localeCompare(b)));
  if (Object.keys(dev).length) {
    const currentDev: Record<string, string> = { ...((target.devDependencies as Record<string, string>) ?? {}) };
    for (const [name, spec] of Object.entries(dev))
      if (!(name in currentDev) && !(name in current)) {
        currentDev[name] = spec;
        added.push(`${name}@${spec} (dev)`);
      }
    target.devDependencies = Object.fromEntries(Object.entries(currentDev).sort(([a], [b]) => a.localeCompare(b)));
  }
  const overrides = oneReact(target.overrides);
  if (overrides) target.overrides = overrides;
  await writeFile(outFile, `${JSON.stringify(target, null, 2)}\n`);
  return { file: there ? "merged" : "created", added, kept, left };
}

/** Packages of a PostCSS toolchain: PostCSS itself, its plugins, Tailwind and Tailwind's plugins. */
const CSS_TOOLCHAIN =
  /^(postcss|autoprefixer|tailwindcss|@tailwindcss\/.+|tailwindcss-.+|postcss-.+|.+-postcss|cssnano)$/;

/**
 * The packages the new site's CSS needs when it goes through PostCSS (`plugins`: what docusaurus.postcss or the
 * copied PostCSS config names), name → version as the project has them, from its dependencies or devDependencies
 * (Docusaurus builds with both installed; Tailwind usually sits in devDependencies). Given to writeDependencies as
 * `extra`. Nothing for a site without PostCSS.
 */
export function cssToolchainPackages(src: string, plugins: string[] | null): Record<string, string> {
  const file = join(src, "package.json");
  if (!plugins || !existsSync(file)) return {};
  const pkg = readPkg(file);
  const all = { ...(pkg.devDependencies ?? {}), ...(pkg.dependencies ?? {}) };
  const wanted = new Set(plugins);
  return Object.fromEntries(
    Object.entries(all).filter(
      ([name, spec]) =>
        (wanted.has(name) || CSS_TOOLCHAIN.test(name)) &&
        !/docusaurus|prettier|eslint|stylelint/.test(name) &&
        typeof spec === "string" &&
        !LOCAL_SPEC.test(spec),
    ),
  );
}
