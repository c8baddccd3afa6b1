// One process's hashing of docsite's runtime packages (cli/cache/runtime-packages.ts), as the toolchain identity does
// it: the memo loaded, every package file stat'ed and hashed unless the memo has it, the memo written. Prints JSON.
// Run by identity-cost.ts: `node --import tsx identity-cost-run.ts <memo file> <inlined packages as JSON>`.
import { filesHashed, loadFileHashes, saveFileHashes } from "../../cli/cache/file-hashes.ts";
import { runtimePackagesBytes } from "../../cli/cache/runtime-packages.ts";

const [memo, inlined] = process.argv.slice(2);
const cpu = process.cpuUsage();
const t0 = performance.now();
loadFileHashes(memo);
const r = runtimePackagesBytes(undefined, new Set(JSON.parse(inlined) as string[]));
saveFileHashes(memo);
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    wallMs: performance.now() - t0,
    cpuMs: (used.user + used.system) / 1000,
    packages: r.packages,
    files: r.files,
    hashed: filesHashed(),
  }),
);
