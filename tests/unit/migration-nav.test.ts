// A migrated site's navigation chrome, as Docusaurus draws it (issue 43): on tests/fixtures/docusaurus-versions-nav
// (two versions, neither with a doc at its root), the version dropdown leads to the same doc in each version or to
// that version's main doc, the unreleased version's banner to the same doc in the latest version or its main doc;
// the build checks those links, and the sidebars', like the content's.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseDocument } from "htmlparser2";
import { findAll } from "domutils";
import type { Element } from "domhandler";
import { importDocusaurus } from "../../cli/import/index.ts";
import { buildSite, quietLogger } from "../support/site.ts";
import { checkDist } from "../../cli/links/check-dist.ts";
import { checkLinks } from "../../cli/links/check.ts";
import { extraFiles } from "../../cli/site/load.ts";
import type { BuildResult } from "../../cli/pipeline/build.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-versions-nav");
let work: string;

/** Imports the fixture (after `edit` changed its copy) into a new folder; returns the imported project. */
async function imported(name: string, edit?: (src: string) => Promise<void>): Promise<string> {
  const src = join(work, `${name}-src`);
  await cp(fixture, src, { recursive: true });
  await edit?.(src);
  const out = join(work, name);
  await importDocusaurus(src, out);
  return out;
}

/** The hrefs of the elements `test` picks, in document order, without repeats (the mobile menu draws them again). */
function hrefs(html: string, test: (el: Element) => boolean): string[] {
  return [
    ...new Set(findAll((el) => el.name === "a" && test(el), parseDocument(html).children).map((a) => a.attribs.href)),
  ];
}
const classOf = (el: Element | null | undefined) => (el?.attribs?.class ?? "").split(" ");
const dropdownLinks = (html: string) => hrefs(html, (a) => classOf(a).includes("dropdown__link"));
const bannerLinks = (html: string) =>
  hrefs(html, (a) => classOf(a.parent?.parent as Element | null).includes("version-banner"));

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-mig-nav-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("version chrome of a site whose versions have no root doc", () => {
  let site: string;
  let result: BuildResult;
  const page = (p: string) => readFile(join(site, "dist", p, "index.html"), "utf8");
  beforeAll(async () => {
    site = await imported("plain");
    result = await buildSite(site, { outDir: join(site, "dist") });
  });

  it("publishes every doc, and no page at either version's root", async () => {
    for (const p of ["docs/basics", "docs/old-only", "docs/guide/setup", "docs/next/intro", "docs/next/only-next"])
      expect(await page(p)).toContain("<article");
    await expect(page("docs/next")).rejects.toThrow();
  });

  it("links each version to the same doc there, else to that version's main doc", async () => {
    // Only in Next: 1.0 has no such doc, so its main doc (the first doc of its first sidebar).
    expect(dropdownLinks(await page("docs/next/only-next"))).toEqual(["/docs/next/only-next/", "/docs/basics/"]);
    expect(dropdownLinks(await page("docs/next/guide/setup"))).toEqual([
      "/docs/next/guide/setup/",
      "/docs/guide/setup/",
    ]);
    // Only in 1.0: Next's main doc is "intro", first in its sidebar (guide/setup comes first among the files).
    expect(dropdownLinks(await page("docs/old-only"))).toEqual(["/docs/next/intro/", "/docs/old-only/"]);
    // A page that is no doc: each version's main doc.
    expect(dropdownLinks(await readFile(join(site, "dist", "index.html"), "utf8"))).toEqual([
      "/docs/next/intro/",
      "/docs/basics/",
    ]);
  });

  it("sends the unreleased version's banner to the same doc in the latest version, else to its main doc", async () => {
    expect(bannerLinks(await page("docs/next/only-next"))).toEqual(["/docs/basics/"]);
    expect(bannerLinks(await page("docs/next/guide/setup"))).toEqual(["/docs/guide/setup/"]);
    expect(bannerLinks(await page("docs/basics"))).toEqual([]);
  });

  it("leaves check-links nothing to find, the chrome included", async () => {
    const r = await checkDist(join(site, "dist"));
    expect(r.problems).toEqual([]);
    expect(r.links).toBeGreaterThan(50);
  });

  it("checks previous/next and version links like content links, naming the file and a page that draws them", () => {
    const { config, table } = result;
    const gone = "/docs/next/intro/";
    const without = {
      ...table,
      routes: table.routes.filter((r) => r.path !== gone),
      byPath: new Map([...table.byPath].filter(([p]) => p !== gone)),
    };
    const problems = checkLinks(config, without, extraFiles(config)).map((p) => `${p.file}: ${p.message}`);
    expect(problems).toContain(
      `content/en/docs/current/only-next.md: broken link to ${gone} in the previous link (on /docs/next/only-next/)`,
    );
  });
});

describe("a broken link in the navigation chrome", () => {
  it("fails the build, naming the sidebars file and the link", async () => {
    const site = await imported("bad-sidebar", async (src) => {
      const file = join(src, "sidebars.js");
      const text = await readFile(file, "utf8");
      await writeFile(
        file,
        text.replace('"only-next",', '"only-next", { type: "link", label: "Gone", href: "/docs/next/gone" },'),
      );
    });
    await expect(buildSite(site, { outDir: join(site, "dist") })).rejects.toMatchObject({
      message: expect.stringMatching(
        /content\/sidebars-current\.json: broken link to \/docs\/next\/gone in the sidebar "main"/,
      ),
    });
  });
});

describe("a relative JSX <a> that leads nowhere", () => {
  it("is a warning of the build naming the page and line, and check-links says the same, not 'broken'", async () => {
    const site = await imported("jsx-href", async (src) => {
      await writeFile(
        join(src, "versioned_docs", "version-1.0", "media.mdx"),
        // Resolved as the browser resolves it against Docusaurus' address of the page, /docs/media (no slash).
        '---\ntitle: Media\n---\n\nThe clip: <a href="video/clip.mp4">download it</a>.\n\n<a href="basics">The basics</a>\n',
      );
    });
    const logger = quietLogger();
    await buildSite(site, { outDir: join(site, "dist"), logger });
    const warned = logger.warnings.filter((w) => w.includes("clip.mp4"));
    expect(warned).toEqual([
      expect.stringMatching(/^content\/en\/docs\/1\.0\/media\.mdx:5: link to \/docs\/video\/clip\.mp4 .*404/),
    ]);
    const r = await checkDist(join(site, "dist"));
    // The same link, told apart from broken ones: the reader gets a 404, Docusaurus' build accepts it.
    expect(r.problems).toEqual([{ page: "/docs/media/", url: "/docs/video/clip.mp4", kind: "unchecked" }]);
  });
});
