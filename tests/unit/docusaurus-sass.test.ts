// Sass in project components and the project's npm dependencies, after `docsite import`
// (tests/fixtures/docusaurus-sass: a `.module.scss` with `@use` of a partial, a `.scss` with `@use`/`@import` from a
// package, a `.sass` file, and hand-written packages under its node_modules standing for `npm install`).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cp, mkdtemp, readFile, rm, writeFile, readdir } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { formatReport, importDocusaurus, type ImportReport } from "../../cli/import/index.ts";
import { docsiteSpec, PACKAGE_NAME, SITE_SCRIPTS } from "../../cli/init/site-package.ts";
import { neededDependencies } from "../../cli/import/dependencies.ts";
import { buildSite } from "../support/site.ts";
import { dev, startDev } from "../../cli/server/dev.ts";
import { openDevEvents } from "../support/dev-events.ts";
import { withoutModuleHash } from "../support/css-module-names.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-sass");
const docsiteReact: Record<string, string> = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "package.json"), "utf8"),
).dependencies;
let work: string;
let n = 0;

/** Imports the fixture into a new folder; `install` copies the fixture's node_modules there (as npm install would). */
async function importFixture(install = true): Promise<{ out: string; report: ImportReport }> {
  const out = join(work, `site-${n++}`);
  const report = await importDocusaurus(fixture, out);
  if (install) await cp(join(fixture, "node_modules"), join(out, "node_modules"), { recursive: true });
  return { out, report };
}

type PageError = Error & { where?: { file?: string; line?: number } };
const buildError = (out: string) =>
  buildSite(out, { outDir: join(out, "dist") }).then(
    () => null,
    (e: PageError) => e,
  );

async function componentCss(out: string): Promise<string> {
  const file = (await readdir(join(out, "dist", "assets"))).find((f) => /^components-[0-9a-f]+\.css$/.test(f));
  expect(file).toBeTruthy();
  return readFile(join(out, "dist", "assets", file!), "utf8");
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-sass-"));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("Sass in project components", () => {
  it("compiles .module.scss (class names as a .module.css gets), .scss and .sass with @use/@import", async () => {
    const { out } = await importFixture();
    expect(await buildError(out)).toBeNull();
    const page = withoutModuleHash(await readFile(join(out, "dist", "docs", "styled", "index.html"), "utf8"));
    // `styles.module.scss` → `styles_card`, the name esbuild gives `styles.module.css`; the package renders too.
    expect(page).toContain('<section class="styles_card card-global"><h3 class="styles_title">SASS CARD!</h3>');
    // The same module imported through `@site/...` from another component gets the same names.
    expect(page).toContain('<div class="styles_card">Panel</div>');
    const css = withoutModuleHash(await componentCss(out));
    // Nesting flattened, variables from a relative partial (`@use "../../css/tokens"`) and arithmetic resolved.
    expect(css).toMatch(/\.styles_card \.styles_title \{\s*color: #123456;/);
    expect(css).toMatch(/\.styles_card \{\s*padding: 8px;/);
    // From node_modules: `@use "tiny-tokens/colors"` and webpack's `@import "~tiny-tokens/radius"`.
    expect(css).toMatch(/\.card-global \{\s*border-color: #abcdef;\s*border-radius: 7px;/);
    // Indented syntax.
    expect(css).toMatch(/\.card-note \{\s*color: #123456;\s*font-style: italic;/);
    expect(css).not.toContain("$ink");
    // The stylesheet does not depend on where the site is (no absolute paths in it).
    expect(css).not.toContain(work);
  });

  it("a Sass syntax error names the stylesheet and its line, and the page and line of the import", async () => {
    const { out } = await importFixture();
    await writeFile(join(out, "src/css/_tokens.scss"), "$ink: #123456;\n$space: 4px\n.x { color: red; }\n");
    const err = await buildError(out);
    expect(err?.message).toContain("import of src/components/Card/index.tsx: the component cannot be bundled: Sass:");
    expect(err?.message).toContain("(src/css/_tokens.scss:3)");
    expect(err?.where).toMatchObject({ file: "content/en/docs/current/styled.mdx", line: 3 });
  });

  it("an @use of a stylesheet that does not exist names the file and line that wrote it", async () => {
    const { out } = await importFixture();
    const mod = join(out, "src/components/Card/styles.module.scss");
    await writeFile(mod, `// tokens\n@use "missing-partial";\n${await readFile(mod, "utf8")}`);
    const err = await buildError(out);
    expect(err?.message).toContain("Sass: Can't find stylesheet to import. (src/components/Card/styles.module.scss:2)");
  });

  it("a change to a partial that a stylesheet @uses rebuilds the page with the new values", async () => {
    const { out } = await importFixture();
    expect(await buildError(out)).toBeNull();
    expect(await componentCss(out)).toContain("#123456");
    await writeFile(join(out, "src/css/_tokens.scss"), "$ink: #654321;\n$space: 5px;\n");
    expect(await buildError(out)).toBeNull();
    const css = withoutModuleHash(await componentCss(out));
    expect(css).toContain("#654321");
    expect(css).toContain("padding: 10px");
    expect(css).not.toContain("#123456");
  });
});

describe("Sass in dev", () => {
  it("dev links and serves the compiled Sass of the components a page imports", async () => {
    const { out } = await importFixture();
    const srv = await dev({ root: out, port: 0, quiet: true });
    try {
      const origin = `http://127.0.0.1:${(srv.address() as { port: number }).port}`;
      const get = async (p: string) => withoutModuleHash(await (await fetch(`${origin}${p}`)).text());
      const page = await get("/docs/styled/");
      expect(page).toContain('<section class="styles_card card-global">');
      expect(page).toContain('<link rel="stylesheet" href="/assets/dev-components.css">');
      const css = await get("/assets/dev-components.css");
      expect(css).toMatch(/\.styles_card \{\s*padding: 8px;\s*border: 1px solid #123456;/);
      expect(css).toMatch(/\.card-note \{\s*color: #123456;/);
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
    }
  });

  it("watches src/: an edited component or stylesheet shows after the reload it sends", async () => {
    const { out } = await importFixture();
    const running = await startDev({ root: out, port: 0, quiet: true });
    await running.watching;
    const origin = `http://127.0.0.1:${(running.server.address() as { port: number }).port}`;
    const get = async (p: string) => withoutModuleHash(await (await fetch(`${origin}${p}`)).text());
    const events = await openDevEvents(origin);
    /** Resolves when the server sends a reload (the browser then asks for the page again). */
    const reload = () => events.next((e) => e.type === "reload");
    try {
      expect(await get("/docs/styled/")).toContain('<div class="styles_card">Panel</div>');
      const panel = join(out, "src", "components", "Panel.jsx");
      await writeFile(panel, (await readFile(panel, "utf8")).replace(">Panel<", ">Panel, edited<"));
      await reload();
      expect(await get("/docs/styled/")).toContain('<div class="styles_card">Panel, edited</div>');
      const tokens = join(out, "src", "css", "_tokens.scss");
      await writeFile(tokens, (await readFile(tokens, "utf8")).replace("#123456", "#654321"));
      await reload();
      await get("/docs/styled/");
      expect(await get("/assets/dev-components.css")).toMatch(
        /\.styles_card \{\s*padding: 8px;\s*border: 1px solid #654321;/,
      );
    } finally {
      await events.close();
      await new Promise<void>((r) => running.server.close(() => r()));
    }
  });
});

describe("the project's npm dependencies", () => {
  it("import writes the project's own dependencies into package.json and says so", async () => {
    const { out, report } = await importFixture(false);
    const pkg = JSON.parse(await readFile(join(out, "package.json"), "utf8"));
    // With docsite itself and its scripts (cli/init/site-package.ts), so the new site stands on its own.
    expect(pkg).toEqual({
      name: "sass-site-docsite",
      private: true,
      scripts: SITE_SCRIPTS,
      // What the components and their stylesheets import (`~tiny-tokens/radius`); not clsx, which nothing imports.
      dependencies: { [PACKAGE_NAME]: docsiteSpec(out), "tiny-shout": "^1.0.0", "tiny-tokens": "1.0.0" },
      // docsite's React for every package that asks for one (cli/import/dependencies.ts).
      overrides: { react: docsiteReact.react, "react-dom": docsiteReact["react-dom"] },
    });
    expect(report.dependencies).toMatchObject({ file: "created", kept: [] });
    const text = formatReport(report, out);
    expect(text).toContain("package.json created: 2 dependencies");
    expect(text).toContain(`Next: cd ${out} && npm install, then docsite build --root ${out}`);
    // prism-react-renderer too: the config's Prism themes are carried as JSON (docusaurus.prism), and no carried file imports it.
    expect(text).toContain(
      "no carried file imports (components docsite does not use, tooling): clsx, prism-react-renderer, our-local-kit",
    );
    expect(text).toContain("docusaurus-plugin-sass: docsite compiles the .scss/.sass files");
    // The custom stylesheet and the pages are carried over now (docs/migration.md, "Pages, brand and islands").
    expect(text).toContain("custom CSS: src/css/custom.scss");
    expect(text).toContain("pages: src/pages (React and Markdown pages at their URLs)");
    expect(await readFile(join(out, ".gitignore"), "utf8")).toContain("node_modules/");
    // Without the packages installed, the build names the one a component misses.
    const err = await buildError(out);
    expect(err?.message).toContain('package "tiny-shout" is not installed');
  });

  it("merges into an existing package.json with --force, keeping its versions and fields", async () => {
    const out = join(work, "merge");
    await importDocusaurus(fixture, out);
    await writeFile(
      join(out, "package.json"),
      JSON.stringify({
        name: "mine",
        scripts: { build: "docsite build" },
        dependencies: { "tiny-shout": "0.9.0", a: "1" },
      }),
    );
    const report = await importDocusaurus(fixture, out, { force: true });
    expect(report.dependencies.file).toBe("merged");
    expect(report.dependencies.kept).toEqual(["tiny-shout"]);
    expect(JSON.parse(await readFile(join(out, "package.json"), "utf8"))).toEqual({
      name: "mine",
      scripts: { ...SITE_SCRIPTS, build: "docsite build" },
      dependencies: {
        a: "1",
        [PACKAGE_NAME]: docsiteSpec(out),
        "tiny-shout": "0.9.0",
        "tiny-tokens": "1.0.0",
      },
      overrides: { react: docsiteReact.react, "react-dom": docsiteReact["react-dom"] },
    });
    expect(formatReport(report, out)).toContain("merged into the existing one: 1 dependencies");
  });

  it("an unreadable package.json in the output folder is an error naming it", async () => {
    const out = join(work, "bad-pkg");
    await importDocusaurus(fixture, out);
    await writeFile(join(out, "package.json"), "{ nope");
    const err = await importDocusaurus(fixture, out, { force: true }).then(
      () => null,
      (e: PageError) => e,
    );
    expect(err?.message).toContain("package.json cannot be read");
    expect(err?.where?.file).toBe(join(out, "package.json"));
  });

  it("writes what the files import, less Docusaurus', React's and tooling packages, local versions named", () => {
    const imports = (names: string[]) => new Map(names.map((n) => [n, "/site/src/pages/index.tsx"]));
    const r = neededDependencies(
      "/nowhere",
      {
        dependencies: {
          "@docusaurus/core": "3",
          "@easyops-cn/docusaurus-search-local": "1",
          react: "19",
          "react-dom": "19",
          "@mdx-js/react": "3",
          "@gravity-ui/icons": "2.16.0",
          "react-tweet": "3.3.1",
          kit: "workspace:*",
          theme: "catalog:",
          "unused-lib": "1",
        },
        devDependencies: { sass: "1", eslint: "9", "react-spring": "9.7.3", vitest: "3" },
      },
      imports(["@gravity-ui/icons", "react-tweet", "react", "react-dom", "kit", "theme", "react-spring", "undeclared"]),
      {},
    );
    // A devDependency a component imports is needed; the test runner nothing imports is not.
    expect(r.deps).toEqual({ "@gravity-ui/icons": "2.16.0", "react-tweet": "3.3.1", "react-spring": "9.7.3" });
    const left = r.left.join("\n");
    expect(left).toContain("kit@workspace:*, theme@catalog:");
    expect(left).toContain("no carried file imports (components docsite does not use, tooling): unused-lib");
    expect(left).toContain("undeclared (/site/src/pages/index.tsx)");
    expect(left).not.toContain("vitest");
  });
});
