// `docsite clean`: removes the site's `.docsite/` folder (the build cache and whatever else docsite keeps there),
// and nothing else. A `.docsite` that is a symbolic link loses the link only; one that is not a folder is refused.
import { lstat, rm } from "node:fs/promises";
import { join, relative } from "node:path";
import { DocsiteError } from "../log.ts";

/** Removes `<root>/.docsite`; returns the path removed (as shown to the user), or null when there was none. */
export async function cleanCache(root: string): Promise<string | null> {
  const dir = join(root, ".docsite");
  const shown = relative(process.cwd(), dir) || dir;
  const st = await lstat(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return null;
    throw err;
  });
  if (!st) return null;
  if (!st.isDirectory() && !st.isSymbolicLink())
    throw new DocsiteError(
      `${shown} is not a folder docsite made`,
      { file: shown },
      "remove it yourself if it is not needed, then build again",
    );
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  return shown;
}
