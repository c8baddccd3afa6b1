// The persistent build cache under .docsite/cache/: text entries by namespace and key. Keys are hashes of
// everything an output depends on (content, code, config, strings), so an entry is never stale, only unused;
// `prune` removes the entries of a namespace that the last full build did not use.
import { mkdirSync, readFileSync, writeFileSync, renameSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { hashText } from "../content/scan.ts";
import { codeHash } from "./code-hash.ts";

export const cacheDirOf = (root: string): string => join(root, ".docsite", "cache");

/**
 * Objects shared by many keys (the config, a locale's strings, a sidebar), hashed once each: `cacheKey` writes
 * their hash in their place. Only objects that stay unchanged for the rest of the process may be registered.
 */
const shared = new WeakMap<object, string>();
export function registerShared(...objects: object[]): void {
  for (const o of objects) if (!shared.has(o)) shared.set(o, `#shared:${hashText(JSON.stringify(o))}`);
}
/** The hash written in place of a registered object, or the object itself. */
export const sharedRef = <T>(o: T): T | string => (o !== null && typeof o === "object" && shared.get(o)) || o;
const replacer = (_key: string, value: unknown) =>
  value !== null && typeof value === "object" ? (shared.get(value) ?? value) : value;

/** A key over the code hash and any JSON-serialisable inputs. */
export const cacheKey = (...inputs: unknown[]): string =>
  hashText([codeHash(), ...inputs.map((i) => (typeof i === "string" ? i : JSON.stringify(i, replacer)))].join("\0"));

/** A file of an entry: its key, maybe with the extension of a two-file entry, maybe a temporary name. */
const ENTRY_FILE = /^[0-9a-f]{16}(\.json|\.js)?(\.\d+\.tmp)?$/;

export class BuildCache {
  private readonly used = new Map<string, Set<string>>();
  constructor(readonly dir: string) {}

  private file(ns: string, key: string): string {
    return join(this.dir, ns, key);
  }

  private use(ns: string, key: string): void {
    let s = this.used.get(ns);
    if (!s) this.used.set(ns, (s = new Set()));
    s.add(key);
  }

  /** Marks entries as used (kept by `prune`) without reading them. */
  keep(ns: string, keys: Iterable<string>): void {
    for (const k of keys) this.use(ns, k);
  }

  get(ns: string, key: string): string | undefined {
    this.use(ns, key);
    try {
      return readFileSync(this.file(ns, key), "utf8");
    } catch {
      return undefined;
    }
  }

  /** An index kept as one JSON file in the cache folder: empty when there is none yet, or it is unreadable. */
  readIndex<V>(name: string): Map<string, V> {
    try {
      return new Map(JSON.parse(readFileSync(join(this.dir, name), "utf8")) as Array<[string, V]>);
    } catch {
      return new Map();
    }
  }

  /**
   * Writes an index atomically (a temporary name, then a rename), after the entries it names are complete: it is
   * what vouches for them. A failure is left silent: an index only saves work, and the next build redoes it.
   */
  writeIndex(name: string, index: Map<string, unknown>): void {
    try {
      mkdirSync(this.dir, { recursive: true });
      const tmp = join(this.dir, `${name}.${process.pid}.tmp`);
      writeFileSync(tmp, JSON.stringify([...index]));
      renameSync(tmp, join(this.dir, name));
    } catch {
      // only an optimisation
    }
  }

  /** Written to a temporary name and renamed, so a build killed mid-write leaves no half entry. */
  set(ns: string, key: string, text: string): void {
    this.use(ns, key);
    this.folder(ns);
    const tmp = `${this.file(ns, key)}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, this.file(ns, key));
  }

  private readonly folders = new Set<string>();
  private folder(ns: string): void {
    if (this.folders.has(ns)) return;
    mkdirSync(join(this.dir, ns), { recursive: true });
    this.folders.add(ns);
  }

  /**
   * Deletes the entries of `ns` that this build did not use (only files docsite wrote there), and of those only the
   * ones last written at least `graceMs` ago. An entry may be made of files named by its key with `.json` and `.js`
   * added (the compile cache's).
   */
  async prune(ns: string, graceMs = 0): Promise<void> {
    const keep = this.used.get(ns) ?? new Set();
    let names: string[];
    try {
      names = await readdir(join(this.dir, ns));
    } catch {
      return;
    }
    const unused = names.filter((n) => ENTRY_FILE.test(n) && (n.endsWith(".tmp") || !keep.has(n.slice(0, 16))));
    const now = Date.now();
    await Promise.all(
      unused.map(async (n) => {
        const file = join(this.dir, ns, n);
        if (graceMs > 0) {
          const st = await stat(file).catch(() => undefined);
          if (!st || now - st.mtimeMs < graceMs) return;
        }
        await rm(file, { force: true });
      }),
    );
  }
}
