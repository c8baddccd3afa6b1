// Project React components imported by content (`@site/src/components/X`, `./Widget.tsx`): bundled with esbuild
// into CommonJS for server rendering only. React and `@theme/*` stay external (the runtime gives docsite's), and so
// do `@docusaurus/*` modules, behind a check of the names imported (cli/mdx/docusaurus-imports.ts); CSS modules use
// esbuild's `local-css` loader and plain `.css` files are kept (Sass files compiled first, cli/mdx/sass.ts), all
// collected into the site's shared component stylesheet. No client JS: an interactive component renders its initial
// HTML.
import type { Message, Plugin } from "esbuild";
import { esbuildBuild } from "../boot/esbuild-service.ts";
import { readFileSync } from "node:fs";
import { posix, sep } from "node:path";
import { applyAliases } from "../config/aliases.ts";
import { COMPONENT_LOADERS, findScript, movedRelativeImport } from "./modules.ts";
import { sassPlugin } from "./sass.ts";
import { cssModules } from "./css-modules.ts";
import type { ModuleContext } from "./modules.ts";
import type { ImageRef } from "./rehype-images.ts";
import { svgComponents } from "./svg-component.ts";
import { assetLoader, assetOutput, ASSET_FILE, emittedAssets } from "./asset-loader.ts";
import { sitePathUrls } from "../css/site-paths.ts";
import { classify, type Classification } from "./island-classify.ts";
import { siteToolchain } from "../css/postcss-toolchain.ts";
import { postcssAfterSass, postcssPlugin } from "../css/esbuild-postcss.ts";
import { envReads, stampEnv } from "../cache/env-reads.ts";
import { hashInput, inputsHold, inputsOf, readInputs, resolutionFolders } from "../cache/recorded-inputs.ts";
import { docusaurusImportError, docusaurusImports, reexports } from "./docusaurus-imports.ts";

interface BundledComponent {
  /** CommonJS code; `require` is given by the runtime (cli/render/mdx-runtime.ts). */
  code: string;
  css: string;
  /**
   * What the bundle read, as input names (cli/cache/recorded-inputs.ts: files wherever they lie, site-relative or
   * `../`, packages' files too; the folders its imports looked in; the manifests around them): a change to any of
   * them invalidates pages (`hashInput` gives each one's hash).
   */
  inputs: string[];
  /** Images and other files the Markdown files it imports refer to: the page publishes them as its own. */
  images?: ImageRef[];
  /** Those files, and the ones it emitted (images, fonts: mdx/asset-loader.ts). */
  assets?: Array<{ file: string; url: string }>;
  /** Whether it needs the browser: then it is hydrated where content uses it (cli/islands/). */
  island: Classification;
}

/** How a Markdown file a component imports is compiled: as a page of the site would be (the page's settings). */
export interface ComponentMdx {
  modules: ModuleContext;
  rewriteLink: (url: string, fromFile?: string) => string;
  /** What distinguishes one page's settings from another's (the locale): part of the bundle's memo key. */
  key: string;
  /**
   * The files whose compile or bundle waits on this bundle, outermost first (the page, its partials, components).
   * A bundle of a file already there waits on itself, for ever: it is an error naming the cycle instead.
   */
  chain?: string[];
  /** The MDX compile (mdx/compile.ts), handed in: the compile bundles components, so this module cannot import it. */
  compile: (
    input: {
      file: string;
      body: string;
      bodyOffset: number;
      rewriteLink: (url: string) => string;
      modules?: ModuleContext;
    },
    chain: string[],
  ) => Promise<{
    code: string;
    images: ImageRef[];
    modules?: { assets: Array<{ file: string; url: string }> };
    /** What the compile read besides the file (its partials, components): input names. */
    depHashes?: Record<string, string>;
  }>;
}

/**
 * A module that imports, through Markdown it draws, a module waiting on it: `a.mdx → Box.jsx → note.mdx → Box.jsx`.
 * Docusaurus' webpack takes such cycles (modules meet at run time); here each compile waits on the one it imports.
 */
export class ImportCycleError extends Error {
  constructor(readonly cycle: string[]) {
    super(`import cycle: ${cycle.join(" → ")} (each file's compile waits on the next one's, so none would finish)`);
  }
}

/** A package import the bundle could not resolve, with where it was written. */
export class MissingPackageError extends Error {
  constructor(
    readonly specifier: string,
    readonly importer: string,
    readonly line: number,
  ) {
    super(`package "${specifier}" is not installed (imported by ${importer}:${line})`);
  }
}

/** Modules the runtime provides to components (kept out of the bundle). */
export const RUNTIME_EXTERNAL = /^(react|react-dom)(\/.*)?$|^@docusaurus\/|^@theme(-original|-init)?\/|^docsite:/;

const cache = new Map<string, { hashes?: Record<string, string>; result: Promise<BundledComponent> }>();

/** The hashes of what a bundle read, as they are now (undefined when one is gone). */
function hashesOf(rootDir: string, inputs: string[]): Record<string, string> | undefined {
  try {
    return Object.fromEntries(inputs.map((name) => [name, hashInput(rootDir, name)]));
  } catch {
    return undefined;
  }
}

/** Bundles one component module (site-relative `file`); memoised per process until one of its inputs changes. */
export function bundleComponent(
  rootDir: string,
  file: string,
  aliases: Record<string, string>,
  isPackage = false,
  mdx?: ComponentMdx,
): Promise<BundledComponent> {
  const at = mdx?.chain?.indexOf(file) ?? -1;
  if (at >= 0) return Promise.reject(new ImportCycleError([...mdx!.chain!.slice(at), file]));
  const key = `${rootDir}\0${file}\0${mdx?.key ?? ""}\0${mdx?.modules.baseUrl ?? ""}`;
  const hit = cache.get(key);
  if (hit) {
    const result = hit.result;
    return result.then((r) => (hit.hashes && inputsHold(rootDir, hit.hashes) ? r : fresh()));
  }
  return fresh();

  function fresh(): Promise<BundledComponent> {
    const result = runBundle(rootDir, file, aliases, isPackage, mdx);
    const entry: { hashes?: Record<string, string>; result: Promise<BundledComponent> } = { result };
    cache.set(key, entry);
    result.then(
      (r) => {
        entry.hashes = hashesOf(rootDir, r.inputs);
      },
      () => cache.delete(key),
    );
    return result;
  }
}

const INTEROP =
  "if (module.exports == null || !module.exports.__esModule) " +
  "module.exports = Object.assign({ __esModule: true, default: module.exports }, module.exports);";

/** Resolves what a site's component imports the way Docusaurus' webpack does: `@site/`, aliases. */
function siteResolvePlugin(rootDir: string, aliases: Record<string, string>): Plugin {
  return {
    name: "docsite-components",
    setup(b) {
      b.onResolve({ filter: RUNTIME_EXTERNAL }, (a) => ({ path: a.path, external: true }));
      b.onResolve({ filter: /^@site\// }, (a) => {
        const target = applyAliases(a.path.slice("@site/".length), aliases);
        const script = findScript(rootDir, target);
        return { path: posix.join(rootDir, script ?? target) };
      });
      // A relative import that leaves the site: the file the import copied from beside the Docusaurus project
      // (cli/mdx/modules.ts, movedRelativeImport), in the server's bundle and the islands' alike.
      b.onResolve({ filter: /^\.\.?\// }, (a) => {
        const moved = movedRelativeImport(rootDir, aliases, a.resolveDir, a.path);
        return moved ? { path: moved } : undefined;
      });
    },
  };
}

/** The bundle's entry: the component's file, or a package imported by content directly (from node_modules). */
function entryOf(rootDir: string, file: string, isPackage: boolean) {
  return isPackage
    ? {
        // Imported, not required: esbuild then reads the package's "import" entry, as Docusaurus' webpack does
        // (some packages' "require" entry is not loadable by itself).
        stdin: {
          contents: `import * as m from ${JSON.stringify(file)};\nexport * from ${JSON.stringify(file)};\nexport default m.default ?? m;`,
          resolveDir: rootDir,
        },
      }
    : { entryPoints: [posix.join(rootDir, file)] };
}

/** esbuild's failure as the compile reports it: a package that is not installed, an unknown Docusaurus name, or
 * esbuild's first message at its file and line. */
function bundleFailure(err: unknown, file: string): Error {
  const errors = ((err as { errors?: Message[] }).errors ?? []) as Message[];
  for (const e of errors) {
    const m = /^Could not resolve "([^"]+)"/.exec(e.text);
    // A relative or absolute path that is not there is a missing file, not a missing package.
    if (m && !/^[./]/.test(m[1])) return new MissingPackageError(m[1], e.location?.file ?? file, e.location?.line ?? 1);
  }
  const first = errors[0];
  const docusaurus = first && docusaurusImportError(first, false);
  if (docusaurus) return new Error(`${docusaurus} (${first.location?.file ?? file}:${first.location?.line ?? 1})`);
  return new Error(
    first
      ? `${first.text}${first.location ? ` (${first.location.file}:${first.location.line})` : ""}`
      : (err as Error).message,
  );
}

/** A module bundled as components are, with more plugins in front (a page's island boundaries: cli/pages/). */
export const bundleModuleWith = (
  rootDir: string,
  file: string,
  aliases: Record<string, string>,
  plugins: Plugin[],
  mdx?: ComponentMdx,
) => runBundle(rootDir, file, aliases, false, mdx, plugins);
/** Sass, then the site's PostCSS (Tailwind's `@apply` in a CSS module), as in Docusaurus' webpack (cli/css/). */
async function componentCssPlugins(rootDir: string) {
  const sassFiles = new Set<string>();
  const toolchain = await siteToolchain(rootDir);
  const postcssFiles = new Set<string>();
  // CSS modules' files go with Sass's: files the stylesheet plugins read, which the bundle's inputs take in.
  const cssPlugins = toolchain
    ? [
        sassPlugin(rootDir, sassFiles, postcssAfterSass(toolchain, postcssFiles)),
        cssModules(rootDir, sassFiles, postcssAfterSass(toolchain, postcssFiles)),
        postcssPlugin(toolchain, postcssFiles),
      ]
    : [sassPlugin(rootDir, sassFiles), cssModules(rootDir, sassFiles)];
  return { cssPlugins, sassFiles, postcssFiles, toolchain };
}

// `@docusaurus/X` is a module of exactly the names docsite has (an unknown name fails here, at the import), over the
// runtime's module (cli/render/mdx-runtime.ts gives `docsite:docusaurus/X`).
const serverDocusaurus = docusaurusImports(
  (name, exported) => reexports(`docsite:docusaurus/${name}`, exported),
  false,
);

async function runBundle(
  rootDir: string,
  file: string,
  aliases: Record<string, string>,
  isPackage: boolean,
  mdx: ComponentMdx | undefined,
  plugins: Plugin[] = [],
): Promise<BundledComponent> {
  const images: ImageRef[] = [];
  const assets: Array<{ file: string; url: string }> = [];
  /** Markdown files the module imports (compiled for the server only). */
  const markdown: string[] = [];
  /** What those compiles read (their partials and components). */
  const markdownDeps = new Set<string>();
  /** A cycle met while compiling Markdown the module imports: the bundle's error, as it is (esbuild's would wrap it). */
  let cycle: ImportCycleError | undefined;
  const resolvePlugin = siteResolvePlugin(rootDir, aliases);
  const compileOrNoteCycle: ComponentMdx["compile"] = async (input, chain) => {
    try {
      return await mdx!.compile(input, chain);
    } catch (err) {
      // The compile wraps it (naming the Markdown file): it is found among the causes.
      let found: unknown = err;
      for (let depth = 0; found && !(found instanceof ImportCycleError) && depth < 8; depth++)
        found = (found as { cause?: unknown }).cause;
      if (found instanceof ImportCycleError) cycle ??= found;
      throw err;
    }
  };
  // A component may import a Markdown file, as webpack's MDX loader lets it in Docusaurus: compiled by docsite's
  // MDX compiler and run by the render's runtime (`docsite:mdx`, cli/render/mdx-runtime.ts).
  const mdxPlugin: Plugin = {
    name: "docsite-mdx-files",
    setup(b) {
      b.onLoad({ filter: /\.mdx?$/ }, async (a) => {
        const { splitFrontMatter } = await import("../content/frontmatter.ts");
        const rel = posix.relative(rootDir, a.path.split(sep).join("/"));
        const split = splitFrontMatter(readFileSync(a.path, "utf8"), rel);
        if (!mdx)
          return { errors: [{ text: `${a.path}: a Markdown file imported here is compiled only from a page` }] };
        const c = await compileOrNoteCycle(
          {
            file: rel,
            body: split.body,
            bodyOffset: split.bodyOffset,
            rewriteLink: (u) => mdx.rewriteLink(u, rel),
            // The modules being bundled meanwhile: an MDXComponents module's Markdown draws with its own components.
            modules: { ...mdx.modules, bundling: [...(mdx.modules?.bundling ?? []), file] },
          },
          [...(mdx.chain ?? []), file],
        );
        images.push(...c.images);
        assets.push(...(c.modules?.assets ?? []));
        markdown.push(rel);
        for (const dep of Object.keys(c.depHashes ?? {})) markdownDeps.add(dep);
        if (/\bawait\b/.test(c.code))
          return {
            errors: [{ text: `${rel} imports other files, which a Markdown file imported by a component cannot` }],
          };
        // An ES module with a default export: `import X from "./x.mdx"` is then the component whatever the importer
        // is (a CommonJS `module.exports` would be the whole module object to an importer esbuild reads in Node's
        // mode — a .mjs file, or a project with "type": "module" — and React would get an object to draw).
        return {
          contents: `import { content } from "docsite:mdx";\nexport default content(${JSON.stringify(c.code)}).default;`,
          loader: "js",
        };
      });
    },
  };
  const { cssPlugins, sassFiles, postcssFiles, toolchain } = await componentCssPlugins(rootDir);
  const lookedIn = new Set<string>();
  // The URL emitted files are linked by (a Markdown file's compile, or a page's, gives the site's base URL).
  const baseUrl = mdx?.modules.baseUrl ?? "/";
  try {
    const out = await esbuildBuild({
      absWorkingDir: rootDir,
      // A package imported by content directly: its module, resolved from the site's node_modules.
      ...entryOf(rootDir, file, isPackage),
      bundle: true,
      write: false,
      metafile: true,
      format: "cjs",
      platform: "node",
      target: "node20",
      jsx: "automatic",
      outdir: "out",
      ...assetOutput(baseUrl),
      logLevel: "silent",
      plugins: [
        resolutionFolders(lookedIn),
        ...cssPlugins,
        svgComponents,
        // Before the resolvers: a script's import of an image becomes its URL module, wherever the file is found.
        assetLoader,
        ...plugins,
        serverDocusaurus,
        resolvePlugin,
        sitePathUrls({ rootDir, aliases, lookedIn, loads: ASSET_FILE }),
        mdxPlugin,
      ],
      loader: COMPONENT_LOADERS,
      define: { "process.env.NODE_ENV": '"production"' },
      // Content imports the bundle as an ES module: a CommonJS module's exports are its default export (as webpack
      // and Node give it), named exports its properties. An ES module compiled here is marked already.
      footer: { js: INTEROP },
    });
    const js = out.outputFiles.find((f) => f.path.endsWith(".js"));
    const css = out.outputFiles.find((f) => f.path.endsWith(".css"));
    // The environment variables it reads are inputs, and stamp the code (cli/cache/env-reads.ts).
    const env = await envReads(js?.text ?? "");
    return {
      code: stampEnv(js?.text ?? "", env),
      css: css?.text ?? "",
      images,
      // The files it emitted (images, fonts) and those the Markdown it imports links to.
      assets: [...emittedAssets(out.metafile, baseUrl), ...assets],
      // Markdown is compiled for the server's renderer only: a module drawing some stays server HTML (what the
      // page first shows in Docusaurus too), whatever else it does.
      island: markdown.length
        ? { island: false, reason: `draws Markdown (${markdown[0]}), which is rendered on the server only` }
        : classify(js?.text ?? "", isPackage ? null : readFileSync(posix.join(rootDir, file), "utf8")),
      // Every file it read, wherever it lies (`namespace:path` entries are virtual: a compiled Sass file's files are
      // what Sass loaded), and where its imports looked.
      inputs: [
        ...new Set([
          // What esbuild, Sass and the site's PostCSS read (Tailwind's config, its sources), wherever it lies.
          ...inputsOf(
            rootDir,
            [
              ...readInputs(Object.keys(out.metafile.inputs)),
              ...sassFiles,
              ...postcssFiles,
              ...(toolchain?.configFiles ?? []),
            ],
            lookedIn,
          ),
          ...markdownDeps,
          ...env,
        ]),
      ],
    };
  } catch (err) {
    throw cycle ?? bundleFailure(err, file);
  }
}
