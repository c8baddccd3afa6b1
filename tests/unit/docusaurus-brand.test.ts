// A migrated site keeps its face and its behaviour (tests/fixtures/docusaurus-brand, imported and built): pages of
// src/pages at their URLs, the brand of its custom CSS mapped onto docsite's theme, navbar chrome, breadcrumbs,
// version badges, the blog's recent posts, client redirects, and islands for the components that need the browser.
// Browser behaviour of the same site: tests/browser/docusaurus-brand.test.ts.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus, type ImportReport } from "../../cli/import/index.ts";
import { buildSite, fixtureSite, removeSite } from "../support/site.ts";
import { serveDir } from "../support/served.ts";
import { checkDist } from "../../cli/links/check-dist.ts";
import { classify } from "../../cli/mdx/island-classify.ts";
import { pruneSlotTemplates, splitProps } from "../../cli/islands/ssr.ts";
import { definedProperties, infimaBridge } from "../../cli/brand/brand-css.ts";
import { frameOrigins } from "../../cli/islands/bundle.ts";
import { createElement } from "react";
import { createHash } from "node:crypto";
import { withoutModuleHash } from "../support/css-module-names.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-brand");
let work: string;
let site: Awaited<ReturnType<typeof importAndBuild>>;

async function importAndBuild(
  name: string,
  edit: (config: string) => string = (c) => c,
  more: Record<string, string> = {},
) {
  const src = join(work, `${name}-src`);
  await cp(fixture, src, { recursive: true });
  const configFile = join(src, "docusaurus.config.js");
  await writeFile(configFile, edit(await readFile(configFile, "utf8")));
  for (const [f, text] of Object.entries(more)) await writeFile(join(src, f), text);
  const out = join(work, name);
  const report = await importDocusaurus(src, out);
  const result = await buildSite(out, { outDir: join(out, "dist") });
  const dist = join(out, "dist");
  const file = (p: string) => readFile(join(dist, p), "utf8");
  const html = (p: string) => file(join(p, "index.html"));
  return { out, dist, report, result, file, html };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-brand-"));
  site = await importAndBuild("brand");
});
afterAll(() => rm(work, { recursive: true, force: true }));

const config = async () => JSON.parse(await readFile(join(site.out, "site.config.json"), "utf8"));
const reportText = (r: ImportReport) => [...r.mapped, ...r.skipped].join("\n");

describe("import: what the Docusaurus config says about the site's face", () => {
  it("maps pages, custom CSS, client redirects, navbar chrome, breadcrumbs, badges and the blog sidebar", async () => {
    const c = await config();
    expect(c.docusaurus.pages).toEqual({
      dir: "src/pages",
      translations: { fr: "i18n/fr/docusaurus-plugin-content-pages" },
    });
    expect(c.customCss).toEqual(["src/css/custom.css"]);
    expect(c.navbar.logo).toEqual({
      src: "img/logo.svg",
      srcDark: "img/logo-dark.svg",
      alt: "Brandbook logo",
      width: 32,
      height: 32,
    });
    const byType = (t: string) => c.navbar.items.filter((i: { type: string }) => i.type === t);
    expect(byType("dropdown")).toHaveLength(1);
    expect(byType("dropdown")[0].items).toEqual([
      { label: "theme.navbar.item.Help", to: "/help/" },
      { label: "theme.navbar.item.Showcase", to: "/showcase/" },
      { label: "theme.navbar.item.Discussions", href: "https://github.com/example/brandbook/discussions" },
    ]);
    // The GitHub link's picture is the site's CSS (it has a rule for the class); Discord's is docsite's icon.
    expect(byType("link")).toContainEqual({
      type: "link",
      href: "https://github.com/example/brandbook",
      className: "header-github-link",
      ariaLabel: "GitHub repository",
      position: "right",
    });
    expect(byType("link")).toContainEqual(
      expect.objectContaining({ href: "https://discord.gg/brandbook", icon: "discord" }),
    );
    expect(c.footer.style).toBe("dark");
    expect(c.docs.breadcrumbs).toBe(true);
    expect(c.docs.versions.map((v: { badge?: boolean }) => v.badge)).toEqual([true, true]);
    expect(c.blog.sidebarCount).toBe(2);
    const en = JSON.parse(await readFile(join(site.out, "i18n/en.json"), "utf8"));
    expect(en["theme.blog.sidebar.title"]).toBe("Latest posts");
    expect(c.redirects.rules).toEqual([
      { from: "/docs/old-intro", to: "/docs/intro" },
      { from: ["/start", "/getting-started"], to: "/docs/intro" },
    ]);
    expect(c.redirects.fromExtensions).toEqual(["html"]);
    expect(c.redirects.module).toBe("redirects.mjs");
    expect(await readFile(join(site.out, "redirects.mjs"), "utf8")).toContain(
      "export const createRedirects = function",
    );
    const text = reportText(site.report);
    expect(text).not.toMatch(/src\/pages.*not imported|customCss.*not carried|client-redirects: plugins are not run/);
    expect(text).not.toMatch(/navbar item/);
  });

  it("carries a labelled navbar item's className and aria-label, and the announcement bar's HTML and colours", async () => {
    const c = await config();
    // Docusaurus passes both to the drawn link (NavbarNavLink): the site's CSS draws its icon there.
    expect(c.navbar.items).toContainEqual({
      type: "link",
      label: "theme.navbar.item.SourceCraft",
      href: "https://sourcecraft.dev/example/brandbook",
      className: "header-sourcecraft-link",
      ariaLabel: "SourceCraft repository",
      position: "right",
    });
    expect(c.announcementBar).toEqual({
      id: "brandbook-2",
      content: "theme.announcementBar.content",
      isCloseable: false,
      html: true,
      backgroundColor: "#20232a",
      textColor: "#fff",
    });
    const en = JSON.parse(await readFile(join(site.out, "i18n/en.json"), "utf8"));
    expect(en["theme.announcementBar.content"]).toBe('Brandbook 2 is out: <a href="/blog/">read the news</a>');
  });

  it("names a createRedirects that reads values from outside itself instead of carrying it over", async () => {
    const other = await importAndBuild("impure", (c) =>
      c
        .replace("module.exports = {", 'const OLD = "/docs/tutorials/";\nmodule.exports = {')
        .replace(
          'return [existingPath.replace("/docs/guides/", "/docs/tutorials/")];',
          'return [existingPath.replace("/docs/guides/", OLD)];',
        ),
    );
    const c = JSON.parse(await readFile(join(other.out, "site.config.json"), "utf8"));
    expect(c.redirects.module).toBeUndefined();
    expect(other.report.skipped.join("\n")).toMatch(/createRedirects reads values from outside itself/);
  });
});

describe("pages of src/pages", () => {
  it("the React home page replaces the landing, in every locale, with its Layout's title and description", async () => {
    const home = withoutModuleHash(await site.html(""));
    expect(home).toContain("<title>Welcome | Brandbook</title>");
    expect(home).toContain('<meta name="description" content="The brand book&#39;s home page">');
    expect(home).toMatch(
      /<header class="hero hero--primary index_banner">[\s\S]*<h1 class="hero__title">Brandbook<\/h1>/,
    );
    // The features component only draws: its HTML is here, and it is no island.
    expect(home).toContain('<section class="styles_features">');
    // An .svg the component imports is a component drawing the SVG inline, as SVGR makes it in Docusaurus.
    expect(home).toContain(
      '<div class="col col--4"><div class="text--center padding-horiz--md"><svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" class="styles_icon" width="32" height="32" role="img" aria-label=""><path d="M5 21c0-9 6-15 15-16-1 9-7 15-15 16z"/></svg><h3>Colours</h3>',
    );
    expect(await site.html("fr")).toContain('<h1 class="hero__title">Brandbook</h1>');
  });

  it("Markdown pages are drawn like docs without a sidebar, translated where a locale has its own", async () => {
    const help = await site.html("help");
    expect(help).toContain("<title>Help | Brandbook</title>");
    expect(help).toMatch(/<h1[^>]*>Getting help<\/h1>/);
    expect(help).toContain('href="#office-hours"');
    expect(help).toContain("doc-layout--no-sidebar");
    expect(await site.html("fr/help")).toMatch(
      /<h1[^>]*>Obtenir de l&#x27;aide<\/h1>|<h1[^>]*>Obtenir de l'aide<\/h1>/,
    );
  });

  it("files starting with _ and CSS modules are not pages", () => {
    expect(existsSync(join(site.dist, "_draft"))).toBe(false);
    expect(existsSync(join(site.dist, "index.module"))).toBe(false);
  });

  it("a page whose own code keeps state is one island as a whole", async () => {
    const showcase = await site.html("showcase");
    expect(showcase).toMatch(
      /<docsite-island data-src="\/assets\/island-showcase\.[a-f0-9]+\.js" data-export="default"/,
    );
    expect(showcase).toContain('<input class="showcase-filter" value=""/>');
  });
});

describe("brand", () => {
  it("one stylesheet after the theme's: Infima's classes, the site's CSS, and its properties in docsite's variables", async () => {
    const home = await site.html("");
    const links = [...home.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    expect(links[0]).toMatch(/^\/assets\/brand-[a-f0-9]+\.css$/);
    const css = await site.file(links[0].slice(1));
    expect(css).toContain(".hero--primary{background:var(--accent)");
    expect(css).toContain("--ifm-color-primary: #2e8555;");
    expect(css).toMatch(/:root\{[^}]*--accent:var\(--ifm-color-primary\)[^}]*--font:var\(--ifm-font-family-base\)/);
    expect(css).toMatch(/html\[data-theme="dark"\]\{[^}]*--accent:var\(--ifm-color-primary\)/);
    // The navbar reads its background on the bar (where `navbar--dark` may set it), the mobile menu too.
    expect(css).toContain(".navbar{--navbar-bg:var(--ifm-navbar-background-color)}");
    expect(css).toContain(".mobile-menu{--navbar-menu-bg:var(--ifm-navbar-background-color);");
  });

  it("maps a property set in light mode only into dark mode when Infima keeps it there, not otherwise", () => {
    const css = ":root{--ifm-color-primary:#123456;--ifm-background-color:#fafafa}";
    expect(definedProperties(css).get("--ifm-color-primary")).toEqual({ light: true, dark: false });
    const bridge = infimaBridge(css);
    expect(bridge).toMatch(/:root\{--accent:var\(--ifm-color-primary\);--bg:var\(--ifm-background-color\)/);
    const dark = /html\[data-theme="dark"\]\{([^}]*)\}/.exec(bridge)?.[1] ?? "";
    expect(dark).toContain("--accent:var(--ifm-color-primary)");
    expect(dark).not.toContain("--bg:");
  });

  it("reads the navbar's Infima colours on the bar, kept in dark mode as Infima's dark palette does not set them", () => {
    const bridge = infimaBridge(
      ":root{--ifm-navbar-background-color:#000e38;--ifm-navbar-link-color:#fff;--ifm-navbar-link-hover-color:#5abdee}",
    );
    // On the bar, where Infima's `navbar--dark` sets them too (cli/brand/infima-compat.ts): not on the root.
    expect(bridge).toContain(".navbar{--navbar-bg:var(--ifm-navbar-background-color)}");
    expect(bridge).toContain(".navbar{--navbar-link:var(--ifm-navbar-link-color)}");
    expect(bridge).toContain(".navbar{--navbar-link-active:var(--ifm-navbar-link-hover-color)}");
    expect(bridge).not.toContain("data-theme");
  });

  it("carries the base font size and the content colour Infima's text and navbar links take", async () => {
    const home = await site.html("");
    const sheet = /<link rel="stylesheet" href="\/(assets\/brand-[a-f0-9]+\.css)"/.exec(home)![1];
    const css = await site.file(sheet);
    // Infima sizes the root (rem with it), the text at 1rem; the site's @media rules choose the size.
    expect(css).toContain("html{font-size:var(--ifm-font-size-base)}body{font-size:1rem}");
    expect(css).toMatch(/:root\{[^}]*--fg:var\(--ifm-color-content\)/);
    expect(css).toMatch(/html\[data-theme="dark"\]\{[^}]*--fg:var\(--ifm-color-content\)/);
  });

  it("the content colour gives way to a --ifm-font-color-base the site sets, as in Infima", () => {
    const bridge = infimaBridge(":root{--ifm-color-content:#000;--ifm-font-color-base:#333}");
    expect(bridge).toContain("--fg:var(--ifm-font-color-base)");
    expect(bridge).not.toContain("--ifm-color-content");
    // A light-mode content colour stays out of dark mode (Infima's dark palette has its own).
    const dark = /html\[data-theme="dark"\]\{([^}]*)\}/.exec(infimaBridge(":root{--ifm-color-content:#000}"));
    expect(dark).toBeNull();
  });

  it("a site without custom CSS that was not imported gets no brand stylesheet", async () => {
    const root = await fixtureSite("basic");
    try {
      await buildSite(root);
      expect(readdirSync(join(root, "dist", "assets")).filter((f) => f.startsWith("brand-"))).toEqual([]);
    } finally {
      await removeSite(root);
    }
  });
});

describe("chrome", () => {
  it("the navbar has both logos, the dropdown, the site-drawn GitHub link and the Discord icon", async () => {
    const home = await site.html("");
    expect(home).toContain('<img src="/img/logo.svg" alt="" width="32" height="32" class="navbar__logo--light"/>');
    expect(home).toContain('<img src="/img/logo-dark.svg" alt="" width="32" height="32" class="navbar__logo--dark"/>');
    expect(home).toMatch(/<button[^>]*dropdown__toggle[^>]*>Community<\/button>/);
    expect(home).toContain('class="dropdown__link" href="/help/"');
    expect(home).toMatch(
      /<a class="navbar__link header-github-link" href="https:\/\/github.com\/example\/brandbook" aria-label="GitHub repository"/,
    );
    expect(home).toMatch(
      /<a class="navbar__link" href="https:\/\/discord.gg\/brandbook"[^>]*><svg[^>]*aria-label="Discord"/,
    );
    expect(home).toContain('<footer class="footer footer--dark">');
  });

  it("a labelled item keeps the site's class and name in the navbar and the mobile menu, its label drawn", async () => {
    const home = await site.html("");
    const links = [...home.matchAll(/<a class="navbar__link header-sourcecraft-link"[^>]*>(.*?)<\/a>/g)];
    expect(links).toHaveLength(2);
    for (const [a, inner] of links) {
      expect(a).toContain('href="https://sourcecraft.dev/example/brandbook"');
      expect(a).toContain('aria-label="SourceCraft repository"');
      // The label and the arrow, as Docusaurus draws them; the site's CSS hides both behind its icon.
      expect(inner).toMatch(/^SourceCraft<svg/);
    }
  });

  it("the announcement bar is the site's HTML on its colours, an inline style the CSP's hashes cover", async () => {
    const home = await site.html("");
    const style = "background-color:#20232a;color:#fff";
    expect(home).toContain(
      `<div class="announcement" role="region" aria-label="Brandbook 2 is out: read the news" style="${style}">`,
    );
    expect(home).toContain(
      '<div class="announcement__content">Brandbook 2 is out: <a href="/blog/">read the news</a></div>',
    );
    expect(home).not.toContain('class="announcement__close');
    const hash = createHash("sha256").update(style).digest("base64");
    expect(await site.file("_headers")).toMatch(
      new RegExp(`style-src [^\n]*'sha256-${hash.replace(/[+/]/g, "\\$&")}'`),
    );
  });

  it("docs show breadcrumbs and the version badge, as Docusaurus does here", async () => {
    const doc = await site.html("docs/guides/first-steps");
    expect(doc).toMatch(
      /<nav class="breadcrumbs-nav" aria-label="Breadcrumbs">.*<a class="breadcrumbs__link" href="\/docs\/guides\/">Guides<\/a>.*<span class="breadcrumbs__link" aria-current="page">First steps<\/span>/s,
    );
    expect(doc).toContain('<span class="badge doc-version-badge">Version: 2.x</span>');
    expect(await site.html("docs/1.x/intro")).toContain("Version: 1.x");
  });

  it("blog pages list the newest posts, as many as blogSidebarCount", async () => {
    const list = await site.html("blog");
    const sidebar = /<nav class="blog-sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(list)?.[1] ?? "";
    expect(sidebar).toContain("Latest posts");
    expect([...sidebar.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "/blog/2024/03/15/third/",
      "/blog/2024/02/12/second/",
    ]);
    expect(await site.html("blog/2024/02/12/second")).toContain('aria-current="page">Post second</a>');
  });

  it("blog: false leaves no blog pages and no feeds", async () => {
    const off = await importAndBuild("noblog", (c) =>
      c
        .replace('blog: { blogSidebarCount: 2, blogSidebarTitle: "Latest posts" }', "blog: false")
        .replace('{ to: "/blog", label: "Blog", position: "left" },', "")
        .replace('{ label: "Blog", to: "/blog" }, ', ""),
    );
    expect(JSON.parse(await readFile(join(off.out, "site.config.json"), "utf8")).blog).toBe(false);
    expect(existsSync(join(off.dist, "blog"))).toBe(false);
    expect(existsSync(join(off.dist, "fr", "blog"))).toBe(false);
    expect(await off.file("sitemap.xml")).not.toContain("/blog/");
  });

  it("a site that does not ask for them (the Testplane site's config) has no breadcrumbs, badge or blog sidebar", async () => {
    const root = await fixtureSite("basic");
    try {
      await buildSite(root);
      const doc = await readFile(join(root, "dist", "docs", "v1", "index.html"), "utf8");
      expect(doc).not.toContain('<nav class="breadcrumbs-nav"');
      expect(doc).not.toContain('<span class="badge doc-version-badge"');
      expect(await readFile(join(root, "dist", "blog", "index.html"), "utf8")).not.toContain(
        '<nav class="blog-sidebar"',
      );
    } finally {
      await removeSite(root);
    }
  });
});

describe("redirects", () => {
  it("rules, fromExtensions and createRedirects become redirect pages in every locale", async () => {
    for (const [from, to] of [
      ["docs/old-intro", "/docs/intro/"],
      ["start", "/docs/intro/"],
      ["getting-started", "/docs/intro/"],
      ["docs/tutorials/video", "/docs/guides/video/"],
      ["fr/start", "/fr/docs/intro/"],
    ]) {
      const html = await site.html(from);
      expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${to}">`);
      expect(html).toContain(`<link rel="canonical" href="https://brand.example${to}">`);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    }
    expect(await site.file("docs/intro.html")).toContain('content="0; url=/docs/intro/"');
    // A redirect never replaces a page (createRedirects of /docs/guides/ gives /docs/tutorials/, not a page).
    expect(await site.html("docs/guides")).not.toContain('http-equiv="refresh"');
  });

  it("are left out of the sitemap and the search index, and listed in _redirects", async () => {
    expect(await site.file("sitemap.xml")).not.toMatch(/old-intro|\/start\/|tutorials/);
    const index = readdirSync(join(site.dist, "search-index"), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".json"))
      .map((f) => readFileSync(join(site.dist, "search-index", f), "utf8"))
      .join("\n");
    expect(index).not.toMatch(/old-intro|tutorials/);
    const redirects = await site.file("_redirects");
    expect(redirects).toContain("/start /docs/intro/ 301");
    expect(redirects).toContain("/docs/tutorials/video/ /docs/guides/video/ 301");
  });

  it("docsite serve answers them with a 301, keeping the query", async () => {
    const served = await serveDir(site.dist);
    try {
      for (const [from, to] of [
        ["/start", "/docs/intro/"],
        ["/docs/old-intro/", "/docs/intro/"],
        ["/docs/tutorials/video?t=1", "/docs/guides/video/?t=1"],
      ]) {
        const res = await fetch(served.base + from, { redirect: "manual" });
        expect(res.status).toBe(301);
        expect(
          new URL(res.headers.get("location")!, served.base).pathname +
            new URL(res.headers.get("location")!, served.base).search,
        ).toBe(to);
      }
    } finally {
      await served.close();
    }
  });

  it("check-links follows a redirect page to check an anchor through it", async () => {
    const withLinks = await importAndBuild("anchors", undefined, {
      "docs/links.md":
        "---\ntitle: Links\n---\n\n[good](/docs/old-intro#contents) and [bad](/docs/old-intro#nowhere)\n",
    });
    const { problems } = await checkDist(withLinks.dist);
    const mine = problems.filter((p) => p.url.includes("old-intro"));
    expect(mine).toEqual([
      { page: "/docs/links/", url: "/docs/old-intro/#nowhere", kind: "anchor" },
      { page: "/fr/docs/links/", url: "/fr/docs/old-intro/#nowhere", kind: "anchor" },
    ]);
  });

  it("a redirect to no page of the site follows onBrokenLinks (throw: the build stops and names it)", async () => {
    const err = await importAndBuild("badtarget", (c) =>
      c.replace('{ from: "/docs/old-intro", to: "/docs/intro" }', '{ from: "/docs/old-intro", to: "/docs/nowhere" }'),
    ).catch((e) => e);
    expect(String(err?.message)).toContain(
      "the redirect from /docs/old-intro goes to /docs/nowhere, which is no page of the site",
    );
  });
});

describe("islands", () => {
  it("a component that needs the browser is an island with its props as JSON; one that only draws stays HTML", async () => {
    const doc = await site.html("docs/guides/first-steps");
    expect(doc).toMatch(
      /<docsite-island data-src="\/assets\/island-Counter\.[a-f0-9]+\.js" data-export="default" data-id="c0" data-props="\{&quot;start&quot;:2,&quot;label&quot;:&quot;Clicks&quot;\}"><button type="button" class="button button--primary counter">/,
    );
    expect(doc).toContain('<span class="highlight" style="background-color:#2e8555;color:#fff;padding:0.1rem 0.3rem">');
    expect(
      readdirSync(join(site.dist, "assets"))
        .filter((f) => f.startsWith("island-"))
        .map((f) => f.split(".")[0])
        .sort(),
    ).toEqual(["island-Accordion", "island-Counter", "island-LiteYouTube", "island-showcase"]);
  });

  it("pages without an island carry no island markup", async () => {
    const page = await site.html("docs/guides/static");
    expect(page).not.toContain("data-src=");
    expect(page).toContain('class="highlight"');
  });

  it("children the component does not draw at first are kept in a template; drawn ones are not doubled", async () => {
    const widgets = await site.html("docs/guides/widgets");
    expect(widgets).toMatch(/<template data-docsite-slot="c0:children"><p>Hidden text with <strong>bold<\/strong>/);
    const pruned = pruneSlotTemplates(
      '<docsite-island><template data-docsite-slot="c0:children"><p>x<template>y</template></p></template><docsite-slot data-slot="c0:children"><p>x</p></docsite-slot></docsite-island>',
    );
    expect(pruned).toBe(
      '<docsite-island><docsite-slot data-slot="c0:children"><p>x</p></docsite-slot></docsite-island>',
    );
  });

  it("the CSP allows the origin the video island embeds, and no other frame", async () => {
    const headers = await site.file("_headers");
    expect(headers).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com;/);
    expect(frameOrigins('x("iframe",{src:"https://player.example.org/e/"+id}) y="https://docs.example.com/a"')).toEqual(
      ["https://player.example.org", "https://docs.example.com"],
    );
    expect(frameOrigins('a="https://player.example.org/e"')).toEqual([]);
  });

  it("a prop that cannot go to the browser is an error naming the page and the prop", async () => {
    const err = await importAndBuild("badprop", undefined, {
      "docs/bad.mdx":
        '---\ntitle: Bad\n---\n\nimport Counter from "@site/src/components/Counter";\n\n<Counter label={() => "x"} />\n',
    }).catch((e) => e);
    expect(String(err?.message)).toMatch(/bad\.mdx|\/docs\/bad\//);
    expect(JSON.stringify(err)).toMatch(/bad\.mdx/);
    expect(String(err?.message)).toContain('cannot send its prop "label" to the browser: it is a function');
  });
});

describe("the classification rule", () => {
  it("state, effects, refs, handlers, class lifecycles and browser-only drawing make an island", () => {
    for (const code of [
      "const [a, b] = (0, import_react.useState)(0);",
      "(0, import_react.useEffect)(() => {}, []);",
      "const r = React.useRef(null);",
      'jsx("button", { onClick: () => go() })',
      "class X extends React.Component { componentDidMount() {} }",
      "jsx(import_BrowserOnly.default, { children: () => 1 })",
    ])
      expect(classify(code, null).island, code).toBe(true);
    expect(classify('jsx("span", { className: "x", children: p.text })', null)).toEqual({
      island: false,
      reason: "only draws",
    });
  });

  it("the author decides either way with a mark at the top of the module", () => {
    const stateful = "const [a] = useState(0);";
    expect(classify(stateful, "// @docsite-static\nimport React from 'react';").island).toBe(false);
    expect(classify("jsx('p', {})", '"use client";\nexport default () => null;').island).toBe(true);
    expect(classify("jsx('p', {})", "/** @docsite-island */\nexport default () => null;").island).toBe(true);
    // A mark further down is not the author's word about the module.
    expect(classify("jsx('p', {})", "export default () => null;\n// @docsite-island").island).toBe(false);
  });

  it("props: JSON data goes as data, elements as slots, client: directives choose the loading", () => {
    const el = createElement("b", null, "x");
    const { data, slots, load } = splitProps(
      {
        n: 1,
        list: [1, "a", { b: null }],
        children: el,
        icon: el,
        items: [{ title: el, n: 2 }],
        "client:visible": true,
      },
      "X",
    );
    // Elements anywhere are slots, by path, null in the data the browser receives.
    expect(data).toEqual({
      n: 1,
      list: [1, "a", { b: null }],
      children: null,
      icon: null,
      items: [{ title: null, n: 2 }],
    });
    expect(Object.keys(slots)).toEqual(["children", "icon", "items.0.title"]);
    expect(load).toBe("visible");
    expect(() => splitProps({ when: new Date(0) }, "X")).toThrow(
      /prop "when" to the browser: it is an instance of Date/,
    );
    expect(() => splitProps({ deep: { f: () => 1 } }, "X")).toThrow(/prop "deep\.f"/);
    expect(() => splitProps({ n: Number.NaN }, "X")).toThrow(/prop "n".*NaN/);
  });
});
