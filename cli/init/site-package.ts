// A site's package.json: docsite as its dependency and the four scripts, for `docsite init` (a new file) and
// `docsite import` (added to the one it writes, or made). The dependency points where this docsite came from, so
// `npm install` in the new folder installs the same one: the registry version, or the same tarball or folder when
// docsite was installed from one (relative to the new site, as npm writes `file:` specs).
import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { DocsiteError } from "../log.ts";
import { PACKAGE_ROOT } from "../boot/locations.ts";

export const SITE_SCRIPTS: Readonly<Record<string, string>> = {
  dev: "docsite dev",
  build: "docsite build",
  serve: "docsite serve",
  "check-links": "docsite check-links",
};

interface Pkg {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  [key: string]: unknown;
}

const readJson = (file: string): Pkg | undefined => {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Pkg;
  } catch {
    return undefined;
  }
};

const posix = (p: string) => p.split(sep).join("/");

/** `file:` spec of `target` as written in a package.json in `from`. */
const fileSpec = (from: string, target: string) => {
  const rel = posix(relative(from, target));
  return `file:${rel.startsWith(".") || isAbsolute(rel) ? rel : `./${rel}`}`;
};

/**
 * The dependency spec for this docsite, as a package.json in `siteDir` should name it:
 * - installed in a project (…/node_modules/docsite) that names it: that spec, a `file:` one re-based on `siteDir`;
 * - running from a folder that is no installed package (a checkout): `file:` that folder;
 * - else (a global install, npx): `^<version>` from the registry.
 */
export function docsiteSpec(siteDir: string, root = PACKAGE_ROOT): string {
  const own = readJson(join(root, "package.json"));
  const version = `^${own?.version ?? "0.0.0"}`;
  const parent = dirname(root);
  if (basename(parent) !== "node_modules") return fileSpec(siteDir, root);
  const project = dirname(parent);
  const pkg = readJson(join(project, "package.json"));
  const spec = pkg?.dependencies?.docsite ?? pkg?.devDependencies?.docsite;
  if (!spec) return version;
  if (spec.startsWith("file:")) return fileSpec(siteDir, resolve(project, spec.slice("file:".length)));
  return spec;
}

/** npm's rules for a package name, applied to a folder name: lower case, URL-safe, at most 214 characters. */
export function packageName(dir: string): string {
  const name = basename(resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[._-]+|-+$/g, "")
    .slice(0, 214);
  return name || "docs-site";
}

/**
 * Adds docsite and the scripts to `<dir>/package.json` (made when absent); what is there already is kept.
 * @returns whether the file was made, and the spec it names docsite by
 */
export async function addDocsite(dir: string): Promise<{ made: boolean; spec: string }> {
  const file = join(dir, "package.json");
  const made = !existsSync(file);
  let pkg: Pkg;
  if (made) pkg = { name: packageName(dir), version: "0.0.0", private: true };
  else {
    const read = readJson(file);
    if (!read || typeof read !== "object" || Array.isArray(read))
      throw new DocsiteError("package.json cannot be read as a JSON object", { file }, "fix it, or remove it");
    pkg = read;
  }
  const spec = pkg.dependencies?.docsite ?? pkg.devDependencies?.docsite ?? docsiteSpec(dir);
  pkg.scripts = { ...SITE_SCRIPTS, ...pkg.scripts };
  if (!pkg.dependencies?.docsite && !pkg.devDependencies?.docsite) {
    const deps = { ...pkg.dependencies, docsite: spec };
    pkg.dependencies = Object.fromEntries(Object.entries(deps).sort(([a], [b]) => a.localeCompare(b)));
  }
  await writeFile(file, `${JSON.stringify(pkg, null, 2)}\n`);
  return { made, spec };
}
