// A migrated site's files as Docusaurus publishes them, under a base URL (issue 43; react-swipeable's case): site
// paths in its custom CSS and CSS modules (`url(/img/hero.png)`, a font) become files the stylesheet links under the
// base URL; an image a component imports is a hashed file under assets/ (a small one a data: URL, as url-loader
// inlines up to 10,000 bytes), at the same URL in the server's HTML and the island's browser chunk; emoji
// shortcodes become emoji in text and headings (the id keeps the words), not in code. A small Docusaurus project
// written here, imported and built; a warm build writes what a `--no-cache` one writes.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix, relative } from "node:path";
import { importDocusaurus } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";

const BASE = "/open-source/swipe/";

/** Bytes that are not all alike (a PNG's signature first), `n` of them: a stand-in for a picture or a font. */
function fileOf(n: number, seed: number): Buffer {
  const b = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    b[i] = x >> 16;
  }
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
}

const files: Record<string, string | Buffer> = {
  "docusaurus.config.js":
    'module.exports = { title: "Swipe", url: "https://t.example", baseUrl: "/open-source/swipe", presets: [["classic", ' +
    '{ theme: { customCss: "./src/css/custom.css" } }]] };\n',
  "static/img/hero.png": fileOf(30_000, 1),
  "static/img/photo.png": fileOf(20_000, 2),
  "static/font/Bold.woff2": fileOf(15_000, 3),
  "src/components/tiny.png": fileOf(600, 4),
  "src/css/custom.css": [
    ".hero {",
    '  background-image: url("/img/hero.png");',
    "}",
    "@font-face {",
    "  font-family: Bold;",
    "  src: url(/font/Bold.woff2) format('woff2');",
    "}",
    ".gone {",
    "  background-image: url(/img/missing.png);",
    "}",
    ".far { background-image: url(https://cdn.example/x.png); }",
    '.inline { background-image: url("data:image/gif;base64,R0lGODlhAQABAAAAACw="); }',
    "",
  ].join("\n"),
  "src/components/Gallery/leaf.svg":
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M5 21c0-9 6-15 15-16"/></svg>\n',
  "src/components/Gallery/styles.module.css": ".band { background-image: url(/img/hero.png); }\n",
  "src/components/Gallery/index.js": [
    'import { useState } from "react";',
    'import photo from "@site/static/img/photo.png";',
    'import styles from "./styles.module.css";',
    'import Leaf from "./leaf.svg";',
    "",
    "// As Docusaurus sites write it: url-loader's module has the URL as its default export.",
    'const tiny = require("../tiny.png").default;',
    "",
    "export default function Gallery() {",
    "  const [n, setN] = useState(0);",
    "  return (",
    "    <div className={styles.band}>",
    '      <img src={photo} alt="A photo" />',
    '      <img src={tiny} alt="A dot" />',
    '      <Leaf className="leaf" width="24" height="24" />',
    "      <button onClick={() => setN(n + 1)}>Next {n}</button>",
    "    </div>",
    "  );",
    "}",
    "",
  ].join("\n"),
  "src/pages/index.js": [
    'import Layout from "@theme/Layout";',
    "",
    "export default function Home() {",
    '  const photo = require("@site/static/img/photo.png").default;',
    '  return <Layout title="Home"><img src={photo} alt="Home photo" /></Layout>;',
    "}",
    "",
  ].join("\n"),
  "docs/intro.mdx": [
    "# Intro",
    "",
    'import Gallery from "@site/src/components/Gallery";',
    "",
    "## :construction: Major Changes :construction:",
    "",
    "Ship it :rocket: now, and keep `:tada:` in code.",
    "",
    "```js",
    'const s = ":rocket:";',
    "```",
    "",
    "<Gallery />",
    "",
  ].join("\n"),
};

let work: string;
let out: string;
let warnings: string[];
const dist = () => join(out, "dist");
const read = (p: string) => readFile(join(dist(), p), "utf8");

/** Every file under `dir`, by its path from there (the build's own stamp aside). */
async function tree(dir: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile() && e.name !== ".docsite-output") {
      const abs = join(e.parentPath, e.name);
      found.set(relative(dir, abs).split("\\").join("/"), await readFile(abs));
    }
  return found;
}

/** The output file a site URL names (under the base URL), or undefined when it is not under it. */
const outputOf = (url: string) => (url.startsWith(BASE) ? join(dist(), url.slice(BASE.length)) : undefined);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-assets-"));
  const src = join(work, "src");
  for (const [f, text] of Object.entries(files)) {
    await mkdir(dirname(join(src, f)), { recursive: true });
    await writeFile(join(src, f), text);
  }
  out = join(work, "site");
  await importDocusaurus(src, out);
  ({ warnings } = await buildSite(out, { outDir: dist() }));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("site paths in the custom CSS, under a base URL", () => {
  it("link hashed copies of the static files beside the stylesheet; other URLs stay as written", async () => {
    const brand = (await readdir(join(dist(), "assets"))).find((f) => /^brand-.*\.css$/.test(f));
    expect(brand).toBeDefined();
    const css = await read(`assets/${brand}`);
    expect(css).not.toMatch(/url\("?\/(img\/hero|font\/Bold)/);
    const urls = [...css.matchAll(/url\(\s*"?([^")]+)"?\s*\)/g)].map((m) => m[1]);
    const local = (name: string) => urls.find((u) => u.includes(name) && !u.startsWith("data:"));
    for (const [name, source] of [
      ["hero", "static/img/hero.png"],
      ["Bold", "static/font/Bold.woff2"],
    ]) {
      const url = local(name);
      expect(url, name).toBeDefined();
      // Relative to the stylesheet (assets/), so it holds under any base URL.
      const file = join(dist(), "assets", url!);
      expect(existsSync(file), file).toBe(true);
      expect(Buffer.compare(await readFile(file), await readFile(join(out, source)))).toBe(0);
    }
    expect(urls).toContain("https://cdn.example/x.png");
    expect(urls).toContain("data:image/gif;base64,R0lGODlhAQABAAAAACw=");
    // A path naming no file stays as written, with a warning at the stylesheet's line (Docusaurus fails there).
    expect(urls).toContain("/img/missing.png");
    expect(warnings.join("\n")).toMatch(/src\/css\/custom\.css:9: url\(\/img\/missing\.png\) names no file/);
  });

  it("in a component's CSS module: the static file under the base URL", async () => {
    const sheet = (await readdir(join(dist(), "assets"))).find((f) => /^components-.*\.css$/.test(f));
    const css = await read(`assets/${sheet}`);
    const url = /_band[^{]*\{[^}]*url\("?([^")]+)"?\)/.exec(css)?.[1];
    expect(url).toMatch(new RegExp(`^${BASE}assets/files/hero-\\w+\\.png$`));
    expect(existsSync(outputOf(url!)!)).toBe(true);
  });
});

describe("images a component imports", () => {
  it("a large one is a hashed file under assets/, the same URL in the HTML and the island's chunk", async () => {
    const html = await read("docs/intro/index.html");
    expect(html).toContain("data-island");
    const src = /<img src="([^"]+)" alt="A photo"/.exec(html)?.[1];
    expect(src).toMatch(new RegExp(`^${BASE}assets/files/photo-\\w+\\.png$`));
    expect(Buffer.compare(await readFile(outputOf(src!)!), files["static/img/photo.png"] as Buffer)).toBe(0);
    expect(html).not.toMatch(/data:image\/png;base64,iVBORw0KGgo[^"]{20000}/);
    const chunk = (await readdir(join(dist(), "assets"))).find((f) => f.startsWith("island-Gallery."));
    expect(await read(`assets/${chunk}`)).toContain(JSON.stringify(src));
  });

  it("a small one (up to 10,000 bytes) is a data: URL, as Docusaurus' url-loader inlines it", async () => {
    const html = await read("docs/intro/index.html");
    expect(/<img src="([^"]+)" alt="A dot"/.exec(html)?.[1]).toMatch(/^data:image\/png;base64,/);
  });

  it("a React page's require(…).default is the URL too, and the file is published", async () => {
    const html = await read("index.html");
    const src = /<img src="([^"]+)" alt="Home photo"/.exec(html)?.[1];
    expect(src).toMatch(new RegExp(`^${BASE}assets/files/photo-\\w+\\.png$`));
    expect(existsSync(outputOf(src!)!)).toBe(true);
  });
});

describe("emoji shortcodes", () => {
  it("become emoji in headings, the TOC and text, the id keeping the words; code keeps them", async () => {
    const html = await read("docs/intro/index.html");
    const h2 = /<h2[^>]*id="([^"]+)"[^>]*>([\s\S]*?)<\/h2>/.exec(html);
    // Docusaurus' heading plugin runs before remark-emoji: the id is the shortcodes' words.
    expect(h2?.[1]).toBe("construction-major-changes-construction");
    expect(h2?.[2]).toContain("🚧 Major Changes 🚧");
    expect(html).toMatch(/href="#construction-major-changes-construction"[^>]*>🚧 Major Changes 🚧/);
    expect(html).toContain("Ship it 🚀 now");
    expect(html).toContain("<code>:tada:</code>");
    expect(html).toMatch(/:rocket:/);
    expect(html).not.toMatch(/<pre[\s\S]*🚀[\s\S]*<\/pre>/);
  });
});

describe("the incremental build", () => {
  /** A warm build, then a `--no-cache` one beside it: the same files, byte for byte. */
  async function warmEqualsCold(): Promise<Map<string, Buffer>> {
    await buildSite(out, { outDir: dist() });
    await buildSite(out, { outDir: join(out, "cold"), cache: false });
    const warm = await tree(dist());
    const cold = await tree(join(out, "cold"));
    expect([...warm.keys()].sort()).toEqual([...cold.keys()].sort());
    for (const [f, bytes] of warm) expect(Buffer.compare(bytes, cold.get(f)!), f).toBe(0);
    return warm;
  }
  const emitted = (t: Map<string, Buffer>) => [...t.keys()].filter((f) => f.startsWith("assets/files/")).sort();

  it("writes, warm, what a --no-cache build writes, byte for byte", async () => {
    // The big photo and the CSS module's hero (the small image is inline).
    expect(emitted(await warmEqualsCold()).map((f) => posix.basename(f).split("-")[0])).toEqual(["hero", "photo"]);
  });

  it("follows an edited image and a file added where a url() looked", async () => {
    const before = emitted(await tree(dist()));
    await writeFile(join(out, "static/img/photo.png"), fileOf(20_000, 9));
    await writeFile(join(out, "static/img/missing.png"), fileOf(12_000, 10));
    const after = await warmEqualsCold();
    const photo = emitted(after).find((f) => posix.basename(f).startsWith("photo-"));
    expect(photo).toBeDefined();
    expect(before).not.toContain(photo);
    expect(Buffer.compare(after.get(photo!)!, fileOf(20_000, 9))).toBe(0);
    expect(after.get("docs/intro/index.html")?.toString()).toContain(`${BASE}${photo}`);
    const brand = [...after.keys()].find((f) => /^assets\/brand-.*\.css$/.test(f));
    expect(after.get(brand!)?.toString()).not.toContain("/img/missing.png");
  });

  it("follows an edited SVG a component draws (a file esbuild reads through a virtual module)", async () => {
    expect(await read("docs/intro/index.html")).toContain('d="M5 21c0-9 6-15 15-16"');
    await writeFile(
      join(out, "src/components/Gallery/leaf.svg"),
      '<svg viewBox="0 0 24 24"><path d="M6 22h9"/></svg>\n',
    );
    const after = await warmEqualsCold();
    const page = after.get("docs/intro/index.html")?.toString() ?? "";
    expect(page).toContain('d="M6 22h9"');
    expect(page).not.toContain("M5 21c0-9");
  });
});
