// docsite's own packages are part of the build cache's identity by the bytes of their files (cli/cache/
// runtime-packages.ts), not by npm's record alone: an edit inside node_modules that leaves the record as it was (a
// hand fix, patch-package) makes a warm build write what a build without the cache writes. And the file-hashes memo
// behind it (cli/cache/file-hashes.ts) never gives the hash of bytes a file no longer holds.
import { describe, it, expect, beforeAll, afterAll, vi } from "vitest";
import { cp, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyDocsite, repo, runCopy } from "../support/docsite-copy.ts";
import { enrich, treeDifferences } from "../support/rich-site.ts";
import { runtimePackageFolders } from "../../cli/cache/runtime-packages.ts";

describe("docsite's runtime packages in the toolchain identity", () => {
  it("are the packages docsite depends on and theirs, leaving out those the running bundle holds", () => {
    const names = (folders: string[]) => folders.map((f) => f.slice(f.lastIndexOf("node_modules/") + 13));
    const all = names(runtimePackageFolders(repo, new Set()));
    // Direct dependencies, dependencies of dependencies (react-dom → scheduler), optional ones installed (esbuild's
    // binary package), none of the devDependencies.
    for (const name of ["react-dom", "scheduler", "preact", "@mdx-js/mdx", "highlight.js", "@esbuild/linux-x64"])
      if (name !== "@esbuild/linux-x64" || process.platform === "linux") expect(all).toContain(name);
    expect(all).not.toContain("vitest");
    const outside = names(runtimePackageFolders(repo, new Set(["@mdx-js/mdx", "lowlight"])));
    expect(outside).not.toContain("@mdx-js/mdx");
    expect(outside).not.toContain("highlight.js");
    expect(outside).toContain("react-dom");
  });
});

describe("the file-hashes memo", () => {
  let work: string;
  const settled = (file: string) => join(work, file);
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "docsite-file-hashes-"));
    await writeFile(settled("a.js"), "export const a = 1;\n");
    await writeFile(settled("b.js"), "export const b = 1;\n");
    // A whole second, which utimes can put back exactly (the file system's own times have nanoseconds).
    const second = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    await utimes(settled("a.js"), second, second);
    // A file changed in the last two seconds is not kept (its next edit could have the same times): these are older.
    await new Promise((r) => setTimeout(r, 2100));
  });
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });
  /** A new instance of the module: a new process's memo. */
  const fresh = async () => {
    vi.resetModules();
    return import("../../cli/cache/file-hashes.ts");
  };

  it("hashes a file again when it is rewritten with its size and modification time put back", async () => {
    const one = await fresh();
    const file = settled("a.js");
    const { mtime } = await stat(file);
    const first = one.hashFile(file);
    one.saveFileHashes(join(work, "memo-a"));
    const two = await fresh();
    two.loadFileHashes(join(work, "memo-a"));
    expect(two.hashFile(file), "taken from the memo").toBe(first);
    expect(two.filesHashed()).toBe(0);
    await writeFile(file, "export const a = 2;\n");
    await utimes(file, mtime, mtime);
    expect((await stat(file)).mtimeMs).toBe(mtime.getTime());
    expect(two.hashFile(file)).not.toBe(first);
  });

  it("is not used when damaged: a memo with a hash changed inside is left out", async () => {
    const one = await fresh();
    const file = settled("b.js");
    const right = one.hashFile(file);
    const memo = join(work, "memo-b");
    one.saveFileHashes(memo);
    const text = await readFile(memo, "latin1");
    expect(text).toContain(right);
    await writeFile(memo, text.replace(right, "0".repeat(right.length)), "latin1");
    const two = await fresh();
    two.loadFileHashes(memo);
    expect(two.hashFile(file)).toBe(right);
  });
});

describe("a warm build after an edit inside one of docsite's packages that leaves npm's record as it was", () => {
  let work: string;
  let pkg: string;
  let site: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "docsite-runtime-packages-"));
    // preact as a real folder in the copy: its browser build goes into the client runtime every page loads.
    pkg = await copyDocsite(join(work, "docsite"), ["preact"]);
    site = join(pkg, "tests", "fixtures", "site");
    await cp(join(repo, "tests", "fixtures", "basic"), site, { recursive: true });
    await cp(join(repo, "i18n"), join(site, "i18n"), { recursive: true });
    await enrich(site);
    const first = await runCopy(pkg, site, ["build"]);
    expect(first.code, first.out).toBe(0);
  });
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true, maxRetries: 3 });
  });

  it("writes what a build without the cache writes", async () => {
    const file = join(pkg, "node_modules", "preact", "dist", "preact.mjs");
    // A hand fix: the file's bytes change, npm's record (node_modules/.package-lock.json) does not.
    await writeFile(file, `globalThis.__docsiteHandFix = "preact fixed by hand";\n${await readFile(file, "utf8")}`);
    const warm = await runCopy(pkg, site, ["build"]);
    expect(warm.code, warm.out).toBe(0);
    const cold = await runCopy(pkg, site, ["build", "--no-cache", "--out", "../dist-cold"]);
    expect(cold.code, cold.out).toBe(0);
    expect(await treeDifferences(join(site, "dist"), join(site, "..", "dist-cold"))).toEqual([]);
    const assets = await readdir(join(site, "dist"), { recursive: true });
    const scripts = await Promise.all(
      assets.filter((f) => f.endsWith(".js")).map((f) => readFile(join(site, "dist", f), "utf8")),
    );
    expect(scripts.some((s) => s.includes("preact fixed by hand"))).toBe(true);
  });
});
