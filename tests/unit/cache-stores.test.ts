// The registry of the build cache's stores (cli/cache/stores.ts): every store a module declares is in it (so the
// build prunes it), and cli/cache/README.md's table is the one the registry makes.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import fg from "fast-glob";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { STORES, storesTable } from "../../cli/cache/stores.ts";
const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

describe("the store registry", () => {
  it("holds every store the modules declare, once", () => {
    // Every `export const X_STORE = "name"` under cli/ (the modules that read and write a store name it so).
    const declared = new Set<string>(["output"]);
    for (const file of fg.sync("cli/**/*.ts", { cwd: repo }))
      for (const m of readFileSync(join(repo, file), "utf8").matchAll(/export const \w+_STORE = "([^"]+)"/g))
        declared.add(m[1]);
    expect(declared.size).toBeGreaterThan(12);
    const names = STORES.map((s) => s.name);
    expect(new Set(names).size, "a store registered twice").toBe(names.length);
    expect([...names].sort()).toEqual([...declared].sort());
  });

  it("is what cli/cache/README.md's table says", () => {
    const readme = readFileSync(join(repo, "cli", "cache", "README.md"), "utf8");
    expect(readme, "the README's table differs from storesTable(): paste its output in").toContain(storesTable());
    for (const s of STORES) expect(readme).toContain(`| \`${s.name}/\``);
  });
});
