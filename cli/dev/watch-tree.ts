// Watches folders and files for the dev server with one `fs.watch` per folder (inotify on Linux). A saved file
// costs one event and no folder listing, unlike chokidar, which lists the whole folder again on every event
// (docs/architecture.md, "Dependencies"). Events: `add`, `change`, `unlink` with the
// absolute path; a new folder is watched as it appears.
import { watch, readdirSync, statSync, type FSWatcher } from "node:fs";
import { basename, join } from "node:path";

export type WatchEvent = "add" | "change" | "unlink";

export interface TreeWatcher {
  close(): void;
}

/** Names that are never content: editors' swap and backup files, and folders docsite writes. */
const IGNORED_NAME = /^(\.git|node_modules|\.docsite|dist)$|\.sw[px]$|~$|^\.#/;
const ignored = (path: string) => IGNORED_NAME.test(basename(path));

export function watchTree(roots: string[], onEvent: (event: WatchEvent, file: string) => void): TreeWatcher {
  const watchers = new Map<string, FSWatcher>();
  const files = new Set<string>();
  let closed = false;

  const isDir = (p: string): boolean | null => {
    try {
      return statSync(p).isDirectory();
    } catch {
      return null;
    }
  };

  /** Watches a folder and everything under it; `announce`: report the files found as added (a new folder). */
  function addDir(dir: string, announce: boolean): void {
    if (closed || watchers.has(dir) || ignored(dir)) return;
    let w: FSWatcher;
    try {
      w = watch(dir, { persistent: false }, (_type, name) => {
        if (name) changed(join(dir, name.toString()));
      });
    } catch {
      return; // gone already, or not readable: nothing to watch
    }
    w.on("error", () => dropDir(dir));
    watchers.set(dir, w);
    let entries: import("node:fs").Dirent[] = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      /* removed meanwhile */
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (ignored(p)) continue;
      if (e.isDirectory()) addDir(p, announce);
      else {
        files.add(p);
        if (announce) onEvent("add", p);
      }
    }
  }

  function dropDir(dir: string): void {
    for (const [d, w] of watchers)
      if (d === dir || d.startsWith(`${dir}/`)) {
        w.close();
        watchers.delete(d);
      }
    for (const f of files)
      if (f.startsWith(`${dir}/`)) {
        files.delete(f);
        onEvent("unlink", f);
      }
  }

  function changed(path: string): void {
    if (closed || ignored(path)) return;
    const kind = isDir(path);
    if (kind === true) addDir(path, true);
    else if (kind === false) {
      const known = files.has(path);
      files.add(path);
      onEvent(known ? "change" : "add", path);
    } else if (files.delete(path)) onEvent("unlink", path);
    else if (watchers.has(path)) dropDir(path);
  }

  for (const root of roots) {
    const kind = isDir(root);
    if (kind === true) addDir(root, false);
    else if (kind === false) {
      // A single file (site.config.json): its folder is watched for it alone.
      files.add(root);
      const dir = join(root, "..");
      try {
        const w = watch(dir, { persistent: false }, (_type, name) => {
          if (name && join(dir, name.toString()) === root) changed(root);
        });
        watchers.set(`${root}\0file`, w);
      } catch {
        /* not readable */
      }
    }
  }
  return {
    close() {
      closed = true;
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
