// Docusaurus URL shapes after `docsite import` (tests/fixtures/docusaurus-routes): docs at the site root
// (`routeBasePath: "/"`, the doc with slug "/" being the home page) or under a custom path, a blog under its own
// path, with versions and a second locale.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";
import { dev } from "../../cli/server/dev.ts";
import { withoutModuleHash } from "../support/css-module-names.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-routes");
let work: string;
let rootSite: Awaited<ReturnType<typeof importAndBuild>>;
const landing =
  'export const meta = { title: "theme.blog.title" };\nexport default function Home() { return <main>LANDING-PAGE</main>; }\n';

/** Imports the fixture (its config text changed by `edit`) and builds it; returns the dist folder. */
async function importAndBuild(name: string, edit: (config: string) => string = (c) => c, extra = {}) {
  const src = join(work, `${name}-src`);
  await cp(fixture, src, { recursive: true });
  const configFile = join(src, "docusaurus.config.js");
  await writeFile(configFile, edit(await readFile(configFile, "utf8")));
  const out = join(work, name);
  await importDocusaurus(src, out);
  for (const [file, text] of Object.entries(extra)) {
    await mkdir(dirname(join(out, file)), { recursive: true });
    await writeFile(join(out, file), text as string);
  }
  const result = await buildSite(out, { outDir: join(out, "dist") });
  const html = async (p: string) => withoutModuleHash(await readFile(join(out, "dist", p, "index.html"), "utf8"));
  return { out, dist: join(out, "dist"), result, html };
}

const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1].replace(/<[^>]+>/g, "");

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-routes-"));
  rootSite = await importAndBuild("root", undefined, { "content/pages/index.tsx": landing });
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("docs at any routeBasePath", () => {
  it('routeBasePath "/": docs at the site root, the slug-"/" doc is the home page, in every version and locale', async () => {
    const { out, html, result } = rootSite;
    const config = JSON.parse(await readFile(join(out, "site.config.json"), "utf8"));
    expect(config.docs.routeBasePath).toBe("");
    expect(config.blog.routeBasePath).toBe("news");
    // 1.0 is the last version (versions.json), so it is at the root; the current docs are under /next/.
    expect(h1(await html(""))).toBe("Welcome to 1.0");
    expect(await html("")).not.toContain("LANDING-PAGE");
    expect(result.warnings.join("\n")).not.toMatch(/duplicate route/);
    expect(h1(await html("setup"))).toBe("Setting up 1.0");
    expect(h1(await html("next"))).toBe("Welcome");
    expect(h1(await html("next/guide/setup"))).toBe("Setup");
    // Two headings with one explicit id (Docusaurus accepts it): the second is made unique, not a page failure.
    expect(await html("next/guide/setup")).toMatch(/id="usage"[\s\S]*id="usage-1"/);
    expect(h1(await html("next/advanced"))).toBe("Advanced topics");
    expect(h1(await html("ru/next"))).toBe("Добро пожаловать");
    // The link from the home doc to ./guide/setup.md follows the doc's URL.
    expect(await html("next")).toContain('href="/next/guide/setup/"');
    // No docs folder was invented.
    expect(existsSync(join(out, "dist", "docs"))).toBe(false);
  });

  it("a custom routeBasePath and blog path keep their URLs; the landing page stays at the root", async () => {
    const { html } = await importAndBuild(
      "guide",
      (c) => c.replace('routeBasePath: "/"', 'routeBasePath: "/guide/"').replace(/news/g, "updates"),
      { "content/pages/index.tsx": landing },
    );
    expect(await html("")).toContain("LANDING-PAGE");
    expect(h1(await html("guide"))).toBe("Welcome to 1.0");
    expect(h1(await html("guide/next/guide/setup"))).toBe("Setup");
    expect(h1(await html("ru/guide/next"))).toBe("Добро пожаловать");
    expect(h1(await html("updates/2024/01/05/first"))).toBe("First post");
  });
});

/** The text of a page's <main>, tags removed. */
const mainText = (html: string) =>
  (/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("blog: excerpts, tag pages, postsPerPage", () => {
  it("lists show the content before <!-- truncate --> or {/* truncate */}, with a read-more link in both locales", async () => {
    const { html } = rootSite;
    const page1 = await html("news");
    // postsPerPage: 2 → the oldest post is on page 2.
    expect(mainText(page1)).toContain("An excerpt written in MDX.");
    expect(page1).not.toContain("SECOND-BODY-ONLY");
    expect(page1).toContain("blog-card__excerpt");
    // Without a marker: the description, as before.
    expect(mainText(page1)).toContain("A post without a truncate marker keeps its description on the list.");
    expect(page1).not.toContain("THIRD-BODY");
    const page2 = await html("news/page/2");
    expect(mainText(page2)).toContain("The opening paragraph of the first post");
    expect(page2).not.toContain("FIRST-BODY-ONLY");
    expect(page2).toContain('href="/news/2024/01/05/first/" aria-label="Read more about First post">Read more</a>');
    expect(await html("ru/news/page/2")).toContain(">Читать дальше</a>");
    // The post page itself has the whole text.
    expect(await html("news/2024/01/05/first")).toContain("FIRST-BODY-ONLY");
  });

  it("publishes /news/tags/ and a page per tag with tags.yml labels and permalinks and tag objects", async () => {
    const { html } = rootSite;
    const all = await html("news/tags");
    expect(all).toContain('href="/news/tags/releases/"');
    expect(all).toContain('href="/news/tags/how-to/"');
    expect(all).toContain('href="/news/tags/intro/"');
    const releases = await html("news/tags/releases");
    expect(h1(releases)).toBe("2 posts tagged with “Releases”");
    expect(mainText(releases)).toContain("Posts about new versions");
    expect(releases).toContain('href="/news/2024/02/10/folder-post/"');
    expect(releases).toContain('href="/news/2024/01/05/first/"');
    expect(h1(await html("ru/news/tags/releases"))).toBe("2 записи с тегом «Releases»");
    // The post links its tags.
    expect(await html("news/2024/03/20/no-marker")).toContain('<a class="tag" href="/news/tags/how-to/">Guides</a>');
  });
});

describe("project React components imported by content", () => {
  it("bundles @site/src/components and relative .jsx imports for server rendering, with CSS modules and .css", async () => {
    const { html, dist } = rootSite;
    const page = await html("next/components");
    // CSS module class names (local-css) and the plain .css class; @docusaurus/Link gets docsite's link.
    expect(page).toMatch(
      /<span class="styles_badge badge-plain"><a href="\/next\/guide\/setup\/">Setup guide<\/a> <small>3<\/small>/,
    );
    expect(page).toContain('<aside class="styles_note">Rendered on the server.</aside>');
    expect(page).toContain("QUIET WORDS");
    // One shared stylesheet with both files' CSS, linked from the pages.
    const href = /<link rel="stylesheet" href="(\/assets\/components-[0-9a-f]+\.css)">/.exec(page)?.[1];
    expect(href).toBeTruthy();
    const css = withoutModuleHash(await readFile(join(dist, href!), "utf8"));
    expect(css).toContain(".styles_badge");
    expect(css).toContain(".badge-plain");
  });

  it("dev links and serves the components' stylesheet too", async () => {
    const srv = await dev({ root: rootSite.out, port: 0, quiet: true });
    try {
      const origin = `http://127.0.0.1:${(srv.address() as { port: number }).port}`;
      const page = withoutModuleHash(await (await fetch(`${origin}/next/components/`)).text());
      expect(page).toContain('<span class="styles_badge badge-plain">');
      const href = /<link rel="stylesheet" href="(\/assets\/dev-components\.css)">/.exec(page)?.[1];
      expect(href).toBeTruthy();
      const css = await fetch(`${origin}${href}`);
      expect(css.headers.get("content-type")).toMatch(/^text\/css/);
      const text = withoutModuleHash(await css.text());
      expect(text).toContain(".styles_badge");
      expect(text).toContain(".badge-plain");
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
    }
  });

  it("an import of a package the project does not have is an error naming the page, line and package", async () => {
    const src = join(work, "missing-pkg-src");
    await cp(fixture, src, { recursive: true });
    await writeFile(
      join(src, "src/components/Fancy.tsx"),
      'import confetti from "confetti-not-installed";\nexport default () => <b>{String(confetti)}</b>;\n',
    );
    await writeFile(
      join(src, "docs/fancy.mdx"),
      '# Fancy\n\nText.\n\nimport Fancy from "@site/src/components/Fancy";\n\n<Fancy />\n',
    );
    const out = join(work, "missing-pkg");
    await importDocusaurus(src, out);
    const err = await buildSite(out, { outDir: join(out, "dist") }).then(
      () => null,
      (e: Error & { where?: { file?: string; line?: number } }) => e,
    );
    expect(err?.message).toContain('package "confetti-not-installed" is not installed');
    expect(err?.message).toContain("src/components/Fancy.tsx:1");
    expect(err?.where).toMatchObject({ file: "content/en/docs/current/fancy.mdx", line: 5 });
  });
});

describe("packages imported by content", () => {
  it("bundles a package installed in the site folder; one that is not installed is an error naming it", async () => {
    const src = join(work, "pkg-src");
    await cp(fixture, src, { recursive: true });
    await writeFile(
      join(src, "docs/pkg.mdx"),
      '# Packages\n\nimport { shout } from "tiny-shout";\n\n<p>{shout("installed")}</p>\n',
    );
    const out = join(work, "pkg");
    await importDocusaurus(src, out);
    const errorOf = () =>
      buildSite(out, { outDir: join(out, "dist") }).then(
        () => null,
        (e: Error & { where?: { file?: string; line?: number } }) => e,
      );
    const err = await errorOf();
    expect(err?.message).toContain('import of package "tiny-shout": it is not installed in the site folder');
    expect(err?.where).toMatchObject({ file: "content/en/docs/current/pkg.mdx", line: 3 });
    await mkdir(join(out, "node_modules", "tiny-shout"), { recursive: true });
    await writeFile(
      join(out, "node_modules", "tiny-shout", "package.json"),
      '{ "name": "tiny-shout", "version": "1.0.0", "main": "index.js" }',
    );
    await writeFile(
      join(out, "node_modules", "tiny-shout", "index.js"),
      "exports.shout = (s) => s.toUpperCase() + '!';\n",
    );
    expect(await errorOf()).toBeNull();
    expect(await readFile(join(out, "dist", "next", "pkg", "index.html"), "utf8")).toContain("<p>INSTALLED!</p>");
  });
});

describe("import of an ESM config", () => {
  it("evaluates a config that uses createRequire(import.meta.url) and require.resolve of a missing package", async () => {
    const src = join(work, "esm-config");
    await mkdir(join(src, "website"), { recursive: true });
    await mkdir(join(src, "docs"), { recursive: true });
    await writeFile(join(src, "docs", "a.md"), "# A\n");
    await writeFile(
      join(src, "website", "docusaurus.config.js"),
      [
        'import { createRequire } from "node:module";',
        "const require = createRequire(import.meta.url);",
        'const css = require.resolve("not-installed/theme.css");',
        'export default { title: "ESM", url: "https://esm.example", baseUrl: "/", customFields: { css },',
        '  presets: [["classic", { docs: { path: "../docs", routeBasePath: "/" } }]] };',
      ].join("\n"),
    );
    const report = await importDocusaurus(join(src, "website"), join(work, "esm-out"));
    expect(report.skipped.join("\n")).not.toContain("could not be evaluated");
    expect(report.docs).toBe(1);
    const config = JSON.parse(await readFile(join(work, "esm-out", "site.config.json"), "utf8"));
    expect(config.docs.routeBasePath).toBe("");
  });
});
