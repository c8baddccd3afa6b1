// The real-site check (scripts/docusaurus-check.ts and the modules it uses): its model of Docusaurus URLs for every
// docs instance, its page comparison, and the script itself run on the plain path from another directory.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expectedPages } from "../../scripts/docusaurus-urls.ts";
import { comparePage, imageKey, imageKeys, jaccard, readArticle } from "../../scripts/docusaurus-compare.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let work: string;

async function write(dir: string, files: Record<string, string>) {
  for (const [f, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, f)), { recursive: true });
    await writeFile(join(dir, f), text);
  }
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-dcheck-"));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("the pages a Docusaurus site publishes", () => {
  it("covers every docs instance with its versions and route, the blog, and each locale", () => {
    const files: Record<string, string> = {
      "docs/intro.md": "",
      "community/index.md": "",
      "community_versioned_docs/version-1.0/index.md": "",
      "blog/2024-01-02-hello.md": "",
      "i18n/fr/docusaurus-plugin-content-docs-community/current/index.md": "",
    };
    const dirs = (rel: string) =>
      Object.keys(files)
        .filter((f) => f.startsWith(`${rel}/`))
        .map((f) => f.slice(rel.length + 1));
    const pages = expectedPages(
      {
        baseUrl: "/",
        i18n: { defaultLocale: "en", locales: ["en", "fr"] },
        presets: [["classic", { docs: {}, blog: {} }]],
        plugins: [["content-docs", { id: "community", path: "community", routeBasePath: "/community" }]],
      },
      (rel) => rel in files,
      (rel) => (rel === "community_versions.json" ? ["1.0"] : undefined),
      dirs,
      () => ({}),
    );
    const urls = pages.map((p) => `${p.locale} ${p.instance} ${p.url} ${p.source}`);
    expect(urls).toContain("en default /docs/intro docs/intro.md");
    expect(urls).toContain("en community /community/next/ community/index.md");
    expect(urls).toContain("en community /community/ community_versioned_docs/version-1.0/index.md");
    expect(urls).toContain(
      "fr community /fr/community/next/ i18n/fr/docusaurus-plugin-content-docs-community/current/index.md",
    );
    expect(urls).toContain("fr blog /fr/blog/2024/01/02/hello blog/2024-01-02-hello.md");
  });

  it("lists each folder by its plugin's include/exclude, and no versioned docs under disableVersioning", () => {
    const asked: string[] = [];
    const pages = expectedPages(
      {
        baseUrl: "/",
        presets: [["classic", { docs: { exclude: ["drafts/**"], disableVersioning: true }, blog: false }]],
      },
      () => false,
      (rel) => (rel === "versions.json" ? ["1.0"] : undefined),
      (rel, o, kind) => {
        asked.push(`${kind} ${rel} ${JSON.stringify(o.exclude)}`);
        return ["intro.md"];
      },
      () => ({}),
    );
    expect(asked).toEqual(['docs docs ["drafts/**"]']);
    expect(pages.map((p) => p.url)).toEqual(["/docs/intro"]);
  });
});

describe("the page comparison", () => {
  const docusaurus = `<html><body><nav>menu words</nav><article><div class="theme-doc-markdown markdown">
    <header><h1>Install the tool</h1></header><p>Run it with <code>npm</code> today.</p>
    <h2 class="anchor" id="a">Options<a class="hash-link" href="#a" aria-label="Direct link">​</a></h2>
    <div class="tabs-container"><ul role="tablist"><li role="tab">npm</li><li role="tab">Yarn</li></ul></div>
    <div class="theme-code-block"><pre><code>npm i tool</code></pre><button class="clean-btn">Copy</button></div>
    <p><img src="/assets/images/shot-1a2b3c4d.png" alt="x"><a href="/docs/next">next</a><a href="/docs/gone">gone</a></p>
    </div></article><footer>footer words</footer></body></html>`;
  it("reads the article only: text, headings, tabs, code blocks, images, internal links", () => {
    const a = readArticle(docusaurus, "/docs/install", "/")!;
    expect(a.text).toBe("Run it with npm today. Options npm Yarn npm i tool next gone");
    expect(a.headings).toEqual(["Options"]);
    expect(a.tabs).toEqual(["npm", "Yarn"]);
    expect(a.codeBlocks).toBe(1);
    expect(a.images).toEqual(["shot"]);
    expect(a.links).toEqual(["/docs/next", "/docs/gone"]);
  });
  it("leaves out what an island keeps in a <template> until it draws it (not shown, as in Docusaurus' HTML)", () => {
    const html = `<html><body><article class="markdown"><p>Lower<span data-island="x">?<template data-slot="children">Some harnesses load every schema</template></span></p></article></body></html>`;
    expect(readArticle(html, "/docs/x", "/")!.text).toBe("Lower?");
  });
  it("names images the same across both builds' hashed names", () => {
    expect(imageKey("/assets/images/shot-1a2b3c4d.png")).toBe("shot");
    expect(imageKey("/assets/img/shot.0123456789.webp")).toBe("shot");
    expect(imageKeys("/assets/img/shot-9-1280.0123456789.png")).toEqual(["shot-9-1280", "shot-9"]);
    expect(imageKey("/assets/images/shot-9-0123456789abcdef0123456789abcdef.png")).toBe("shot-9");
    expect(imageKey("/img/My%20Shot.png")).toBe("my-shot");
  });
  it("scores text by word-token Jaccard and counts what docsite lost", async () => {
    expect(jaccard("a b c", "a b c")).toBe(1);
    expect(jaccard("a b c d", "a b")).toBe(0.5);
    const dist = join(work, "builds");
    for (const [build, pages] of [
      ["docusaurus", ["docs/install", "docs/next"]],
      ["docsite", ["docs/install"]],
    ] as const)
      for (const p of pages) await write(join(dist, build), { [`${p}/index.html`]: "<html></html>" });
    const docsite = `<main><article class="markdown"><h1>Install the tool</h1><p>Run it with <code>npm</code>.</p>
      <h2 id="a">Options</h2><p><picture><img src="/assets/img/other.0123456789.webp"></picture>
      <a href="/docs/next/">next</a></p></article></main>`;
    const c = comparePage("/docs/install", docusaurus, docsite, {
      docusaurus: join(dist, "docusaurus"),
      docsite: join(dist, "docsite"),
      baseUrl: "/",
    })!;
    expect(c.jaccard).toBeLessThan(0.95);
    expect(c.headingsMissing).toBe(0);
    expect(c.codeBlocksLost).toBe(1);
    expect(c.tabsLost).toBe(2);
    expect(c.imagesLost).toEqual(["shot"]);
    // /docs/next works in Docusaurus and reaches nothing in docsite; /docs/gone works in neither.
    expect(c.brokenLinks).toEqual(["/docs/next"]);
  });
});

describe("npm run docusaurus-check", () => {
  const check = (args: string[], cwd: string) =>
    spawnSync(
      process.execPath,
      [join(repo, "node_modules", "tsx", "dist", "cli.mjs"), join(repo, "scripts", "docusaurus-check.ts"), ...args],
      {
        cwd: repo,
        encoding: "utf8",
        env: { ...process.env, INIT_CWD: cwd, NO_COLOR: "1" },
        timeout: 240_000,
      },
    );

  it("says why it stops on a folder that is no Docusaurus project (exit 1, no stack trace)", async () => {
    await write(join(work, "empty"), { "README.md": "# nothing\n" });
    const r = check(["empty"], work);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/no docusaurus\.config/);
    expect(r.stdout).toContain("check stopped: the import failed");
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });

  it("runs the plain path from another directory and counts every docs instance", async () => {
    const site = join(work, "two-instances");
    await write(site, {
      "docusaurus.config.js":
        'module.exports = { title: "T", url: "https://t.example", baseUrl: "/", trailingSlash: false, presets: [["classic", {}]],\n' +
        '  plugins: [["content-docs", { id: "community", path: "community", routeBasePath: "community" }]] };\n',
      "docs/intro.md": "# Intro\n\nSee [the community](/community/index.md).\n",
      "docs/guide.md": "# Guide\n",
      "community/index.md": "# Community\n\nBack to [the intro](/docs/intro).\n",
    });
    const r = check(["two-instances"], work);
    expect(r.stdout).toContain("import exit 0, build exit 0");
    expect(r.stdout).toContain("en doc pages: 2/2 (100.0%)");
    expect(r.stdout).toContain('en docs "community": 1/1 (100.0%)');
    expect(r.status, r.stdout).toBe(0);
  });
});
