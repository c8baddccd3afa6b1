// Custom pages (content/pages/*.tsx): compiled with esbuild and imported for server rendering.
import type { ComponentType } from "react";
import { dirname, join, resolve as resolvePath } from "node:path";
import { mkdir, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import { hashText } from "../content/scan.ts";
import { DocsiteError } from "../log.ts";
import { fromRoot, packageRequire as requireHere, themeModuleUrl } from "../boot/locations.ts";

export interface PageModule {
  default: ComponentType<{ locale: string }>;
  meta?: {
    title?: string;
    description?: string;
    applyColorMode?: boolean;
    wide?: boolean;
    /** Images the page draws with <DocsiteImage>, from the site root: the image stage encodes them. */
    images?: string[];
  };
}

// The URL each loaded module was imported from, so a worker thread can import the same compiled file.
const urls = new WeakMap<object, string>();
export const moduleUrlOf = (mod: PageModule): string => urls.get(mod)!;

const themeDir = fromRoot("theme");

/**
 * Compiles a page module (content/pages/*.tsx) with esbuild and imports it. The theme and packages (react) are
 * resolved from docsite itself and left external, so the page shares their module instances with the renderer —
 * React context from the theme works — whatever package.json or tsconfig the site folder has.
 */
export async function loadPageModule(abs: string, file: string, cacheDir: string): Promise<PageModule> {
  let code: string;
  try {
    const out = await esbuild({
      entryPoints: [abs],
      bundle: true,
      format: "esm",
      platform: "node",
      jsx: "automatic",
      write: false,
      logLevel: "silent",
      plugins: [
        {
          name: "docsite-externals",
          setup(b) {
            b.onResolve({ filter: /.*/ }, (args) => {
              if (args.kind === "entry-point") return undefined;
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
