// `docsite init`: a new site that builds with no warning and no broken link, in each locale asked for; a folder
// with files is refused unless --force; package.json names the docsite it came from. The installed-package path
// (npm install, npm run build, dev) is tested from the packed tarball in tests/package/.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GITHUB_WORKFLOW, githubPagesAddress, initSite, parseLocales, titleOf } from "../../cli/init/index.ts";
import { parse as parseYaml } from "yaml";
import { addDocsite, docsiteSpec, PACKAGE_NAME, packageName } from "../../cli/init/site-package.ts";
import { checkDist, dedupe } from "../../cli/links/check-dist.ts";
import { buildSite } from "../support/site.ts";
import { serve } from "../../cli/server/serve.ts";
import type { AddressInfo } from "node:net";
import type { Logger } from "../../cli/log.ts";

const repo = join(import.meta.dirname, "..", "..");
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-init-"));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Builds the site, collecting every warning; then checks the links and anchors of what it wrote. */
async function buildAndCheck(root: string) {
  const warnings: string[] = [];
  const logger: Logger = {
    info() {},
    error() {},
    warn: (m) => void warnings.push(m),
    step: () => () => 0,
    progress() {},
  };
  const r = await buildSite(root, { logger });
  const links = await checkDist(join(root, "dist"));
  return { r, warnings, problems: dedupe(links.problems), pages: links.pages };
}

describe("docsite init", () => {
  it("makes an English site that builds with no warning and whose links and anchors all resolve", async () => {
    const dir = join(work, "my-docs");
    const report = await initSite(dir, { today: new Date("2026-03-04T10:00:00Z") });
    expect(report.title).toBe("My docs");
    expect(report.locales).toEqual(["en"]);
    expect(report.files).toEqual([
      ".gitignore",
      "content/en/blog/2026-03-04-welcome.mdx",
      "content/en/docs/current/getting-started.mdx",
      "content/en/docs/current/guides/configuration.mdx",
      "content/en/docs/current/guides/writing-pages.mdx",
      "content/en/docs/current/index.mdx",
      "content/pages/index.tsx",
      "content/sidebars.json",
      "i18n/en.json",
      "package.json",
      "site.config.json",
      "static/img/favicon.svg",
      "static/img/logo.svg",
      "tsconfig.json",
    ]);
    const pkg = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
    expect(pkg.name).toBe("my-docs");
    expect(pkg.scripts).toEqual({
      dev: "docsite dev",
      build: "docsite build",
      serve: "docsite serve",
      "check-links": "docsite check-links",
    });
    // Run from this checkout: the new site depends on it.
    expect(pkg.dependencies).toEqual({ [PACKAGE_NAME]: report.docsite });
    expect(report.docsite).toMatch(/^file:\.\.\//);
    const config = JSON.parse(await readFile(join(dir, "site.config.json"), "utf8"));
    expect(config.$schema).toBe("./node_modules/docsite-ssg/cli/config/site-config.schema.json");
    // The schema is a file of the package (package.json "files" ships cli/).
    expect(existsSync(join(repo, config.$schema.replace("./node_modules/docsite-ssg/", "")))).toBe(true);

    const { r, warnings, problems, pages } = await buildAndCheck(dir);
    expect(warnings).toEqual([]);
    expect(problems).toEqual([]);
    expect(pages).toBeGreaterThanOrEqual(10);
    expect(r.table.routes.map((x) => x.path)).toEqual(
      expect.arrayContaining(["/", "/docs/", "/docs/getting-started/", "/docs/guides/writing-pages/", "/blog/"]),
    );
    const home = await readFile(join(dir, "dist", "index.html"), "utf8");
    expect(home).toContain('<h1 class="hero__title">My docs</h1>');
    expect(home).not.toMatch(/home\.|footer\.|\{\{/);
    expect(await readFile(join(dir, "dist", "blog", "2026", "03", "04", "welcome", "index.html"), "utf8")).toContain(
      "The My docs team",
    );
  });

  it("--github-pages: a workflow that builds, checks links and deploys, and the address Pages serves the site at", async () => {
    expect(githubPagesAddress("Octo-Org/handbook")).toEqual({
      url: "https://octo-org.github.io",
      baseUrl: "/handbook/",
    });
    expect(githubPagesAddress("octo/Octo.github.io")).toEqual({ url: "https://octo.github.io", baseUrl: "/" });
    for (const bad of ["octo", "octo/", "/repo", "a/b/c", "octo/..", "-x/repo"])
      expect(() => githubPagesAddress(bad), bad).toThrow(/is not a GitHub repository/);

    const dir = join(work, "pages-site");
    const report = await initSite(dir, { githubPages: "octo/handbook", today: new Date("2026-03-04T10:00:00Z") });
    expect(report.files).toContain(GITHUB_WORKFLOW);
    const config = JSON.parse(await readFile(join(dir, "site.config.json"), "utf8"));
    expect([config.url, config.baseUrl]).toEqual(["https://octo.github.io", "/handbook/"]);
    // The workflow's shell steps are the site's own scripts, in the order a user runs them; its cache step keeps
    // the build cache (safe to restore anywhere: cli/cache/README.md).
    const workflow = parseYaml(await readFile(join(dir, GITHUB_WORKFLOW), "utf8"));
    const steps = workflow.jobs.build.steps as Array<{ run?: string; uses?: string; with?: { path?: string } }>;
    expect(steps.filter((s) => s.run).map((s) => s.run)).toEqual(["npm ci", "npm run build", "npm run check-links"]);
    expect(steps.find((s) => s.uses?.startsWith("actions/cache@"))?.with?.path).toBe(".docsite/cache");
    expect(steps.find((s) => s.uses?.startsWith("actions/upload-pages-artifact@"))?.with?.path).toBe("dist");
    const pkg = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
    for (const run of ["build", "check-links"]) expect(pkg.scripts[run]).toBeDefined();

    // Built under its Pages address: every page under /handbook/, every link resolving there.
    const { warnings, problems } = await buildAndCheck(dir);
    expect(warnings).toEqual([]);
    expect(problems).toEqual([]);
    const home = await readFile(join(dir, "dist", "index.html"), "utf8");
    expect(home).toContain('href="/handbook/docs/"');
    expect(home).toContain('<link rel="canonical" href="https://octo.github.io/handbook/"');

    // `docsite serve` shows the folder where Pages will: at /handbook/.
    const server = await serve({ dir: join(dir, "dist"), port: 0 });
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const get = (path: string) => fetch(origin + path, { redirect: "manual" });
      expect((await get("/handbook/docs/")).status).toBe(200);
      expect(await (await get("/handbook/docs/getting-started/")).text()).toContain('href="/handbook/docs/"');
      for (const [path, to] of [
        ["/", "/handbook/"],
        ["/handbook", "/handbook/"],
        ["/handbook/docs", "/handbook/docs/"],
        ["/handbook/docs/index.html", "/handbook/docs/"],
      ])
        expect((await get(path)).headers.get("location"), path).toBe(to);
      expect((await get("/docs/")).status).toBe(404);
      expect((await get("/handbook/nothing/")).status).toBe(404);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("makes each locale asked for: Russian translated, another language from the English pages", async () => {
    const dir = join(work, "multi");
    await initSite(dir, { locales: parseLocales("en, ru,de,ru") });
    const config = JSON.parse(await readFile(join(dir, "site.config.json"), "utf8"));
    expect(config.i18n.locales).toEqual(["en", "ru", "de"]);
    expect(config.i18n.localeConfigs.ru.label).toBe("Русский");
    expect(config.i18n.localeConfigs.de.label).toBe("Deutsch");
    expect(config.navbar.items.map((i: { type: string }) => i.type)).toContain("localeDropdown");
    expect(await readFile(join(dir, "content/ru/docs/current/index.mdx"), "utf8")).toContain("title: Введение");
    expect(await readFile(join(dir, "content/de/docs/current/index.mdx"), "utf8")).toContain("title: Introduction");
    const { warnings, problems } = await buildAndCheck(dir);
    expect(warnings).toEqual([]);
    expect(problems).toEqual([]);
    // docsite's own words in Russian, the site's own from its file.
    const ru = await readFile(join(dir, "dist", "ru", "docs", "index.html"), "utf8");
    expect(ru).toContain("На этой странице");
    expect(ru).toContain("Руководства");
  });

  it("refuses a folder with files unless --force, which replaces only its own files and keeps package.json's", async () => {
    const dir = join(work, "taken");
    await mkdir(dir);
    await writeFile(join(dir, "notes.txt"), "mine");
    await writeFile(
      join(dir, "package.json"),
      JSON.stringify({ name: "mine", scripts: { build: "make" }, dependencies: { a: "1" } }),
    );
    await expect(initSite(dir)).rejects.toMatchObject({
      message: expect.stringMatching(/not empty \(.*notes\.txt/),
      hint: expect.stringContaining("--force"),
    });
    expect(await readdir(dir)).toEqual(["notes.txt", "package.json"]);

    await initSite(dir, { force: true });
    expect(await readFile(join(dir, "notes.txt"), "utf8")).toBe("mine");
    const pkg = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
    expect(pkg.name).toBe("mine");
    expect(pkg.scripts.build).toBe("make");
    expect(pkg.scripts.dev).toBe("docsite dev");
    expect(Object.keys(pkg.dependencies)).toEqual(["a", PACKAGE_NAME]);

    // A folder holding only a git repository is empty enough.
    const repoDir = join(work, "git-only");
    await mkdir(join(repoDir, ".git"), { recursive: true });
    await expect(initSite(repoDir)).resolves.toMatchObject({ title: "Git only" });
  });

  it("names a bad locale or a file as the folder", async () => {
    expect(() => parseLocales("en,english!")).toThrow(/"english!" is not a locale/);
    expect(() => parseLocales(" , ")).toThrow(/names no locale/);
    expect(parseLocales("EN,pt-br")).toEqual(["en", "pt-BR"]);
    await writeFile(join(work, "a-file"), "");
    await expect(initSite(join(work, "a-file"))).rejects.toThrow(/is a file/);
  });

  it("titles and names a site after its folder", () => {
    expect(titleOf("/x/my_api-docs")).toBe("My api docs");
    expect(titleOf("/x/документация")).toBe("Документация");
    expect(titleOf("/x/--")).toBe("Docs");
    expect(packageName("/x/My Docs!")).toBe("my-docs");
    expect(packageName("/x/.hidden")).toBe("hidden");
  });
});

describe("where the new site's package.json gets docsite from", () => {
  it("the installing project's spec (a file: one re-based), a checkout's folder, or the registry", async () => {
    const project = join(work, "proj");
    const installed = join(project, "node_modules", PACKAGE_NAME);
    await mkdir(installed, { recursive: true });
    await writeFile(join(installed, "package.json"), JSON.stringify({ name: PACKAGE_NAME, version: "1.2.3" }));
    const site = join(project, "sites", "a");

    // No package.json names it (npx, a global install): the registry.
    expect(docsiteSpec(site, installed)).toBe("^1.2.3");
    await writeFile(
      join(project, "package.json"),
      JSON.stringify({ dependencies: { [PACKAGE_NAME]: "file:../docsite-ssg-1.2.3.tgz" } }),
    );
    expect(docsiteSpec(site, installed)).toBe("file:../../../docsite-ssg-1.2.3.tgz");
    // The name sites used before the package had its own counts too.
    await writeFile(join(project, "package.json"), JSON.stringify({ devDependencies: { docsite: "^1.2.0" } }));
    expect(docsiteSpec(site, installed)).toBe("^1.2.0");
    // Not installed in a node_modules: a checkout, named as a folder.
    expect(docsiteSpec(join(work, "s"), repo)).toMatch(/^file:(\.\.\/)+/);

    // addDocsite keeps a docsite the file names already, under either name.
    await mkdir(site, { recursive: true });
    await writeFile(join(site, "package.json"), JSON.stringify({ dependencies: { docsite: "2.0.0" } }));
    expect(await addDocsite(site)).toEqual({ made: false, spec: "2.0.0" });
    await writeFile(join(site, "package.json"), JSON.stringify({ dependencies: { [PACKAGE_NAME]: "2.1.0" } }));
    expect(await addDocsite(site)).toEqual({ made: false, spec: "2.1.0" });
  });

  it("copies a tarball it was installed from into the site, so the site installs wherever both move", async () => {
    const project = join(work, "from-tarball");
    const installed = join(project, "node_modules", PACKAGE_NAME);
    await mkdir(installed, { recursive: true });
    await writeFile(join(installed, "package.json"), JSON.stringify({ name: PACKAGE_NAME, version: "1.2.3" }));
    await writeFile(join(work, "docsite-ssg-1.2.3.tgz"), "tarball bytes");
    await writeFile(
      join(project, "package.json"),
      JSON.stringify({ dependencies: { [PACKAGE_NAME]: "file:../docsite-ssg-1.2.3.tgz" } }),
    );
    const site = join(project, "site");
    await mkdir(site, { recursive: true });
    expect(await addDocsite(site, installed)).toEqual({ made: true, spec: "file:vendor/docsite-ssg-1.2.3.tgz" });
    expect(await readFile(join(site, "vendor", "docsite-ssg-1.2.3.tgz"), "utf8")).toBe("tarball bytes");
    const pkg = JSON.parse(await readFile(join(site, "package.json"), "utf8"));
    expect(pkg.dependencies).toEqual({ [PACKAGE_NAME]: "file:vendor/docsite-ssg-1.2.3.tgz" });
  });
});
