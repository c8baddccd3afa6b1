// Theme overrides (Docusaurus' swizzled components) after `docsite import` (tests/fixtures/docusaurus-swizzle): the
// import carries those docsite can run and names the others with file, line and reason; the build draws each where
// docsite draws that part, with Docusaurus' props, wraps (`@theme-original/X`) getting docsite's own component, and
// ejects replacing it; an override it cannot draw fails the build naming the file and line; import cycles are named.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { formatReport, importDocusaurus, type ImportReport } from "../../cli/import/index.ts";
import { applyChanges, buildSite, editJson } from "../support/site.ts";
import { bundleIsland, THEME_EXPORTS } from "../../cli/islands/bundle.ts";
import { bundleIslandsRuntime } from "../../cli/islands/runtime.ts";
import { OWN_THEME_EXPORTS } from "../../theme/layout/own-theme.tsx";
import { dev } from "../../cli/server/dev.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-swizzle");
let work: string;
let n = 0;

async function importFixture(): Promise<{ out: string; report: ImportReport }> {
  const out = join(work, `site-${n++}`);
  const report = await importDocusaurus(fixture, out);
  return { out, report };
}

type BuildError = Error & { where?: { file?: string; line?: number } };
const buildError = (out: string) =>
  buildSite(out, { outDir: join(out, "dist") }).then(
    () => null,
    (e: BuildError) => e,
  );
const page = (out: string, path: string) => readFile(join(out, "dist", path, "index.html"), "utf8");

/** The HTML between `start` and the end of the element it opens (no nested element of the same tag). */
const section = (html: string, start: string, end: string) => {
  const i = html.indexOf(start);
  expect(i, `${start} in the page`).toBeGreaterThanOrEqual(0);
  return html.slice(i, html.indexOf(end, i) + end.length);
};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-swizzle-"));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("theme overrides: the import", () => {
  it("carries the overrides docsite can run and names the one it cannot with file, line and reason", async () => {
    const { out, report } = await importFixture();
    const config = JSON.parse(await readFile(join(out, "site.config.json"), "utf8"));
    expect(config.docusaurus.themeOverrides).toEqual({
      CodeBlock: "src/theme/CodeBlock/index.js",
      ColorModeToggle: "src/theme/ColorModeToggle/index.js",
      "DocSidebarItem/Category": "src/theme/DocSidebarItem/Category/index.js",
      Footer: "src/theme/Footer/index.js",
      "MDXComponents/Details": "src/theme/MDXComponents/Details.js",
      "Navbar/Logo": "src/theme/Navbar/Logo/index.js",
      TOC: "src/theme/TOC/index.js",
    });
    expect(config.docusaurus.mdxComponents).toBe("src/theme/MDXComponents.js");
    const text = formatReport(report, out);
    expect(text).toContain(
      "theme overrides in src/theme/ drawn where docsite draws those parts (7): CodeBlock, ColorModeToggle, " +
        "DocSidebarItem/Category, Footer, MDXComponents/Details, Navbar/Logo, TOC",
    );
    expect(text).toContain(
      "src/theme/Navbar/MobileSidebar/Toggle/index.js:2: theme override Navbar/MobileSidebar/Toggle not carried " +
        "over, docsite cannot run it: it imports @docusaurus/theme-common/internal",
    );
    expect(text).not.toContain("not carried over; docsite draws its own layout");
  });
});

describe("theme overrides: the build", () => {
  let out: string;
  let intro: string;
  beforeAll(async () => {
    ({ out } = await importFixture());
    expect(await buildError(out)).toBeNull();
    intro = await page(out, "docs/intro");
  });

  it("Footer (wrap): the site's banner, then docsite's own footer with Docusaurus' links", () => {
    expect(intro).toContain(
      '<div class="footer-banner">Swizzled footer banner</div><footer class="footer footer--dark">' +
        '<div class="footer__inner"><div class="footer__groups"><div class="footer__group">' +
        '<h2 class="footer__title">Docs</h2><ul><li><a href="/docs/intro/">Intro</a></li></ul></div>',
    );
    expect(intro).toContain('<p class="footer__copyright">Swizzle Inc.</p>');
  });

  it("Navbar/Logo (eject): the site's brand link, with useDocusaurusContext's title, in the bar and the menu", () => {
    const logo = '<a href="/" class="navbar__brand my-logo"><b>Swizzle Site</b> logo</a>';
    expect(intro.split(logo).length - 1).toBe(2);
    expect(intro).not.toContain('<span class="navbar__title">');
  });

  it("DocSidebarItem/Category (eject): the site's category, its items drawn by docsite's DocSidebarItems", () => {
    expect(intro).toContain(
      '<li class="menu__item my-category" data-level="1"><span class="my-category__label">Guides</span>' +
        '<ul class="menu__list"><li class="menu__item"><a class="menu__link" href="/docs/guides/one/">Guide one</a>' +
        '</li><li class="menu__item"><a class="menu__link" href="/docs/guides/two/">Guide two</a></li></ul></li>',
    );
    // The link items are docsite's own.
    expect(intro).toContain(
      '<a class="menu__link menu__link--active" href="/docs/intro/" aria-current="page">Intro</a>',
    );
  });

  it("TOC (wrap): the site's heading around docsite's table of contents, given Docusaurus' nested toc", () => {
    const toc = section(intro, '<div class="my-toc">', "</nav></div>");
    // Docusaurus' TOC has no title of its own: the wrapper's is the only one.
    expect(toc).toContain(
      '<p class="my-toc__title">On this page (<!-- -->2<!-- -->)</p><nav class="toc" aria-label="Table of contents" ' +
        'data-toc="true"><ul class="toc__list">',
    );
    expect(toc).toContain(
      '<li><a class="toc__link" href="#install">Install</a><ul class="toc__list"><li><a class="toc__link" ' +
        'href="#from-source">From source</a></li></ul></li><li><a class="toc__link" href="#use">Use</a></li>',
    );
  });

  it("CodeBlock (wrap): the site's element around docsite's highlighted block, with Docusaurus' props", () => {
    expect(intro).toContain(
      '<div class="my-code" data-language="js"><div class="code-block" data-lang="js">' +
        '<div class="code-block__title">install.js</div>',
    );
    expect(intro).toContain("const a = 1 &lt; 2;");
  });

  it("MDXComponents (wrap): its components on every page, also in a partial it imports that uses them", () => {
    expect(intro).toContain(
      'Welcome to the <mark class="highlight" style="background-color:gold">swizzled</mark> site.',
    );
    expect(intro).toContain(
      '<p>A note that uses <mark class="highlight" style="background-color:tomato">the site&#x27;s own component</mark>.</p>',
    );
  });

  it("MDXComponents/Details (eject): draws each <details> of content", () => {
    expect(intro).toContain(
      '<details class="my-details"><summary>More</summary><div class="my-details__body"><p>Hidden text.</p></div></details>',
    );
  });

  it("ColorModeToggle (eject, interactive): an island on every page, its props the data Docusaurus gives", async () => {
    const island =
      /<docsite-island data-src="(\/assets\/island-ColorModeToggle\.[0-9a-f]+\.js)"[^>]*data-props="([^"]*)">/;
    for (const html of [intro, await page(out, "docs/guides/one")]) {
      const m = island.exec(html);
      expect(m).not.toBeNull();
      expect(JSON.parse(m![2].replaceAll("&quot;", '"'))).toMatchObject({ value: "light" });
      expect(html).toContain('class="clean-btn my-toggle" data-value="light"');
    }
    // Its chunk gives it onChange in the browser (theme/layout/override-island.tsx).
    const chunk = await readFile(join(out, "dist", island.exec(intro)![1]), "utf8");
    expect(chunk).toContain("color-mode-setting");
  });
});

describe("theme overrides: the other kind of each (ejects of wraps, wraps of ejects)", () => {
  let out: string;
  let intro: string;
  beforeAll(async () => {
    ({ out } = await importFixture());
    await applyChanges(out, {
      // Footer: its Layout ejected (Docusaurus' own code, without clsx), the Footer wrap taken out.
      "src/theme/Footer/index.js": null,
      "src/theme/Footer/Layout/index.js": `import React from "react";
export default function FooterLayout({ style, links, logo, copyright }) {
  return (
    <footer className={"footer my-footer" + (style === "dark" ? " footer--dark" : "")}>
      <div className="container container-fluid">
        {links}
        {(logo || copyright) && <div className="footer__bottom text--center">{logo}{copyright}</div>}
      </div>
    </footer>
  );
}
`,
      "src/theme/Navbar/Logo/index.js": `import React from "react";
import Logo from "@theme-original/Navbar/Logo";
export default function LogoWrapper(props) {
  return <div className="my-logo-wrap"><Logo {...props} /></div>;
}
`,
      "src/theme/DocSidebarItem/Category/index.js": `import React from "react";
import Category from "@theme-init/DocSidebarItem/Category";
export default function CategoryWrapper(props) {
  return <Category {...props} item={{ ...props.item, label: props.item.label + " (wrapped)" }} />;
}
`,
      "src/theme/TOC/index.js": `import React from "react";
export default function TOC({ toc }) {
  const list = (items) => <ul>{items.map((i) => <li key={i.id}><a href={"#" + i.id} dangerouslySetInnerHTML={{ __html: i.value }} />{i.children.length > 0 && list(i.children)}</li>)}</ul>;
  return <nav className="my-own-toc">{list(toc)}</nav>;
}
`,
      "src/theme/CodeBlock/index.js": `import React from "react";
export default function CodeBlock({ children, className, title, language }) {
  return <figure className="my-code-eject" data-language={language}>{title && <figcaption>{title}</figcaption>}<pre className={className}><code>{children}</code></pre></figure>;
}
`,
      "src/theme/DocItem/Footer/index.js": `import React from "react";
import Footer from "@theme-original/DocItem/Footer";
export default function FooterWrapper() {
  return <div className="my-doc-footer">Was this page helpful?<Footer /></div>;
}
`,
      "src/theme/PaginatorNavLink/index.js": `import React from "react";
export default function PaginatorNavLink({ permalink, title, subLabel, isNext }) {
  return <a className="my-pager" data-next={isNext ? "yes" : "no"} href={permalink}>{subLabel}: {title}</a>;
}
`,
      "src/theme/NotFound/Content/index.js": `import React from "react";
export default function NotFoundContent({ className }) {
  return <main className={"my-404 " + (className ?? "")}><h1>Lost?</h1></main>;
}
`,
      // MDXComponents ejected: a whole object of its own, parts from @theme/MDXComponents/*.
      "src/theme/MDXComponents.js": `import React from "react";
import Details from "@theme/MDXComponents/Details";
import Heading from "@theme/Heading";
import Note from "@site/src/partials/_note.mdx";
function Highlight({ children }) { return <mark className="eject-highlight">{children}</mark>; }
const MDXComponents = { details: Details, Details, h2: (p) => <Heading as="h2" {...p} />, Highlight, Note };
export default MDXComponents;
`,
    });
    await editJson(out, "site.config.json", (c) => {
      const o = c.docusaurus.themeOverrides;
      delete o.Footer;
      o["Footer/Layout"] = "src/theme/Footer/Layout/index.js";
      o["DocItem/Footer"] = "src/theme/DocItem/Footer/index.js";
      o["NotFound/Content"] = "src/theme/NotFound/Content/index.js";
      o.PaginatorNavLink = "src/theme/PaginatorNavLink/index.js";
    });
    expect(await buildError(out)).toBeNull();
    intro = await page(out, "docs/intro");
  });

  it("Footer/Layout (eject): Docusaurus' layout, given docsite's links and copyright", () => {
    expect(intro).toContain(
      '<footer class="footer my-footer footer--dark"><div class="container container-fluid"><div class="footer__group">' +
        '<h2 class="footer__title">Docs</h2>',
    );
    expect(intro).toContain(
      '<div class="footer__bottom text--center"><p class="footer__copyright">Swizzle Inc.</p></div>',
    );
    expect(intro).not.toContain("footer-banner");
  });

  it("Navbar/Logo (wrap): docsite's brand inside the site's element", () => {
    expect(intro).toContain(
      '<div class="my-logo-wrap"><a class="navbar__brand" href="/"><span class="navbar__title">Swizzle</span></a></div>',
    );
  });

  it("DocSidebarItem/Category (wrap of @theme-init): docsite's category with the label the wrapper gives", () => {
    expect(intro).toContain("Guides (wrapped)");
    // Collapsed, and not on the intro's path: drawn without its items (theme/docs/Sidebar.tsx).
    expect(intro).toContain('<li class="menu__item menu__item--category" data-lazy="">');
    expect(intro).not.toContain("my-category");
  });

  it("TOC (eject): the site's list from Docusaurus' nested toc", () => {
    expect(intro).toContain(
      '<nav class="my-own-toc"><ul><li><a href="#install">Install</a><ul><li><a href="#from-source">From source</a>' +
        '</li></ul></li><li><a href="#use">Use</a></li></ul></nav>',
    );
  });

  it("CodeBlock (eject): the code as a string, its language and title", () => {
    expect(intro).toContain(
      '<figure class="my-code-eject" data-language="js"><figcaption>install.js</figcaption>' +
        '<pre class="language-js"><code>const a = 1 &lt; 2;</code></pre></figure>',
    );
  });

  it("PaginatorNavLink (eject): the next link under a doc, with Docusaurus' props", () => {
    expect(intro).toContain(
      '<a class="my-pager" data-next="yes" href="/docs/guides/one/">Next<!-- -->: <!-- -->Guide one</a>',
    );
  });

  it("DocItem/Footer (wrap) under the doc, NotFound/Content (eject) on the 404 page", async () => {
    expect(intro).toContain('<div class="my-doc-footer">Was this page helpful?</div>');
    expect(await readFile(join(out, "dist", "404.html"), "utf8")).toContain(
      '<main class="my-404 "><h1>Lost?</h1></main>',
    );
  });

  it("MDXComponents (eject): its own object, also in the partial it imports", () => {
    expect(intro).toContain('Welcome to the <mark class="eject-highlight">swizzled</mark> site.');
    expect(intro).toContain('A note that uses <mark class="eject-highlight">the site&#x27;s own component</mark>.');
  });
});

describe("theme overrides: what the build cannot draw", () => {
  it("an override docsite cannot run fails the build with its file and line", async () => {
    const { out } = await importFixture();
    await editJson(out, "site.config.json", (c) => {
      c.docusaurus.themeOverrides["Navbar/MobileSidebar/Toggle"] = "src/theme/Navbar/MobileSidebar/Toggle/index.js";
    });
    const err = await buildError(out);
    expect(err?.message).toContain(
      "the theme override Navbar/MobileSidebar/Toggle (src/theme/Navbar/MobileSidebar/Toggle/index.js) cannot be " +
        "drawn: it imports @docusaurus/theme-common/internal",
    );
    expect(err?.where).toMatchObject({ file: "src/theme/Navbar/MobileSidebar/Toggle/index.js", line: 2 });
  });

  it("overrides importing each other in a cycle are named", async () => {
    const { out } = await importFixture();
    await applyChanges(out, {
      "src/theme/Footer/index.js": `import React from "react";
import Copyright from "@theme/Footer/Copyright";
export default function Footer() { return <footer><Copyright copyright="x" /></footer>; }
`,
      "src/theme/Footer/Copyright/index.js": `import React from "react";
import Footer from "@theme/Footer";
export default function Copyright() { return <p>{typeof Footer}</p>; }
`,
    });
    await editJson(out, "site.config.json", (c) => {
      c.docusaurus.themeOverrides["Footer/Copyright"] = "src/theme/Footer/Copyright/index.js";
    });
    const err = await buildError(out);
    expect(err?.message).toContain(
      "the theme overrides import each other in a cycle: src/theme/Footer/index.js (@theme/Footer) → " +
        "src/theme/Footer/Copyright/index.js (@theme/Footer/Copyright) → src/theme/Footer/index.js (@theme/Footer)",
    );
  });

  it("an override with named exports only replaces nothing docsite draws; other overrides still import them", async () => {
    // testplane-docs' Footer/LinkItem exports `FooterLinkItem` for its own Footer/Links, and no default.
    const { out } = await importFixture();
    await applyChanges(out, {
      "src/theme/Footer/Copyright/index.js": `import React from "react";
export function FancyCopyright({ copyright }) { return <p className="fancy-copyright">{copyright}</p>; }
`,
      "src/theme/Footer/index.js": `import React from "react";
import { FancyCopyright } from "@theme/Footer/Copyright";
export default function Footer() { return <footer className="site-footer"><FancyCopyright copyright="by us" /></footer>; }
`,
    });
    await editJson(out, "site.config.json", (c) => {
      c.docusaurus.themeOverrides["Footer/Copyright"] = "src/theme/Footer/Copyright/index.js";
    });
    expect(await buildError(out)).toBeNull();
    expect(await page(out, "docs/intro")).toContain('<footer class="site-footer"><p class="fancy-copyright">by us</p>');
  });

  it("a component whose Markdown imports lead back to it fails naming the cycle (it waited for ever before)", async () => {
    const { out } = await importFixture();
    await applyChanges(out, {
      "src/components/Loop.js": `import React from "react";
import Part from "./_loop.mdx";
export default function Loop() { return <div className="loop"><Part /></div>; }
`,
      "src/components/_loop.mdx": `import Loop from "./Loop.js";

<Loop />
`,
      "content/en/docs/current/loop.md": `# Loop

import Loop from "@site/src/components/Loop.js";

<Loop />
`,
    });
    const err = await buildError(out);
    expect(err?.message).toMatch(
      /import cycle: src\/components\/Loop\.js → src\/components\/_loop\.mdx → src\/components\/Loop\.js/,
    );
  });
});

describe("theme overrides: the build cache", () => {
  it("keeps an override's bundle, and bundles it again when its file changes", async () => {
    const { out } = await importFixture();
    expect(await buildError(out)).toBeNull();
    const store = join(out, ".docsite", "cache", "theme-overrides");
    expect((await readdir(store)).length).toBeGreaterThan(0);
    const logo = join(out, "src/theme/Navbar/Logo/index.js");
    await writeFile(logo, (await readFile(logo, "utf8")).replace("</b> logo", "</b> edited logo"));
    // An override content draws (the content's HTML is kept apart from the layout's: cli/pipeline/content-cache.ts).
    const code = join(out, "src/theme/CodeBlock/index.js");
    await writeFile(code, (await readFile(code, "utf8")).replace('className="my-code"', 'className="my-edited-code"'));
    expect(await buildError(out)).toBeNull();
    const html = await page(out, "docs/intro");
    expect(html).toContain("<b>Swizzle Site</b> edited logo</a>");
    expect(html).toContain('<div class="my-edited-code" data-language="js">');
  });
});

describe("theme overrides: dev", () => {
  it("dev draws the overrides as the build does, the interactive one as an island it serves", async () => {
    const { out } = await importFixture();
    const srv = await dev({ root: out, port: 0, quiet: true });
    try {
      const origin = `http://127.0.0.1:${(srv.address() as { port: number }).port}`;
      const html = await (await fetch(`${origin}/docs/intro/`)).text();
      expect(html).toContain('<a href="/" class="navbar__brand my-logo"><b>Swizzle Site</b> logo</a>');
      expect(html).toContain('<div class="footer-banner">Swizzled footer banner</div>');
      expect(html).toContain('<li class="menu__item my-category" data-level="1">');
      const chunk = /<docsite-island data-src="([^"]*island-ColorModeToggle[^"]*)"/.exec(html)?.[1];
      expect(chunk).toBeTruthy();
      expect((await fetch(`${origin}${chunk}`)).status).toBe(200);
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
    }
  });
});

describe("theme overrides: islands", () => {
  it("every @theme component docsite has can be imported by an island, the site's override where it has one", async () => {
    const { out } = await importFixture();
    const names = [...Object.keys(THEME_EXPORTS), ...Object.keys(OWN_THEME_EXPORTS)];
    const lines = names.map((name, i) => `import T${i} from "@theme/${name}";`);
    await applyChanges(out, {
      "src/components/AllTheme.js": `import React, { useState } from "react";
${lines.join("\n")}
import Own from "@theme-original/Footer";
const all = [${names.map((_, i) => `T${i}`).join(", ")}, Own];
export default function AllTheme() {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>{all.length + n}</button>;
}
`,
    });
    const runtime = await bundleIslandsRuntime({ baseUrl: "/" });
    const code = new TextDecoder().decode(
      await bundleIsland("src/components/AllTheme.js", {
        rootDir: out,
        baseUrl: "/",
        aliases: {},
        shared: runtime.shared,
        site: { baseUrl: "/", title: "Swizzle Site", url: "https://swizzle.example" },
        overrides: { Footer: "src/theme/Footer/index.js", TOC: "src/theme/TOC/index.js" },
        dev: true,
      }),
    );
    // The site's Footer and TOC (their own markup), docsite's own behind @theme-original/Footer.
    expect(code).toContain("Swizzled footer banner");
    expect(code).toContain("my-toc__title");
    expect(code).toContain("footer__copyright");
  });
});
