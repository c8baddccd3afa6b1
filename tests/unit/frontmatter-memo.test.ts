// Front matter parsed once and kept in the build cache: a later process takes it from there (no YAML parse), an
// edited block is parsed again, and only what JSON keeps exactly is kept.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { splitFrontMatter } from "../../cli/content/frontmatter.ts";
import { openFrontMatterMemo } from "../../cli/content/frontmatter-memo.ts";
import { DocsiteError } from "../../cli/log.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsite-fm-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const page = (front: string) => `---\n${front}---\n\n# Body\n`;
const memoFile = () => join(dir, "frontmatter.json");

describe("front matter memo", () => {
  it("keeps parse results for the next process, which takes them instead of parsing", async () => {
    const first = openFrontMatterMemo(dir);
    const a = splitFrontMatter(page("title: One\nsidebar_position: 2\n"), "a.mdx", first);
    expect(a.data).toEqual({ title: "One", sidebar_position: 2 });
    first.save();
    const stored = JSON.parse(await readFile(memoFile(), "utf8"));
    expect(Object.keys(stored.entries)).toHaveLength(1);

    // Proof that the next process does not parse: the kept entry is altered, and that is what it gets.
    const [key] = Object.keys(stored.entries);
    stored.entries[key] = JSON.stringify({ title: "From the memo" });
    await writeFile(memoFile(), JSON.stringify(stored));
    const second = openFrontMatterMemo(dir);
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
    const first = openFrontMatterMemo(dir);
    splitFrontMatter(page("title: Old\n"), "a.mdx", first);
    first.save();
    const second = openFrontMatterMemo(dir);
    expect(splitFrontMatter(page("title: New\n"), "a.mdx", second).data).toEqual({ title: "New" });
    second.save();
    const stored = JSON.parse(await readFile(memoFile(), "utf8"));
    expect(Object.values(stored.entries)).toEqual([JSON.stringify({ title: "New" })]);
  });

  it("checks every block it parses, and keeps no result JSON would change (an infinite number)", async () => {
    const memo = openFrontMatterMemo(dir);
    expect(() => splitFrontMatter(page("sidebar_position: first\n"), "a.mdx", memo)).toThrow(DocsiteError);
    const odd = splitFrontMatter(page("sidebar_custom_props:\n  weight: .inf\n"), "b.mdx", memo);
    expect(odd.data.sidebar_custom_props?.weight).toBe(Number.POSITIVE_INFINITY);
    memo.save();
    await expect(readFile(memoFile(), "utf8")).rejects.toThrow();
  });

  it("ignores a memo file it cannot read", async () => {
    await writeFile(memoFile(), "{not json");
    const memo = openFrontMatterMemo(dir);
    expect(splitFrontMatter(page("title: Fine\n"), "a.mdx", memo).data).toEqual({ title: "Fine" });
  });
});
