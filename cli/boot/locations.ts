// Where docsite's own files are, whether it runs from its TypeScript sources (tsx, vitest) or from a precompiled
// CLI bundle (bin/cli-bundle.js: the package's lib/, or one in node_modules/.cache of a checkout). Modules that read
// files of docsite itself (theme sources, interface strings, the compiler's sources for its cache key) or start a
// worker go through here, never through their own import.meta.url: inside a bundle that URL is a chunk file.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// Set by the bundler (esbuild `define`); absent when the sources run directly.
declare const __DOCSITE_BUNDLED__: boolean | undefined;

/**
 * The folder of the running CLI bundle: the nearest folder above this code holding bundle.json (the code may sit in
 * an entry file or a chunk, at different depths). Undefined when running from the sources.
 */
function findBundleDir(): string | undefined {
  if (typeof __DOCSITE_BUNDLED__ === "undefined") return undefined;
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; dir !== dirname(dir); dir = dirname(dir)) if (existsSync(join(dir, "bundle.json"))) return dir;
  throw new Error(`docsite: the CLI bundle holding ${here} has no bundle.json (reinstall docsite)`);
}

/** The folder of the running CLI bundle, or undefined when running from the sources. */
export const BUNDLE_DIR: string | undefined = findBundleDir();

/** The running bundle's bundle.json (bin/cli-bundle.js: BundleManifest). */
const manifest = BUNDLE_DIR
  ? (JSON.parse(readFileSync(join(BUNDLE_DIR, "bundle.json"), "utf8")) as { root: string; inlined?: string[] })
  : undefined;

/** The docsite package folder (holding cli/, theme/, package.json). */
export const PACKAGE_ROOT: string = manifest
  ? resolve(BUNDLE_DIR as string, manifest.root)
  : join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The packages the running bundle holds (their code runs from the bundle's files, not from node_modules); none when
 * running from the sources.
 */
export const BUNDLED_PACKAGES: ReadonlySet<string> = new Set(manifest?.inlined ?? []);

/** A file of docsite's sources, e.g. `fromRoot("theme", "client", "entry.ts")`. */
export const fromRoot = (...parts: string[]): string => join(PACKAGE_ROOT, ...parts);

/** `require` resolving packages as docsite's own modules do (from the package folder). */
export const packageRequire = createRequire(join(PACKAGE_ROOT, "package.json"));

/** The module a build worker thread starts with: the bundle's worker, or the entry that registers tsx. */
export const WORKER_ENTRY: string = BUNDLE_DIR
  ? join(BUNDLE_DIR, "cli", "worker.js")
  : fromRoot("cli", "pipeline", "worker-entry.mjs");

/** The script of the image encoder process (images/encoder-process.ts), likewise. */
export const IMAGE_ENCODER_ENTRY: string = BUNDLE_DIR
  ? join(BUNDLE_DIR, "cli", "image-encoder.js")
  : fromRoot("cli", "images", "encoder-entry.mjs");

const SCRIPT = /\.(tsx?|jsx?|mjs)$/;

/**
 * The URL to import a theme module from (`file` an absolute path under theme/, with or without extension), so that
 * a custom page shares the renderer's instance of it (React context). From the sources: the file itself. From the
 * bundle: the bundle's entry made from that file (every theme module is one), or the file when there is none.
 */
export function themeModuleUrl(file: string): string {
  if (BUNDLE_DIR) {
    const rel = relative(PACKAGE_ROOT, file).split(sep).join("/").replace(SCRIPT, "");
    for (const candidate of [`${rel}.js`, `${rel}/index.js`]) {
      const built = join(BUNDLE_DIR, candidate);
      if (existsSync(built)) return pathToFileURL(built).href;
    }
  }
  return pathToFileURL(file).href;
}
