// The cache is an optimisation, not a conveyor: `--no-cache` reads and writes none and gives the same dist/; a cache
// folder that cannot be written (or a full disk) makes a build without it, with one warning; `docsite clean` removes
// .docsite/ and nothing else; and a project moved with its cache to another folder builds warm, right and without
// redoing any work.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { fixtureSite, removeSite, buildSite, applyChanges } from "../support/site.ts";
import { enrich, treeDifferences } from "../support/rich-site.ts";
import { cleanCache } from "../../cli/cache/clean.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const cacheWarnings = (warnings: string[]) => warnings.filter((w) => w.startsWith("build cache:"));

describe("building without the cache", () => {
  let root: string;
  let reference: string;

  beforeAll(async () => {
    root = await fixtureSite();
    await enrich(root);
    reference = `${root}-ref`;
    await buildSite(root, { outDir: reference });
  });
  afterAll(async () => {
    await removeSite(reference);
    await removeSite(root);
  });

  it("--no-cache reads and writes no cache, and writes the same dist/", async () => {
    await rm(join(root, ".docsite"), { recursive: true, force: true });
    const r = await buildSite(root, { cache: false });
    expect(existsSync(join(root, ".docsite"))).toBe(false);
    expect(r.compileStats.cached).toBe(0);
    expect(await treeDifferences(join(root, "dist"), reference)).toEqual([]);
    // A cache that would lie is not read either: every file of it garbage.
    await buildSite(root);
    const cache = join(root, ".docsite", "cache");
    for (const e of await readdir(cache, { recursive: true, withFileTypes: true }))
      if (e.isFile()) await writeFile(join(e.parentPath, e.name), "garbage");
    const before = await readdir(cache, { recursive: true });
    const again = await buildSite(root, { cache: false, outDir: join(root, "dist-2") });
    expect(again.cache.damaged).toEqual({});
    expect(await treeDifferences(join(root, "dist-2"), reference)).toEqual([]);
    expect(await readdir(cache, { recursive: true })).toEqual(before);
    await rm(join(root, ".docsite"), { recursive: true, force: true });
  });

  it("builds without a cache folder it cannot write, with one warning that names the problem", async () => {
    await rm(join(root, ".docsite"), { recursive: true, force: true });
    await rm(join(root, "dist"), { recursive: true, force: true });
    // A file where the cache folder goes.
    await writeFile(join(root, ".docsite"), "not a folder");
    try {
      const r = await buildSite(root);
      expect(await treeDifferences(join(root, "dist"), reference)).toEqual([]);
      const told = cacheWarnings(r.warnings);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatch(/\.docsite\/cache cannot be written \((ENOTDIR|EEXIST)/);
      expect(r.cache.writeProblem).toBeTruthy();
    } finally {
      await rm(join(root, ".docsite"), { force: true });
    }
  });

  it("builds on a full disk as a cold build, with one warning that names it (ENOSPC)", async () => {
    await rm(join(root, ".docsite"), { recursive: true, force: true });
    await rm(join(root, "dist"), { recursive: true, force: true });
    // Every write into .docsite/ fails as on a full disk, in the build's process, its threads and its children.
    const preload = join(root, "..", `${root.split("/").pop()}-full-disk.mjs`);
    await writeFile(
      preload,
      `import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
const inCache = (p) => String(p).includes("/.docsite/");
const full = (p) => Object.assign(new Error("ENOSPC: no space left on device, write '" + p + "'"), { code: "ENOSPC", path: String(p) });
const fds = new Set();
const { openSync, writeSync, writeFileSync } = fs;
fs.openSync = (p, ...rest) => { const fd = openSync(p, ...rest); if (inCache(p) && rest[0] !== "r") fds.add(fd); return fd; };
fs.writeSync = (fd, ...rest) => { if (fds.has(fd)) throw full("fd " + fd); return writeSync(fd, ...rest); };
fs.writeFileSync = (p, ...rest) => { if (inCache(p)) throw full(p); return writeFileSync(p, ...rest); };
const { writeFile } = fs.promises;
fs.promises.writeFile = async (p, ...rest) => { if (inCache(p)) throw full(p); return writeFile(p, ...rest); };
syncBuiltinESMExports();
`,
    );
    try {
      const run = spawnSync(process.execPath, [join(repo, "bin", "docsite.js"), "build", "--root", root], {
        encoding: "utf8",
        env: { ...process.env, NODE_OPTIONS: `--import=${preload}`, DOCSITE_WORKERS: "0", NO_COLOR: "1" },
      });
      expect(run.status, run.stderr).toBe(0);
      expect(await treeDifferences(join(root, "dist"), reference)).toEqual([]);
      const told = `${run.stdout}${run.stderr}`.split("\n").filter((l) => l.includes("build cache:"));
      expect(told).toHaveLength(1);
      expect(told[0]).toContain("ENOSPC");
    } finally {
      await rm(preload, { force: true });
    }
  });

  it("docsite clean removes .docsite/ and nothing else (a link: the link only)", async () => {
    await buildSite(root);
    const before = (await readdir(root)).filter((n) => n !== ".docsite").sort();
    expect(await cleanCache(root)).toContain(".docsite");
    expect((await readdir(root)).sort()).toEqual(before);
    expect(await cleanCache(root)).toBeNull();
    // .docsite as a link to a folder elsewhere: the link goes, the folder stays.
    const elsewhere = `${root}-elsewhere`;
    await mkdir(join(elsewhere, "cache"), { recursive: true });
    await writeFile(join(elsewhere, "cache", "keep.txt"), "mine");
    await symlink(elsewhere, join(root, ".docsite"));
    try {
      await cleanCache(root);
      expect(existsSync(join(root, ".docsite"))).toBe(false);
      expect(existsSync(join(elsewhere, "cache", "keep.txt"))).toBe(true);
      // A file named .docsite is not docsite's to remove.
      await writeFile(join(root, ".docsite"), "someone's file");
      await expect(cleanCache(root)).rejects.toThrow(/not a folder docsite made/);
      expect(existsSync(join(root, ".docsite"))).toBe(true);
    } finally {
      await rm(join(root, ".docsite"), { force: true });
      await removeSite(elsewhere);
    }
  });
});

describe("a project moved with its cache", () => {
  it("builds warm in the new folder: nothing compiled, rendered or encoded again, the same dist/", async () => {
    const root = await fixtureSite();
    // Beside the first folder, at the same depth (the fixture's custom page imports the theme by a relative path).
    const moved = `${root}-moved`;
    try {
      await enrich(root);
      await buildSite(root);
      const warm = await buildSite(root);
      const pageEntry = async (site: string) => {
        const pages = join(site, ".docsite", "cache", "pages");
        const name = (await readdir(pages)).find((n) => /^[0-9a-f]{16}$/.test(n))!;
        return `${name} ${(await stat(join(pages, name))).mtimeMs}`;
      };
      const page = await pageEntry(root);
      await rename(root, moved);
      const r = await buildSite(moved);
      expect(r.compileStats).toEqual({ compiled: 0, cached: warm.compileStats.cached });
      expect(r.renderStats.rendered).toBe(0);
      expect(r.imageStats.encoded).toBe(0);
      expect(r.cache.damaged).toEqual({});
      // The custom page's compiled module was not made again either.
      expect(await pageEntry(moved)).toBe(page);
      // As a cold build in the new folder writes it.
      const cold = `${moved}-cold`;
      await buildSite(moved, { outDir: cold, cache: false });
      expect(await treeDifferences(join(moved, "dist"), cold)).toEqual([]);
      await removeSite(cold);
      // And an edit after the move is seen.
      await applyChanges(moved, {
        "content/en/docs/v1/guide/second.mdx": "---\ntitle: Second guide\n---\n\nMoved and edited.\n",
      });
      const edited = await buildSite(moved);
      expect(edited.compileStats.compiled).toBe(2);
    } finally {
      await removeSite(root);
      await removeSite(moved);
    }
  });
});

// A cp of the project (new inodes) rather than a rename is the CI case (a cache restored from an archive).
describe("a cache restored into another checkout", () => {
  it("is used: the same dist/ as a cold build, nothing compiled or rendered again", async () => {
    const root = await fixtureSite();
    const copy = `${root}-copy`;
    try {
      await enrich(root);
      await buildSite(root);
      await cp(root, copy, { recursive: true, filter: (src) => !src.endsWith("/dist") });
      const r = await buildSite(copy);
      expect(r.compileStats.compiled).toBe(0);
      expect(r.renderStats.rendered).toBe(0);
      expect(await treeDifferences(join(copy, "dist"), join(root, "dist"))).toEqual([]);
    } finally {
      await removeSite(root);
      await removeSite(copy);
    }
  });
});
