// Custom pages (content/pages/*.tsx): compiled with esbuild and imported for server rendering.
import type { PageModule } from "../public-types.ts";
import { dirname, join, resolve as resolvePath } from "node:path";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { hashText } from "../content/scan.ts";
import { DocsiteError } from "../log.ts";
import { BUNDLE_DIR, fromRoot, packageRequire as requireHere, themeModuleUrl } from "../boot/locations.ts";
import { codeHash } from "../pipeline/code-hash.ts";
import { esbuildBuild } from "../boot/esbuild-service.ts";

export type { PageModule } from "../public-types.ts";

// The URL each loaded module was imported from, so a worker thread can import the same compiled file.
const urls = new WeakMap<object, string>();
export const moduleUrlOf = (mod: PageModule): string => urls.get(mod)!;

const themeDir = fromRoot("theme");
const themeEntry = fromRoot("theme", "index.ts");

/**
 * A compiled page as the build cache keeps it: the module file, the files esbuild read for it (the page and the
 * site's own modules it imports) with their content hashes, and what the output depends on besides them (docsite's
 * code, and where the theme and packages resolve: the bundled CLI and the sources differ). While those hold, the
 * page is imported without esbuild, whose service process a build then need not start (about 20 ms of each build).
 */
interface CompiledPage {
  depends: string;
  inputs: Record<string, string>;
  out: string;
}

const dependsOn = () => `${codeHash()}\0${BUNDLE_DIR ?? ""}\0${requireHere.resolve("react")}`;
const recordFileOf = (cacheDir: string, abs: string) => join(cacheDir, "pages", `${hashText(abs)}.json`);

/** The cached module of the page at `abs`, when it is still what a compile would give. */
function cachedPage(cacheDir: string, abs: string): string | undefined {
  try {
    const rec = JSON.parse(readFileSync(recordFileOf(cacheDir, abs), "utf8")) as CompiledPage;
    if (rec.depends !== dependsOn() || !existsSync(rec.out)) return undefined;
    for (const [file, hash] of Object.entries(rec.inputs))
      if (hashText(readFileSync(file, "utf8")) !== hash) return undefined;
    return rec.out;
  } catch {
    return undefined; // none yet, or an input is gone
  }
}

/** Imports a page module (content/pages/*.tsx), compiled now or earlier (`compilePage`). */
export async function loadPageModule(abs: string, file: string, cacheDir: string): Promise<PageModule> {
  const outFile = cachedPage(cacheDir, abs) ?? (await compilePage(abs, file, cacheDir));
  const url = pathToFileURL(outFile).href;
  const mod = (await import(url)) as Partial<PageModule>;
  if (typeof mod.default !== "function") {
    throw new DocsiteError(
      "page module has no default export",
      { file },
      "export the page component as default: `export default function Page() { … }`",
    );
  }
  urls.set(mod, url);
  return mod as PageModule;
}

/**
 * Compiles a page module with esbuild into the cache, records what it was made from, and gives the module file's
 * path. The theme and packages (react) are resolved from docsite itself and left external, so the page shares their
 * module instances with the renderer — React context from the theme works — whatever package.json or tsconfig the
 * site folder has.
 */
async function compilePage(abs: string, file: string, cacheDir: string): Promise<string> {
  let code: string;
  let inputs: string[];
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
      plugins: [
        {
          name: "docsite-externals",
          setup(b) {
            b.onResolve({ filter: /.*/ }, (args) => {
              if (args.kind === "entry-point") return undefined;
              // docsite's public surface: the theme module the renderer itself uses (one React context).
              if (args.path === "docsite/theme") return { path: themeModuleUrl(themeEntry), external: true };
              if (args.path === "docsite" || args.path.startsWith("docsite/"))
                return {
                  errors: [
                    {
                      text:
                        args.path === "docsite"
                          ? '"docsite" holds types only: write `import type { … } from "docsite"`'
                          : `"${args.path}" is not part of docsite's public surface: import from "docsite/theme"`,
                    },
                  ],
                };
              if (!args.path.startsWith(".") && !args.path.startsWith("/"))
                return { path: pathToFileURL(requireHere.resolve(args.path)).href, external: true };
              const target = resolvePath(args.resolveDir, args.path);
              return target.startsWith(themeDir) ? { path: themeModuleUrl(target), external: true } : undefined;
            });
          },
        },
      ],
    });
    code = out.outputFiles[0].text;
    // Relative to esbuild's working folder, this process's.
    inputs = Object.keys(out.metafile.inputs).map((f) => resolvePath(f));
  } catch (err) {
    const e = (err as { errors?: Array<{ text: string; location?: { line: number } }> }).errors?.[0];
    throw new DocsiteError(`page module does not compile: ${e?.text ?? (err as Error).message}`, {
      file,
      line: e?.location?.line,
    });
  }
  const outFile = join(cacheDir, "pages", `${hashText(abs + code)}.mjs`);
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, code);
  const rec: CompiledPage = {
    depends: dependsOn(),
    inputs: Object.fromEntries(inputs.map((f) => [f, hashText(readFileSync(f, "utf8"))])),
    out: outFile,
  };
  await writeFile(recordFileOf(cacheDir, abs), JSON.stringify(rec));
  return outFile;
}
