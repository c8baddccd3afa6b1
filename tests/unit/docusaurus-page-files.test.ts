// tests/fixtures/docusaurus-page-files imported and built on the plain path: the docs (two instances), blog and
// pages plugins' include/exclude decide which files are pages, as in Docusaurus — files they leave out are not
// pages but can still be imported, files they add despite a "_" are pages; and a swizzled MDXComponents whose
// entry is an MDX partial draws it, also in a project whose package.json says "type": "module" (what `import
// --force` keeps of the package.json it merges into), while an entry React cannot draw fails naming the module, the
// entry and what it is.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fg from "fast-glob";
import { importDocusaurus, formatReport, type ImportReport } from "../../cli/import/index.ts";
import { applyChanges, buildSite } from "../support/site.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-page-files");
let work: string;
let out: string;
let report: ImportReport;
const article = async (p: string) =>
  /<article[^>]*>[\s\S]*?<\/article>/.exec(await readFile(join(out, "dist", p, "index.html"), "utf8"))?.[0] ?? "";

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-page-files-"));
  out = join(work, "site");
  await mkdir(out);
  await writeFile(join(out, "package.json"), JSON.stringify({ name: "site", type: "module" }));
  report = await importDocusaurus(fixture, out, { force: true });
  await buildSite(out, { outDir: join(out, "dist") });
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("include/exclude of the content plugins", () => {
  it("publishes exactly the pages Docusaurus publishes", async () => {
    const routes = (await fg("**/index.html", { cwd: join(out, "dist") })).map((f) => f.replace(/\/?index\.html$/, ""));
    expect(routes.sort()).toEqual(
      [
        "",
        "about", // src/pages: parts/ and lab/ are excluded
        "blog",
        "blog/2024/01/01/hello", // the wip post is excluded, notes.md is not included
        "blog/archive",
        "community", // the community instance: old/ excluded
        "community/_rules", // its exclude replaces the default, so a "_" file is a page
        "docs/guide/setup", // guide/plan.draft.md excluded
        "docs/intro",
        "docs/notes/_kept",
        "search",
        "versions",
      ].filter((r) => r !== ""),
    );
  });

  it("lets pages import a file that is no page", async () => {
    expect(await article("docs/intro")).toContain("Shared text from a snippet that is not a page.");
  });

  it("carries the globs into site.config.json and reports them applied, not as blockers", async () => {
    const config = JSON.parse(await readFile(join(out, "site.config.json"), "utf8"));
    expect(config.docusaurus.pageFiles).toEqual({
      docs: {
        include: ["intro.md", "guide/**/*.{md,mdx}", "snippets/**/*.md", "notes/**/*.md"],
        exclude: ["snippets/**", "**/*.draft.md"],
      },
      "docs:community": {
        include: ["**/*.{md,mdx}"],
        exclude: ["old/**"],
      },
      blog: { include: ["2024-*.md"], exclude: ["**/*-wip-*"] },
      pages: { include: ["**/*.{js,jsx,ts,tsx,md,mdx}"], exclude: ["parts/**", "**/_*", "lab/**"] },
    });
    const text = formatReport(report, out);
    expect(text).toContain(
      "docs current: include/exclude applied to docs (docusaurus.pageFiles); 3 file(s) left out (not pages; pages may still import them): drafts/later.md, guide/plan.draft.md, snippets/shared.md; 1 file(s) the defaults leave out published: notes/_kept.md",
    );
    expect(text).toContain("pages: include/exclude applied to src/pages");
    expect(text).not.toMatch(/not ready/);
    expect(text).toMatch(/^Imported 5 doc pages, 1 blog posts, 5 partials/m);
  });
});

describe("a swizzled MDXComponents", () => {
  it("draws an entry that is an MDX partial, in an ES-module project", async () => {
    expect(await article("docs/intro")).toContain("Welcome text from a partial given to every page by MDXComponents.");
  });

  it("fails on an entry React cannot draw, naming the module, the entry and what it is", async () => {
    await applyChanges(out, {
      "src/theme/MDXComponents.js":
        'import MDXComponents from "@theme-original/MDXComponents";\n' +
        'import * as Welcome from "@site/docs/_welcome.mdx";\n\n' +
        "export default { ...MDXComponents, Welcome };\n",
    });
    const failure = await buildSite(out, { outDir: join(out, "dist-bad") }).then(
      () => undefined,
      (err: Error & { where?: { file?: string } }) => err,
    );
    expect(failure?.where?.file).toBe("content/en/docs/current/intro.md");
    expect(failure?.message).toContain(
      "src/theme/MDXComponents.js: the entry Welcome is an object with the keys default (a module? its default export is the component), not a component docsite can draw",
    );
  });
});
