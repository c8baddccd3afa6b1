// The output manifests (store `output`): for each output folder a site is built into, the content hash of every file
// of the last write and the inode, size and modification time each had once in place. A rebuild writes only the
// files whose hash changed or whose recorded stat no longer matches (output/output-update.ts). One entry per
// output folder, named by the folder's path relative to the site when it is inside it (a project moved with its
// cache and output keeps it), else by its absolute path. The toolchain is not part of the key: a manifest records
// what the output folder holds, whatever made it.
import { relative, sep } from "node:path";
import type { BuildCache } from "./cache.ts";
import { hashText } from "./hash.ts";

interface ManifestEntry {
  hash: string;
  ino: number;
  size: number;
  mtimeMs: number;
}

/** Output path (relative, with `/`) → what the last write put there. */
export type OutputManifest = Map<string, ManifestEntry>;

/** Where an output folder's manifest is read and written. */
export interface ManifestStore {
  /** The manifest, or an empty one when there is none (or it is damaged): then the whole folder is written. */
  read(): OutputManifest;
  /** Records a write; when it cannot be recorded, any older record goes, so it is never trusted again. */
  write(manifest: OutputManifest): void;
}

const STORE = "output";

export function outputManifest(cache: BuildCache, root: string, outDir: string): ManifestStore {
  const rel = relative(root, outDir);
  const name = rel && !rel.startsWith("..") && !rel.startsWith(sep) ? `site:${rel.split(sep).join("/")}` : outDir;
  const key = hashText(`${STORE}:${name}`);
  // Read once per build (the image and render stages ask, then the output's update): the manifest holds every output
  // file. Callers only read it; a write replaces it.
  let known: OutputManifest | undefined;
  const load = (): OutputManifest => {
    const text = cache.readText(STORE, key, ".json");
    if (text === undefined) return new Map();
    try {
      return new Map(JSON.parse(text) as Array<[string, ManifestEntry]>);
    } catch {
      cache.damaged(STORE);
      return new Map();
    }
  };
  return {
    read() {
      known ??= load();
      return known;
    },
    write(manifest) {
      known = undefined;
      if (!cache.write(STORE, key, JSON.stringify([...manifest]), ".json") && cache.enabled)
        cache.remove(STORE, key, ".json");
    },
  };
}
