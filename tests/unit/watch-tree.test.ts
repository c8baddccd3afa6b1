// The dev server's folder watcher: a saved file is one `change`, new and removed files and folders are seen.
import { describe, it, expect, afterEach } from "vitest";
import { mkdtemp, mkdir, writeFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { watchTree, type TreeWatcher, type WatchEvent } from "../../cli/dev/watch-tree.ts";

let dir: string;
let watcher: TreeWatcher | undefined;
afterEach(async () => {
  watcher?.close();
  await rm(dir, { recursive: true, force: true });
});

async function waitFor(events: Array<[WatchEvent, string]>, want: [WatchEvent, string]): Promise<void> {
  const end = Date.now() + 5000;
  while (!events.some(([e, f]) => e === want[0] && f === want[1])) {
    if (Date.now() > end) throw new Error(`no ${want.join(" ")} in ${JSON.stringify(events)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("watchTree", () => {
  it("reports changes, new files in new folders, removals, and a watched single file", async () => {
    dir = await mkdtemp(join(tmpdir(), "docsite-watch-"));
    await mkdir(join(dir, "content", "docs"), { recursive: true });
    await writeFile(join(dir, "content", "docs", "a.mdx"), "a");
    await writeFile(join(dir, "site.config.json"), "{}");
    await writeFile(join(dir, "other.json"), "{}");
    const events: Array<[WatchEvent, string]> = [];
    watcher = watchTree([join(dir, "content"), join(dir, "site.config.json")], (e, f) => events.push([e, f]));

    await writeFile(join(dir, "content", "docs", "a.mdx"), "changed");
    await waitFor(events, ["change", join(dir, "content", "docs", "a.mdx")]);

    await mkdir(join(dir, "content", "blog"));
    await writeFile(join(dir, "content", "blog", "p.mdx"), "post");
    await waitFor(events, ["add", join(dir, "content", "blog", "p.mdx")]);

    await rm(join(dir, "content", "docs", "a.mdx"));
    await waitFor(events, ["unlink", join(dir, "content", "docs", "a.mdx")]);

    await writeFile(join(dir, "site.config.json"), '{"title":"x"}');
    await waitFor(events, ["change", join(dir, "site.config.json")]);
    // A file beside a watched single file is not watched.
    await writeFile(join(dir, "other.json"), '{"x":1}');
    await new Promise((r) => setTimeout(r, 200));
    expect(events.some(([, f]) => f.endsWith("other.json"))).toBe(false);
  });
});
