// Fixture sites for tests: a copy of tests/fixtures/<name> with changes applied, built quietly.
import { cp, mkdir, rm, writeFile, readFile } from "node:fs/promises";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type BuildResult } from "../../cli/pipeline/build.ts";
import type { Logger } from "../../cli/log.ts";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures");
let n = 0;

/** Copies a fixture next to the original (same depth, so page modules' relative imports still resolve). */
export async function fixtureSite(name = "basic", changes: Record<string, string | null> = {}): Promise<string> {
  const root = join(fixtures, `.tmp-${process.pid}-${Date.now()}-${n++}`);
  await cp(join(fixtures, name), root, { recursive: true, filter: (src) => !/[\\/](\.docsite|dist)$/.test(src) });
  // Fixtures use the site's own interface strings, so a new theme string needs no copy here.
  await cp(join(fixtures, "..", "..", "i18n"), join(root, "i18n"), { recursive: true });
  await applyChanges(root, changes);
  return root;
}

export async function applyChanges(root: string, changes: Record<string, string | null>): Promise<void> {
  for (const [file, content] of Object.entries(changes)) {
    const p = join(root, file);
    if (content === null) await rm(p, { force: true });
    else {
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, content);
    }
  }
}

export async function editJson(root: string, file: string, edit: (v: any) => void): Promise<void> {
  const p = join(root, file);
  const v = JSON.parse(await readFile(p, "utf8"));
  edit(v);
  await writeFile(p, JSON.stringify(v, null, 2));
}

// Retries: a dev server's background load may still be finishing a cache write when a test ends.
export const removeSite = (root: string) => rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });

export function quietLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    info() {},
    error() {},
    warn: (m) => {
      warnings.push(m);
    },
    step: () => {
      const t0 = performance.now();
      return () => performance.now() - t0;
    },
    progress() {},
  };
}

export function buildSite(root: string, extra: Partial<Parameters<typeof build>[0]> = {}): Promise<BuildResult> {
  return build({ root, logger: quietLogger(), ...extra });
}
