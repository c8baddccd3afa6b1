// The build cache of docsite installed from its tarball, as a user has it (issue 37): after each edit of what a
// site's bundles and compiles read wherever it lies — a monorepo's module outside the site, a linked workspace
// package, a package's file with npm's record unchanged, a file added that an MDX import now resolves to, an
// environment variable content reads (tests/support/reads-fixture.ts) — of one of docsite's own packages with npm's
// record unchanged, and of the installed package's running code (lib/), a warm build writes what a build without the
// cache writes, byte for byte. One install, one site: a
// Docusaurus project imported by the installed CLI into a monorepo beside the project's node_modules.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { treeDifferences } from "../support/rich-site.ts";
import { cleanEnv, INSTALLED_NAME, install, ok, repo, run } from "../support/installed.ts";
import {
  FIRST_GREETING,
  FIRST_SHOWS,
  GREETING,
  READS_EDITS,
  readsProject,
  readsSite,
} from "../support/reads-fixture.ts";

/** The .js files under `dir` whose text holds `needle`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith(".js")) continue;
    const file = join(e.parentPath, e.name);
    if ((await readFile(file, "utf8")).includes(needle)) out.push(file);
  }
  return out;
}

/** Every file under `dir` as one text (latin1: any bytes). */
async function allText(dir: string): Promise<string> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    files.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), "latin1")),
  );
  return texts.join("\n");
}

describe("the build cache of docsite installed from its tarball", () => {
  let work: string;
  let project: string;
  let site: string;
  /** The environment content reads (the variable an edit changes). */
  const env: Record<string, string> = { [GREETING]: FIRST_GREETING };
  /** The installed docsite (`--no`: never a package of that name from the registry), in the project. */
  const docsite = (args: string[]) => run("npm", ["exec", "--no", "--", "docsite", ...args], project, cleanEnv(env));

  /** A warm build and one without the cache: the same bytes, and `shows` in the output. */
  async function verify(shows: string): Promise<void> {
    ok(await docsite(["build", "--root", site]), "warm build");
    ok(await docsite(["build", "--root", site, "--no-cache", "--out", join(work, "cold")]), "cold build");
    expect(await treeDifferences(join(site, "dist"), join(work, "cold"))).toEqual([]);
    expect(await allText(join(site, "dist"))).toContain(shows);
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "docsite-installed-cache-"));
    expect(relative(repo, work).startsWith("..")).toBe(true);
    const packDir = join(work, "pack");
    await mkdir(packDir);
    const packed = await run("npm", ["pack", "--json", "--pack-destination", packDir], repo);
    ok(packed, "npm pack");
    const [report] = JSON.parse(packed.out.slice(packed.out.indexOf("[\n"))) as Array<{ filename: string }>;
    project = join(work, "project");
    await mkdir(project);
    await writeFile(join(project, "package.json"), JSON.stringify({ name: "user-project", private: true }));
    ok(await install(project, join(packDir, report.filename)), "npm install <tarball>");
    // The site: a monorepo's website folder inside the project (docsite found in the project's node_modules).
    const docusaurus = join(work, "docusaurus");
    await readsProject(docusaurus);
    site = join(project, "mono", "website");
    ok(await docsite(["import", docusaurus, "--out", site]), "docsite import");
    await readsSite(site);
    await verify(FIRST_SHOWS);
  });
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  for (const change of READS_EDITS)
    it(`sees ${change.title}, as a build without the cache does`, async () => {
      Object.assign(env, await change.apply(site));
      await verify(change.shows);
    });

  it("sees an edit inside one of docsite's own packages that leaves npm's record as it was", async () => {
    // preact's browser build, which goes into the client runtime every page loads (npm put it beside docsite).
    const file = join(project, "node_modules", "preact", "dist", "preact.mjs");
    await writeFile(file, `globalThis.__docsiteHandFix = "preact fixed by hand";\n${await readFile(file, "utf8")}`);
    await verify("preact fixed by hand");
  });

  it("sees an edit of the installed package's running code (lib/), as a build without the cache does", async () => {
    const lib = join(project, "node_modules", INSTALLED_NAME, "lib");
    // The footer's inner class, as the packed bundle holds it: every page draws it.
    const needle = '"footer__inner"';
    const files = await filesHolding(lib, needle);
    expect(files.length, "a file of lib/ that draws the footer").toBeGreaterThan(0);
    for (const f of files)
      await writeFile(f, (await readFile(f, "utf8")).replaceAll(needle, '"footer__inner fixed-by-hand"'));
    await verify("footer__inner fixed-by-hand");
  });
});
