// The content scan lists files with one readdir pass (cli/content/tree-checks.ts `contentFiles`) where it used
// fast-glob's patterns: on a tree with partials, dot entries, upper-case extensions, custom pages in `_` folders
// and symbolic links, it must select exactly what those patterns select.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fg from "fast-glob";
import { listContent } from "../../cli/content/scan.ts";

const FILES = [
  "content/en/docs/v1/a.mdx",
  "content/en/docs/v1/guide/b.md",
  "content/en/docs/v1/C.MDX",
  "content/en/docs/v1/notes.txt",
  "content/en/docs/v1/_parts/p.mdx",
  "content/en/docs/v1/deep/_parts/more/q.mdx",
  "content/en/docs/v1/_single.mdx",
  "content/en/docs/v1/.hidden/x.mdx",
  "content/en/docs/v1/.dot.mdx",
  "content/en/docs/top.mdx",
  "content/en/blog/2024-01-01-post.md",
  "content/en/blog/_draft-part.mdx",
  "content/ru/docs/v1/a.mdx",
  "content/_shared/docs/v1/s.mdx",
  "content/pages/index.tsx",
  "content/pages/about.jsx",
  "content/pages/_parts/Card.tsx",
  "content/pages/style.css",
  "content/media/a.png",
  "elsewhere/linked/y.mdx",
];

/** The patterns the scan used before (cli/content/scan.ts at 86471c6). */
async function globbed(root: string, docusaurus: boolean) {
  const sources = await fg(["content/*/docs/**/*.{md,mdx}", "content/*/blog/**/*.{md,mdx}"], {
    cwd: root,
    ignore: docusaurus ? ["**/_*/**", "**/_*"] : ["**/_*/**"],
  });
  const pages = await fg(["content/pages/**/*.{tsx,jsx}"], { cwd: root });
  return { sources: sources.sort(), pages: pages.sort() };
}

describe("content listing", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "docsite-content-files-"));
    for (const f of FILES) {
      await mkdir(dirname(join(root, f)), { recursive: true });
      await writeFile(join(root, f), "x");
    }
    // A linked folder and a linked file are followed, as the glob followed them.
    await symlink(join(root, "elsewhere", "linked"), join(root, "content/en/docs/v1/linked"));
    await symlink(join(root, "content/en/docs/v1/a.mdx"), join(root, "content/en/docs/v1/alias.mdx"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it.each([false, true])("selects what the glob patterns selected (docusaurus: %s)", async (docusaurus) => {
    const listed = listContent({ rootDir: root, docusaurus: docusaurus ? {} : undefined });
    expect(listed).toEqual(await globbed(root, docusaurus));
    expect(listed.sources).toContain("content/en/docs/v1/linked/y.mdx");
    expect(listed.pages).toContain("content/pages/_parts/Card.tsx");
  });
});
