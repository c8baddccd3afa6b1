// An imported project's remark plugin runs in docsite's compile as Docusaurus runs it: options holding a function
// that uses only its parameters carried over (and one reading from outside itself named instead), the page's file
// given to the plugin (a plugin may act only on some extensions), the site folder as working directory whatever the
// user's, and a plugin that checks code blocks against a tsconfig given the project's devDependencies. The project
// is written here: a small plugin in the manner of remark-typescript-tools' transpileCodeblocks.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus, formatReport } from "../../cli/import/index.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let work: string;
let n = 0;

async function project(files: Record<string, string>): Promise<string> {
  const dir = join(work, `src-${n++}`);
  for (const [f, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, f)), { recursive: true });
    await writeFile(join(dir, f), text);
  }
  return dir;
}

const PLUGIN = `const { readFileSync } = require("node:fs");
module.exports = function stamp(options) {
  return (tree, file) => {
    if (file.extname !== ".mdx") return;
    const text = readFileSync(options.file, "utf8");
    tree.children.push({ type: "paragraph", children: [{ type: "text", value: options.format(text) }] });
  };
};
`;

const configWith = (before: string, options: string) =>
  `const stamp = require("./plugins/remark-stamp.js");\n${before}\n` +
  `module.exports = { title: "T", url: "https://t.example", baseUrl: "/", presets: [["classic", { docs: { remarkPlugins: [[stamp, ${options}]] } }]] };\n`;

const files = {
  "plugins/remark-stamp.js": PLUGIN,
  "src/stamp.txt": "blue moon\n",
  "docs/a.mdx": "# A\n\nText.\n",
  "docs/b.md": "# B\n\nText.\n",
};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-dplugins-"));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("a remark plugin with a function in its options", () => {
  it("runs on the pages it takes, with its options' function, from the site folder, whatever the user's folder", async () => {
    const src = await project({
      ...files,
      "docusaurus.config.js": configWith(
        "",
        '{ file: "src/stamp.txt", format: (t) => "Stamped: " + t.trim().toUpperCase() }',
      ),
    });
    const out = join(work, `out-${n++}`);
    const text = formatReport(await importDocusaurus(src, out), out);
    expect(text).toContain("MDX plugins ./plugins/remark-stamp.js run in docsite's compile");
    expect(text).not.toContain("cannot be carried");
    // The real CLI, started from another folder: the plugin reads src/stamp.txt from the working directory.
    const r = spawnSync(process.execPath, [join(repo, "bin", "docsite.js"), "build", "--root", out], {
      cwd: work,
      encoding: "utf8",
      timeout: 240_000,
    });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(await readFile(join(out, "dist", "docs", "a", "index.html"), "utf8")).toContain("Stamped: BLUE MOON");
    // The plugin acts on .mdx files only, as it is told the page's file.
    expect(await readFile(join(out, "dist", "docs", "b", "index.html"), "utf8")).not.toContain("Stamped:");
  });

  it("is named, not carried, when the function reads from outside itself", async () => {
    const src = await project({
      ...files,
      "docusaurus.config.js": configWith(
        'const PREFIX = "Stamped: ";',
        '{ file: "src/stamp.txt", format: (t) => PREFIX + t }',
      ),
    });
    const out = join(work, `out-${n++}`);
    const text = formatReport(await importDocusaurus(src, out), out);
    expect(text).toMatch(
      /remarkPlugins\[0\]: .*remark-stamp\.js has options that cannot be carried \(the function format: it reads PREFIX from outside itself\)/,
    );
  });

  it("that checks code blocks against a tsconfig gets the project's devDependencies", async () => {
    const src = await project({
      ...files,
      "package.json": JSON.stringify({
        name: "x",
        devDependencies: { "left-pad": "^1.3.0", "@docusaurus/types": "3.6.3" },
      }),
      "tsconfig.json": "{}\n",
      "docusaurus.config.js": configWith(
        'const { resolve } = require("node:path");',
        '{ file: "src/stamp.txt", tsconfig: resolve(__dirname, "tsconfig.json"), format: (t) => t }',
      ),
    });
    const out = join(work, `out-${n++}`);
    const report = await importDocusaurus(src, out);
    const pkg = JSON.parse(await readFile(join(out, "package.json"), "utf8"));
    expect(pkg.devDependencies).toEqual({ "left-pad": "^1.3.0" });
    expect(report.mapped.join("\n")).toContain("checks code blocks against a TypeScript config");
  });
});
