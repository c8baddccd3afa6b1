// A Docusaurus 3 project (tests/fixtures/docusaurus-site) imported with `docsite import` and built: content is
// copied byte for byte, config/sidebars/labels are mapped, and every dialect item of the fixture renders.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, readFile, rm, mkdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus, formatReport, type ImportReport } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";
import { DocsiteError } from "../../cli/log.ts";
import { icuLabel, icuMessage } from "../../cli/import/map-config.ts";
import { createStrings } from "../../cli/i18n/strings.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-site");
let work: string;
let out: string;
let report: ImportReport;
let buildWarnings: string[] = [];
const page = (p: string) => readFile(join(out, "dist", p, "index.html"), "utf8");

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-import-"));
  out = join(work, "site");
  report = await importDocusaurus(fixture, out);
  const result = await buildSite(out, { outDir: join(out, "dist") });
  buildWarnings = result.warnings;
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("docsite import", () => {
  it("copies content byte for byte and reports what was found, mapped and not carried over", async () => {
    for (const [from, to] of [
      ["docs/intro.mdx", "content/en/docs/current/intro.mdx"],
      ["docs/_partials/_shared.mdx", "content/en/docs/current/_partials/_shared.mdx"],
      ["blog/2024-01-15-dated-post.md", "content/en/blog/2024-01-15-dated-post.md"],
      ["i18n/ru/docusaurus-plugin-content-docs/current/intro.mdx", "content/ru/docs/current/intro.mdx"],
      ["static/img/logo.svg", "static/img/logo.svg"],
    ]) {
      expect(await readFile(join(out, to))).toEqual(await readFile(join(fixture, from)));
    }
    expect(report.docs).toBe(18);
    expect(report.posts).toBe(2);
    expect(report.partials).toBe(1);
    const text = formatReport(report, out);
    expect(text).toContain("prism-react-renderer");
    expect(text).toContain("remark-math");
    expect(text).toContain('navbar item "More" of type dropdown');
    expect(text).toContain("src/pages");
  });

  it("derives site.config.json, sidebars and translated labels", async () => {
    const config = JSON.parse(await readFile(join(out, "site.config.json"), "utf8"));
    expect(config).toMatchObject({ title: "Fixture Docs", url: "https://fixture.example", baseUrl: "/" });
    expect(config.i18n.locales).toEqual(["en", "ru"]);
    expect(config.i18n.localeConfigs.ru.label).toBe("Русский");
    expect(config.docs.versions).toMatchObject([{ name: "current", path: "", isLast: true }]);
    const ru = JSON.parse(await readFile(join(out, "i18n", "ru.json"), "utf8"));
    expect(ru["theme.navbar.item.Docs"]).toBe("Документация");
    expect(ru["footer.link.title.Community"]).toBe("Сообщество");
    expect(ru["sidebar.current.docs.category.Guides"]).toBe("Руководства");
  });

  it("fails on a config that cannot run; with allowPartialConfig reads its text, and says so", async () => {
    const src = join(work, "broken-config");
    await mkdir(join(src, "docs"), { recursive: true });
    await writeFile(
      join(src, "docusaurus.config.js"),
      'const x = require("missing-pkg").boom();\nx.y.z();\nmodule.exports = { title: "Static Title", url: "https://s.example", baseUrl: "/b/" };\n'.replace(
        "x.y.z();",
        "throw new Error('cannot run');",
      ),
    );
    await writeFile(join(src, "docs", "a.md"), "# A\n");
    await expect(importDocusaurus(src, join(work, "broken-out"))).rejects.toThrow(/cannot be evaluated: cannot run/);
    const r = await importDocusaurus(src, join(work, "broken-out"), { allowPartialConfig: true, force: true });
    expect(r.skipped.join("\n")).toMatch(/could not be evaluated \(.*cannot run/);
    const config = JSON.parse(await readFile(join(work, "broken-out", "site.config.json"), "utf8"));
    expect(config).toMatchObject({ title: "Static Title", url: "https://s.example", baseUrl: "/b/" });
  });

  it("refuses an existing folder unless --force", async () => {
    await expect(importDocusaurus(fixture, out)).rejects.toThrow(DocsiteError);
    await expect(importDocusaurus(fixture, out, { force: true })).resolves.toMatchObject({ docs: 18 });
  });
});

describe("the Docusaurus dialect, built", () => {
  it("keeps Docusaurus URLs: folder index docs, relative slugs, dated and slugged posts", () => {
    for (const p of [
      "docs/intro",
      "docs/plain",
      "docs/guides",
      "docs/guides/installing",
      "docs/guides/advanced/deep",
      "ru/docs/intro",
      "blog/2024/01/15/dated-post",
      "blog/custom-folder-slug",
      "ru/blog/custom-folder-slug",
    ])
      expect(existsSync(join(out, "dist", p, "index.html")), p).toBe(true);
    expect(existsSync(join(out, "dist", "docs", "_partials"))).toBe(false);
  });

  it("resolves @theme imports, partials (relative and @site) with props, and static imports and require", async () => {
    const html = await page("docs/intro");
    expect(html).toMatch(/role="tab"[^>]*>A</);
    expect(html).toContain("Imported admonition");
    expect(html).toContain("hello.js");
    expect(html).toContain("Hidden details");
    expect(html).toMatch(/Shared text for (<!-- -->)?relative/);
    expect(html).toMatch(/Shared text for (<!-- -->)?site/);
    expect(html).toContain("Partial admonition.");
  });

  it("sends images from imports, require() and useBaseUrl() through the image stage; others keep their URL", async () => {
    const html = await page("docs/intro");
    const img = (alt: string) =>
      new RegExp(`<img src="([^"]+)" width="(\\d+)" height="(\\d+)" alt="${alt}"`).exec(html);
    for (const alt of ["logo", "required", "based"]) {
      const m = img(alt);
      expect(m, alt).not.toBeNull();
      expect(m!.slice(1)).toEqual([expect.stringMatching(/^\/assets\/img\/logo\.[0-9a-f]{10}\.svg$/), "48", "48"]);
    }
    for (const alt of ["diagram", "required diagram"]) {
      const m = img(alt);
      expect(m, alt).not.toBeNull();
      expect(m!.slice(1)).toEqual([expect.stringMatching(/diagram-320\.[0-9a-f]{10}\.png$/), "320", "180"]);
      expect(existsSync(join(out, "dist", m![1]))).toBe(true);
    }
    expect(html).toContain('alt="required diagram" loading="lazy" decoding="async"');
    // Not statically known: the expression's URL, as before.
    expect(html).toContain('<img src="https://example.com/remote.png" alt="dynamic"/>');
  });

  it("takes the title from the content h1 (one h1) and the description from the first paragraph", async () => {
    const html = await page("docs/intro");
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("<title>Introduction | Fixture Docs</title>");
    expect(html).toContain('content="This is the first paragraph of the introduction."');
    const hidden = await page("docs/guides/advanced/deep");
    expect(hidden.match(/<h1[\s>]/g)).toBeNull();
  });

  it("accepts {/* #id */} heading ids and anchors of partial headings", async () => {
    const html = await page("docs/intro");
    expect(html).toContain('id="opts"');
    expect(html).toContain('id="partial-heading"');
    expect(buildWarnings.filter((w) => w.includes("broken anchor"))).toEqual([]);
  });

  it("compiles .md as CommonMark with raw HTML, comments and {#id} headings", async () => {
    const html = await page("docs/plain");
    expect(html).toContain("<b>bold</b>");
    expect(html).toContain("{ like this }");
    expect(html).toContain('id="custom-id"');
  });

  it("rewrites links to .md files and site paths without a trailing slash", async () => {
    const html = await page("docs/intro");
    expect(html).toContain('href="/docs/guides/installing/"');
    expect(html).toContain('href="/docs/guides/advanced/deep/"');
    expect(html).toContain('href="/docs/plain/"');
  });

  it("renders code block titles, line highlights and caution admonitions", async () => {
    const html = await page("docs/intro");
    expect(html).toContain("sum.js");
    expect(html).toContain("admonition--");
    expect(html).toContain("Careful now.");
  });

  it("builds the sidebar: doc, category with a doc link, autogenerated _category_ folder, link, ref", async () => {
    const html = await page("docs/intro");
    const nav = html.slice(html.indexOf("menu__list"));
    expect(nav).toContain('href="/docs/guides/"');
    expect(nav).toContain('href="https://example.com"');
    // The Guides category is collapsed here, off the intro's path: its items are drawn on its own page.
    expect(nav).not.toContain("Set up");
    const guides = await page("docs/guides");
    const open = guides.slice(guides.indexOf("menu__list"));
    expect(open).toContain("Advanced topics");
    expect(open).toContain("Set up");
    expect(open.indexOf("Advanced topics")).toBeLessThan(open.indexOf("Set up"));
    const ru = await page("ru/docs/intro");
    expect(ru).toContain("Руководства");
  });

  it("blog: authors from authors.yml and inline, tag objects, dates with a zone", async () => {
    const dated = await page("blog/2024/01/15/dated-post");
    expect(dated).toContain("Jane Doe");
    expect(dated).toContain("News");
    const folder = await page("blog/custom-folder-slug");
    expect(folder).toContain("Inline Author");
    expect(folder).toContain('dateTime="2024-03-01"');
  });
});

describe("Docusaurus strings as ICU messages", () => {
  it("keeps apostrophes and braces of labels, and placeholders of code.json messages, as Docusaurus prints them", () => {
    const s = createStrings("en", {
      label: icuLabel("What's {new} in 'v8'"),
      message: icuMessage("Toggle the collapsible sidebar category '{label}'"),
    });
    expect(s.t("label")).toBe("What's {new} in 'v8'");
    expect(s.t("message", { label: "Guides" })).toBe("Toggle the collapsible sidebar category 'Guides'");
  });
});
