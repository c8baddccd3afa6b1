// The npm packages an imported site's components need: the Docusaurus project's `dependencies` less Docusaurus'
// own, React's and the build tooling docsite replaces, written into the new project's package.json (created, or
// merged into one that is there) so that `npm install` in the new folder gives the build what components import.
import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DocsiteError } from "../log.ts";

/** Packages docsite provides or replaces: never written into the new project. */
const PROVIDED = new RegExp(
  [
    "^(@docusaurus/.*|.*docusaurus.*|react|react-dom|@mdx-js/.*|prism-react-renderer",
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

/** The project's own dependencies (name → spec) and what is left out of them, with why. */
export function projectDependencies(
  pkg: Pkg,
  needed: ReadonlySet<string> = new Set(),
): { deps: Record<string, string>; left: string[] } {
  const deps: Record<string, string> = {};
  const provided: string[] = [];
  const local: string[] = [];
  for (const [name, spec] of Object.entries(pkg.dependencies ?? {})) {
    if (PROVIDED.test(name) && !needed.has(name)) provided.push(name);
    else if (typeof spec !== "string" || LOCAL_SPEC.test(spec)) local.push(`${name}@${spec}`);
    else deps[name] = spec;
  }
  const left: string[] = [];
  if (provided.length) left.push(`dependencies docsite provides or replaces: ${provided.join(", ")}`);
  if (local.length)
    left.push(`dependencies with a local or workspace version (install them by hand): ${local.join(", ")}`);
  const dev = Object.keys(pkg.devDependencies ?? {});
  if (dev.length) left.push(`${dev.length} devDependencies (build tooling; add any that a component imports by hand)`);
  return { deps, left };
}

/**
 * Writes the Docusaurus project's dependencies into `<out>/package.json`; nothing when there are none. `extra`:
 * packages the new project needs whatever their name (the remark/rehype plugins the compile runs, and the packages
 * of plugins copied from the project), name → version.
 */
export async function writeDependencies(
  src: string,
  out: string,
  extra: Record<string, string> = {},
  /** Why the project's devDependencies are written too (as devDependencies), when they are. */
  devWhy?: string,
  /** Packages the project's components and content import: one kept in devDependencies is needed all the same. */
  imported: ReadonlySet<string> = new Set(),
): Promise<DependencyResult> {
  const srcFile = join(src, "package.json");
  const hasOwn = existsSync(srcFile);
  if (!hasOwn && !Object.keys(extra).length) return { file: "none", added: [], kept: [], left: [] };
  const { deps: own, left } = hasOwn
    ? projectDependencies(readPkg(srcFile), new Set(Object.keys(extra)))
    : { deps: {}, left: [] };
  // Docusaurus' own packages stay out; the rest (type packages and test libraries included) is what code blocks use.
  const dev = Object.fromEntries(
    Object.entries((devWhy && hasOwn ? readPkg(srcFile).devDependencies : undefined) ?? {}).filter(
      ([name, spec]) => !/^@docusaurus\/|docusaurus/.test(name) && typeof spec === "string" && !LOCAL_SPEC.test(spec),
    ),
  );
  if (Object.keys(dev).length) {
    const at = left.findIndex((l) => / devDependencies \(build tooling/.test(l));
    if (at >= 0) left.splice(at, 1);
  }
  // A package a component imports is a dependency of the site, whichever list the project kept it in (Docusaurus
  // builds with devDependencies installed): testplane-docs' home page imports react-spring from there.
  const fromDev: Record<string, string> = {};
  for (const [name, spec] of Object.entries((hasOwn ? readPkg(srcFile).devDependencies : undefined) ?? {}))
    if (imported.has(name) && !PROVIDED.test(name) && typeof spec === "string" && !LOCAL_SPEC.test(spec))
      fromDev[name] = spec;
  if (Object.keys(fromDev).length) {
    const at = left.findIndex((l) => / devDependencies \(build tooling/.test(l));
    const total = Object.keys((hasOwn ? readPkg(srcFile).devDependencies : undefined) ?? {}).length;
    const rest = total - Object.keys(fromDev).length;
    if (at >= 0)
      left.splice(
        at,
        1,
        ...(rest ? [`${rest} devDependencies (build tooling; add any that a component imports by hand)`] : []),
      );
  }
  const deps = { ...fromDev, ...own, ...extra };
  if (existsSync(join(src, ".npmrc")))
    left.push(".npmrc: the project sets npm options there (a registry?); copy it if npm install needs them");
  if (!Object.keys(deps).length && !Object.keys(dev).length) return { file: "none", added: [], kept: [], left };
  const outFile = join(out, "package.json");
  const there = existsSync(outFile);
  const target: Pkg & Record<string, unknown> = there
    ? readPkg(outFile)
    : {
        name: `${(hasOwn ? readPkg(srcFile).name : undefined) ?? "site"}-docsite`.replace(/^@[^/]+\//, ""),
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
