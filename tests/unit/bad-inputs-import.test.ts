// Bad inputs for `docsite import`, through the real CLI (exit code and message): names that would leave the output
// folder, symbolic links that leave the project, an output folder inside the project, sidebars that contain
// themselves, two versions in one folder, and configs that loop, wait forever or never settle. Each case also
// checks that nothing outside the output folder was written and that the source project is unchanged.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { treeHash as sharedTreeHash } from "../support/bad-inputs.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const BIN = join(repo, "bin", "docsite.js");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function cli(args: string[], cwd = repo): Promise<Run> {
  const started = Date.now();
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((res) => child.on("close", (code) => res({ code, stdout, stderr, ms: Date.now() - started })));
}

/** A hash of the whole tree: an import must leave its source project exactly as it was, output folders included. */
const treeHash = (dir: string) => sharedTreeHash(dir, () => false);

let work: string;
let n = 0;

/** A small Docusaurus project under the work folder, with `files` (null: none). */
async function project(files: Record<string, string>): Promise<string> {
  const dir = join(work, `site-${n++}`);
  const all: Record<string, string> = {
    "docusaurus.config.js":
      'module.exports = { title: "T", url: "https://t.example", baseUrl: "/", presets: [["classic", {}]] };\n',
    "docs/intro.md": "# Intro\n\nHello.\n",
    ...files,
  };
  for (const [f, text] of Object.entries(all)) {
    await mkdir(dirname(join(dir, f)), { recursive: true });
    await writeFile(join(dir, f), text);
  }
  return dir;
}

/** Every file name anywhere under the work folder (to see that nothing was written beside the output). */
async function names(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (at: string, rel: string) => {
    for (const e of await readdir(at, { withFileTypes: true })) {
      out.push(`${rel}${e.name}`);
      if (e.isDirectory()) await walk(join(at, e.name), `${rel}${e.name}/`);
    }
  };
  await walk(dir, "");
  return out.sort();
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-bad-import-"));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("docsite import refuses names that would leave the output folder", () => {
  it.each([
    [
      "a version with a slash",
      { "versions.json": '["../../escape"]' },
      /docs version "\.\.\/\.\.\/escape" is not a usable name/,
    ],
    ["a version with ..", { "versions.json": '["1..0"]' }, /docs version "1\.\.0" is not a usable name/],
    [
      "a locale with ..",
      {
        "docusaurus.config.js":
          'module.exports = { title: "T", url: "https://t.example", baseUrl: "/", presets: [["classic", {}]], i18n: { defaultLocale: "en", locales: ["en", "../../../x"] } };\n',
      },
      /locale "\.\.\/\.\.\/\.\.\/x" is not a usable name/,
    ],
  ])("%s: exit 1, the file named, nothing written", async (_what, files, message) => {
    const src = await project(files as Record<string, string>);
    await mkdir(join(src, "versioned_docs", "version-1..0"), { recursive: true });
    await writeFile(join(src, "versioned_docs", "version-1..0", "a.md"), "# A\n");
    const before = await names(work);
    const out = join(work, `out-${n++}`);
    const r = await cli(["import", src, "--out", out]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/versions\.json|docusaurus\.config\.js/);
    expect(await names(work)).toEqual(before);
  });
});

describe("docsite import and symbolic links", () => {
  it("copies a link that stays in the project, and refuses (and names) one that leaves it", async () => {
    const secret = join(work, `outside-${n++}`);
    await mkdir(secret, { recursive: true });
    await writeFile(join(secret, "passwd"), "root:x:0:0\n");
    const src = await project({ "static/img/real.txt": "inside\n", "docs/guide/page.md": "# Page\n" });
    await symlink(secret, join(src, "static", "etc"));
    await symlink(join(secret, "passwd"), join(src, "docs", "leak.md"));
    await symlink("real.txt", join(src, "static", "img", "alias.txt"));
    await symlink("..", join(src, "docs", "guide", "loop"));
    const out = join(work, `out-${n++}`);
    const r = await cli(["import", src, "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(out, "static", "etc"))).toBe(false);
    expect(existsSync(join(out, "content", "en", "docs", "current", "leak.md"))).toBe(false);
    expect(await readFile(join(out, "static", "img", "alias.txt"), "utf8")).toBe("inside\n");
    expect(r.stdout).toMatch(/static\/etc: a symbolic link that leaves the project/);
    expect(r.stdout).toMatch(/docs\/leak\.md: a symbolic link that leaves the project/);
    expect(r.stdout).toMatch(/docs\/guide\/loop: a symbolic link to one of its own parent folders/);
    expect(existsSync(join(out, "content", "en", "docs", "current", "guide", "page.md"))).toBe(true);
  });
});

describe("docsite import refuses an output folder inside the project", () => {
  it.each([
    ["the project itself", (src: string) => src],
    ["a folder inside it", (src: string) => join(src, "docsite")],
    ["a folder holding it", (src: string) => dirname(src)],
  ])("--out %s --force: exit 1, the project unchanged", async (_what, outOf) => {
    const src = await project({});
    const before = await treeHash(src);
    const r = await cli(["import", src, "--out", outOf(src), "--force"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/the output folder (is the Docusaurus project itself|lies inside|holds)/);
    expect(r.stderr).toContain("--out ../my-docsite");
    expect(await treeHash(src)).toBe(before);
  });
});

describe("docsite import: sidebars and versions that cannot be laid out", () => {
  it("a sidebar that contains itself: exit 1 naming the sidebars file", async () => {
    const src = await project({
      "sidebars.js":
        'const items = [{ type: "doc", id: "intro" }];\nitems.push({ type: "category", label: "Again", items });\nmodule.exports = { main: items };\n',
    });
    const r = await cli(["import", src, "--out", join(work, `out-${n++}`)]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/sidebars\.js .*contains itself \(a cycle\)/);
  });

  it.each([
    ["a version listed twice", '["1.0", "1.0"]', false, /docs version "1\.0" is listed twice/],
    [
      "two version folders that are one",
      '["2.0", "1.0"]',
      true,
      /docs versions "2\.0" and "1\.0" have one and the same folder/,
    ],
  ])("%s: exit 1 naming versions.json", async (_what, versions, linked, message) => {
    const src = await project({ "versions.json": versions, "versioned_docs/version-1.0/a.md": "# A\n" });
    if (linked) await symlink("version-1.0", join(src, "versioned_docs", "version-2.0"));
    const r = await cli(["import", src, "--out", join(work, `out-${n++}`)]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain("versions.json");
  });
});

describe("docsite import bounds the config", () => {
  const config = (body: string) => ({ "docusaurus.config.js": body });
  it.each([
    [
      "a loop in the exported function",
      "module.exports = function () { for (;;) {} };\n",
      /did not finish evaluating within 2 s/,
    ],
    [
      "a slow await",
      "module.exports = async () => { await new Promise((r) => setTimeout(r, 600000)); return {}; };\n",
      /did not finish evaluating within 2 s/,
    ],
    ["a promise that never settles", "module.exports = () => new Promise(() => {});\n", /promise never settles/],
    [
      "process.exit in the config",
      "process.exit(0);\n",
      /stopped the evaluation without a result \(process\.exit\(0\)\)/,
    ],
  ])("%s: exit 1 naming the config, no project", async (_what, body, message) => {
    const src = await project(config(body));
    const out = join(work, `out-${n++}`);
    const r = await cli(["import", src, "--out", out, "--config-timeout", "2"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain("docusaurus.config.js");
    expect(existsSync(out)).toBe(false);
  });

  it("a config that throws: the import fails with the reason at file:line, unless --allow-partial-config", async () => {
    const src = await project(
      config('const x = 1;\n\nmodule.exports = { title: "Static", url: "https://s.example", x: undefined.y };\n'),
    );
    const out = join(work, `out-${n++}`);
    const r = await cli(["import", src, "--out", out]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /docusaurus\.config\.js:3:\d+ the config cannot be evaluated: Cannot read properties of undefined/,
    );
    expect(r.stderr).toContain("--allow-partial-config");
    expect(existsSync(out)).toBe(false);
    const partial = await cli(["import", src, "--out", out, "--allow-partial-config"]);
    expect(partial.code, partial.stderr).toBe(0);
    expect(partial.stdout).toMatch(/could not be evaluated .*--allow-partial-config/);
    expect(JSON.parse(await readFile(join(out, "site.config.json"), "utf8")).title).toBe("Static");
  });
});
