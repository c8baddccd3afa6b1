// The compile's V8 interrupt budget (cli/pipeline/jit-budget.ts): V8 honours it when it is set at run time, as the
// compile sets it (a V8 that ignored it would leave the build's CPU figures untrue), V8's own budget comes back
// afterwards, and the default it restores is the running V8's.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { V8_INTERRUPT_BUDGET, withCompileBudget } from "../../cli/pipeline/jit-budget.ts";

const MODULE = pathToFileURL(join(import.meta.dirname, "..", "..", "cli", "pipeline", "jit-budget.ts")).href;

/**
 * Whether V8 marks a small hot function for TurboFan when it runs 70 times `during` the compile budget or after it.
 * With V8's budget it is marked from about 30 calls, with the compile's from about 150 (`--trace-opt`, Node 20).
 */
function markedForTurbofan(when: "during" | "after" | "without", ...budgetArgs: unknown[]): boolean {
  const script = `
    const { withCompileBudget } = await import(${JSON.stringify(MODULE)});
    function hotFunction(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
    const run = async () => { let total = 0; for (let k = 0; k < 70; k++) total += hotFunction(100); return total; };
    const args = ${JSON.stringify(budgetArgs)};
    const total = ${JSON.stringify(when)} === "during" ? await withCompileBudget(run, ...args)
      : ${JSON.stringify(when)} === "after" ? (await withCompileBudget(async () => 0), await run())
      : await run();
    console.log("total", total);
  `;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--trace-opt", "--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  expect(r.stderr).toBe("");
  expect(r.stdout).toContain("total 20650");
  return /hotFunction.*for optimization/.test(r.stdout);
}

describe("the compile's interrupt budget", () => {
  it("leaves a function hot enough for TurboFan by default to the baseline code while pages compile", () => {
    expect(markedForTurbofan("without")).toBe(true);
    expect(markedForTurbofan("during")).toBe(false);
  });

  it("gives V8's budget back when the compile ends", () => {
    expect(markedForTurbofan("after")).toBe(true);
  });

  it("restores the running V8's default", () => {
    const options = spawnSync(process.execPath, ["--v8-options"], { encoding: "utf8" }).stdout;
    expect(options).toContain(`default: --interrupt-budget=${V8_INTERRUPT_BUDGET}\n`);
  });

  it("is left alone when node was started with a budget, and on a V8 it was not measured on", async () => {
    expect(markedForTurbofan("during", ["--interrupt-budget=67584"])).toBe(true);
    expect(markedForTurbofan("during", [], "12.4.254.21-node.33")).toBe(true);
    expect(await withCompileBudget(async () => 7, [], "12.4.254")).toBe(7);
  });
});
