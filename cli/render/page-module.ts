// Custom pages (content/pages/*.tsx): compiled with esbuild and imported for server rendering.
//
// A compiled page is kept in the build cache (store `pages`) by the toolchain and its site-relative file, with the
// files esbuild read for it (the page and the site's own modules it imports), their content hashes and the names in
// their folders (cli/cache/recorded-inputs.ts): while those hold, the page is imported without esbuild, whose service process a build then need not start. What a page imports
// from docsite (the theme) and from packages (React) is written into the kept code as a placeholder and resolved when
// the page is loaded, from this docsite: the code holds no absolute path, so a project moved with its cache keeps it.
// The module, so resolved, is imported from a file beside the entries (checked against the code before each use);
// without a cache that can be written, from a temporary folder, or from its text (a `data:` URL).
import type { PageModule } from "../public-types.ts";
import { join, relative, resolve as resolvePath, sep } from "node:path";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { hashText } from "../cache/hash.ts";
import type { BuildCache } from "../cache/cache.ts";
import { DocsiteError } from "../log.ts";
import { fromRoot, PACKAGE_ROOT, packageRequire as requireHere, themeModuleUrl } from "../boot/locations.ts";
import { esbuildBuild } from "../boot/esbuild-service.ts";
import { envReads, stampEnv } from "../cache/env-reads.ts";
import { inputsOf, readInputs, readRecorded, resolutionFolders, writeRecorded } from "../cache/recorded-inputs.ts";

export type { PageModule } from "../public-types.ts";

export const PAGES_STORE = "pages";

// The URL each loaded module was imported from (a worker thread imports the same one), and what it was made of.
const urls = new WeakMap<object, { url: string; id: string }>();
export const moduleUrlOf = (mod: PageModule): string => urls.get(mod)!.url;
/** A hash of the page's compiled code as kept (no absolute path in it): what a cache key holds for the module. */
export const moduleIdOf = (mod: PageModule): string => urls.get(mod)!.id;

const themeDir = fromRoot("theme");
/** docsite's public modules as a page imports them: `docsite-ssg` (types) and `docsite-ssg/theme`, or `docsite…`. */
const PUBLIC_SURFACE = /^(docsite-ssg|docsite)(\/.*)?$/;

const PLACEHOLDER = /"docsite-(package|theme):([^"]+)"/g;

/** The code with its placeholders replaced by where the package or theme module is for this docsite. */
const resolved = (code: string) =>
  code.replace(PLACEHOLDER, (_, kind: string, spec: string) =>
    JSON.stringify(
      kind === "package" ? pathToFileURL(requireHere.resolve(spec)).href : themeModuleUrl(join(PACKAGE_ROOT, spec)),
    ),
  );

/** Imports a page module (content/pages/*.tsx of the site at `root`), compiled now or kept from before. */
export async function loadPageModule(root: string, abs: string, file: string, cache: BuildCache): Promise<PageModule> {
  // Kept while every site file esbuild read for it, and the folders they are in, are unchanged (recorded-inputs.ts).
  const key = cache.key(PAGES_STORE, file);
  let code = readRecorded<string>(cache, PAGES_STORE, key, root);
  if (code === undefined) {
    const page = await compilePage(root, abs, file);
    code = page.code;
    writeRecorded(cache, PAGES_STORE, key, root, code, page.inputs);
  }
  const url = moduleUrl(cache, resolved(code));
  const mod = (await import(url)) as Partial<PageModule>;
  if (typeof mod.default !== "function") {
    throw new DocsiteError(
      "page module has no default export",
      { file },
      "export the page component as default: `export default function Page() { … }`",
    );
  }
  urls.set(mod, { url, id: hashText(code) });
  return mod as PageModule;
}

let scratch: string | undefined;

/** Where the resolved module is imported from (see the head of this file). */
function moduleUrl(cache: BuildCache, code: string): string {
  const name = `${hashText(code)}.mjs`;
  const write = (dir: string): string | undefined => {
    const file = join(dir, name);
    try {
      if (readFileSync(file, "utf8") === code) return pathToFileURL(file).href;
    } catch {
      // not there yet
    }
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${file}.${process.pid}.tmp`, code);
      renameSync(`${file}.${process.pid}.tmp`, file);
      return pathToFileURL(file).href;
    } catch {
      rmSync(`${file}.${process.pid}.tmp`, { force: true });
      return undefined;
    }
  };
  if (cache.writable) {
    const url = write(cache.folder(PAGES_STORE));
    cache.keep(PAGES_STORE, [name.slice(0, 16)]);
    if (url) return url;
  }
  try {
    if (!scratch) {
      const dir = mkdtempSync(join(tmpdir(), "docsite-pages-"));
      process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
      scratch = dir;
    }
    const url = write(scratch);
    if (url) return url;
  } catch {
    // no temporary folder either
  }
  return `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`;
}

/**
 * Compiles a page module with esbuild. The theme and packages (react) are left external and resolved from docsite
 * itself, so the page shares their module instances with the renderer — React context from the theme works —
 * whatever package.json or tsconfig the site folder has.
 */
async function compilePage(root: string, abs: string, file: string): Promise<{ code: string; inputs: string[] }> {
  let code: string;
  let inputs: string[];
  const lookedIn = new Set<string>();
  try {
    const out = await esbuildBuild({
      entryPoints: [abs],
      bundle: true,
      format: "esm",
      platform: "node",
      jsx: "automatic",
      write: false,
      metafile: true,
      logLevel: "silent",
      absWorkingDir: root,
      plugins: [
        resolutionFolders(lookedIn),
        {
          name: "docsite-externals",
          setup(b) {
            b.onResolve({ filter: /.*/ }, (args) => {
              if (args.kind === "entry-point") return undefined;
              // docsite's public surface: the theme module the renderer itself uses (one React context). Its package
              // name, and "docsite", the name sites made before the package had its own keep importing.
              const surface = PUBLIC_SURFACE.exec(args.path);
              if (surface?.[2] === "/theme") return { path: "docsite-theme:theme/index.ts", external: true };
              if (surface)
                return {
                  errors: [
                    {
                      text: !surface[2]
                        ? `"${surface[1]}" holds types only: write \`import type { … } from "${surface[1]}"\``
                        : `"${args.path}" is not part of docsite's public surface: import from "${surface[1]}/theme"`,
                    },
                  ],
                };
              if (!args.path.startsWith(".") && !args.path.startsWith("/")) {
                requireHere.resolve(args.path); // a package docsite does not have fails here, naming it
                return { path: `docsite-package:${args.path}`, external: true };
              }
              const target = resolvePath(args.resolveDir, args.path);
              if (!target.startsWith(themeDir)) return undefined;
              return { path: `docsite-theme:${relative(PACKAGE_ROOT, target).split(sep).join("/")}`, external: true };
            });
          },
        },
      ],
    });
    // Every file it read, wherever it lies, where its imports looked (recorded-inputs.ts), and the environment
    // variables it reads, which stamp the code (env-reads.ts).
    const env = await envReads(out.outputFiles[0].text);
    code = stampEnv(out.outputFiles[0].text, env);
    inputs = [...inputsOf(root, readInputs(Object.keys(out.metafile.inputs)), lookedIn), ...env];
  } catch (err) {
    const e = (err as { errors?: Array<{ text: string; location?: { line: number } }> }).errors?.[0];
    throw new DocsiteError(`page module does not compile: ${e?.text ?? (err as Error).message}`, {
      file,
      line: e?.location?.line,
    });
  }
  // Site-relative paths (esbuild's working folder is the site's).
  return { code, inputs };
}
