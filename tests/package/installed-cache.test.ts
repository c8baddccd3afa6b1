// The build cache of an installed docsite: the code that runs is the packed bundle (node_modules/docsite-ssg/lib/), and an
// edit of it (a hand fix, patch-package) must make a warm build write what a build without the cache writes. The
// package is packed and installed from its tarball into an empty folder outside this repository, as a user has it.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { treeDifferences } from "../support/rich-site.ts";
import { docsite, INSTALLED_NAME, install, ok, repo, run } from "../support/installed.ts";

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

describe("the build cache of docsite installed from its tarball", () => {
  let work: string;
  let project: string;
  let site: string;

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
    ok(await docsite(["init", "site"], project), "docsite init site");
    site = join(project, "site");
    ok(await install(site), "npm install (site)");
    ok(await docsite(["build", "--root", site], project), "first build");
  });
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it("sees an edit of the installed package's running code (lib/), as a build without the cache does", async () => {
    const lib = join(project, "node_modules", INSTALLED_NAME, "lib");
    // The footer's inner class, as the packed bundle holds it: every page draws it.
    const needle = '"footer__inner"';
    const files = await filesHolding(lib, needle);
    expect(files.length, "a file of lib/ that draws the footer").toBeGreaterThan(0);
    for (const f of files)
      await writeFile(f, (await readFile(f, "utf8")).replaceAll(needle, '"footer__inner fixed-by-hand"'));
    ok(await docsite(["build", "--root", site], project), "warm build");
    ok(await docsite(["build", "--root", site, "--no-cache", "--out", join(work, "cold")], project), "cold build");
    expect(await treeDifferences(join(site, "dist"), join(work, "cold"))).toEqual([]);
    expect(await readFile(join(site, "dist", "index.html"), "utf8")).toContain("footer__inner fixed-by-hand");
  });
});
