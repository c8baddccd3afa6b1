// The kept bundles of a site's React pages (store `site-pages`, cli/pages/site-pages.ts), of its islands (store
// `islands`, cli/islands/) and of its customCss (store `brand`, cli/brand/brand-css.ts): a build with nothing changed
// uses the kept bundles; an edit of any site file a bundle read (the page, a component it imports, an island, a CSS
// module, a Sass partial `@use`d by a component's stylesheet or by customCss) gives exactly the bytes a build without
// the cache gives.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cp, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus } from "../../cli/import/index.ts";
import { SITE_PAGES_STORE } from "../../cli/pages/site-pages.ts";
import { ISLANDS_STORE } from "../../cli/islands/bundle.ts";
import { BRAND_STORE } from "../../cli/brand/brand-css.ts";
import { buildSite } from "../support/site.ts";
import { expectSameTrees, tree } from "../support/rich-site.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-sass");

describe("kept React page bundles", () => {
  let work: string;
  let site: string;
  const entries = async (store: string) => {
    const dir = join(site, ".docsite", "cache", store);
    return Promise.all((await readdir(dir)).map(async (f) => ({ f, mtime: (await stat(join(dir, f))).mtimeMs })));
  };
  /** Edits a file, builds with the cache and without it: the two outputs must be byte-identical. */
  async function editAndCompare(file: string, edit: (text: string) => string, shows: string): Promise<void> {
    const path = join(site, file);
    const text = await readFile(path, "utf8");
    const changed = edit(text);
    expect(changed).not.toBe(text);
    await writeFile(path, changed);
    await buildSite(site, { outDir: join(site, "dist") });
    await buildSite(site, { outDir: join(site, "dist-cold"), cache: false });
    await expectSameTrees(join(site, "dist"), join(site, "dist-cold"));
    const all = [...(await tree(join(site, "dist"))).values()].map((b) => b.toString("latin1")).join("\n");
    expect(all).toContain(shows);
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "docsite-site-pages-"));
    site = join(work, "site");
    await importDocusaurus(fixture, site);
    await cp(join(fixture, "node_modules"), join(site, "node_modules"), { recursive: true });
    // A page importing a component (Sass module, partial), a CSS module and a helper of its own.
    await writeFile(
      join(site, "src/pages/index.jsx"),
      [
        'import Card from "@site/src/components/Card";',
        'import styles from "./index.module.css";',
        'import { x } from "./_helper.js";',
        'import Counter from "@site/src/components/Counter";',
        "export default function Home() {",
        '  return <main className={styles.hero}><Card title="home card">page text {x}</Card><Counter /></main>;',
        "}",
        "",
      ].join("\n"),
    );
    // An island (it has state), with a CSS module of its own.
    await writeFile(
      join(site, "src/components/Counter.jsx"),
      [
        'import { useState } from "react";',
        'import styles from "./counter.module.css";',
        "export default function Counter() {",
        "  const [n, setN] = useState(0);",
        '  return <button className={styles.count} onClick={() => setN(n + 1)}>{"counted " + n}</button>;',
        "}",
        "",
      ].join("\n"),
    );
    await writeFile(join(site, "src/components/counter.module.css"), ".count { color: rgb(4, 5, 6); }\n");
    await writeFile(join(site, "src/pages/index.module.css"), ".hero { color: rgb(1, 2, 3); }\n");
    await buildSite(site, { outDir: join(site, "dist") });
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it("uses the kept bundles when nothing changed", async () => {
    const stores = [SITE_PAGES_STORE, ISLANDS_STORE, BRAND_STORE];
    const before = await Promise.all(stores.map(entries));
    // One page; the islands' runtime and one island; one customCss file.
    expect(before.map((e) => e.length)).toEqual([1, 2, 1]);
    await buildSite(site, { outDir: join(site, "dist") });
    expect(await Promise.all(stores.map(entries))).toEqual(before);
  });

  it("bundles the page again when the page changes", () =>
    editAndCompare("src/pages/index.jsx", (t) => t.replace("page text", "edited page text"), "edited page text"));

  it("… when a helper module it imports changes", () =>
    editAndCompare("src/pages/_helper.js", (t) => t.replace("x = 1", "x = 4242"), "4242"));

  it("… when its CSS module changes", () =>
    editAndCompare("src/pages/index.module.css", (t) => t.replace("rgb(1, 2, 3)", "rgb(7, 8, 9)"), "rgb(7, 8, 9)"));

  it("… when a component it imports changes", () =>
    editAndCompare(
      "src/components/Card/index.tsx",
      (t) => t.replace("<p>", '<p data-edited="yes">'),
      'data-edited="yes"',
    ));

  it("… when an island it imports changes", () =>
    editAndCompare("src/components/Counter.jsx", (t) => t.replace('"counted "', '"tallied "'), "tallied "));

  it("… when the island's CSS module changes", () =>
    editAndCompare(
      "src/components/counter.module.css",
      (t) => t.replace("rgb(4, 5, 6)", "rgb(6, 5, 4)"),
      "rgb(6, 5, 4)",
    ));

  it("… when customCss changes", () =>
    editAndCompare("src/css/custom.scss", (t) => `${t}\n.brand-edit { margin: 3px; }\n`, "brand-edit"));

  it("… when a Sass partial a component's stylesheet uses changes", () =>
    editAndCompare("src/css/_tokens.scss", (t) => t.replace(/\$space:[^;]+;/, "$space: 13px;"), "26px"));

  it("… when a new file beside an import changes what it resolves to", async () => {
    // The page imports `@site/src/components/Counter` without an extension, found as Counter.jsx; a Counter.tsx
    // added beside it is found first (esbuild tries .tsx before .jsx). No file the kept bundle read has changed.
    await writeFile(
      join(site, "src/components/Counter.tsx"),
      "export default function Counter() { return <span>resolved anew</span>; }\n",
    );
    await buildSite(site, { outDir: join(site, "dist") });
    await buildSite(site, { outDir: join(site, "dist-cold"), cache: false });
    await expectSameTrees(join(site, "dist"), join(site, "dist-cold"));
    const all = [...(await tree(join(site, "dist"))).values()].map((b) => b.toString("latin1")).join("\n");
    expect(all).toContain("resolved anew");
  });

  it("… when a Sass partial customCss uses changes", () =>
    editAndCompare("src/css/_tokens.scss", (t) => t.replace("#123456", "#654321"), "--site-ink: #654321"));
});
