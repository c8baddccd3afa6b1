// Docusaurus' client API (`@docusaurus/*`) in docsite: every module and name the registry lists
// (theme/docusaurus/client-api.ts) is what the implementation has, on the server and in islands; deep paths are the
// documented modules; tests/fixtures/docusaurus-client-api (an MDX doc, a React page drawn on the server and an
// island using the API), imported and built, draws the values Docusaurus would; and an import docsite cannot answer
// is a build error naming the file, the line and the name. The island in the browser:
// tests/browser/docusaurus-client-api.test.ts.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";
import { CLIENT_MODULES, canonicalModule, importProblem } from "../../theme/docusaurus/client-api.ts";
import { siteData, siteModules } from "../../theme/docusaurus/site-modules.tsx";
import { docusaurusModule } from "../../theme/mdx/docusaurus.tsx";
import { addBaseUrl } from "../../theme/docusaurus/site-data.ts";
import { matchPath } from "../../theme/docusaurus/site-modules.tsx";
import { classify } from "../../cli/mdx/island-classify.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-client-api");
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-client-api-"));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** The fixture imported (with `more` files written into the Docusaurus project first) and built. */
async function importAndBuild(name: string, more: Record<string, string> = {}) {
  const src = join(work, `${name}-src`);
  await cp(fixture, src, { recursive: true });
  for (const [f, text] of Object.entries(more)) {
    await mkdir(dirname(join(src, f)), { recursive: true });
    await writeFile(join(src, f), text);
  }
  const out = join(work, name);
  await importDocusaurus(src, out);
  const dist = join(out, "dist");
  const result = await buildSite(out, { outDir: dist });
  return { dist, result, html: (p: string) => readFile(join(dist, p, "index.html"), "utf8") };
}

const config = {
  baseUrl: "/base/",
  title: "T",
  url: "https://t.example",
  tagline: "tag",
  trailingSlash: true,
  i18n: { defaultLocale: "en", locales: ["en", "fr"] },
  docs: {
    routeBasePath: "docs",
    pluginId: "default",
    breadcrumbs: true,
    versions: [
      { name: "current", label: "Next", path: "next", isLast: false, mainDocId: "intro" },
      { name: "2.0", label: "2.0", path: "", isLast: true, mainDocId: "intro" },
    ],
  },
};

describe("the registry of modules and names", () => {
  it("lists exactly what the server's modules export, and islands have all but the server-only names", () => {
    const shared = siteModules(siteData(config));
    for (const [name, module] of Object.entries(CLIENT_MODULES)) {
      const server = Object.keys(docusaurusModule(name, config)).sort();
      expect(server, name).toEqual([...module.exports].sort());
      for (const unsupported of Object.keys(module.unsupported ?? {})) expect(server, name).not.toContain(unsupported);
      // Head and theme-common's Details come from their theme modules in islands (cli/islands/bundle.ts).
      if (name === "Head" || name === "theme-common/Details") continue;
      const island = Object.keys(shared[name]).sort();
      const expected = module.exports.filter((n) => !module.serverOnly?.includes(n)).sort();
      expect(island, name).toEqual(expected);
    }
  });

  it("takes deep paths into the packages for the documented modules", () => {
    expect(canonicalModule("core/lib/client/exports/useBaseUrl")).toBe("useBaseUrl");
    expect(canonicalModule("core/lib/client/exports/BrowserOnly.js")).toBe("BrowserOnly");
    expect(canonicalModule("theme-common/lib/internal")).toBe("theme-common/internal");
    expect(canonicalModule("plugin-content-docs/lib/client/index.js")).toBe("plugin-content-docs/client");
    expect(importProblem("@docusaurus/core/lib/client/exports/useDocusaurusContext", "default")).toBeNull();
  });

  it("says why a module or name is not provided", () => {
    expect(importProblem("@docusaurus/renderRoutes", "default")).toMatch(/not provided by docsite: .*static page/);
    expect(importProblem("@docusaurus/Link", "nope")).toMatch(/"@docusaurus\/Link" has no export "nope"/);
    expect(importProblem("@docusaurus/theme-common/internal", "useDoc")).toMatch(/useDoc from .* not provided/);
    expect(importProblem("@docusaurus/theme-common", "useCurrentSidebarCategory", true)).toMatch(/only the server/);
    expect(importProblem("@docusaurus/theme-common", "useCurrentSidebarCategory", false)).toBeNull();
  });

  it("makes a component drawing what the browser gives after mounting an island", () => {
    for (const [code, reason] of [
      ["(0, import_router.useLocation)()", "uses useLocation"],
      ["(0, import_theme_common.useWindowSize)()", "uses useWindowSize"],
      ["useQueryStringValue('q')", "uses useQueryStringValue"],
      ["(0, import_BrowserOnly.default)", "uses BrowserOnly"],
      ['jsx(Link, { to: "/", isNavLink: true })', "draws a nav link (Link's isNavLink)"],
    ])
      expect(classify(code, ""), code).toEqual({ island: true, reason });
    expect(classify("(0, import_useBaseUrl.default)('/x')", "").island).toBe(false);
  });

  it("adds the base as Docusaurus' useBaseUrl does, and matches paths as react-router does", () => {
    const site = { baseUrl: "/base/", url: "https://t.example" };
    expect(addBaseUrl(site, "/img/a.png")).toBe("/base/img/a.png");
    expect(addBaseUrl(site, "img/a.png")).toBe("/base/img/a.png");
    expect(addBaseUrl(site, "/base/img/a.png")).toBe("/base/img/a.png");
    expect(addBaseUrl(site, "/base")).toBe("/base/");
    expect(addBaseUrl(site, "#x")).toBe("#x");
    expect(addBaseUrl(site, "https://x.example/a")).toBe("https://x.example/a");
    expect(addBaseUrl(site, "/a", { absolute: true })).toBe("https://t.example/base/a");
    expect(addBaseUrl(site, "/base/a", { forcePrependBaseUrl: true })).toBe("/base/base/a");
    expect(matchPath("/docs/a/b", { path: "/docs/:x" })?.params).toEqual({ x: "a" });
    expect(matchPath("/docs/a/b", { path: "/docs/:x", exact: true })).toBeNull();
    expect(matchPath("/docs/a", "/docs/:x")?.isExact).toBe(true);
  });

  it("gives the docs plugin's global data and version hooks in Docusaurus' shape", () => {
    const m = siteModules(siteData(config));
    const global = (m.useGlobalData.default as () => Record<string, Record<string, { path: string }>>)();
    const docs = global["docusaurus-plugin-content-docs"].default as unknown as {
      path: string;
      versions: Array<{ name: string; path: string; isLast: boolean; docs: unknown[] }>;
    };
    expect(docs.path).toBe("/base/docs");
    expect(docs.versions.map((v) => [v.name, v.path, v.isLast])).toEqual([
      ["current", "/base/docs/next", false],
      ["2.0", "/base/docs", true],
    ]);
    const client = m["plugin-content-docs/client"] as Record<string, (id?: string) => unknown>;
    expect(client.useLatestVersion()).toBe(docs.versions[1]);
    expect(client.useVersions()).toBe(docs.versions);
    expect(() => client.useDocsData("other")).toThrow(/no docs plugin with id "other"/);
  });
});

describe("a site using the client API (tests/fixtures/docusaurus-client-api)", () => {
  let site: Awaited<ReturnType<typeof importAndBuild>>;
  beforeAll(async () => {
    site = await importAndBuild("site");
  });

  const values = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<li data-api="([^"]+)">(.*?)<\/li>/g)].map(([, k, v]) => [
        k,
        v
          .replace(/&quot;/g, '"')
          .replace(/&gt;/g, ">")
          .replace(/&lt;/g, "<")
          .replace(/&amp;/g, "&"),
      ]),
    );

  it("draws a React page's values from every core module, deep paths included", async () => {
    const v = values(await site.html("client-api"));
    expect(v).toMatchObject({
      title: "Client API",
      tagline: "Every hook in its place",
      url: "https://client-api.example",
      baseUrl: "/",
      customFields: '{"answer":42,"team":{"lead":"Ada"}}',
      i18nCurrent: "en",
      i18nDefault: "en",
      i18nLocales: "en,fr",
      i18nLabel: "Français",
      i18nDirection: "ltr",
      siteMetadata: "string",
      useBaseUrl: "/img/logo.svg",
      deepBaseUrl: "/img/logo.svg",
      absolute: "https://client-api.example/img/logo.svg",
      anchor: "#top",
      translate: "Hi Ada",
      interpolate: "2 items",
      isInternalUrl: "true,false,true",
      route: "docusaurus-plugin-content-pages",
      globalData: "docusaurus-plugin-content-docs",
      docsPath: "/docs",
      allInstances: "default",
      allDocsData: "default",
      versions: "current:/docs:true",
      latestIsSame: "true",
      activeVersion: "undefined",
      brokenLinks: "function",
      matchPath: '{"section":"guides","page":"hooks"}',
      noMatch: "null",
      // The server does not know the address: the browser's comes after mounting.
      location: "[]",
      history: "function",
      redirect: "function",
      pluginId: "default",
    });
  });

  it("draws theme-common's and theme-common/internal's values", async () => {
    const v = values(await site.html("client-api"));
    expect(v).toMatchObject({
      themeConfigColorMode: "light",
      classNames: "theme-doc-markdown",
      duplicates: "2,3",
      uniq: "1,2",
      regexp: "true,false",
      multiColumn: "true",
      // In the page's words, as Docusaurus translates the theme config (a swizzled Footer reads them here).
      footer: "Docs/Intro/Client API",
      plural: "3 items",
      prism: '{"plain":{},"styles":[]}',
      windowSize: "ssr",
      preferred: "null",
      navbar: "2/2",
      titleFormat: "Page | Client API",
      searchTag: "docs-default-current",
      mobileSidebar: "false",
      hideable: "true",
      announcement: "false",
      toc: "a>b",
    });
  });

  it("draws Link, Head, Translate, Interpolate and ErrorBoundary as Docusaurus does, in the page's locale", async () => {
    const en = await site.html("client-api");
    expect(en).toContain("<title>Client API | Client API</title>");
    expect(en).toContain('<meta name="keywords" content="hooks, docusaurus">');
    expect(en).toContain('<p class="interpolated">Read <a href="/docs/intro/">the intro</a> first</p>');
    expect(en).toContain('<a href="/docs/intro/" class="internal">Intro</a>');
    expect(en).toContain(
      '<a href="https://github.com/example/client-api" target="_blank" rel="noopener noreferrer" class="external">',
    );
    expect(en).toContain('<a href="/docs/intro/" class="raw">Raw</a>');
    // A file keeps its path: no trailing slash, no locale (below).
    expect(en).toContain('<a href="/img/logo.svg" class="file">Logo</a>');
    // A nav link is marked active once mounted (the server does not know the page).
    expect(en).toContain('<a href="/client-api/" class="nav">Here</a>');
    expect(en).toContain('<p class="guarded">guarded</p>');
    const fr = await site.html("fr/client-api");
    expect(values(fr).i18nCurrent).toBe("fr");
    expect(values(fr).footer).toBe("Documentation/Introduction/API du client");
    expect(fr).toContain('<a href="/fr/docs/intro/" class="internal">Intro</a>');
    // autoAddBaseUrl={false}: neither the base nor the locale is added.
    expect(fr).toContain('<a href="/docs/intro/" class="raw">Raw</a>');
    expect(fr).toContain('<a href="/img/logo.svg" class="file">Logo</a>');
    // Static files are published once, at the site's root.
    expect(values(fr).useBaseUrl).toBe("/img/logo.svg");
  });

  it("gives content (MDX) the same modules, with the page's docs version and sidebar", async () => {
    const html = await site.html("docs/guides/hooks");
    expect(values(html)).toMatchObject({
      title: "Client API",
      locale: "en",
      useBaseUrl: "/img/logo.svg",
      deepBaseUrl: "/img/logo.svg",
      withBaseUrl: "https://client-api.example/x",
      translate: "Hello Ada",
      interpolate: "3 pages",
      isInternalUrl: "true",
      route: "docusaurus-plugin-content-docs",
      activeVersion: "current",
      docsVersion: "current",
      latestVersion: "/docs",
      category: "present",
      plural: "{count} pages",
      pluginId: "default",
      canUseDOM: "false",
    });
    expect(html).toContain('<a href="/docs/intro/" class="mdx-link">Back to the intro</a>');
    expect(html).toContain("Hello, readers!");
    expect(html).toContain("Something <strong>bold</strong>");
    expect(html).toContain('<span class="mdx-browser-only">server</span>');
  });

  it("draws the island on the server as the browser first draws it, and ships it as an island", async () => {
    const page = await site.html("client-api");
    const doc = await site.html("docs/guides/hooks");
    for (const html of [page, doc]) {
      expect(html).toMatch(/<docsite-island data-src="\/assets\/island-ClientIsland\.[0-9a-f]+\.js"/);
      expect(html).toContain('<span class="ci-browser">server</span>');
      expect(html).toContain('<span class="ci-mode">light:false</span>');
      expect(html).toContain('<span class="ci-size">ssr</span>');
      expect(html).toContain('<span class="ci-path">[][]</span>');
      expect(html).toContain('<span class="ci-site">Client API|en|42</span>');
      expect(html).toContain('<span class="ci-only">fallback</span>');
      expect(html).toContain('<button type="button" class="ci-toggle">Open</button>');
      expect(html).not.toContain("ci-body");
    }
    expect(page).toContain('<span class="ci-version">none</span>');
    expect(doc).toContain('<span class="ci-version">current</span>');
  });
});

describe("an import docsite cannot answer is a build error naming the file, line and name", () => {
  const failure = async (name: string, more: Record<string, string>) => {
    const err = await importAndBuild(name, more).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err, "the build should fail").toBeInstanceOf(Error);
    return `${err!.message} ${JSON.stringify(err)}`;
  };

  it("a name a module does not have, in a React page", async () => {
    const text = await failure("bad-name", {
      "src/pages/bad.js":
        'import React from "react";\nimport Link, { nope } from "@docusaurus/Link";\nexport default () => <Link to="/">{nope}</Link>;\n',
    });
    expect(text).toContain('"@docusaurus/Link" has no export "nope" in docsite (it has default)');
    expect(text).toMatch(/src\/pages\/bad\.js:2/);
  });

  it("a module docsite does not have, in a component content imports", async () => {
    const text = await failure("bad-module", {
      "src/components/Routes.js":
        'import React from "react";\n\nimport renderRoutes from "@docusaurus/renderRoutes";\nexport default () => <div>{renderRoutes([])}</div>;\n',
      "docs/routes.mdx": '---\ntitle: Routes\n---\n\nimport Routes from "@site/src/components/Routes";\n\n<Routes />\n',
    });
    expect(text).toMatch(/"@docusaurus\/renderRoutes" is not provided by docsite: docsite has no client router/);
    expect(text).toMatch(/src\/components\/Routes\.js:3/);
  });

  it("a hook only the server can answer, in an island", async () => {
    const text = await failure("server-only", {
      "src/components/Cards.js":
        'import React, { useState } from "react";\nimport { useCurrentSidebarCategory } from "@docusaurus/theme-common";\nexport default () => { const [n] = useState(0); return <p>{useCurrentSidebarCategory().label}{n}</p>; };\n',
      "docs/guides/index.md":
        '---\ntitle: Guides\n---\n\nimport Cards from "@site/src/components/Cards";\n\n<Cards />\n',
    });
    expect(text).toContain(
      'useCurrentSidebarCategory from "@docusaurus/theme-common" reads the page being rendered, which only the server knows',
    );
    expect(text).toMatch(/src\/components\/Cards\.js.*2|"line":2/);
  });

  it("a name a module does not have, in Markdown", async () => {
    const text = await failure("bad-mdx", {
      "docs/bad.mdx": '---\ntitle: Bad\n---\n\nimport { useNothing } from "@docusaurus/router";\n\nText.\n',
    });
    expect(text).toContain('"@docusaurus/router" has no export "useNothing" in docsite');
    expect(text).toMatch(/bad\.mdx.*"line":5|"line":5.*bad\.mdx/);
  });
});
