// docsite as a new user meets it: packed, installed from the tarball into an empty folder outside this repository,
// then `docsite init` → npm install → build → check-links → serve; `docsite import` of a Docusaurus project →
// npm install → build; `docsite dev` → the first page → an edit shows. Every command's exit code is asserted, and
// the sites it builds must be byte for byte the ones this checkout builds from the same sources. Nothing here runs
// with a path back into the repository: the environment has none of npm's variables of this run and no PATH entry
// in it, and the installed package is checked for the repository's path.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, lstatSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { cleanEnv, docsite, INSTALLED_NAME, install, npm, ok, repo, run } from "../support/installed.ts";
import { parse as parseYaml } from "yaml";

const ownPackage = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { version: string };
/**
 * The packed size the package must stay under. 1.8 MB since 2026-12-08: 1.61 MB at be747f9, 1.73 MB after commander
 * and fast-glob were bundled into the CLI (about 45 ms less CPU at every start; +100 KB with their maps) and the
 * migration work (asset loader, CSS modules, code-block parts, emoji).
 */
const MAX_PACKED = 1_800_000;
/** What the tarball may hold at its top: the tool, its readme and licence. */
const TOP_LEVEL = new Set(["bin", "cli", "lib", "theme", "README.md", "LICENSE", "package.json"]);

const checkout = (args: string[], cwd: string) =>
  run(process.execPath, [join(repo, "bin", "docsite.js"), ...args], cwd);

/** A long-running command in its own process group; resolves with the URL it prints. */
function startServer(args: string[], cwd: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", args, { cwd, env: cleanEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no URL within 60 s:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[0], output: () => out });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before serving:\n${out}`));
    });
  });
}

/** Stops a server started above: its whole process group (npm and the docsite under it). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid!, "SIGTERM");
  await exited;
}

/** Every file under `dir`, relative, sorted, leaving out the named top-level entries. */
async function filesOf(dir: string, skip: string[] = []): Promise<string[]> {
  const all = await readdir(dir, { recursive: true, withFileTypes: true });
  return all
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .filter((f) => !skip.includes(f.split("/")[0]))
    .sort();
}

/** Asserts that two folders hold the same files with the same bytes. */
async function expectSameTree(a: string, b: string, skip: string[] = []): Promise<number> {
  const files = await filesOf(a, skip);
  expect(await filesOf(b, skip)).toEqual(files);
  for (const f of files) expect((await readFile(join(b, f))).equals(await readFile(join(a, f))), f).toBe(true);
  return files.length;
}

describe("docsite from its tarball, as a new user", () => {
  let work: string;
  let tarball: string;
  let project: string;
  let site: string;
  let imported: string;
  const t0 = Date.now();

  beforeAll(async () => {
    // Outside the repository (a checkout under the system's temporary folder would be a mistake to notice).
    work = await mkdtemp(join(tmpdir(), "docsite-user-"));
    expect(relative(repo, work).startsWith("..")).toBe(true);
    project = join(work, "project");
    site = join(project, "site");
    imported = join(project, "imported");
  });

  afterAll(async () => {
    console.log(`user path: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    if (work) await rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it("packs the tool only, under 1.8 MB", async () => {
    const packDir = join(work, "pack");
    await mkdir(packDir);
    // `npm pack` runs prepack (the prebuilt CLI bundle and declarations into lib/) and postpack (removes lib/).
    const r = await run("npm", ["pack", "--json", "--pack-destination", packDir], repo, cleanEnv());
    ok(r, "npm pack");
    const [report] = JSON.parse(r.out.slice(r.out.indexOf("[\n"))) as Array<{
      filename: string;
      size: number;
      unpackedSize: number;
      entryCount: number;
      files: Array<{ path: string }>;
    }>;
    tarball = join(packDir, report.filename);
    const files = report.files.map((f) => f.path).sort();
    console.log(
      `tarball ${report.filename}: ${report.size} bytes packed (${(report.size / 1024 / 1024).toFixed(2)} MiB), ` +
        `${report.entryCount} files, ${report.unpackedSize} bytes unpacked`,
    );
    expect(report.size).toBeLessThanOrEqual(MAX_PACKED);
    expect(files.length).toBe(report.entryCount);
    expect(files.filter((f) => !TOP_LEVEL.has(f.split("/")[0]))).toEqual([]);
    // No tests, fixtures, Testplane content, scripts; no stray build output.
    expect(files.filter((f) => /(^|\/)(tests?|fixtures|__tests__)\/|\.test\.[jt]sx?$|\.(tgz|log)$/.test(f))).toEqual(
      [],
    );
    expect(files.filter((f) => /\b(testplane|hermione)\b/i.test(f))).toEqual([]);
    for (const f of [
      "bin/docsite.js",
      "lib/bundle.json",
      "lib/cli/main.js",
      "lib/cli/worker.js",
      "lib/cli/image-encoder.js",
      "lib/theme/index.js",
      "lib/types/cli/public-types.d.ts",
      "lib/types/theme/index.d.ts",
      "cli/config/site-config.schema.json",
      "cli/init/templates/site/gitignore",
      "theme/i18n/en.json",
      "theme/i18n/ru.json",
      "theme/client/entry.ts",
      "README.md",
      "LICENSE",
    ])
      expect(files, f).toContain(f);
    // The prebuilt bundle is not left in the checkout.
    expect(existsSync(join(repo, "lib"))).toBe(false);
  });

  it("installs into an empty folder and runs from its own prebuilt bundle, with no path back here", async () => {
    await mkdir(project);
    await writeFile(join(project, "package.json"), JSON.stringify({ name: "user-project", private: true }));
    ok(await install(project, tarball), "npm install <tarball>");
    const installed = join(project, "node_modules", INSTALLED_NAME);
    expect(lstatSync(installed).isSymbolicLink()).toBe(false);
    const version = await docsite(["--version"], project);
    ok(version, "docsite --version");
    expect(version.out.trim()).toBe(ownPackage.version);
    // Made at pack time: nothing is compiled into node_modules on the first run.
    expect(existsSync(join(installed, "node_modules", ".cache"))).toBe(false);
    for (const f of await filesOf(installed))
      expect(readFileSync(join(installed, f), "utf8").includes(repo), `${f} names the repository`).toBe(false);
  });

  it("init → npm install → build → check-links → serve, and builds what the checkout builds", async () => {
    const made = await docsite(["init", "site", "--locales", "en,ru"], project);
    ok(made, "docsite init site");
    // The tarball travels with the site (vendor/), so the site installs wherever it is moved.
    const sitePkg = JSON.parse(await readFile(join(site, "package.json"), "utf8"));
    expect(sitePkg.dependencies).toEqual({ "docsite-ssg": `file:vendor/${basename(tarball)}` });
    expect(existsSync(join(site, "vendor", basename(tarball)))).toBe(true);
    // Its pages link to docsite's own package, never to another project's.
    const scaffold = await filesOf(join(site, "content"));
    for (const f of scaffold) {
      const text = await readFile(join(site, "content", f), "utf8");
      expect(text, f).not.toMatch(/npmjs\.com\/package\/docsite(?!-ssg)\b/);
    }
    ok(await install(site), "npm install (site)");
    const built = await npm(["run", "build"], site);
    ok(built, "npm run build");
    expect(built.out).toMatch(/Built \d+ routes \(en: \d+, ru: \d+\)/);
    expect(built.out).not.toMatch(/warning|TypeScript sources/);
    const links = await npm(["run", "check-links", "--", "--anchors-fail"], site);
    ok(links, "npm run check-links");
    expect(links.out).toMatch(/0 broken link\(s\), 0 broken anchor\(s\)/);

    const server = await startServer(["run", "serve", "--", "--port", "0"], site);
    try {
      const home = await fetch(server.url);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<h1 class="hero__title">Site</h1>');
      expect((await fetch(`${server.url}ru/docs/`)).status).toBe(200);
    } finally {
      await stop(server.child);
    }

    // The same sources built by this checkout, started from another folder.
    const copy = join(work, "checkout", "site");
    await cp(site, copy, { recursive: true, filter: (p) => !/[\\/](node_modules|dist|\.docsite)$/.test(p) });
    ok(await checkout(["build", "--root", copy], work), "checkout build (site)");
    console.log(`init site: ${await expectSameTree(join(site, "dist"), join(copy, "dist"))} files, same bytes`);

    // A page with a raster image, built with worker threads: the image encoder process and the workers start from
    // the installed package's own files (lib/cli/image-encoder.js, lib/cli/worker.js).
    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    for (const root of [site, copy]) {
      for (const l of ["en", "ru"]) {
        const dir = join(root, "content", l, "docs", "current");
        await writeFile(join(dir, "square.png"), png);
        await writeFile(join(dir, "picture.mdx"), "# A picture\n\n![A grey square](./square.png)\n");
      }
    }
    const workers = { DOCSITE_WORKERS: "2" };
    const withImage = await run("npm", ["run", "build"], site, cleanEnv(workers));
    ok(withImage, "npm run build (image, workers)");
    // The encoder falls back to the build's own process with a warning when its process cannot start.
    expect(withImage.out).not.toMatch(/warn|encoder/i);
    ok(
      await run(process.execPath, [join(repo, "bin", "docsite.js"), "build", "--root", copy], work, cleanEnv(workers)),
      "checkout build (image)",
    );
    expect(await filesOf(join(site, "dist", "assets", "img"))).toContainEqual(
      expect.stringMatching(/^square-\d+\.[0-9a-f]{10}\.webp$/),
    );
    await expectSameTree(join(site, "dist"), join(copy, "dist"));
  });

  it("init --github-pages: the workflow's own shell steps, run as a script in a moved copy of the site", async () => {
    ok(
      await docsite(["init", "pages-site", "--github-pages", "octo/handbook"], project),
      "docsite init --github-pages",
    );
    const pagesSite = join(project, "pages-site");
    ok(await install(pagesSite), "npm install (pages site): the lock file a user commits");
    // The repository as CI checks it out: in another folder, without node_modules, dist/ or the cache.
    const ci = join(work, "ci", "pages-site");
    await cp(pagesSite, ci, { recursive: true, filter: (p) => !/[\\/](node_modules|dist|\.docsite)$/.test(p) });
    const workflow = parseYaml(await readFile(join(ci, ".github", "workflows", "deploy.yml"), "utf8")) as {
      jobs: { build: { steps: Array<{ run?: string }> } };
    };
    const script = workflow.jobs.build.steps.flatMap((step) => (step.run ? [step.run] : [])).join("\n");
    expect(script).toBe("npm ci\nnpm run build\nnpm run check-links");
    const r = await run("bash", ["-euo", "pipefail", "-c", script], ci);
    ok(r, "the workflow's steps");
    expect(r.out).toMatch(/0 broken link\(s\)/);
    // What upload-pages-artifact publishes: dist/, its links under the repository's Pages path.
    expect(await readFile(join(ci, "dist", "index.html"), "utf8")).toContain('href="/handbook/docs/"');
  });

  it("type-checks the new site's page module against the installed declarations (docsite-ssg, its theme)", async () => {
    // The versions this checkout is tested with, from npm's cache.
    const versionOf = (name: string) =>
      (JSON.parse(readFileSync(join(repo, "node_modules", name, "package.json"), "utf8")) as { version: string })
        .version;
    ok(
      await install(project, `typescript@${versionOf("typescript")}`, `@types/react@${versionOf("@types/react")}`),
      "npm install typescript @types/react",
    );
    const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
    ok(await run(process.execPath, [tsc, "-p", "site/tsconfig.json"], project), "tsc (site)");
    // And a misuse is caught: the types are real, not `any`.
    const bad = join(site, "content", "pages", "bad.tsx");
    await writeFile(
      bad,
      'import { useT } from "docsite-ssg/theme";\nimport type { PageMeta } from "docsite-ssg";\n' +
        "export const meta: PageMeta = { wide: 1 };\nexport default () => <p>{useT()(2)}</p>;\n",
    );
    try {
      const r = await run(process.execPath, [tsc, "-p", "site/tsconfig.json"], project);
      expect(r.code, r.out).not.toBe(0);
      expect(r.out).toMatch(/bad\.tsx\(3,\d+\): error TS2322/);
      expect(r.out).toMatch(/bad\.tsx\(4,\d+\): error TS2345/);
    } finally {
      await rm(bad);
    }
  });

  it("import of a Docusaurus project → npm install → build, as the checkout imports and builds it", async () => {
    const source = join(work, "docusaurus-site");
    await cp(join(repo, "tests", "fixtures", "docusaurus-site"), source, { recursive: true });
    const r = await docsite(["import", "../docusaurus-site", "--out", "imported"], project);
    ok(r, "docsite import");
    // The config and sidebars were evaluated (the packaged CLI could not once: "__filename is not defined").
    expect(r.out).not.toMatch(/could not be evaluated|__filename/);
    const pkg = JSON.parse(await readFile(join(imported, "package.json"), "utf8"));
    expect(pkg.dependencies["docsite-ssg"]).toBe(`file:vendor/${basename(tarball)}`);
    ok(await install(imported), "npm install (imported)");
    // 60 routes: with two worker threads, rendered in them (pipeline/pool.ts).
    const built = await run("npm", ["run", "build"], imported, cleanEnv({ DOCSITE_WORKERS: "2" }));
    ok(built, "npm run build (imported)");
    // Its src/pages/index.js is the home page of each locale (docs/migration.md, "Pages, brand and islands").
    expect(built.out).toMatch(/Built 62 routes \(en: 31, ru: 31\)/);

    const copy = join(work, "checkout", "imported");
    ok(await checkout(["import", source, "--out", copy], work), "checkout import");
    // The same files but package.json, which names where each docsite came from.
    await expectSameTree(imported, copy, [
      "package.json",
      "package-lock.json",
      "node_modules",
      "vendor",
      "dist",
      ".docsite",
    ]);
    ok(await checkout(["build", "--root", copy], work), "checkout build (imported)");
    console.log(`imported site: ${await expectSameTree(join(imported, "dist"), join(copy, "dist"))} files, same bytes`);
  });

  it("dev serves the first page, and an edit shows", async () => {
    const server = await startServer(["run", "dev", "--", "--port", "0"], site);
    try {
      const first = await fetch(`${server.url}docs/`);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain("Welcome to the documentation");
      const page = join(site, "content", "en", "docs", "current", "index.mdx");
      const edited = (await readFile(page, "utf8")).replace("Welcome to the documentation", "Edited just now");
      // dev starts watching just after the first page is out (cli/server/dev.ts): a save in that instant is not
      // seen, so the save is repeated every 3 s (an editor's save again) until the page shows it, for up to 45 s.
      let text = "";
      for (let i = 0; i < 225 && !text.includes("Edited just now"); i++) {
        if (i % 15 === 0) await writeFile(page, edited);
        await new Promise((r) => setTimeout(r, 200));
        text = await (await fetch(`${server.url}docs/`)).text();
      }
      expect(text, server.output()).toContain("Edited just now");
    } finally {
      await stop(server.child);
    }
  });
});
