// The map of the code in docs/architecture.md ("The layers") and the layer lines of each folder's README.md are what
// scripts/architecture.ts writes from the layers table the layers test checks the code against
// (scripts/layers/table.ts), so the map cannot fall behind the code: `npm run docs:architecture` writes them again.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import {
  ARCHITECTURE_FILE,
  BEGIN,
  END,
  architectureBlock,
  generatedFiles,
  withBlock,
} from "../../scripts/architecture.ts";
import { REPO } from "../../scripts/layers/graph.ts";
import { LAYERS } from "../../scripts/layers/table.ts";

/** Folders whose README.md other work writes, with or without the generated lines. */
const READMES_ELSEWHERE = new Set(["cli/pipeline", "cli/dev", "cli/output"]);

describe("the architecture map", () => {
  it("is what `npm run docs:architecture` writes, in docs/architecture.md and every folder README", () => {
    const files = generatedFiles();
    expect(files.map((f) => f.file)).toContain(ARCHITECTURE_FILE);
    for (const { file, text } of files)
      expect(readFileSync(join(REPO, file), "utf8"), `${file} is out of date: run npm run docs:architecture`).toBe(
        text,
      );
  });

  it("names every folder of cli/, the import and search folders too", () => {
    const block = architectureBlock(REPO);
    const folders = readdirSync(join(REPO, "cli"), { withFileTypes: true }).filter((e) => e.isDirectory());
    for (const folder of folders) expect(block).toContain(`\`cli/${folder.name}/\``);
    expect(block).toContain("[`cli/import/`](../cli/import/README.md)");
    expect(block).toContain("[`cli/search/`](../cli/search/README.md)");
  });

  it("gives every folder of cli/ and theme/ a README.md with its layer lines", () => {
    const missing = LAYERS.filter((l) => !l.path.endsWith(".ts") && !READMES_ELSEWHERE.has(l.path))
      .map((l) => `${l.path}/README.md`)
      .filter((file) => !existsSync(join(REPO, file)) || !readFileSync(join(REPO, file), "utf8").includes(BEGIN));
    expect(missing, "write a README.md for the folder, with the layers markers").toEqual([]);
  });

  it("sees a change of the table", () => {
    const moved = LAYERS.map((l) => (l.path === "cli/search" ? { ...l, rank: 16, stage: "output" as const } : l));
    expect(architectureBlock(REPO, moved)).not.toBe(architectureBlock(REPO));
    const file = generatedFiles(REPO, moved).find((f) => f.file === "cli/search/README.md");
    expect(file?.text).toContain('**Layer**: rank 16, stage "output"');
  });

  it("names the file whose markers are missing", () => {
    expect(() => withBlock("cli/x/README.md", "# x\n", "block")).toThrow(/^cli\/x\/README\.md: no layers markers/);
    expect(withBlock("f", `a\n${BEGIN}\nold\n${END}\nb\n`, "new")).toBe(`a\n${BEGIN}\nnew\n${END}\nb\n`);
  });
});
