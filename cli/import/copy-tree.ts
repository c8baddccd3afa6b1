// Copies a folder of the Docusaurus project into the new project, confined at both ends: every path written lies
// inside the output folder, and a symbolic link is followed only when what it points to lies inside the project
// (the Docusaurus folder, or the git repository holding it: a monorepo's docs may be linked from beside the
// website). A link that leaves the project, dangles or loops is not copied and is named in the report: a link
// to /etc in static/ must not copy /etc into the site (and from there onto a web server).
import { existsSync, realpathSync } from "node:fs";
import { copyFile, lstat, mkdir, readdir, realpath, stat } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { DocsiteError } from "../log.ts";
import { checkPageSize } from "../content/page-size.ts";

/** Files that become pages (their size is checked: content/page-size.ts). */
const PAGE_FILE = /\.mdx?$/i;

/** True when `p` is `root` or lies under it (both absolute, normalised). */
export const isInside = (p: string, root: string) => p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);

/** The real path of `p`, or of its nearest existing ancestor with the rest appended (for a folder to be made). */
export function realPathOf(p: string): string {
  const abs = resolve(p);
  let at = abs;
  const rest: string[] = [];
  while (!existsSync(at)) {
    const parent = dirname(at);
    if (parent === at) return abs;
    rest.unshift(at.slice(parent.length).replace(/^[/\\]/, ""));
    at = parent;
  }
  return join(realpathSync(at), ...rest);
}

/** What a copy may read: the Docusaurus folder, or the git repository around it. */
export function projectBoundary(siteDir: string): string {
  const real = realPathOf(siteDir);
  for (let d = real; ; d = dirname(d)) {
    if (existsSync(join(d, ".git"))) return d;
    if (dirname(d) === d) return real;
  }
}

export interface CopyOptions {
  /** Real path of what may be read (projectBoundary). */
  boundary: string;
  /** The output folder (its real path): nothing is written outside it. */
  outRoot: string;
  /** Path relative to the copied folder, with `/`: copied when true. */
  filter?: (rel: string) => boolean;
  /** Copy files and folders whose name starts with a dot. */
  dot?: boolean;
  /** Receives a line for each link that was not followed. */
  skipped: string[];
  /** For messages: how to name a path of the source. */
  display: (abs: string) => string;
}

/** Copies `from` (a folder) to `to`; returns the paths copied, relative to `from`, with `/`. */
export async function copyTree(from: string, to: string, opts: CopyOptions): Promise<string[]> {
  const copied: string[] = [];
  const target = resolve(to);
  if (!isInside(realPathOf(target), opts.outRoot))
    throw new DocsiteError(`refusing to write outside the output folder: ${target}`, { file: opts.outRoot });
  const startReal = await realpath(from);
  const walk = async (dir: string, rel: string, seen: Set<string>) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!opts.dot && entry.name.startsWith(".")) continue;
      const abs = join(dir, entry.name);
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      let isDir = entry.isDirectory();
      let real = abs;
      if (entry.isSymbolicLink()) {
        try {
          real = await realpath(abs);
        } catch {
          opts.skipped.push(`${opts.display(abs)}: a symbolic link to nothing (not copied)`);
          continue;
        }
        if (!isInside(real, opts.boundary)) {
          opts.skipped.push(
            `${opts.display(abs)}: a symbolic link that leaves the project (to ${real}); not copied, copy what it should hold into the project`,
          );
          continue;
        }
        const st = await stat(real);
        isDir = st.isDirectory();
        if (!isDir && !st.isFile()) continue;
      } else if (!isDir && !entry.isFile()) continue; // sockets, FIFOs, devices
      if (isDir) {
        const key = entry.isSymbolicLink() ? real : await realpath(abs);
        if (seen.has(key)) {
          opts.skipped.push(`${opts.display(abs)}: a symbolic link to one of its own parent folders (not followed)`);
          continue;
        }
        await walk(abs, relPath, new Set([...seen, key]));
        continue;
      }
      if (opts.filter && !opts.filter(relPath)) continue;
      // Content is copied by copyFile (never held in memory), and a page too large to be one is refused before the
      // import reads any of it for its references.
      if (PAGE_FILE.test(entry.name)) checkPageSize((await stat(real)).size, opts.display(abs));
      const dest = join(target, ...relPath.split("/"));
      if (!isInside(dest, target)) throw new DocsiteError(`refusing to write outside the output folder: ${dest}`);
      await mkdir(dirname(dest), { recursive: true });
      // A link the output already has there (the folder given with --force) would be written through: refused.
      if ((await lstat(dest).catch(() => null))?.isSymbolicLink())
        throw new DocsiteError("the output folder holds a symbolic link where a file is written", { file: dest });
      await copyFile(real, dest);
      copied.push(relPath);
    }
  };
  await walk(from, "", new Set([startReal]));
  return copied;
}

/**
 * Copies one file `from` to `to`, confined as copyTree confines: its real path must lie inside the boundary (else it
 * is named in the report and not copied), and `to` inside the output folder. Returns whether it was copied.
 */
export async function copyOneFile(
  from: string,
  to: string,
  opts: Omit<CopyOptions, "filter" | "dot">,
): Promise<boolean> {
  let real: string;
  try {
    real = await realpath(from);
  } catch {
    opts.skipped.push(`${opts.display(from)}: a symbolic link to nothing (not copied)`);
    return false;
  }
  if (!isInside(real, opts.boundary)) {
    opts.skipped.push(
      `${opts.display(from)}: a symbolic link that leaves the project (to ${real}); not copied, copy what it should hold into the project`,
    );
    return false;
  }
  if (!(await stat(real)).isFile()) return false;
  const dest = resolve(to);
  if (!isInside(realPathOf(dest), opts.outRoot))
    throw new DocsiteError(`refusing to write outside the output folder: ${dest}`, { file: opts.outRoot });
  await mkdir(dirname(dest), { recursive: true });
  if ((await lstat(dest).catch(() => null))?.isSymbolicLink())
    throw new DocsiteError("the output folder holds a symbolic link where a file is written", { file: dest });
  await copyFile(real, dest);
  return true;
}

/** `p` relative to `root` with `/`, for messages. */
export const displayPath = (root: string) => (p: string) => relative(root, p).split(sep).join("/") || ".";
