// Type-checks complete examples (code blocks flagged `test`) against the published Testplane typings: each block
// becomes a file of a throwaway project whose tsconfig loads Testplane's globals (describe, it, hooks, expect and the
// `testplane` helper) the way a user's project does (`"types": ["testplane"]`), then `tsc --noEmit` runs over it.
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { spawnSync } from "node:child_process";
import type { CodeBlock } from "./code-blocks.ts";
import { root } from "./code-blocks.ts";

const extension: Record<string, string> = {
  js: "js",
  javascript: "js",
  jsx: "jsx",
  ts: "ts",
  typescript: "ts",
  tsx: "tsx",
};

export const compilerOptions = {
  strict: true,
  noEmit: true,
  target: "ES2022",
  module: "nodenext",
  moduleResolution: "nodenext",
  // Every example is its own module, even a test file without imports (as Testplane loads it).
  moduleDetection: "force",
  types: ["testplane", "node"],
  allowJs: true,
  checkJs: true,
  jsx: "react-jsx",
  skipLibCheck: true,
  esModuleInterop: true,
};

export interface TypeError {
  file: string;
  line: number;
  message: string;
  block: CodeBlock;
}

/** The file name a block gets in the throwaway project: its title's base name when it has one. */
function fileName(block: CodeBlock, index: number): string {
  const ext = extension[block.lang];
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(block.meta);
  const base = title ? basename(title[1] ?? title[2] ?? title[3]).replace(/\.[cm]?[jt]sx?$/, "") : "example";
  return `${String(index).padStart(4, "0")}-${base.replace(/[^\w.-]+/g, "_")}.${ext}`;
}

/** Runs tsc over the blocks; returns the errors mapped back to .mdx file and line. */
export function typecheckBlocks(blocks: CodeBlock[]): TypeError[] {
  const dir = mkdtempSync(join(tmpdir(), "docsite-examples-"));
  try {
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
    mkdirSync(join(dir, "examples"));
    const byFile = new Map<string, CodeBlock>();
    blocks.forEach((b, i) => {
      const name = fileName(b, i);
      byFile.set(`examples/${name}`, b);
      writeFileSync(join(dir, "examples", name), `${b.code}\n`);
    });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "docsite-examples", private: true }));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["examples"] }, null, 2));
    const tsc = join(root, "node_modules", ".bin", "tsc");
    const run = spawnSync(tsc, ["-p", "tsconfig.json", "--pretty", "false"], { cwd: dir, encoding: "utf8" });
    if (run.error) throw run.error;
    const out = `${run.stdout}${run.stderr}`;
    const errors: TypeError[] = [];
    for (const line of out.split("\n")) {
      const m = /^(examples\/[^(]+)\((\d+),(\d+)\): error (TS\d+: .*)$/.exec(line.trim());
      if (!m) continue;
      const block = byFile.get(m[1]);
      if (!block) continue;
      errors.push({ file: block.file, line: block.line + Number(m[2]), message: m[4], block });
    }
    if (run.status !== 0 && errors.length === 0) throw new Error(`tsc failed without per-file errors:\n${out}`);
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
