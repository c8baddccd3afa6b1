// tests/fixtures/docusaurus-config-eval imported (no build): a TypeScript config mixing ES modules, CommonJS and
// JSON, with its own __dirname from import.meta.url and top-level await, evaluated as Docusaurus evaluates it;
// plugins named by require.resolve and by short names; the docs plugin's exclude (applied: named as mapped);
// translated blog posts per locale; the new project's dependencies as what its code imports; one next step; and the
// verdict "not ready" for a blog instance and a docs version that are not carried.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus, formatReport, type ImportReport } from "../../cli/import/index.ts";
import { candidates, packageOfPath, resolveEntryName } from "../../cli/import/plugin-names.ts";
import { buildSite } from "../support/site.ts";
import { pluginEntries } from "../../cli/import/plugin-entries.ts";
import { PACKAGE_NAME } from "../../cli/init/site-package.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-config-eval");
let work: string;
let src: string;
let out: string;
let report: ImportReport;
let text: string;

/** A package in the project's node_modules, as npm install would put it (the fixture keeps none in git). */
async function fakePackage(name: string, main: string): Promise<void> {
  const dir = join(src, "node_modules", ...name.split("/"));
  await mkdir(join(dir, "lib"), { recursive: true });
  await writeFile(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", main: "lib/index.js" }));
  await writeFile(join(dir, "lib", "index.js"), main);
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-config-eval-"));
  src = join(work, "project");
  await cp(fixture, src, { recursive: true });
  await fakePackage(
    "@docusaurus/plugin-content-docs",
    "module.exports = function pluginContentDocs() { return {}; };\n",
  );
  await fakePackage("@prettier/sync", "module.exports = { format: (s) => s };\n");
  out = join(work, "site");
  report = await importDocusaurus(src, out);
  text = formatReport(report, out);
});
afterAll(() => rm(work, { recursive: true, force: true }));

const siteConfig = async () => JSON.parse(await readFile(join(out, "site.config.json"), "utf8"));

describe("the config, evaluated wherever Docusaurus evaluates it", () => {
  it("runs TypeScript with ES imports, require, JSON, its own __dirname and top-level await", async () => {
    const config = await siteConfig();
    // meta.json's name, __filename from import.meta.url, the CommonJS helper's awaited tagline, locales from .mjs.
    expect(config.title).toBe("Config Eval (docusaurus.config.ts)");
    expect(config.tagline).toBe("Evaluated with top-level await");
    expect(config.i18n.locales).toEqual(["en", "fr"]);
    // The docs path made from __dirname is the project's docs/.
    expect(existsSync(join(out, "content", "en", "docs", "current", "intro.mdx"))).toBe(true);
  });
});

describe("plugins, however the config names them", () => {
  it("carries a docs instance named by require.resolve", async () => {
    const config = await siteConfig();
    expect(config.docs.versions.map((v: { pluginId?: string }) => v.pluginId ?? "main")).toContain("guides");
    expect(existsSync(join(out, "content", "en", "docs", "guides", "index.md"))).toBe(true);
    expect(text).toContain('docs instance "guides": current at /guides');
  });

  it("reads the short name client-redirects and the classic preset's theme CSS given by require.resolve", async () => {
    const config = await siteConfig();
    expect(config.redirects.rules).toEqual([{ from: "/old-intro", to: "/docs/intro" }]);
    expect(config.customCss).toEqual(["src/css/brand.css"]);
    expect(text).not.toContain("preset classic: only the classic preset is read");
  });

  it("resolves names as Docusaurus does", () => {
    expect(candidates("client-redirects", "plugin")).toEqual([
      "client-redirects",
      "@docusaurus/plugin-client-redirects",
      "docusaurus-plugin-client-redirects",
    ]);
    expect(candidates("@acme/thing", "plugin")).toEqual(["@acme/thing", "@acme/docusaurus-plugin-thing"]);
    expect(candidates("@acme", "preset")).toEqual(["@acme/docusaurus-preset"]);
    expect(resolveEntryName("classic", "preset", work)).toBe("@docusaurus/preset-classic");
    expect(resolveEntryName("content-blog", "plugin", work)).toBe("@docusaurus/plugin-content-blog");
    expect(packageOfPath("/s/node_modules/@docusaurus/plugin-content-docs/lib/index.js")).toBe(
      "@docusaurus/plugin-content-docs",
    );
    // A plugin function imported from the package (`import docs from "@docusaurus/plugin-content-docs"`).
    const fromImport = pluginEntries(
      { plugins: [[{ $fn: "pluginContentDocs", $module: "@docusaurus/plugin-content-docs" }, { id: "x" }]] },
      work,
    );
    expect(fromImport.entries).toMatchObject([{ kind: "docs", id: "x" }]);
    // require.resolve of a package that is not installed (load-module's stand-in path) still names it.
    expect(packageOfPath("/s/node_modules/.docsite-not-installed/@docusaurus/plugin-content-blog")).toBe(
      "@docusaurus/plugin-content-blog",
    );
  });
});

describe("translated blog posts", () => {
  it("give each locale its translation, else the base file (not the default locale's text)", async () => {
    const post = (l: string, f: string) => readFile(join(out, "content", l, "blog", f), "utf8");
    expect(await post("en", "hello.md")).toContain("The English text.");
    expect(await post("fr", "hello.md")).toContain("Texte de base, en français.");
    expect(await post("fr", "two.md")).toContain("La traduction française.");
  });

  it("the blog's title is a string, translated from the instance's options.json", async () => {
    const strings = async (l: string) => JSON.parse(await readFile(join(out, "i18n", `${l}.json`), "utf8"));
    expect((await strings("en"))["theme.blog.title"]).toBe("Journal");
    expect((await strings("fr"))["theme.blog.title"]).toBe("Le journal");
    expect(text).not.toContain("blog.blogTitle");
  });
});

describe("translated pages", () => {
  it("include the default locale's i18n folder, which Docusaurus reads first for that locale too", async () => {
    const config = await siteConfig();
    expect(config.docusaurus.pages.translations).toEqual({ en: "i18n/en/docusaurus-plugin-content-pages" });
    expect(await readFile(join(out, "i18n/en/docusaurus-plugin-content-pages/about.md"), "utf8")).toContain(
      "The English page.",
    );
  });
});

describe("the new project's dependencies", () => {
  it("are what its content, pages and carried plugins import, and nothing else", async () => {
    const pkg = JSON.parse(await readFile(join(out, "package.json"), "utf8"));
    const { [PACKAGE_NAME]: docsite, ...deps } = pkg.dependencies;
    expect(docsite).toBeDefined();
    // left-pad: a component a doc imports; lodash: the same component, unlisted (package-lock.json's version);
    // @prettier/sync: the carried remark plugin's import (a devDependency).
    expect(deps).toEqual({ "@prettier/sync": "^0.5.0", "left-pad": "^1.3.0", lodash: "^4.17.21" });
    // Not the stories' Storybook, the test runner, a package nothing imports, nor a second React.
    expect(pkg.devDependencies).toBeUndefined();
    // Exactly one React, docsite's: npm installs it for every package that asks for one (react-spring's peer range
    // would otherwise bring React 18 beside it).
    const own = JSON.parse(await readFile(join(fixture, "..", "..", "..", "package.json"), "utf8"));
    expect(pkg.overrides).toEqual({ react: own.dependencies.react, "react-dom": own.dependencies["react-dom"] });
    expect(pkg.dependencies.react).toBeUndefined();
    expect(text).toContain(
      "dependencies no carried file imports (components docsite does not use, tooling): unused-lib",
    );
    // The example in a code block imports nothing.
    expect(text).not.toContain("webdriverio");
  });
});

describe("the report", () => {
  it("prints one next step, last", () => {
    expect(text.match(/^Next:/gm)).toHaveLength(1);
    expect(text.trim().split("\n").pop()).toBe(`Next: cd ${out} && npm install, then docsite build --root ${out}`);
  });

  it("says not ready, with the list, when a blog instance or a docs version is not carried", () => {
    // The blog plugin named by require.resolve is not installed: named, but no stand-in value reached the config.
    expect(report.notInstalled).toEqual([]);
    expect(text).toContain("@docusaurus/plugin-content-blog");
    expect(report.blockers).toHaveLength(2);
    expect(text).toContain("Verdict: not ready, 2 items to review:");
    expect(text).toContain('! blog instance "news" (news, 1 posts): not carried');
    // guides_versions.json lists 1.0, whose folder is missing: the instance's version is not carried.
    expect(text).toContain('! docs instance "guides" version 1.0: guides_versioned_docs/version-1.0 does not exist');
  });

  it("names the docs' include/exclude as applied: what they leave out and what they publish beyond the defaults", () => {
    expect(text).toContain(
      "✓ docs current: include/exclude applied to docs (docusaurus.pageFiles); 1 file(s) left out (not pages; pages may still import them): drafts/wip.md; 1 file(s) the defaults leave out published: _shared.md",
    );
  });
});

describe("heading ids", () => {
  it("keep capital letters where the site's markdown.anchors.maintainCase says so; a patched slugger is named", async () => {
    const dir = join(work, "anchors");
    const write = async (rel: string, body: string) => {
      await mkdir(dirname(join(dir, rel)), { recursive: true });
      await writeFile(join(dir, rel), body);
    };
    await write(
      "docusaurus.config.js",
      'module.exports = { title: "A", url: "https://a.example", baseUrl: "/", presets: [["classic", { blog: false }]], markdown: { anchors: { maintainCase: true } } };\n',
    );
    await write("docs/intro.md", "# Intro\n\n## Hello World\n\nText.\n");
    await write(
      "patches/@docusaurus+utils+3.9.2.patch",
      "--- a/lib/slugger.js\n+++ b/lib/slugger.js\n-slug(v)\n+slug(v, true)\n",
    );
    const site = join(work, "anchors-site");
    const r = await importDocusaurus(dir, site);
    const config = JSON.parse(await readFile(join(site, "site.config.json"), "utf8"));
    expect(config.docusaurus.anchors).toEqual({ maintainCase: true });
    expect(r.blockers.join("\n")).toContain("patches/@docusaurus+utils+3.9.2.patch: the project patches Docusaurus");
    await buildSite(site, { outDir: join(site, "dist") });
    const html = await readFile(join(site, "dist", "docs", "intro", "index.html"), "utf8");
    expect(html).toContain('id="Hello-World"');
  });
});

describe("a remark plugin the site runs that cannot be carried", () => {
  it("makes the verdict not ready, naming it", async () => {
    const dir = join(work, "inline-plugin");
    await mkdir(join(dir, "docs"), { recursive: true });
    await writeFile(
      join(dir, "docusaurus.config.js"),
      "const extra = 'x';\n" +
        'module.exports = { title: "P", url: "https://p.example", baseUrl: "/", presets: [["classic", { blog: false, docs: { remarkPlugins: [() => (tree) => { tree.extra = extra; }] } }]] };\n',
    );
    await writeFile(join(dir, "docs", "intro.md"), "# Intro\n");
    const r = await importDocusaurus(dir, join(work, "inline-plugin-site"));
    expect(r.blockers).toEqual([
      expect.stringContaining("1 remark/rehype plugin(s) the site runs are left out (docs.remarkPlugins[0]"),
    ]);
  });
});
