// The site's PostCSS plugins load when a stylesheet is first processed (cli/css/postcss-toolchain.ts), not when the
// toolchain is asked for: a build whose CSS all comes from the cache loads none of them (Tailwind 4 cost a no-change
// build of an imported site about 0.15 s of CPU and a module-loader thread). A plugin that cannot be loaded is still
// named, with the file that lists it, when it is needed.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { postcssToolchain } from "../../cli/css/postcss-toolchain.ts";

const repoModules = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "node_modules");
/** How many times the site's plugin package was loaded (it counts itself on this global). */
const loads = () => (globalThis as { __docsiteFakePluginLoads?: number }).__docsiteFakePluginLoads ?? 0;

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "docsite-postcss-lazy-"));
  await writeFile(join(root, "package.json"), "{}\n");
  await mkdir(join(root, "node_modules", "fake-plugin"), { recursive: true });
  await symlink(join(repoModules, "postcss"), join(root, "node_modules", "postcss"), "dir");
  await writeFile(
    join(root, "node_modules", "fake-plugin", "index.js"),
    [
      "globalThis.__docsiteFakePluginLoads = (globalThis.__docsiteFakePluginLoads ?? 0) + 1;",
      "const creator = () => ({ postcssPlugin: 'fake', Declaration(d) { if (d.prop === 'color') d.value = 'red'; } });",
      "creator.postcss = true;",
      "module.exports = creator;",
    ].join("\n"),
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("the site's PostCSS toolchain", () => {
  it("loads its plugins only when a stylesheet is processed", async () => {
    const toolchain = await postcssToolchain(root, ["fake-plugin"]);
    expect(toolchain?.key).toBe(JSON.stringify([["fake-plugin", {}]]));
    expect(loads()).toBe(0);
    const out = await toolchain!.process("a { color: blue }", join(root, "src", "x.css"));
    expect(out.css).toBe("a { color: red }");
    expect(loads()).toBe(1);
    await toolchain!.process("b { color: green }", join(root, "src", "y.css"));
    expect(loads()).toBe(1);
  });

  it("names a plugin that cannot be loaded, and the file that lists it, when a stylesheet needs it", async () => {
    const toolchain = await postcssToolchain(root, ["not-installed-plugin"]);
    expect(toolchain).not.toBeNull();
    await expect(toolchain!.process("a {}", join(root, "x.css"))).rejects.toThrow(
      /the PostCSS plugin "not-installed-plugin" cannot be loaded from the site's node_modules/,
    );
  });
});
