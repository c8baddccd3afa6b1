// CSS modules keep their classes apart across the bundles docsite joins (cli/mdx/css-modules.ts). docsite bundles
// each page's components apart and joins their stylesheets; esbuild names a module's classes after its file name,
// unique within one bundle only, so two `styles.module.css` with a `.container` each (react-native-website's Hero and
// BoxLink) were one class and the Hero took BoxLink's padding and border. A small Docusaurus project written here,
// imported and built: two components in two folders, each with its own `.container`, on two pages (two bundles),
// one of them a Sass module, and an island whose browser code must give the server's names.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { importDocusaurus } from "../../cli/import/index.ts";
import { cssModuleAlias } from "../../cli/mdx/css-modules.ts";
import { buildSite } from "../support/site.ts";

const files: Record<string, string> = {
  "docusaurus.config.js":
    'module.exports = { title: "Mods", url: "https://t.example", baseUrl: "/", presets: [["classic", {}]] };\n',
  "src/components/Hero/styles.module.css": ".container { padding: 1px; }\n",
  "src/components/Hero/index.js":
    'import styles from "./styles.module.css";\nexport default function Hero() { return <div className={styles.container}>Hero</div>; }\n',
  "src/theme/BoxLink/styles.module.css": ".container { padding: 24px; border: 2px solid red; }\n",
  "src/theme/BoxLink/index.js": [
    'import { useState } from "react";',
    'import styles from "./styles.module.css";',
    "export default function BoxLink() {",
    "  const [n, setN] = useState(0);",
    "  return <button className={styles.container} onClick={() => setN(n + 1)}>Box {n}</button>;",
    "}",
    "",
  ].join("\n"),
  "src/components/Card/styles.module.scss": "$pad: 3px;\n.container { padding: $pad; }\n",
  "src/components/Card/index.js":
    'import styles from "./styles.module.scss";\nexport default function Card() { return <p className={styles.container}>Card</p>; }\n',
  "docs/one.mdx": '# One\n\nimport Hero from "@site/src/components/Hero";\n\n<Hero />\n',
  "docs/two.mdx": '# Two\n\nimport BoxLink from "@site/src/theme/BoxLink";\n\n<BoxLink />\n',
  "docs/three.mdx": '# Three\n\nimport Card from "@site/src/components/Card";\n\n<Card />\n',
};

let work: string;
let out: string;
const page = (p: string) => readFile(join(out, "dist", "docs", p, "index.html"), "utf8");
const classOf = (html: string, text: string) => new RegExp(`<[a-z]+ class="([^"]+)"[^>]*>${text}`).exec(html)?.[1];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-css-modules-"));
  const src = join(work, "src");
  for (const [f, text] of Object.entries(files)) {
    await mkdir(dirname(join(src, f)), { recursive: true });
    await writeFile(join(src, f), text);
  }
  out = join(work, "site");
  await importDocusaurus(src, out);
  await buildSite(out, { outDir: join(out, "dist") });
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("CSS modules' class names", () => {
  it("differ between modules of the same file name in different folders, in separate bundles", async () => {
    const hero = classOf(await page("one"), "Hero");
    const box = classOf(await page("two"), "Box");
    const card = classOf(await page("three"), "Card");
    expect(hero).toMatch(/^styles_[0-9a-z]{6}_container$/);
    expect(box).toMatch(/^styles_[0-9a-z]{6}_container$/);
    expect(card).toMatch(/^styles_[0-9a-z]{6}_container$/);
    expect(new Set([hero, box, card]).size).toBe(3);
    // Each is its folder's: the name is made from the module's site-relative path.
    expect(`${hero}`).toBe(
      `${cssModuleAlias(out, join(out, "src/components/Hero/styles.module.css")).split("/").pop()?.replace(".module.css", "")}_container`,
    );
  });

  it("each class carries only its own module's rules in the joined stylesheet", async () => {
    const assets = join(out, "dist", "assets");
    const sheets = (await readdir(assets)).filter((f) => /^components-.*\.css$/.test(f));
    const css = (await Promise.all(sheets.map((f) => readFile(join(assets, f), "utf8")))).join("\n");
    const rulesOf = (cls: string | undefined) =>
      [...css.matchAll(new RegExp(`\\.${cls}\\s*\\{([^}]*)\\}`, "g"))].map((m) => m[1].replace(/\s+/g, " ").trim());
    expect(rulesOf(classOf(await page("one"), "Hero"))).toEqual(["padding: 1px;"]);
    expect(rulesOf(classOf(await page("two"), "Box"))).toEqual(["padding: 24px; border: 2px solid red;"]);
    expect(rulesOf(classOf(await page("three"), "Card"))).toEqual(["padding: 3px;"]);
  });

  it("an island's browser code gives the class its server HTML has", async () => {
    const html = await page("two");
    const box = classOf(html, "Box");
    expect(html).toContain("data-island");
    const assets = join(out, "dist", "assets");
    const chunks = (await readdir(assets)).filter((f) => /^island-.*\.js$/.test(f));
    expect(chunks.length).toBeGreaterThan(0);
    const code = (await Promise.all(chunks.map((c) => readFile(join(assets, c), "utf8")))).join("\n");
    expect(code).toContain(box);
  });
});
