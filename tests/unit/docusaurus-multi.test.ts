// tests/fixtures/docusaurus-multi imported and built on the plain path (import; the packages npm install would
// put into node_modules, copied there; build): the config evaluated as Docusaurus does, a second docs instance with
// a version, the site's remark plugins, global MDX components, TOCInline, Tabs values, links resolved as Docusaurus
// resolves them, .md as MDX, files outside docs/ and static/, strings with a | and a script subtag, and the report.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus, formatReport, type ImportReport } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-multi");
let work: string;
let out: string;
let report: ImportReport;
let warnings: string[] = [];
const page = (p: string) => readFile(join(out, "dist", p, "index.html"), "utf8");
/** The article of a page, without the layout around it. */
const article = async (p: string) => /<article class="markdown[^"]*"[\s\S]*?<\/article>/.exec(await page(p))?.[0] ?? "";
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-multi-"));
  out = join(work, "site");
  // From another working directory: the config's cwd-relative read must still find its file.
  report = await importDocusaurus(fixture, out);
  await cp(join(fixture, "node_modules"), join(out, "node_modules"), { recursive: true });
  warnings = (await buildSite(out, { outDir: join(out, "dist") })).warnings;
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("the config, evaluated as Docusaurus evaluates it", () => {
  it("runs the exported async function with the site as cwd, local modules and installed packages loaded", async () => {
    const config = JSON.parse(await readFile(join(out, "site.config.json"), "utf8"));
    expect(config.title).toBe("Multi Docs"); // helpers.title() through `import * as helpers`
    expect(config.tagline).toBe("Read from a file beside the config"); // fs.readFileSync("./tagline.txt")
    expect(config.i18n.locales).toEqual(["en", "zh-Hans"]); // from ./i18n.mjs, with a script subtag
  });
});

describe("docs plugin instances", () => {
  it("publishes each instance at its route with its own versions and sidebars", async () => {
    expect(await article("community/next")).toContain("docs plugin instance of their own");
    expect(await article("community")).toContain("as they were in 1.0");
    expect(await article("community/next/support")).toContain("Ask in the forum");
    const intro = await page("docs/intro");
    // The navbar's docSidebar item of the instance leads to its sidebar's first page.
    expect(hrefs(intro)).toContain("/community/");
    const community = await page("community/next");
    expect(community).toMatch(/<nav class="menu"[\s\S]*href="\/community\/next\/support\/"/);
    expect(community).not.toMatch(/<nav class="menu"[\s\S]*href="\/docs\/intro\/"[\s\S]*<\/nav>/);
  });
});

describe("the site's remark plugins", () => {
  it("run in docsite's compile: a package with options (beforeDefault) and a project module, per content kind", async () => {
    const intro = await article("docs/intro");
    expect(intro).toContain("Stamped by a plugin.");
    expect(intro).toContain("Our product™ is documented here.");
    expect(await article("zh-Hans/docs/intro")).toContain("Stamped by a plugin.");
    expect(await article("blog/2024/03/01/launch")).toContain("product™");
    // The community instance configures no plugins.
    expect(await article("community/next/support")).toContain("product(tm)");
    const pkg = JSON.parse(await readFile(join(out, "package.json"), "utf8"));
    expect(pkg.dependencies["remark-stamp"]).toBe("^1.0.0");
    expect(existsSync(join(out, "plugins", "remark-trademark.mjs"))).toBe(true);
  });
});

describe("content as Docusaurus 3 reads it", () => {
  it(".md is MDX: JSX and global components from src/theme/MDXComponents; HTML comments over lines are dropped", async () => {
    const intro = await article("docs/intro");
    expect(intro).toContain('<mark class="highlight"');
    expect(intro).toContain("this JSX renders");
    expect(intro).not.toContain("several lines");
    expect(await article("zh-Hans/docs/intro")).toContain('<mark class="highlight"');
  });

  it("a page with format: md front matter is CommonMark", async () => {
    const plain = await article("docs/plain");
    expect(plain).toContain("{ like these }");
    expect(plain).toContain("<b>raw HTML</b>");
  });

  it("TOCInline lists the page's headings; Tabs take labels and order from values", async () => {
    const setup = await article("docs/guide/setup");
    expect(setup).toMatch(/class="toc-inline"[\s\S]*href="#install"[\s\S]*<code>the<\/code>[\s\S]*href="#configure"/);
    expect(setup).toMatch(/class="toc-inline"[\s\S]*<ul>[\s\S]*href="#options"/);
    const tabs = [...setup.matchAll(/role="tab"[^>]*data-value="(\w+)">([^<]+)/g)].map((m) => [m[1], m[2]]);
    expect(tabs).toEqual([
      ["yarn", "Yarn"],
      ["npm", "npm"],
    ]);
    expect(setup).toContain('data-group="pm"');
  });
});

describe("URLs as Docusaurus gives them", () => {
  it("the default locale's i18n folder comes first, as for every locale; a file without a base is no page", async () => {
    expect(await article("docs/overridden")).toContain("The text of i18n/en");
    expect(existsSync(join(out, "dist", "docs", "extra"))).toBe(false);
  });

  it("a README and a doc named like its folder are the folder's page", async () => {
    expect(await article("docs/reference")).toContain("A README is its folder");
    expect(await article("docs/guide/deep")).toContain("named like its folder");
    // A navbar item naming the README's doc id leads to that URL.
    expect(hrefs(await page("docs/intro"))).toContain("/docs/reference/");
  });
});

describe("links, resolved as Docusaurus resolves them", () => {
  it(".md links: bare from the docs root, ../, absolute file paths, reference definitions", async () => {
    expect(hrefs(await article("docs/intro"))).toContain("/docs/guide/setup/#install");
    const setup = hrefs(await article("docs/guide/setup"));
    expect(setup).toContain("/docs/intro/");
    expect(setup).toContain("/docs/guide/deep/page/");
    expect(setup).toContain("/docs/plain/");
    expect(setup).toContain("/docs/guide/data/");
  });

  it("relative URLs against the published address (trailingSlash unset: without the slash)", async () => {
    // On /docs/intro, ./guide/deep/page is /docs/guide/deep/page.
    expect(hrefs(await article("docs/intro"))).toContain("/docs/guide/deep/page/");
    // On /docs/guide/deep/page, ../setup is /docs/guide/setup and ./other is /docs/guide/deep/other.
    const deep = hrefs(await article("docs/guide/deep/page"));
    expect(deep).toContain("/docs/guide/setup/");
    expect(deep).toContain("/docs/guide/deep/other/");
    // A partial's .md link resolves from the partial's folder, not the page's.
    expect(await article("docs/guide/deep/page")).toMatch(/From a partial: <a href="\/docs\/guide\/setup\/"/);
    expect(warnings.filter((w) => w.includes("broken link"))).toEqual([]);
  });
});

describe("a component that imports a Markdown file", () => {
  it("draws it compiled as a page of the site: its imports, links and images", async () => {
    const embed = await article("docs/embed");
    expect(embed).toContain('<section class="embed">');
    expect(embed).toContain("Embedded text with");
    expect(embed).toContain('href="/docs/intro/"');
    expect(embed).toMatch(/<img [^>]*src="\/assets\/img\/logo[^"]*"[^>]*alt="The logo"/);
    expect(embed).toMatch(/role="tab"[^>]*>One</);
  });

  it("keeps an <img> whose file is missing, as Docusaurus does, with a warning", async () => {
    expect(await article("docs/embed")).toMatch(
      /<img src="\/img\/missing\.png" alt="A file the repository does not have"/,
    );
    expect(warnings.join("\n")).toMatch(/image not found: static\/img\/missing\.png \(its <img> is kept/);
  });
});

describe("files outside docs/ and static/", () => {
  it("are copied and published: a JSON module and a relative image", async () => {
    expect(existsSync(join(out, "data", "numbers.json"))).toBe(true);
    const data = await article("docs/guide/data");
    expect(data.replace(/<!-- -->/g, "")).toContain("The answer is 42.");
    expect(data).toMatch(/<img [^>]*alt="A picture kept outside docs and static"/);
    expect(warnings.join("\n")).not.toContain("outside.png");
  });
});

describe("strings", () => {
  it("a | in a copyright and its translation is text", async () => {
    expect(await page("docs/intro")).toContain("Docs | Multi Example Inc.");
    expect(await page("zh-Hans/docs/intro")).toContain("文档 | 示例公司");
  });

  it("missing translations are one line for the locale", () => {
    const lines = warnings.filter((w) => w.includes("zh-Hans translation"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^zh-Hans: \d+ docs have no zh-Hans translation/);
  });
});

describe("the import report", () => {
  it("names what was dropped and ends with the verdict", () => {
    const text = formatReport(report, out);
    expect(text).toMatch(/plugin docusaurus-plugin-not-installed: not run/);
    expect(text).toMatch(/clientModules: 1 client modules \(\.\/src\/clientModule\.js\)/);
    expect(text).toContain("theme @docusaurus/theme-mermaid: ```mermaid blocks are shown as their source");
    expect(text).toContain('docs instance "community": current at /community/next, 1.0 at /community');
    expect(text).toContain("navbar: 4 items");
    const last = text.trim().split("\n").slice(-2);
    expect(last[0]).toMatch(/^Verdict: ready with \d+ items to review/);
    expect(last[1]).toBe(`Next: cd ${out} && npm install, then docsite build --root ${out}`);
  });
});
