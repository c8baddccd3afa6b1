// Asset names of the browser bundle hash input paths: a package's files are named by package, version and path in
// it, whatever folder npm put them in (cli/client/stable-paths.ts).
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { packageFileId } from "../../cli/client/stable-paths.ts";

const repo = join(import.meta.dirname, "..", "..");
/** tsx's loader by URL: the other working folders have no node_modules. */
const TSX = pathToFileURL(join(repo, "node_modules", "tsx", "dist", "loader.mjs")).href;

describe("stable input names for the browser bundle", () => {
  it("names a package's file the same in a checkout and when hoisted beside an installed docsite", () => {
    const version = (
      JSON.parse(readFileSync(join(repo, "node_modules", "preact", "package.json"), "utf8")) as { version: string }
    ).version;
    const checkout = join(repo, "node_modules", "preact", "compat", "dist", "compat.module.js");
    expect(packageFileId(checkout)).toBe(`preact@${version}/compat/dist/compat.module.js`);
    expect(packageFileId(join(repo, "node_modules", "@orama", "stemmers", "dist", "ru.js"))).toMatch(
      /^@orama\/stemmers@[\d.]+\/dist\/ru\.js$/,
    );
    expect(packageFileId(join(repo, "theme", "client", "entry.ts"))).toBeUndefined();
  });

  it("gives the same files from any working folder, with the stylesheet to inline", async () => {
    // In processes of their own, started in folders of different depths (esbuild's paths are relative to them).
    const script = `
      const { bundleClient } = await import(${JSON.stringify(pathToFileURL(join(repo, "cli/client/bundle.ts")).href)});
      const b = await bundleClient({ baseUrl: "/" });
      console.log(JSON.stringify({ files: [...b.files.keys()].sort(), entry: b.entry, css: b.inlineCss.length }));
      process.exit(0);`;
    const run = (cwd: string) => {
      const r = spawnSync(process.execPath, ["--import", TSX, "--input-type=module", "-e", script], {
        cwd,
        encoding: "utf8",
      });
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { files: string[]; entry: string; css: number };
    };
    const deep = await mkdtemp(join(tmpdir(), "docsite-cwd-"));
    try {
      await mkdir(join(deep, "a", "b", "c"), { recursive: true });
      const here = run(repo);
      expect(here.css).toBeGreaterThan(1000);
      expect(here.files.every((f) => f.startsWith("assets/"))).toBe(true);
      expect(run(join(deep, "a", "b", "c"))).toEqual(here);
      expect(run("/")).toEqual(here);
    } finally {
      await rm(deep, { recursive: true, force: true });
    }
  });
});
