// `npm pack` / `npm publish` hooks (package.json `prepack`, `postpack`): the package ships the CLI compiled once.
//   node scripts/pack.mjs before   the prebuilt CLI bundle into lib/ and the public surface's type declarations
//                                  into lib/types/ (see bin/README.md)
//   node scripts/pack.mjs after    removes lib/ again: a checkout runs from its sources
// Plain JavaScript, like bin/: it needs esbuild and, for the declarations, the dev dependency typescript.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PACKAGE_ROOT, PREBUILT, removePrebuilt, writePrebuilt } from "../bin/cli-bundle.js";

/** The public surface's declarations ("docsite" and "docsite/theme"), emitted by tsc into lib/types/. */
function writeDeclarations() {
  const dir = mkdtempSync(join(tmpdir(), "docsite-dts-"));
  try {
    const config = {
      extends: join(PACKAGE_ROOT, "tsconfig.json"),
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: PACKAGE_ROOT,
        outDir: join(PACKAGE_ROOT, PREBUILT, "types"),
        types: [],
        paths: {},
      },
      include: [],
      files: [join(PACKAGE_ROOT, "cli", "public-types.ts"), join(PACKAGE_ROOT, "theme", "index.ts")],
    };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
    const tsc = join(PACKAGE_ROOT, "node_modules", "typescript", "bin", "tsc");
    const r = spawnSync(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")], { stdio: "inherit" });
    if (r.status !== 0) throw new Error(`tsc could not write the declarations (exit ${r.status})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const step = process.argv[2];
if (step === "before") {
  const dir = await writePrebuilt();
  writeDeclarations();
  // stderr: `npm pack --json` prints its report on stdout.
  console.error(`docsite: prebuilt CLI bundle and declarations in ${dir}`);
} else if (step === "after") {
  removePrebuilt();
} else {
  console.error("usage: node scripts/pack.mjs before|after");
  process.exit(2);
}
