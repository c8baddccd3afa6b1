// The site's PostCSS with the site's own packages, after `docsite import`: Tailwind 4 through a Docusaurus plugin's
// configurePostCss (tests/fixtures/docusaurus-tailwind4) and Tailwind 3 through the project's postcss.config.js and
// tailwind.config.js (tests/fixtures/docusaurus-tailwind3). The packages are this repository's devDependencies, linked
// into the imported site's node_modules as npm install would put them there (v3 is installed as `tailwindcss3`).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";
import { withoutModuleHash } from "../support/css-module-names.ts";

const here = dirname(fileURLToPath(import.meta.url));
const repoModules = join(here, "..", "..", "node_modules");
const fixture = (v: 3 | 4) => join(here, "..", "fixtures", `docusaurus-tailwind${v}`);
/** Package name in the site → package installed in this repository. */
const PACKAGES: Record<3 | 4, Record<string, string>> = {
  3: { postcss: "postcss", tailwindcss: "tailwindcss3" },
  4: { postcss: "postcss", tailwindcss: "tailwindcss", "@tailwindcss/postcss": "@tailwindcss/postcss" },
};

let work: string;
let n = 0;

async function importFixture(v: 3 | 4): Promise<string> {
  const out = join(work, `site-${v}-${n++}`);
  await importDocusaurus(fixture(v), out);
  for (const [name, installed] of Object.entries(PACKAGES[v])) {
    await mkdir(dirname(join(out, "node_modules", name)), { recursive: true });
    await symlink(join(repoModules, installed), join(out, "node_modules", name), "dir");
  }
  return out;
}

async function brandCss(dist: string): Promise<string> {
  const file = (await readdir(join(dist, "assets"))).find((f) => /^brand-[0-9a-f]+\.css$/.test(f));
  expect(file).toBeTruthy();
  return readFile(join(dist, "assets", file as string), "utf8");
}

async function componentCss(dist: string): Promise<string> {
  const file = (await readdir(join(dist, "assets"))).find((f) => /^components-[0-9a-f]+\.css$/.test(f));
  expect(file).toBeTruthy();
  return readFile(join(dist, "assets", file as string), "utf8");
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-tailwind-"));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe.each([4, 3] as const)("Tailwind %i", (v) => {
  it("the import carries the PostCSS setup and its packages (devDependencies included)", async () => {
    const out = await importFixture(v);
    const config = JSON.parse(await readFile(join(out, "site.config.json"), "utf8"));
    const pkg = JSON.parse(await readFile(join(out, "package.json"), "utf8"));
    const deps = { ...pkg.dependencies, ...pkg.devDependencies };
    expect(deps.postcss).toBe("8.4.38");
    expect(deps.tailwindcss).toBe(v === 4 ? "4.1.13" : "3.4.19");
    // A formatter's plugin is no part of the CSS toolchain.
    expect(deps["prettier-plugin-tailwindcss"]).toBeUndefined();
    if (v === 4) {
      expect(config.docusaurus.postcss).toEqual({ plugins: ["@tailwindcss/postcss"] });
      expect(deps["@tailwindcss/postcss"]).toBe("4.1.13");
    } else {
      // The project's own PostCSS and Tailwind configs, copied: the build reads them from the site folder.
      expect(config.docusaurus.postcss).toBeUndefined();
      expect(await readFile(join(out, "postcss.config.js"), "utf8")).toContain("tailwindcss");
      expect(await readFile(join(out, "tailwind.config.js"), "utf8")).toContain("content");
    }
  });

  it("generates the classes the site's pages, components and MDX use, and runs @apply in CSS modules", async () => {
    const out = await importFixture(v);
    // What docsite writes in the site folder (a previous output, a build's staging folder, the cache) is not scanned.
    for (const dir of ["dist", "dist.tmp-1-2", ".docsite"]) {
      await mkdir(join(out, dir), { recursive: true });
      await writeFile(join(out, dir, "page.html"), '<p class="skew-y-12">old</p>\n');
    }
    await writeFile(join(out, "dist", ".docsite-output"), "");
    await buildSite(out, { outDir: join(out, "dist") });
    const brand = await brandCss(join(out, "dist"));
    // Only the MDX page uses `tracking-widest`: the moved docs folder is scanned too.
    expect(brand).toMatch(/\.tracking-widest\s*\{[^}]*letter-spacing/);
    // The component's and the React page's classes, the site's theme colour, `@apply` in the site's stylesheet.
    expect(brand).toMatch(/\.rounded-xl\s*\{/);
    expect(brand).toMatch(/\.mx-auto\s*\{/);
    expect(brand).toMatch(/\.bg-brand\s*\{/);
    expect(brand).toMatch(/\.hero-title\s*\{[^}]*font-weight/);
    // What no file uses is not generated; nothing of Tailwind's syntax is left for the browser.
    expect(brand).not.toMatch(/\.skew-y-12\b/);
    expect(brand).not.toMatch(/@apply|@tailwind\b|@theme\b/);
    if (v === 4) expect(brand).toMatch(/\.skew-x-3\s*\{/); // `@source inline(…)`
    // `@apply` in the component's CSS module, as Docusaurus' postcss-loader runs it.
    const components = withoutModuleHash(await componentCss(join(out, "dist")));
    expect(components).toMatch(/\.styles_box\s*\{[^}]*font-weight:[^;]*700/);
    expect(components).not.toContain("@apply");
  });

  it("a class first used in an MDX page after a build is in the warm build, as in a --no-cache build", async () => {
    const out = await importFixture(v);
    // Twice: the first build adds dist/ and .docsite/ beside the configs (a folder the entries record).
    await buildSite(out, { outDir: join(out, "dist") });
    await buildSite(out, { outDir: join(out, "dist") });
    expect(await brandCss(join(out, "dist"))).not.toMatch(/\.underline\s*\{/);
    const page = join(out, "content", "en", "docs", "current", "intro.mdx");
    await writeFile(page, `${await readFile(page, "utf8")}\n<p className="underline">New class.</p>\n`);
    await buildSite(out, { outDir: join(out, "dist") });
    const warm = await brandCss(join(out, "dist"));
    expect(warm).toMatch(/\.underline\s*\{/);
    await buildSite(out, { outDir: join(out, "cold"), cache: false });
    expect(warm).toBe(await brandCss(join(out, "cold")));
  });
});

describe("a PostCSS error", () => {
  it("names the stylesheet and what PostCSS could not do", async () => {
    const out = await importFixture(4);
    const mod = join(out, "src", "components", "Box", "styles.module.css");
    await writeFile(mod, `${await readFile(mod, "utf8")}\n.bad {\n  @apply no-such-utility;\n}\n`);
    const err = await buildSite(out, { outDir: join(out, "dist") }).then(
      () => null,
      (e: Error) => e,
    );
    // The line that names it (Tailwind gives none).
    const line = (await readFile(mod, "utf8")).split("\n").findIndex((l) => l.includes("no-such-utility")) + 1;
    expect(err?.message).toContain(`src/components/Box/styles.module.css:${line}`);
    expect(err?.message).toContain("Cannot apply unknown utility class `no-such-utility`");
  });
});
