// docsite's esbuild plugins that re-resolve (cli/mdx/inner-resolve.ts: SVG components, the asset loader, Sass,
// the browser runtime's stable package paths) must not re-resolve each other's inner requests: an `.svg` import once sent the SVG plugin and the
// asset loader back and forth without end while esbuild's memory grew (a Docusaurus fixture's `import Leaf from
// "./leaf.svg"`). A counting plugin in front stops the build after a bounded number of passes, so a loop fails this
// test quickly instead of hanging it.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { svgComponents } from "../../cli/mdx/svg-component.ts";
import { assetLoader, ASSET_LOADERS } from "../../cli/mdx/asset-loader.ts";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "docsite-inner-resolve-"));
  writeFileSync(
    join(dir, "leaf.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><path d="M0 0h2v2z"/></svg>',
  );
  writeFileSync(join(dir, "dot.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  mkdirSync(join(dir, "node_modules", "pics"), { recursive: true });
  writeFileSync(join(dir, "node_modules", "pics", "package.json"), '{"name":"pics","version":"1.0.0"}');
  writeFileSync(join(dir, "node_modules", "pics", "star.svg"), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  writeFileSync(
    join(dir, "entry.jsx"),
    [
      'import Leaf from "./leaf.svg";',
      'import Star from "pics/star.svg";',
      'import dot from "./dot.png";',
      "export const parts = [Leaf, Star, dot];",
    ].join("\n"),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Counts resolve passes of image imports and fails the build past a bound no finite chain of plugins reaches. */
function passLimit(limit: number): { plugin: Plugin; passes: () => number } {
  let passes = 0;
  const plugin: Plugin = {
    name: "pass-limit",
    setup(b) {
      b.onResolve({ filter: /\.(svg|png)$/ }, (a) => {
        passes++;
        if (passes > limit) return { errors: [{ text: `resolve passes over ${limit}: ${a.path} loops` }] };
        return undefined;
      });
    },
  };
  return { plugin, passes: () => passes };
}

describe("plugins that re-resolve", () => {
  it("an SVG and an image import resolve in a bounded number of passes with every re-resolving plugin present", async () => {
    const limit = passLimit(50);
    const result = await build({
      entryPoints: [join(dir, "entry.jsx")],
      bundle: true,
      write: false,
      outdir: join(dir, "out"),
      format: "esm",
      external: ["react"],
      loader: { ...ASSET_LOADERS },
      // In the order of the server's and islands' bundles (cli/mdx/components.ts, cli/islands/bundle.ts).
      plugins: [limit.plugin, svgComponents, assetLoader],
      logLevel: "silent",
    });
    expect(result.errors).toEqual([]);
    const js = result.outputFiles.find((f) => f.path.endsWith(".js"))?.text ?? "";
    // The SVGs are components; the small PNG is a data: URL (url-loader's inline limit).
    expect(js).toContain("SvgComponent");
    expect(js).toContain("data:image/png;base64,");
    expect(limit.passes()).toBeLessThan(20);
  });
});
