// Which files of a content folder are pages when an imported project's plugins set include/exclude
// (cli/content/page-files.ts): selected as Docusaurus' globby 11 selects them — fast-glob with the excludes as
// `ignore`, a pattern naming a folder expanded to its contents — and applied by the content listing per docs
// instance ("docs", "docs:<id>") and to the blog, each locale's folder alike.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { globPageFiles } from "../../cli/content/page-files.ts";
import { listContent } from "../../cli/content/scan.ts";
import type { SiteConfig } from "../../cli/config/types.ts";

const FILES = [
  "content/en/docs/current/intro.md",
  "content/en/docs/current/guide/a.md",
  "content/en/docs/current/guide/b.mdx",
  "content/en/docs/current/drafts/wip.md",
  "content/en/docs/current/_partial.md",
  "content/ru/docs/current/intro.md",
  "content/ru/docs/current/drafts/wip.md",
  "content/en/docs/community/index.md",
  "content/en/docs/community/drafts/old.md",
  "content/en/blog/2024-01-01-a.md",
  "content/en/blog/notes.md",
];

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "docsite-page-files-"));
  for (const f of FILES) {
    await mkdir(dirname(join(root, f)), { recursive: true });
    await writeFile(join(root, f), "# x\n");
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

const docs = (sub: string) => join(root, "content/en/docs", sub);

describe("globPageFiles", () => {
  it("takes Docusaurus' defaults for what is not given", () => {
    expect(globPageFiles(docs("current"), {}, "docs").sort()).toEqual([
      "drafts/wip.md",
      "guide/a.md",
      "guide/b.mdx",
      "intro.md",
    ]);
  });

  it("expands a pattern that names a folder, in include and exclude alike (globby's expandDirectories)", () => {
    expect(globPageFiles(docs("current"), { include: ["guide"] }, "docs").sort()).toEqual([
      "guide/a.md",
      "guide/b.mdx",
    ]);
    expect(globPageFiles(docs("current"), { exclude: ["drafts"] }, "docs").sort()).toEqual([
      "_partial.md",
      "guide/a.md",
      "guide/b.mdx",
      "intro.md",
    ]);
  });
});

describe("the content listing with docusaurus.pageFiles", () => {
  it("applies each instance's globs to each locale's version folder, and the blog's", () => {
    const config = {
      rootDir: root,
      docusaurus: {
        pageFiles: {
          docs: { include: ["**/*.md"], exclude: ["drafts/**"] },
          "docs:community": { exclude: ["**/old.md"] },
          blog: { include: ["2024-*.md"] },
        },
      },
      docs: {
        routeBasePath: "docs",
        pluginId: "default",
        breadcrumbs: false,
        versions: [
          { name: "current", label: "Next", path: "", isLast: true, mainDocId: "intro", sidebarsFile: "s.json" },
          {
            name: "community",
            label: "Next",
            path: "",
            isLast: true,
            mainDocId: "index",
            sidebarsFile: "c.json",
            pluginId: "community",
            routeBasePath: "community",
          },
        ],
      },
    } as unknown as SiteConfig;
    expect(listContent(config).sources).toEqual([
      "content/en/blog/2024-01-01-a.md",
      "content/en/docs/community/index.md",
      "content/en/docs/current/_partial.md",
      "content/en/docs/current/guide/a.md",
      "content/en/docs/current/intro.md",
      "content/ru/docs/current/intro.md",
    ]);
  });
});
