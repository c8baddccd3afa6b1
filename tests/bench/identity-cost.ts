// The cost of keying the build cache by the bytes of docsite's own packages (cli/cache/runtime-packages.ts), as a new
// process pays it: the first build on a machine (an empty file-hashes memo: every file read and hashed) and every
// build after it (the memo holds them: a stat per file). The packages are those an installed docsite runs from
// node_modules: the CLI bundle's inlined ones (its bundle.json) are left out, as the identity leaves them out.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBundle } from "../../bin/cli-bundle.js";
import { sec, table } from "./measure.ts";

interface Run {
  wallMs: number;
  cpuMs: number;
  packages: number;
  files: number;
  hashed: number;
}

export async function identityCostTable(): Promise<string> {
  const { dir } = await ensureBundle();
  const { inlined = [] } = JSON.parse(readFileSync(join(dir, "bundle.json"), "utf8")) as { inlined?: string[] };
  const work = await mkdtemp(join(tmpdir(), "docsite-bench-identity-"));
  try {
    const once = (): Run =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [
            "--import",
            "tsx",
            join(import.meta.dirname, "identity-cost-run.ts"),
            join(work, "memo"),
            JSON.stringify(inlined),
          ],
          { encoding: "utf8" },
        ),
      ) as Run;
    const runs: Array<[string, Run]> = [["empty memo (first build on this machine)", once()]];
    for (let i = 1; i <= 3; i++) runs.push([`memo kept (no change), run ${i}`, once()]);
    return [
      "\n## docsite's packages by their bytes (toolchain identity), per build process\n",
      table(
        ["memo", "wall", "CPU (user+sys)", "packages", "files", "files read and hashed"],
        runs.map(([label, r]) => [label, sec(r.wallMs), sec(r.cpuMs), r.packages, r.files, r.hashed]),
        ["---", "---:", "---:", "---:", "---:", "---:"],
      ),
    ].join("\n");
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
