// Front matter parsed once and kept in the build cache: a later process takes it from there (no YAML parse), an
// edited block is parsed again, and only what JSON keeps exactly is kept.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { splitFrontMatter } from "../../cli/content/frontmatter.ts";
import { openFrontMatterMemo } from "../../cli/content/frontmatter-memo.ts";
import { DocsiteError } from "../../cli/log.ts";
import { BuildCache } from "../../cli/cache/cache.ts";

let dir: string;
let cache: BuildCache;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsite-fm-"));
  cache = BuildCache.forSite(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const page = (front: string) => `---\n${front}---\n\n# Body\n`;
const KEY = () => cache.key("frontmatter");
const memoFile = () => join(cache.folder("frontmatter"), `${KEY()}.json`);
/** The memo's entries as kept (read through the cache, which checks the file). */
const stored = () =>
  JSON.parse(BuildCache.forSite(dir).readText("frontmatter", KEY(), ".json")!) as Record<string, string>;

describe("front matter memo", () => {
  it("keeps parse results for the next process, which takes them instead of parsing", async () => {
    const first = openFrontMatterMemo(cache);
    const a = splitFrontMatter(page("title: One\nsidebar_position: 2\n"), "a.mdx", first);
    expect(a.data).toEqual({ title: "One", sidebar_position: 2 });
    first.save();
    const entries = stored();
    expect(Object.keys(entries)).toHaveLength(1);

    // Proof that the next process does not parse: the kept entry is replaced (a valid entry, written through the
    // cache), and that is what it gets.
    const [key] = Object.keys(entries);
    entries[key] = JSON.stringify({ title: "From the memo" });
    BuildCache.forSite(dir).write("frontmatter", KEY(), JSON.stringify(entries), ".json");
    const second = openFrontMatterMemo(BuildCache.forSite(dir));
    const b = splitFrontMatter(page("title: One\nsidebar_position: 2\n"), "a.mdx", second);
    expect(b.data).toEqual({ title: "From the memo" });
    expect(b.bodyOffset).toBe(a.bodyOffset);
    expect(b.body).toBe(a.body);
    // Each hit is a copy: a caller that changes it (a blog post's date from its file name) changes nothing kept.
    b.data.title = "changed";
    expect(splitFrontMatter(page("title: One\nsidebar_position: 2\n"), "a.mdx", second).data.title).toBe(
      "From the memo",
    );
  });

  it("parses an edited block again and keeps only the blocks the last scan used", async () => {
    const first = openFrontMatterMemo(cache);
    splitFrontMatter(page("title: Old\n"), "a.mdx", first);
    first.save();
    const second = openFrontMatterMemo(BuildCache.forSite(dir));
    expect(splitFrontMatter(page("title: New\n"), "a.mdx", second).data).toEqual({ title: "New" });
    second.save();
    expect(Object.values(stored())).toEqual([JSON.stringify({ title: "New" })]);
  });

  it("checks every block it parses, and keeps no result JSON would change (an infinite number)", async () => {
    const memo = openFrontMatterMemo(cache);
    expect(() => splitFrontMatter(page("sidebar_position: first\n"), "a.mdx", memo)).toThrow(DocsiteError);
    const odd = splitFrontMatter(page("sidebar_custom_props:\n  weight: .inf\n"), "b.mdx", memo);
    expect(odd.data.sidebar_custom_props?.weight).toBe(Number.POSITIVE_INFINITY);
    memo.save();
    await expect(readFile(memoFile(), "utf8")).rejects.toThrow();
  });

  it("ignores (and counts) a memo file that is not what it wrote: unreadable, or entries swapped by hand", async () => {
    const first = openFrontMatterMemo(cache);
    splitFrontMatter(page("title: A\n"), "a.mdx", first);
    splitFrontMatter(page("title: B\n"), "b.mdx", first);
    first.save();
    // The two entries' results swapped in the file, its header left as it was.
    const text = await readFile(memoFile(), "utf8");
    const cut = text.indexOf("\n") + 1;
    const entries = JSON.parse(text.slice(cut)) as Record<string, string>;
    const [a, b] = Object.keys(entries);
    [entries[a], entries[b]] = [entries[b], entries[a]];
    await writeFile(memoFile(), text.slice(0, cut) + JSON.stringify(entries));
    const swapped = BuildCache.forSite(dir);
    const memo = openFrontMatterMemo(swapped);
    expect(splitFrontMatter(page("title: A\n"), "a.mdx", memo).data).toEqual({ title: "A" });
    expect(splitFrontMatter(page("title: B\n"), "b.mdx", memo).data).toEqual({ title: "B" });
    expect(swapped.report().damaged).toEqual({ frontmatter: 1 });

    await writeFile(memoFile(), "{not json");
    const unreadable = BuildCache.forSite(dir);
    expect(splitFrontMatter(page("title: Fine\n"), "a.mdx", openFrontMatterMemo(unreadable)).data).toEqual({
      title: "Fine",
    });
    expect(unreadable.report().damaged).toEqual({ frontmatter: 1 });
  });
});
