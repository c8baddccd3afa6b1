// A site's package.json: docsite as its dependency and the four scripts, for `docsite init` (a new file) and
// `docsite import` (added to the one it writes, or made). The dependency points where this docsite came from, so
// `npm install` in the new folder installs the same one: the registry version; a tarball copied into the site's
// `vendor/` (so the site installs wherever it and the tarball are moved); or a checkout's folder, by relative path.
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { DocsiteError } from "../log.ts";
import { PACKAGE_ROOT } from "../boot/locations.ts";

/** docsite's package name on the registry (the command stays `docsite`). */
export const PACKAGE_NAME = "docsite-ssg";
/** The names a site's package.json may give docsite: its own, and the one used before it had its own. */
const NAMES = [PACKAGE_NAME, "docsite"];
/** The config schema as a site's `site.config.json` names it (`$schema`): editors complete and check it from there. */
export const SCHEMA_PATH = `./node_modules/${PACKAGE_NAME}/cli/config/site-config.schema.json`;
/** Where a site keeps the docsite tarball it was made with. */
export const VENDOR_DIR = "vendor";

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

/** docsite's dependency in a package.json: its spec, under either name (its own first). */
const namedSpec = (pkg: Pkg | undefined): string | undefined => {
  for (const name of NAMES) {
    const spec = pkg?.dependencies?.[name] ?? pkg?.devDependencies?.[name];
    if (spec) return spec;
  }
  return undefined;
};

/**
 * The dependency spec for this docsite, as a package.json in `siteDir` should name it:
 * - installed in a project (…/node_modules/<name>) that names it: that spec, a `file:` one re-based on `siteDir`;
 * - running from a folder that is no installed package (a checkout): `file:` that folder;
 * - else (a global install, npx): `^<version>` from the registry.
 */
export function docsiteSpec(siteDir: string, root = PACKAGE_ROOT): string {
  const own = readJson(join(root, "package.json"));
  const version = `^${own?.version ?? "0.0.0"}`;
  const parent = dirname(root);
  if (basename(parent) !== "node_modules") return fileSpec(siteDir, root);
  const project = dirname(parent);
  const spec = namedSpec(readJson(join(project, "package.json")));
  if (!spec) return version;
  if (spec.startsWith("file:")) return fileSpec(siteDir, resolve(project, spec.slice("file:".length)));
  return spec;
}

/**
 * A `file:` spec naming a tarball is copied into the site (`vendor/<tarball>`) and named from there: a relative path
 * out of the site breaks when either folder moves, an absolute one when the tarball does. Other specs stay.
 */
function vendored(siteDir: string, spec: string): string {
  if (!spec.startsWith("file:")) return spec;
  const target = resolve(siteDir, spec.slice("file:".length));
  let isFile = false;
  try {
    isFile = statSync(target).isFile();
  } catch {
    return spec;
  }
  if (!isFile) return spec;
  const dest = join(siteDir, VENDOR_DIR, basename(target));
  if (resolve(dest) !== target) {
    mkdirSync(dirname(dest), { recursive: true });
    copyFileSync(target, dest);
  }
  return `file:${VENDOR_DIR}/${basename(target)}`;
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
export async function addDocsite(dir: string, root = PACKAGE_ROOT): Promise<{ made: boolean; spec: string }> {
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
  const named = namedSpec(pkg);
  const spec = named ?? vendored(dir, docsiteSpec(dir, root));
  pkg.scripts = { ...SITE_SCRIPTS, ...pkg.scripts };
  if (!named) {
    const deps = { ...pkg.dependencies, [PACKAGE_NAME]: spec };
    pkg.dependencies = Object.fromEntries(Object.entries(deps).sort(([a], [b]) => a.localeCompare(b)));
  }
  await writeFile(file, `${JSON.stringify(pkg, null, 2)}\n`);
  return { made, spec };
}
