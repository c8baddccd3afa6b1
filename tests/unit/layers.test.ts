// docsite's code in layers (scripts/layers/table.ts; docs/architecture.md): no file imports a file that imports it
// back, however far round; no folder imports a folder of its own or a later rank, so the build is one pass in one
// direction (config → content → compiled pages → routes → checks → images and client bundle → HTML → extras →
// output); and so no folder imports a folder that imports it back. The graph is esbuild's (every import the code
// runs, however it is written) and the source text's (type imports, which esbuild drops): see scripts/layers/graph.ts.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CODE_ROOTS,
  REPO,
  codeFiles,
  importGraph,
  specifiersIn,
  type ImportGraph,
} from "../../scripts/layers/graph.ts";
import { fileCycles, folderCycles, upwardImports } from "../../scripts/layers/checks.ts";
import { LAYERS, layerOf } from "../../scripts/layers/table.ts";

const rankOf = (file: string) => layerOf(file)?.rank;
const folderOf = (file: string) => layerOf(file)?.path;
const FIX = "move the imported code to a lower layer, or change the ranks in scripts/layers/table.ts";

describe("code layers", () => {
  let graph: ImportGraph;
  beforeAll(async () => {
    graph = await importGraph();
  });

  it("has a layer for every file of cli/ and theme/", () => {
    const files = CODE_ROOTS.flatMap((dir) => codeFiles(REPO, dir));
    expect(files.length).toBeGreaterThan(200);
    expect(
      files.filter((f) => !layerOf(f)),
      "a folder of cli/ not in scripts/layers/table.ts: add a row for it",
    ).toEqual([]);
  });

  it("has no import cycle between files", () => {
    expect(fileCycles(graph), "break the cycle: move what both files need into a module they both import").toEqual([]);
  });

  it("imports no layer of the same or a later rank", () => {
    expect(upwardImports(graph, rankOf, folderOf), FIX).toEqual([]);
  });

  it("has no import cycle between folders", () => {
    expect(folderCycles(graph, folderOf), FIX).toEqual([]);
  });

  it("finds imports of every kind (the test itself works)", () => {
    expect(graph.get("cli/pipeline/build.ts")).toContain("cli/cache/cache.ts");
    expect(graph.get("cli/cache/cache.ts")).toContain("cli/cache/identity.ts");
    // A dynamic import (render/locate-render-error.ts loads the compile's modules only for an error).
    expect(graph.get("cli/render/locate-render-error.ts")).toContain("cli/mdx/modules.ts");
    // A type-only import, which esbuild drops: the text scan finds it.
    expect(graph.get("cli/routes/types.ts")).toContain("cli/mdx/compile.ts");
  });
});

describe("the layer checks catch what they are for", () => {
  let copy: string;
  let graph: ImportGraph;

  // A copy of cli/ and theme/ with violations planted in low layers; each import below is against the order.
  const PLANTED: Record<string, string> = {
    // A side-effect import (no `from`).
    "cli/config/did-you-mean.ts": 'import "../render/html.ts";\n',
    // A dynamic import split across lines.
    "cli/i18n/missing.ts": 'export const later = () =>\n  import(\n    "../search/index.ts"\n  );\n',
    // A type-only import split across lines (esbuild drops it).
    "cli/content/doc-id.ts":
      'import type {\n  RouteTable,\n} from "../routes/types.ts";\nexport type T = RouteTable;\n',
    // A require.
    "cli/boot/locations.ts": 'export const late = () => require("../emit/extras.ts");\n',
  };

  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), "docsite-layers-"));
    for (const dir of CODE_ROOTS) cpSync(join(REPO, dir), join(copy, dir), { recursive: true });
    cpSync(join(REPO, "tsconfig.json"), join(copy, "tsconfig.json"));
    for (const [file, text] of Object.entries(PLANTED))
      writeFileSync(join(copy, file), `${readFileSync(join(copy, file), "utf8")}\n${text}`);
    graph = await importGraph(copy);
  });

  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it("finds each planted import as an import against the order", () => {
    const upward = upwardImports(graph, rankOf, folderOf);
    expect(upward).toContain("cli/config/did-you-mean.ts -> cli/render/html.ts");
    expect(upward).toContain("cli/i18n/missing.ts -> cli/search/index.ts");
    expect(upward).toContain("cli/content/doc-id.ts -> cli/routes/types.ts");
    expect(upward).toContain("cli/boot/locations.ts -> cli/emit/extras.ts");
  });

  it("finds the folder cycles they make", () => {
    const cycles = folderCycles(graph, folderOf).join("\n");
    expect(cycles).toMatch(/^\{cli\/boot, .*cli\/emit.*\}/m);
    expect(cycles).toContain("cli/config -> cli/render: cli/config/did-you-mean.ts -> cli/render/html.ts");
  });

  it("finds a folder cycle that no file cycle makes", () => {
    // a/one.ts → b/two.ts and b/three.ts → a/four.ts: every file is fine, the folders import each other.
    const synthetic: ImportGraph = new Map([
      ["a/one.ts", ["b/two.ts"]],
      ["a/four.ts", []],
      ["b/two.ts", []],
      ["b/three.ts", ["a/four.ts"]],
    ]);
    const folder = (f: string) => f.split("/")[0];
    expect(fileCycles(synthetic)).toEqual([]);
    expect(folderCycles(synthetic, folder)).toEqual([
      "{a, b}: a -> b -> a\n  a -> b: a/one.ts -> b/two.ts\n  b -> a: b/three.ts -> a/four.ts",
    ]);
  });

  it("finds a file cycle, the way round it", () => {
    const synthetic: ImportGraph = new Map([
      ["x.ts", ["y.ts"]],
      ["y.ts", ["z.ts"]],
      ["z.ts", ["x.ts"]],
    ]);
    expect(fileCycles(synthetic)).toEqual(["x.ts -> y.ts -> z.ts -> x.ts"]);
  });

  it("reads type imports from the text, over several lines", () => {
    expect(specifiersIn('import type {\n  A,\n  B,\n} from "./a.ts";\nexport type { C } from "./c.ts";')).toEqual([
      "./a.ts",
      "./c.ts",
    ]);
    expect(specifiersIn('let t: typeof import(\n  "./t.ts"\n);\nimport "./side.ts";')).toEqual(["./side.ts", "./t.ts"]);
  });

  it("has one row per folder", () => {
    expect(new Set(LAYERS.map((l) => l.path)).size).toBe(LAYERS.length);
  });
});
