// Lists the files of a folder tree (content/, static/) in one pass of readdir. A glob library did this before, and
// loading its modules cost each build more than the scan; tests/unit/content-files.test.ts checks that the scan
// selects what its patterns selected.
import { readdirSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { DocsiteError } from "../log.ts";

/**
 * Every file under `dir` as a path from `root` with `/`, leaving out names that start with a dot unless `dots` (as
 * globbing does). Symbolic links are followed, each at most once along a path: a link that leads back to a folder
 * it sits in (a loop) is an error naming the link, instead of pages repeated 40 levels deep or a hang.
 */
export function filesUnder(dir: string, root: string, { dots = false } = {}): string[] {
  const out: string[] = [];
  const walk = (at: string, ancestors: string[]) => {
    // An unreadable folder (or a file where a folder should be) is an error naming it, as the glob's was.
    for (const e of readdirSync(at, { withFileTypes: true })) {
      if (!dots && e.name.startsWith(".")) continue;
      const p = join(at, e.name);
      if (e.isDirectory()) walk(p, [...ancestors, realpathSync(p)]);
      else if (e.isSymbolicLink()) {
        let real: string;
        try {
          real = realpathSync(p);
          if (!statSync(real).isDirectory()) {
            out.push(rel(root, p));
            continue;
          }
        } catch {
          continue; // a dangling link: no pages behind it
        }
        const loop = ancestors.find((a) => a === real || a.startsWith(real + sep));
        if (loop) {
          throw new DocsiteError(
            `symbolic link loop: ${rel(root, p)} points to ${rel(root, real)}, which contains the link itself`,
            { file: rel(root, p) },
            "point the link at a folder outside this one, or replace it with a copy",
          );
        }
        walk(p, [...ancestors, real]);
      } else if (e.isFile()) out.push(rel(root, p));
    }
  };
  walk(dir, [realpathSync(dir)]);
  return out;
}

const rel = (root: string, p: string) => relative(root, p).split(sep).join("/") || ".";
