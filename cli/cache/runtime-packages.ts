// docsite's own packages by the bytes of their files: the packages docsite runs (the MDX compiler, remark and rehype
// plugins, react-dom/server, highlight.js, esbuild's and Sass' JavaScript APIs, sharp…) and everything they depend
// on, as Node resolves them from docsite's package folder. npm's record of them (identity.ts) misses an edit made
// inside node_modules (patch-package, a hand fix), which a warm build would then not see; their bytes do not.
//
// Every file of each package counts, but those nothing runs or bundles (declarations, source maps, Markdown): Node
// loads modules lazily (Sass only for a site with Sass, sharp only for images), so "what this process loaded" at the
// start of a build is not what the build will run. Each file is hashed by file-hashes.ts (once per process, kept
// between processes by its stat): a no-change build costs a stat per file, not a read.
import { type Dirent, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { BUNDLED_PACKAGES, PACKAGE_ROOT } from "../boot/locations.ts";
import { hashFile } from "./file-hashes.ts";
import { hashParts } from "./hash.ts";

/**
 * Files of a package that neither Node nor a bundler runs: declarations, source maps, documents and licences, the C
 * and C++ sources of a native addon (its compiled `.node` file counts) and their build files, CI settings.
 */
const NOT_RUN = /\.d\.[cm]?ts$|\.(map|md|markdown|txt|c|cc|cpp|h|hh|gyp|gypi|ya?ml|flow)$|^licen[cs]e\b/i;

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function readManifest(dir: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

/** The node_modules folders Node looks in for a package imported from `dir`, nearest first. */
function lookupFolders(dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    if (!d.endsWith(`${sep}node_modules`)) out.push(join(d, "node_modules"));
    if (dirname(d) === d) return out;
  }
}

// Paths below are joined by hand: they are normalised already, and path.join's normalising was a third of the time
// this module took (thousands of calls per process).

/**
 * The real folders of docsite's runtime packages: those its package.json depends on, and what they depend on
 * (optional and peer dependencies too, when installed), found as Node finds them; sorted. A package the running CLI
 * bundle holds (`bundled`: the MDX toolchain, highlight.js…) is not a root: its bytes are the bundle's, which the
 * code identity hashes; it still counts when an outside package depends on it.
 */
export function runtimePackageFolders(root = PACKAGE_ROOT, bundled: ReadonlySet<string> = BUNDLED_PACKAGES): string[] {
  const found = new Set<string>();
  const located = new Map<string, string | undefined>();
  const locate = (name: string, from: string): string | undefined => {
    for (const nm of lookupFolders(from)) {
      const candidate = `${nm}${sep}${name}`;
      if (located.has(candidate)) {
        const known = located.get(candidate);
        if (known) return known;
        continue;
      }
      // No exception for the many places a package is not (a thrown ENOENT costs more than the stat).
      const real = statSync(`${candidate}${sep}package.json`, { throwIfNoEntry: false })?.isFile()
        ? realpathSync.native(candidate)
        : undefined;
      located.set(candidate, real);
      if (real) return real;
    }
    return undefined;
  };
  const visit = (dir: string, manifest: Manifest | undefined) => {
    const names = new Set(
      Object.keys({ ...manifest?.dependencies, ...manifest?.optionalDependencies, ...manifest?.peerDependencies }),
    );
    for (const name of [...names].sort()) {
      if (dir === root && bundled.has(name)) continue;
      const pkg = locate(name, dir);
      if (!pkg || found.has(pkg)) continue;
      found.add(pkg);
      visit(pkg, readManifest(pkg));
    }
  };
  visit(root, readManifest(root));
  return [...found].sort();
}

/** The files of a package folder that may run, without its own node_modules (those are packages of their own). */
function packageFiles(dir: string, out: string[], seen: Set<string>): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const p = `${dir}${sep}${e.name}`;
    let isDir = e.isDirectory();
    if (e.isSymbolicLink()) {
      try {
        isDir = statSync(p).isDirectory();
      } catch {
        continue; // a dangling link: nothing reads it
      }
    }
    if (isDir) {
      if (e.name === "node_modules") continue;
      const real = e.isSymbolicLink() ? realpathSync.native(p) : p;
      if (!seen.has(real)) {
        seen.add(real);
        packageFiles(p, out, seen);
      }
    } else if (!NOT_RUN.test(e.name)) out.push(p);
  }
}

/** A package file's name in the hash: from its node_modules folder on (no absolute path: a moved project). */
function fileName(file: string): string {
  const slashed = file.split(sep).join("/");
  const at = slashed.lastIndexOf("/node_modules/");
  return at < 0 ? relative(PACKAGE_ROOT, file).split(sep).join("/") : slashed.slice(at + 1);
}

export interface PackagesBytes {
  /** The hash of every file's name and bytes. */
  hash: string;
  packages: number;
  files: number;
}

/** The hash of the bytes of docsite's runtime packages (see the head of this file; `bundled` as there). */
export function runtimePackagesBytes(root = PACKAGE_ROOT, bundled = BUNDLED_PACKAGES): PackagesBytes {
  const folders = runtimePackageFolders(root, bundled);
  const files: string[] = [];
  const seen = new Set<string>();
  for (const dir of folders) packageFiles(dir, files, seen);
  const named = files.map((f) => [fileName(f), f] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const parts: string[] = [];
  for (const [name, file] of named) {
    let hash: string;
    try {
      hash = hashFile(file);
    } catch {
      hash = "unreadable"; // a file that cannot be read is not run either; its coming back is a change
    }
    parts.push(name, hash);
  }
  return { hash: hashParts(parts), packages: folders.length, files: named.length };
}
