// @ts-check
// The precompiled CLI. Loading cli/ and theme/ as TypeScript through tsx costs about two seconds of CPU per process
// (and again in every worker thread); an esbuild bundle of the same sources loads in a fraction of that.
// Two kinds of bundle, one layout (bin/README.md describes it):
// - the package's own, made when it is packed (`npm pack` runs `prepack`: writePrebuilt) into <package>/lib/, with
//   packages imported by bare name, so it works wherever npm installs the package;
// - in a checkout, one made on the first run after a source change into node_modules/.cache/docsite/cli/<key>/
//   (never in a site), where <key> hashes the scripts of cli/ and theme/, this file and the package folder: a changed
//   source makes a new bundle, an unchanged one is reused.
// lib/ is used only while the sources beside it are the ones it was made from (bundle.json records their hash), so
// an edited checkout never runs an old bundle. A bundle is written to a temporary folder and renamed into place, so
// a reader never sees half a bundle and two processes making it at once each end up with a whole one. React stays
// external (loaded from node_modules as before), so it still picks its build by NODE_ENV, and a custom page gets the
// same React instance; so do most packages (see INLINE). Plain JavaScript: this runs before anything can load
// TypeScript.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The docsite package folder. */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The prebuilt bundle's folder in the package, and the file every bundle folder holds (see bundleManifest). */
export const PREBUILT = "lib";
export const MANIFEST = "bundle.json";

/** Source files that go into the bundle, or may (JSON imported by a module). Styles and images do not count. */
const SCRIPT = /\.(tsx?|jsx?|mjs|json)$/;
/** Bundles kept besides the current one (a long-running `docsite dev` may still load chunks of an older one). */
const KEEP = 3;
const KEY = /^[0-9a-f]{16}$/;
const TEMP = /^\.tmp-/;

/**
 * Where bundles are kept: DOCSITE_CLI_CACHE, else node_modules/.cache/docsite/cli in the package folder.
 * @param {string} root
 */
export const bundleCacheDir = (root) =>
  process.env.DOCSITE_CLI_CACHE || join(root, "node_modules", ".cache", "docsite", "cli");

/**
 * Every file under `dir` whose name matches SCRIPT, sorted, as paths relative to `root` with `/`.
 * @param {string} root
 * @param {string} dir
 * @param {string[]} out
 * @returns {string[]}
 */
function scriptsUnder(root, dir, out = []) {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) scriptsUnder(root, rel, out);
    else if (SCRIPT.test(e.name)) out.push(rel);
  }
  return out.sort();
}

/**
 * A hash of what a bundle is made from: this file and every script of cli/ and theme/ with its path. Reading them
 * all (about 650 KB) takes a few milliseconds, and unlike sizes and mtimes it never mistakes a `git checkout` of the
 * same text for a change.
 * @param {string} root
 */
export function sourcesKey(root) {
  const hash = createHash("sha256").update(readFileSync(fileURLToPath(import.meta.url)));
  for (const dir of ["cli", "theme"]) {
    for (const rel of scriptsUnder(root, dir)) hash.update(`\0${rel}\0`).update(readFileSync(join(root, rel)));
  }
  return hash.digest("hex");
}

/**
 * The key of a bundle in the cache: a hash of the package folder's path (the bundle holds it), the sources and npm's
 * record of the installed packages.
 * @param {string} root
 */
export function bundleKey(root) {
  const hash = createHash("sha256").update(`${root}\0`).update(sourcesKey(root));
  // The packages bundled in (INLINE): what npm installed, so an update of one of them makes a new bundle.
  const installed = join(root, "node_modules", ".package-lock.json");
  if (existsSync(installed)) hash.update("\0installed\0").update(readFileSync(installed));
  return hash.digest("hex").slice(0, 16);
}

/**
 * What a bundle folder's bundle.json holds: where the package folder is (relative to the bundle folder, or absolute)
 * the hash of the sources it was made from, and the packages bundled in (INLINE). cli/boot/locations.ts finds the
 * bundle folder by this file.
 * @typedef {{ root: string, sources: string, inlined?: string[] }} BundleManifest
 */

/**
 * The package's prebuilt bundle (lib/), when it was made from the sources beside it.
 * @param {string} [root]
 * @returns {{ main: string, dir: string } | undefined}
 */
export function prebuiltBundle(root = PACKAGE_ROOT) {
  const dir = join(root, PREBUILT);
  const main = join(dir, "cli", "main.js");
  let manifest;
  try {
    manifest = /** @type {BundleManifest} */ (JSON.parse(readFileSync(join(dir, MANIFEST), "utf8")));
  } catch {
    return undefined; // none: a checkout, or a package packed without one
  }
  if (resolve(dir, manifest.root) !== resolve(root) || !existsSync(main)) return undefined;
  return manifest.sources === sourcesKey(root) ? { main, dir } : undefined;
}

/**
 * The bundle's entry points: the CLI, the build worker, the image encoder process, the build function, and every
 * server-side theme module (a custom page imports theme modules; it gets the bundle's own, so React context is
 * shared with the renderer).
 * @param {string} root
 * @returns {Record<string, string>}
 */
function entryPoints(root) {
  /** @type {Record<string, string>} */
  const entries = {
    "cli/main": join(root, "cli", "main.ts"),
    "cli/worker": "docsite:worker",
    "cli/image-encoder": join(root, "cli", "images", "encoder-main.ts"),
    // The build as a function, for the bench's builds in its own process (tests/bench/bundled-build.ts).
    "cli/pipeline/build": join(root, "cli", "pipeline", "build.ts"),
  };
  for (const rel of scriptsUnder(root, "theme")) {
    if (/\.tsx?$/.test(rel) && !rel.startsWith("theme/client/")) entries[rel.replace(/\.tsx?$/, "")] = join(root, rel);
  }
  return entries;
}

/**
 * Packages bundled into the CLI, with everything they import but KEEP_EXTERNAL: plain ES modules or CommonJS that
 * reads no files of its own (a Node built-in it requires goes through the banner's `require`). Every process loads
 * commander and fast-glob (the page scan): as CommonJS loaded from node_modules, their 60 files cost a no-change
 * build about 45 ms of CPU (Node's resolution per `require`, and its scan of each file for named exports), bundled
 * a few (docs/speed.md, "The no-change build"). tinypool is not one: it starts its worker from its own file.
 */
const INLINE = new Set([
  "@mdx-js/mdx",
  "@orama/stemmers",
  "acorn",
  "commander",
  "fast-glob",
  "github-slugger",
  "hast-util-to-text",
  "htmlparser2",
  "intl-messageformat",
  "kleur",
  "lowlight",
  "mdast-util-to-string",
  "rehype-raw",
  "remark-directive",
  "remark-gfm",
  "yaml",
]);
/** Always loaded from node_modules: React (one instance with the pages' own imports, its build picked by NODE_ENV). */
const KEEP_EXTERNAL = new Set(["react", "react-dom", "scheduler"]);

/** `@scope/name` or `name` of a bare import specifier. */
const packageName = (/** @type {string} */ spec) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

/** ajv's options for the config validator: the same as cli/config/validate-config.ts (AJV_OPTIONS). */
export const CONFIG_AJV_OPTIONS = { allErrors: true, strict: false };

/**
 * cli/config/validate-config.ts as the bundle holds it: ajv's standalone code for the config schema, compiled now
 * rather than in every process. ajv's output `require`s its runtime helpers through createRequire: by absolute path
 * (a bundle in the cache may be kept anywhere), or by name in a portable bundle, which stays inside the package.
 * @param {string} root
 * @param {boolean} [portable]
 * @returns {Promise<string>}
 */
export async function configValidatorModule(root, portable = false) {
  const { Ajv } = await import("ajv");
  const standalone = /** @type {any} */ (await import("ajv/dist/standalone/index.js")).default;
  const schema = JSON.parse(readFileSync(join(root, "cli", "config", "site-config.schema.json"), "utf8"));
  const ajv = new Ajv({ ...CONFIG_AJV_OPTIONS, code: { source: true, esm: true } });
  const code = String((standalone.default ?? standalone)(ajv, ajv.compile(schema)));
  // Resolved now, from the package folder: the bundle may be kept anywhere.
  const fromRoot = createRequire(join(root, "package.json"));
  const body = portable
    ? code
    : code.replace(/require\("([^"]+)"\)/g, (_, spec) => `require(${JSON.stringify(fromRoot.resolve(spec))})`);
  return (
    'import { createRequire } from "node:module";\nconst requireHelper = createRequire(import.meta.url);\n' +
    body.replace(/\brequire\(/g, "requireHelper(")
  );
}

/**
 * True when `importer` is a file of an installed package (an INLINE one, or one it imports), false for docsite's own
 * sources. By place relative to the package folder, not by a `node_modules` segment in the path: installed, docsite
 * itself lives in node_modules, and its own imports (esbuild, whose API needs CommonJS globals) must stay external.
 * @param {string} root
 * @param {string} importer
 */
export function isPackageCode(root, importer) {
  const rel = relative(root, importer);
  return rel.startsWith("..") || rel.split(/[\\/]/).includes("node_modules");
}

/** The file in a bundle's folder that names what the bundle was made from (cli/cache/identity.ts reads it). */
export const IDENTITY_FILE = "identity";

/**
 * What a bundle was made from, as a hash: every input esbuild read (the sources and the packages bundled in), by its
 * path (from the package folder; a package's file from its node_modules folder on) and its bytes, and this file. The
 * bundle's own files hold its folder's path; this does not, so a checkout moved elsewhere makes a new bundle with the
 * same identity (the build cache stays warm).
 * @param {string} root
 * @param {string[]} inputs esbuild's metafile inputs, relative to root (virtual ones contain a colon)
 */
export function bundleIdentity(root, inputs) {
  const hash = createHash("sha1").update(readFileSync(fileURLToPath(import.meta.url)));
  const named = inputs.map((input) => {
    const at = input.lastIndexOf("node_modules/");
    return { input, name: at < 0 ? input : input.slice(at) };
  });
  named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { input, name } of named) {
    hash.update(`\0${name}\0`);
    if (!input.includes(":")) hash.update(readFileSync(join(root, input)));
  }
  return hash.digest("hex");
}

/** Bundles being written in this process (makers may race: only the last one done stops esbuild's service). */
let bundling = 0;

/**
 * Bundles the CLI into `outDir` (esbuild, ESM with shared chunks, packages external, source maps beside it), with its
 * bundle.json.
 * @param {string} root
 * @param {string} outDir a new folder
 * @param {{ portable: boolean, manifestRoot: string }} how portable: packages imported by name (the prebuilt
 *   bundle); manifestRoot: the package folder as bundle.json gives it
 */
async function writeBundle(root, outDir, how) {
  const esbuild = await import("esbuild");
  bundling++;
  try {
    const sources = sourcesKey(root);
    await bundleInto(esbuild, root, outDir, how.portable);
    /** @type {BundleManifest} */
    // The packages bundled in: their bytes are the bundle's, so the build cache's identity leaves them out.
    const manifest = { root: how.manifestRoot, sources, inlined: [...INLINE].sort() };
    writeFileSync(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    // esbuild's service process keeps the memory that bundling the CLI took, and would keep it through the command
    // that follows, a cold build's compile included (docs/speed.md: "A precompiled CLI").
    // Stopped once the last bundle of this process is written; the build starts it again when it needs it.
    if (--bundling === 0) await esbuild.stop();
  }
}

/**
 * @param {typeof import("esbuild")} esbuild
 * @param {string} root
 * @param {string} outDir
 * @param {boolean} portable
 */
async function bundleInto(esbuild, root, outDir, portable) {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: entryPoints(root),
    outdir: outDir,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    jsx: "automatic",
    sourcemap: "linked",
    sourcesContent: false,
    // The packed bundle (npm's tarball has a size budget) loses whitespace and redundant syntax; names stay, so a
    // --debug stack trace still reads without its map. The cache bundle of a checkout stays as written.
    minifyWhitespace: portable,
    minifySyntax: portable,
    metafile: true,
    logLevel: "silent",
    // The bundle finds its own folder, and from it the package folder, at run time (cli/boot/locations.ts).
    define: { __DOCSITE_BUNDLED__: "true" },
    // CommonJS bundled into these ES modules (yaml) requires Node built-ins: esbuild's require shim calls this.
    banner: {
      js:
        'import { createRequire as __docsiteCreateRequire } from "node:module";\n' +
        "const require = __docsiteCreateRequire(import.meta.url);",
    },
    plugins: [
      {
        // Most packages stay out of the bundle. A cache bundle imports them by absolute URL (resolved as Node
        // resolves an import from the package folder): it then works wherever it is kept, and Node skips the
        // node_modules lookup. The portable bundle lives inside the package and imports them by name, as npm may
        // have installed them beside the package or in its own node_modules. The pure-JavaScript ones in INLINE
        // (the MDX toolchain and what it imports) are bundled: loading their few hundred small modules one by one
        // cost Node's loader more than the code itself.
        name: "docsite-packages",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith("docsite:")) return undefined;
            if (isBuiltin(args.path)) return { path: args.path, external: true };
            const name = packageName(args.path);
            if (!KEEP_EXTERNAL.has(name) && (INLINE.has(name) || isPackageCode(root, args.importer))) return undefined;
            return { path: portable ? args.path : import.meta.resolve(args.path), external: true };
          });
        },
      },
      {
        name: "docsite-config-validator",
        setup(b) {
          b.onLoad({ filter: /[\\/]cli[\\/]config[\\/]validate-config\.ts$/ }, async () => ({
            contents: await configValidatorModule(root, portable),
            loader: "js",
          }));
        },
      },
      {
        // The worker thread's entry: tinypool calls the default export.
        name: "docsite-worker-entry",
        setup(b) {
          b.onResolve({ filter: /^docsite:worker$/ }, () => ({ path: "worker", namespace: "docsite" }));
          b.onLoad({ filter: /.*/, namespace: "docsite" }, () => ({
            contents: `export { runTask as default } from ${JSON.stringify(join(root, "cli", "pipeline", "worker.ts"))};`,
            resolveDir: root,
            loader: "js",
          }));
        },
      },
    ],
  });
  writeFileSync(join(outDir, IDENTITY_FILE), bundleIdentity(root, Object.keys(result.metafile.inputs)));
}

/**
 * Removes temporary folders of crashed runs (older than an hour) and, of the other bundles, all but the KEEP most
 * recently used — but never one used in the last hour: another checkout or worktree sharing this node_modules may be
 * running from it (a build or dev server loads its chunks lazily). Only names this module creates are touched.
 * @param {string} cacheDir
 * @param {string} current
 */
function prune(cacheDir, current) {
  const hour = Date.now() - 3600_000;
  const bundles = [];
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    try {
      const mtime = statSync(path).mtimeMs;
      if (TEMP.test(name) && mtime < hour) rmSync(path, { recursive: true, force: true });
      else if (KEY.test(name) && name !== current) bundles.push({ path, mtime });
    } catch {
      /* removed meanwhile by another process */
    }
  }
  bundles.sort((a, b) => b.mtime - a.mtime);
  for (const old of bundles.slice(KEEP)) if (old.mtime < hour) rmSync(old.path, { recursive: true, force: true });
}

/**
 * The path of the current bundle's entry (cli/main.js), made first when the sources changed since the last one.
 * @param {{ root?: string, cacheDir?: string }} [opts]
 * @returns {Promise<{ main: string, dir: string, made: boolean }>}
 */
export async function ensureBundle(opts = {}) {
  const root = opts.root ?? PACKAGE_ROOT;
  const cacheDir = opts.cacheDir ?? bundleCacheDir(root);
  const key = bundleKey(root);
  const dir = join(cacheDir, key);
  const main = join(dir, "cli", "main.js");
  if (existsSync(main)) {
    // Its folder's time is its last use, which pruning goes by.
    try {
      const now = new Date();
      utimesSync(dir, now, now);
    } catch {
      /* a read-only cache: pruning then goes by when it was made */
    }
    return { main, dir, made: false };
  }

  mkdirSync(cacheDir, { recursive: true });
  const temp = join(cacheDir, `.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    await writeBundle(root, temp, { portable: false, manifestRoot: root });
    renameSync(temp, dir);
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    // Another process renamed its copy into place first: use that one.
    if (!existsSync(main)) throw err;
    return { main, dir, made: false };
  }
  prune(cacheDir, key);
  return { main, dir, made: true };
}

/**
 * The first line of an error, for a one-line notice (esbuild's failures list their messages).
 * @param {unknown} err
 */
export function describeFailure(err) {
  const e = /** @type {{ errors?: Array<{ text: string, location?: { file: string, line: number } | null }> }} */ (err);
  const first = e?.errors?.[0];
  if (first) return first.location ? `${first.location.file}:${first.location.line}: ${first.text}` : first.text;
  return String(err instanceof Error ? err.message : err).split("\n")[0];
}

/**
 * Removes a bundle that failed to load, so the next run makes it again.
 * @param {string} dir
 * @param {string} cacheDir
 */
export function discardBundle(dir, cacheDir) {
  const rel = relative(cacheDir, dir);
  if (KEY.test(rel) && !rel.includes(sep)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Makes the package's prebuilt bundle in <root>/lib (run by `npm pack`, through scripts/prepack.mjs): written beside
 * it and swapped in, so an interrupted run leaves the previous one whole. A lib/ that holds no bundle.json was not
 * made here and is left alone (an error says so).
 * @param {string} [root]
 * @returns {Promise<string>} the bundle's folder
 */
export async function writePrebuilt(root = PACKAGE_ROOT) {
  const dir = join(root, PREBUILT);
  if (existsSync(dir) && !existsSync(join(dir, MANIFEST)))
    throw new Error(`${dir} exists and is not a docsite bundle (no ${MANIFEST}): move it away first`);
  const temp = join(root, `.${PREBUILT}.tmp-${process.pid}`);
  const old = join(root, `.${PREBUILT}.old-${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  try {
    await writeBundle(root, temp, { portable: true, manifestRoot: ".." });
    if (existsSync(dir)) renameSync(dir, old);
    renameSync(temp, dir);
  } finally {
    rmSync(temp, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
  return dir;
}

/**
 * Removes the prebuilt bundle (after packing: a checkout runs from its sources), only when it is one.
 * @param {string} [root]
 */
export function removePrebuilt(root = PACKAGE_ROOT) {
  const dir = join(root, PREBUILT);
  if (existsSync(join(dir, MANIFEST))) rmSync(dir, { recursive: true, force: true });
}
