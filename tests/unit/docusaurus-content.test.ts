// What Docusaurus accepts in content and config, on the plain path (import, then build): markdown.format, an
// animated GIF over sharp's pixel limit, relative links in each trailingSlash mode, and a config whose package is
// not installed. Each case is a small Docusaurus project written here.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { importDocusaurus, formatReport } from "../../cli/import/index.ts";
import { loadConfig } from "../../cli/config/load.ts";
import { contentLinkRewriter, docSlugs } from "../../cli/mdx/content-links.ts";
import { buildSite } from "../support/site.ts";
import { solidAnimatedGif } from "../support/gif.ts";
import { withoutModuleHash } from "../support/css-module-names.ts";

let work: string;
let n = 0;

async function project(files: Record<string, string | Buffer>): Promise<string> {
  const dir = join(work, `src-${n++}`);
  for (const [f, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, f)), { recursive: true });
    await writeFile(join(dir, f), text);
  }
  return dir;
}

const config = (extra = "") =>
  `module.exports = { title: "T", url: "https://t.example", baseUrl: "/", presets: [["classic", {}]]${extra ? `, ${extra}` : ""} };\n`;

/** Imports and builds; the new project's folder, the build's warnings and a reader of its pages' articles. */
async function plainPath(files: Record<string, string | Buffer>) {
  const out = join(work, `out-${n++}`);
  const report = await importDocusaurus(await project(files), out);
  const { warnings } = await buildSite(out, { outDir: join(out, "dist") });
  const article = async (p: string) =>
    /<article class="markdown[^"]*"[\s\S]*?<\/article>/.exec(
      await readFile(join(out, "dist", p, "index.html"), "utf8"),
    )?.[0] ?? "";
  return { out, report, warnings, article };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-dcontent-"));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("markdown.format", () => {
  const files = {
    "docs/a.md": "# A\n\nBraces { are not js } and <b>html</b>.\n",
    "docs/b.mdx": "# B\n\n<details><summary>JSX</summary>inside</details>\n\n{/* an MDX comment */}\n",
  };
  it("detect: .md is CommonMark, .mdx is MDX", async () => {
    const s = await plainPath({ "docusaurus.config.js": config('markdown: { format: "detect" }'), ...files });
    expect(await s.article("docs/a")).toContain("{ are not js }");
    expect(await s.article("docs/b")).toContain("<summary>JSX</summary>");
  });
  it("mdx (the default): a .md with braces is an MDX error naming the file, as Docusaurus 3 fails it", async () => {
    await expect(plainPath({ "docusaurus.config.js": config(), ...files })).rejects.toMatchObject({
      message: expect.stringMatching(/^MDX syntax error/),
      where: { file: "content/en/docs/current/a.md", line: 3 },
    });
  });
  it("md: every file is CommonMark", async () => {
    const s = await plainPath({
      "docusaurus.config.js": config('markdown: { format: "md" }'),
      "docs/c.mdx": "# C\n\nBraces { here } too.\n",
    });
    expect(await s.article("docs/c")).toContain("{ here }");
  });
});

describe("images the encoder cannot take", () => {
  it("an animated GIF over sharp's pixel limit is published as it is (byte for byte)", async () => {
    const gif = solidAnimatedGif(1000, 1000, 300);
    const s = await plainPath({
      "docusaurus.config.js": config(),
      "docs/anim.md": "# Anim\n\n![A long animation](./anim.gif)\n",
      "docs/anim.gif": gif,
    });
    const img = /<img [^>]*src="\/assets\/img\/(anim[^"]*\.gif)"[^>]*>/.exec(await s.article("docs/anim"));
    expect(img?.[0]).toContain('width="1000"');
    expect(Buffer.compare(await readFile(join(s.out, "dist", "assets", "img", img![1])), gif)).toBe(0);
  });
});

describe("relative links against the published address", () => {
  async function rewriterFor(trailingSlash: boolean | null) {
    const s = await plainPath({
      "docusaurus.config.js": config(trailingSlash === null ? "" : `trailingSlash: ${trailingSlash}`),
      "docs/guide/page.md": "# Page\n",
      "docs/guide/index.md": "# Guide\n",
      "docs/intro.md": "# Intro\n",
    });
    const cfg = loadConfig(s.out);
    const slugs = docSlugs([
      { version: "current", id: "guide/page", path: "guide/page", data: {} },
      { version: "current", id: "guide/index", path: "guide/index", data: {} },
      { version: "current", id: "intro", path: "intro", data: {} },
    ]);
    return (file: string) => contentLinkRewriter(cfg, file, "en", slugs);
  }
  it("unset: the address without its slash (a version's root doc keeps it)", async () => {
    const at = await rewriterFor(null);
    expect(at("content/en/docs/current/guide/page.md")("./other")).toBe("/docs/guide/other/");
    expect(at("content/en/docs/current/guide/page.md")("../intro#x")).toBe("/docs/intro/#x");
    expect(at("content/en/docs/current/guide/index.md")("./page")).toBe("/docs/page/");
  });
  it("true: the folder address", async () => {
    const at = await rewriterFor(true);
    expect(at("content/en/docs/current/guide/page.md")("./other")).toBe("/docs/guide/page/other/");
    expect(at("content/en/docs/current/guide/page.md")("../intro")).toBe("/docs/guide/intro/");
  });
  it("false: the address without its slash", async () => {
    const at = await rewriterFor(false);
    expect(at("content/en/docs/current/guide/page.md")("./other")).toBe("/docs/guide/other/");
    expect(at("content/en/docs/current/intro.md")("guide/page.md")).toBe("/docs/guide/page/");
  });
});

describe("a config whose packages are not installed", () => {
  it("runs with a stand-in, names the package, and the verdict says not ready", async () => {
    const src = await project({
      "docusaurus.config.js":
        'const theme = require("prism-theme-not-installed");\nmodule.exports = { title: "T", url: "https://t.example", baseUrl: "/", presets: [["classic", {}]], themeConfig: { prism: { theme } } };\n',
      "docs/a.md": "# A\n",
    });
    const out = join(work, `out-${n++}`);
    const text = formatReport(await importDocusaurus(src, out), out);
    expect(text).toContain("stand-ins took their place");
    expect(text).toContain("prism-theme-not-installed");
    expect(text).toContain(
      "Verdict: not ready, 1 item to review:\n  ! the config's packages prism-theme-not-installed are not installed",
    );
    // One next step, the one that gives the full site: install there, import again.
    expect(text.match(/^Next:/gm)).toHaveLength(1);
    expect(text.trim().split("\n").pop()).toBe(
      `Next: cd ${src} && npm install, then docsite import ${src} --out ${out} --force`,
    );
    expect(await readdir(join(out, "content", "en", "docs", "current"))).toEqual(["a.md"]);
  });
});

describe("a React page that imports a file from beside the site (a monorepo's website/)", () => {
  it("is built: the file is copied with the page's other sources and the import leads to it", async () => {
    const repo = await project({
      ".git/HEAD": "ref: refs/heads/main\n",
      "codes.json": JSON.stringify({ 1: "The first code says hello", 2: "The second code says goodbye" }),
      "website/docusaurus.config.js": config(),
      "website/docs/intro.md": "# Intro\n\nText.\n",
      "website/src/pages/codes.js":
        'import Layout from "@theme/Layout";\nimport codes from "../../../codes.json";\n\n' +
        "export default function Codes() {\n" +
        '  return (\n    <Layout title="Codes">\n      <ul>\n' +
        "        {Object.entries(codes).map(([k, v]) => <li key={k}>{v}</li>)}\n" +
        "      </ul>\n    </Layout>\n  );\n}\n",
    });
    const out = join(work, `out-${n++}`);
    const report = await importDocusaurus(join(repo, "website"), out);
    expect(report.mapped.join("\n")).toContain("codes.json: referenced by content");
    await buildSite(out, { outDir: join(out, "dist") });
    const html = await readFile(join(out, "dist", "codes", "index.html"), "utf8");
    expect(html).toContain("The first code says hello");
    expect(html).toContain("The second code says goodbye");
  });

  it("is built when the page is an island: its browser bundle finds the file the same way", async () => {
    // redux's src/pages/errors.js reads the address (useLocation) and imports ../../../errors.json.
    const repo = await project({
      ".git/HEAD": "ref: refs/heads/main\n",
      "codes.json": JSON.stringify({ 1: "The first code says hello" }),
      "website/docusaurus.config.js": config(),
      "website/docs/intro.md": "# Intro\n\nText.\n",
      "website/src/pages/codes.js":
        'import Layout from "@theme/Layout";\nimport { useLocation } from "@docusaurus/router";\n' +
        'import codes from "../../../codes.json";\n\n' +
        "export default function Codes() {\n  const code = new URLSearchParams(useLocation().search).get('code') ?? '1';\n" +
        '  return <Layout title="Codes"><p>{codes[code]}</p></Layout>;\n}\n',
    });
    const out = join(work, `out-${n++}`);
    await importDocusaurus(join(repo, "website"), out);
    await buildSite(out, { outDir: join(out, "dist") });
    const html = await readFile(join(out, "dist", "codes", "index.html"), "utf8");
    expect(html).toContain("The first code says hello");
    const chunks = await readdir(join(out, "dist", "assets"));
    const island = chunks.find((f) => f.startsWith("island-codes."));
    expect(island).toBeDefined();
    expect(await readFile(join(out, "dist", "assets", island!), "utf8")).toContain("The first code says hello");
  });
});

describe("a React page at /versions (the site's own list of versions)", () => {
  it("replaces docsite's list, in every locale, without a duplicate-route warning", async () => {
    const s = await plainPath({
      "docusaurus.config.js": config('i18n: { defaultLocale: "en", locales: ["en", "fr"] }'),
      "docs/intro.md": "# Intro\n\nText.\n",
      "src/pages/versions.js":
        'import Layout from "@theme/Layout";\n\nexport default function Versions() {\n' +
        '  return <Layout title="Versions"><p>Every release we ever made</p></Layout>;\n}\n',
    });
    expect(s.warnings.join("\n")).not.toMatch(/duplicate route/);
    for (const p of ["versions", "fr/versions"])
      expect(await readFile(join(s.out, "dist", p, "index.html"), "utf8")).toContain("Every release we ever made");
  });
});

describe("a component's CSS module naming a static file by its site path", () => {
  it("takes url(/img/…) from static/, as Docusaurus' webpack does (this small file inlined, as url-loader does)", async () => {
    const s = await plainPath({
      "docusaurus.config.js": config(),
      "docs/intro.md": "# Intro\n\nText.\n",
      "static/img/pattern.png": "not really a png",
      "src/components/Band/styles.module.css": ".band { background-image: url(/img/pattern.png); }\n",
      "src/components/Band/index.js":
        'import styles from "./styles.module.css";\n\nexport default function Band() {\n' +
        "  return <div className={styles.band}>A band with a pattern</div>;\n}\n",
      // The same in an island: its browser bundle finds the stylesheet's file the same way.
      "src/components/Counter/styles.module.css": ".counter { background-image: url(/img/pattern.png); }\n",
      "src/components/Counter/index.js":
        'import { useState } from "react";\nimport styles from "./styles.module.css";\n\n' +
        "export default function Counter() {\n  const [n, setN] = useState(0);\n" +
        "  return <button className={styles.counter} onClick={() => setN(n + 1)}>Clicked {n}</button>;\n}\n",
      "src/pages/index.js":
        'import Layout from "@theme/Layout";\nimport Band from "../components/Band";\n' +
        'import Counter from "../components/Counter";\n\n' +
        'export default function Home() {\n  return <Layout title="Home"><Band /><Counter /></Layout>;\n}\n',
    });
    const home = await readFile(join(s.out, "dist", "index.html"), "utf8");
    expect(home).toContain("A band with a pattern");
    expect(home).toContain("data-island");
    const css = (await readdir(join(s.out, "dist", "assets"))).filter((f) => f.endsWith(".css"));
    const text = withoutModuleHash(
      (await Promise.all(css.map((f) => readFile(join(s.out, "dist", "assets", f), "utf8")))).join("\n"),
    );
    expect(text).not.toMatch(/url\("?\/img\/pattern\.png"?\)/);
    expect(text).toMatch(/\.styles_band \{\s*background-image: url\("data:image\/png,not really a png"\)/);
  });
});

describe("a React page whose component imports a Markdown file", () => {
  it("draws the Markdown, compiled as content is, as Docusaurus' MDX loader gives it", async () => {
    const s = await plainPath({
      "docusaurus.config.js": config(),
      "docs/intro.md": "# Intro\n\nText.\n",
      "src/components/releases/_table.md": "| Version | Date |\n|---|---|\n| 0.80 | **June** |\n",
      "src/components/releases/Table.js":
        'import Table from "./_table.md";\n\nexport default function Releases() {\n  return <section><Table /></section>;\n}\n',
      "src/pages/releases.js":
        'import Layout from "@theme/Layout";\nimport Releases from "../components/releases/Table";\n\n' +
        'export default function Page() {\n  return <Layout title="Releases"><Releases /></Layout>;\n}\n',
    });
    const html = await readFile(join(s.out, "dist", "releases", "index.html"), "utf8");
    expect(html).toMatch(/<table>[\s\S]*<td>0\.80<\/td>[\s\S]*<strong>June<\/strong>/);
  });
});

describe("a component with state that imports a Markdown file", () => {
  it("is drawn on the server (the Markdown has no browser build), not an error", async () => {
    const s = await plainPath({
      "docusaurus.config.js": config(),
      "docs/_ios.md": "Steps for **iOS** here.\n",
      "docs/_Platforms.jsx":
        'import { useState } from "react";\nimport Ios from "./_ios.md";\n\n' +
        "export default function Platforms() {\n  const [open] = useState(true);\n  return open ? <Ios /> : null;\n}\n",
      "docs/guide.mdx": 'import Platforms from "./_Platforms.jsx";\n\n# Guide\n\n<Platforms />\n',
    });
    const article = await s.article("docs/guide");
    expect(article).toContain("<strong>iOS</strong>");
    expect(article).not.toContain("data-island");
  });
});

describe("a React page that only redirects (@docusaurus/router's Redirect)", () => {
  it("is a page that sends the reader on to the target, with a link to it", async () => {
    const s = await plainPath({
      "docusaurus.config.js": config(),
      "docs/intro.md": "# Intro\n\nText.\n",
      "src/pages/start.js":
        'import { Redirect } from "@docusaurus/router";\n\n' +
        'export default function Start() {\n  return <Redirect to="/docs/intro" />;\n}\n',
    });
    const html = await readFile(join(s.out, "dist", "start", "index.html"), "utf8");
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/docs/intro"/>');
    expect(html).toContain('<a href="/docs/intro">');
  });
});

describe("a package a component imports that the project keeps in devDependencies", () => {
  it("is written as a dependency of the new site; the other devDependencies are not", async () => {
    const src = await project({
      "docusaurus.config.js": config(),
      "package.json": JSON.stringify({
        name: "site",
        dependencies: { "@docusaurus/core": "3.6.3" },
        devDependencies: { "left-pad": "^1.3.0", "is-number": "^7.0.0", "@types/react": "^18.0.0" },
      }),
      "docs/intro.md": "# Intro\n",
      "docs/pad.mdx": 'import Pad from "@site/src/components/Pad";\n\n# Pad\n\n<Pad />\n',
      "src/components/Pad/index.js":
        'import leftPad from "left-pad";\nimport "./styles.css";\n\nexport default function Pad() {\n  return leftPad("x", 3);\n}\n',
      "src/components/Pad/styles.css": ".pad {}\n",
    });
    const out = join(work, `out-${n++}`);
    const report = await importDocusaurus(src, out);
    const pkg = JSON.parse(await readFile(join(out, "package.json"), "utf8"));
    expect(pkg.dependencies["left-pad"]).toBe("^1.3.0");
    expect(pkg.dependencies["is-number"]).toBeUndefined();
    expect(pkg.devDependencies).toBeUndefined();
    expect(report.dependencies.left).toContain(
      "2 devDependencies (build tooling; nothing the new site compiles imports them)",
    );
  });
});
