// The browser chunks of project islands: one esbuild build per island module, for the browser. React is not in
// them: `react`, `react-dom` and `react/jsx-runtime` are the runtime's shared modules (theme/client/shared/, built
// with the client bundle), so a page's islands share one preact/compat with the runtime. `@docusaurus/*` and
// `@theme/*` are docsite's, the same implementations the server drew with (theme/docusaurus/). CSS is not emitted
// again: the server's bundle of the same module put it in the components stylesheet with the same class names
// (one build per module keeps esbuild's CSS-module names the same as in that bundle).
import type { Plugin } from "esbuild";
import { posix, sep } from "node:path";
import { esbuildBuild } from "../boot/esbuild-service.ts";
import { fromRoot } from "../boot/locations.ts";
import { hashText } from "../cache/hash.ts";
import { applyAliases } from "../config/aliases.ts";
import { COMPONENT_LOADERS, findScript, movedRelativeImport } from "../mdx/modules.ts";
import { sassPlugin } from "../mdx/sass.ts";
import { cssModules } from "../mdx/css-modules.ts";
import { svgComponents } from "../mdx/svg-component.ts";
import { assetLoader, assetOutput, ASSET_FILE } from "../mdx/asset-loader.ts";
import { sitePathUrls } from "../css/site-paths.ts";
import { islandModule, overrideOfIslandKey } from "../mdx/island-keys.ts";
import { OWN_THEME_EXPORTS } from "../../theme/layout/own-theme.tsx";
import { DocsiteError } from "../log.ts";
import type { SiteData } from "../../theme/docusaurus/site-modules.tsx";
import { docusaurusImportError, docusaurusImports } from "../mdx/docusaurus-imports.ts";
import type { BuildCache } from "../cache/cache.ts";
import { inputsOf, readInputs, readRecorded, resolutionFolders, writeRecorded } from "../cache/recorded-inputs.ts";

/** The store of island chunks and of the islands' runtime (cli/cache/README.md). */
export const ISLANDS_STORE = "islands";

export interface IslandChunks {
  /** Files to write, path relative to dist → contents. */
  files: Map<string, Uint8Array>;
  /** Island key → URL of its chunk. */
  urls: Map<string, string>;
  /** Origins the islands embed in frames (a video player's), for the CSP's frame-src. */
  frames: string[];
  /**
   * Islands (their modules) whose code puts styles in the page in the browser — a `<style>` element, markup holding
   * one, a `style` attribute set by name — which no hash of the rendered pages covers (the CSP: emit/).
   */
  styleInjectors?: string[];
}

export interface IslandBundleOptions {
  rootDir: string;
  baseUrl: string;
  aliases: Record<string, string>;
  /** The runtime's shared modules by specifier (ClientBundle.shared). */
  shared: Record<string, string>;
  /** What useDocusaurusContext gives, baked into each chunk. */
  site: SiteData;
  /** The site's theme overrides (name → site file): `@theme/<name>` in an island is the site's own. */
  overrides?: Record<string, string>;
  dev?: boolean;
}

const REACT = /^(react|react-dom|react\/jsx-runtime|react\/jsx-dev-runtime|react-dom\/client)$/;
const THEME_DIR = fromRoot("theme");
const CSS_MODULE = /\.module\.(css|s[ac]ss)$/;

/**
 * The `@theme/*` components of pages and content islands may draw, and the theme module that has each; the layout's
 * (Footer, TOC, DocSidebarItem…) are theme/layout/own-theme.tsx's.
 */
export const THEME_EXPORTS: Record<string, [string, string]> = {
  Layout: ["docusaurus/page-frame.tsx", "Layout"],
  Heading: ["docusaurus/page-frame.tsx", "Heading"],
  ThemedImage: ["docusaurus/page-frame.tsx", "ThemedImage"],
  Admonition: ["mdx/components.tsx", "Admonition"],
  Tabs: ["mdx/components.tsx", "Tabs"],
  TabItem: ["mdx/components.tsx", "TabItem"],
  Details: ["mdx/docusaurus.tsx", "Details"],
  CodeBlock: ["mdx/docusaurus.tsx", "ThemeCodeBlock"],
  TOCInline: ["mdx/docusaurus.tsx", "TOCInline"],
  DocCard: ["docs/DocCards.tsx", "DocCard"],
  DocCardList: ["docs/DocCards.tsx", "DocCardList"],
  MDXComponents: ["mdx/components.tsx", "mdxComponents"],
};

function sharedPlugin(shared: Record<string, string>): Plugin {
  const urls = new Set(Object.values(shared));
  const target = (spec: string) =>
    spec === "react-dom" ? shared.react : spec === "react/jsx-dev-runtime" ? shared["react/jsx-runtime"] : shared[spec];
  return {
    name: "docsite-island-shared",
    setup(b) {
      b.onResolve({ filter: REACT }, (a) => ({ path: a.path, namespace: "docsite-shared" }));
      b.onResolve({ filter: /.*/, namespace: "docsite-shared" }, (a) =>
        urls.has(a.path) ? { path: a.path, external: true } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: "docsite-shared" }, (a) => {
        const url = JSON.stringify(target(a.path));
        // A module of its own (not the URL itself), so CommonJS packages can `require("react")` it too.
        const withDefault = a.path !== "react/jsx-runtime" && a.path !== "react/jsx-dev-runtime";
        return {
          contents: `export * from ${url};${withDefault ? ` export { default } from ${url};` : ""}`,
          loader: "js",
        };
      });
    },
  };
}

function themePlugin(rootDir: string, overrides: Record<string, string>): Plugin {
  return {
    name: "docsite-island-theme",
    setup(b) {
      b.onResolve({ filter: /^@(theme|theme-original|theme-init)\// }, (a) => {
        // The site's override of a theme name (not from inside that override: there it is docsite's own).
        const theme = /^@theme\/(.+)$/.exec(a.path)?.[1];
        const own = theme && overrides[theme] ? posix.join(rootDir, overrides[theme]) : undefined;
        if (own && a.importer.split(sep).join("/") !== own) return { path: own };
        return { path: a.path.replace(/^@theme-(original|init)\//, "@theme/"), namespace: "docsite-docusaurus" };
      });
      b.onLoad({ filter: /.*/, namespace: "docsite-docusaurus" }, (a) => {
        if (a.path.startsWith("@theme/")) {
          const name = a.path.slice("@theme/".length);
          const found = THEME_EXPORTS[name] ?? OWN_THEME_EXPORTS[name];
          if (!found)
            return {
              errors: [
                {
                  text: `"${a.path}" is not available in islands (docsite has ${[
                    ...Object.keys(THEME_EXPORTS),
                    ...Object.keys(OWN_THEME_EXPORTS),
                  ].join(", ")})`,
                },
              ],
            };
          const file = JSON.stringify(posix.join(THEME_DIR, found[0]));
          return {
            contents: `export { ${found[1]} as default, ${found[1]} } from ${file};`,
            loader: "js",
            resolveDir: THEME_DIR,
          };
        }
        return undefined;
      });
    },
  };
}

/** Modules whose implementation reads the site's themeConfig (baked in only where one of them is imported). */
const READS_THEME_CONFIG = new Set(["useDocusaurusContext", "theme-common", "theme-common/internal"]);

/**
 * `@docusaurus/X` in an island: the names docsite has of X, from the same implementation the server drew with
 * (theme/docusaurus/site-modules.tsx) over the site data baked into the chunk; Head and theme-common's Details from
 * their theme modules. A name docsite lacks, or one the server alone can answer, fails at the import.
 */
const islandDocusaurus = () =>
  docusaurusImports(
    (name, exported) => {
      const from = (file: string, local: string) =>
        `export { ${exported.map((n) => (n === "default" ? `${local} as default` : n)).join(", ")} } from ${JSON.stringify(posix.join(THEME_DIR, file))};`;
      if (name === "Head") return from("docusaurus/page-frame.tsx", "Head");
      if (name === "theme-common/Details") return from("mdx/docusaurus.tsx", "Details");
      const site = READS_THEME_CONFIG.has(name)
        ? "{ ...__DOCSITE_SITE__, themeConfig: __DOCSITE_THEME_CONFIG__ }"
        : "__DOCSITE_SITE__";
      // Only the part of the implementation the module is in: a chunk carries no hooks of modules it does not import.
      const [file, factory, pick] =
        name === "theme-common"
          ? ["theme-common.tsx", "themeCommonMain", ""]
          : name === "theme-common/internal"
            ? ["theme-common-internal.tsx", "themeCommonInternal", ""]
            : name === "plugin-content-docs/client"
              ? ["docs-client.ts", "docsClientModule", ""]
              : ["site-modules.tsx", "coreModules", `[${JSON.stringify(name)}]`];
      return [
        `import { ${factory} } from ${JSON.stringify(posix.join(THEME_DIR, "docusaurus", file))};`,
        `const m = ${factory}(${site})${pick};`,
        ...exported.map((n) => (n === "default" ? "export default m.default;" : `export const ${n} = m.${n};`)),
      ].join("\n");
    },
    true,
    THEME_DIR,
  );

function sitePlugin(rootDir: string, aliases: Record<string, string>): Plugin {
  return {
    name: "docsite-island-site",
    setup(b) {
      b.onResolve({ filter: /^@site\// }, (a) => {
        const target = applyAliases(a.path.slice("@site/".length), aliases);
        return { path: posix.join(rootDir, findScript(rootDir, target) ?? target) };
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

/**
 * The site's other overrides of an override's family (`DocSidebarItem`, `DocSidebarItems`, `DocSidebarItem/Link`…
 * for `DocSidebarItem/Category`): the parts docsite's own components inside it draw by those names.
 */
function overrideFamily(name: string, overrides: Record<string, string>): string[] {
  const familyOf = (n: string) => n.split("/")[0].replace(/s$/, "");
  return Object.keys(overrides)
    .filter((n) => n !== name && familyOf(n) === familyOf(name))
    .sort();
}

/** A chunk's file name: the module's base name and a hash of the chunk. */
export function chunkName(key: string, code: Uint8Array): string {
  const { spec } = islandModule(key);
  const base =
    posix
      .basename(spec.replace(/\/index\.[^/]+$/, ""))
      .replace(/\.[^.]+$/, "")
      .replace(/[^A-Za-z0-9_-]+/g, "-") || "island";
  return `assets/island-${base}.${hashText(new TextDecoder().decode(code)).slice(0, 10)}.js`;
}

/**
 * Bundles each island module for the browser. With a `cache`, a chunk is bundled again only when a site file it read
 * (the module, its imports, stylesheets, Sass partials) changed, or the options it is bundled with.
 */
export async function bundleIslands(
  keys: Iterable<string>,
  opts: IslandBundleOptions,
  cache?: BuildCache,
): Promise<IslandChunks> {
  const files = new Map<string, Uint8Array>();
  const urls = new Map<string, string>();
  const frames = new Set<string>();
  const styleInjectors: string[] = [];
  const { rootDir: _, ...given } = opts;
  for (const key of [...new Set(keys)].sort()) {
    const entry = cache?.key(ISLANDS_STORE, "chunk", key, given);
    const kept = cache && entry ? readRecorded<string>(cache, ISLANDS_STORE, entry, opts.rootDir) : undefined;
    let code: Uint8Array;
    if (kept !== undefined) code = new Uint8Array(Buffer.from(kept, "base64"));
    else {
      const made = await bundleIslandRead(key, opts);
      code = made.code;
      if (cache && entry)
        writeRecorded(cache, ISLANDS_STORE, entry, opts.rootDir, Buffer.from(code).toString("base64"), made.inputs);
    }
    const file = chunkName(key, code);
    files.set(file, code);
    urls.set(key, opts.baseUrl + file);
    const text = new TextDecoder().decode(code);
    for (const o of frameOrigins(text)) frames.add(o);
    if (injectsStyles(text)) styleInjectors.push(islandModule(key).spec);
  }
  return { files, urls, frames: [...frames].sort(), styleInjectors };
}

/**
 * Whether an island's code puts styles into the page in the browser: creates a `<style>` element (also through a
 * helper a bundler renamed, `createElement5("style", {…})` in github-buttons), sets markup that
 * holds one (an SVG drawn with `dangerouslySetInnerHTML`, say), or sets a `style` attribute by name. Setting
 * `element.style` properties (what React and preact do with a `style` prop) is not inline style for the CSP.
 */
export const injectsStyles = (code: string): boolean =>
  /createElement\w*\(\s*["'`]style["'`]\s*[,)]|<style[\s>]|setAttribute\(\s*["'`]style["'`]/.test(code);

/**
 * The origins an island's code may put in an `<iframe>`: the https origins its code names, when it draws an iframe
 * at all (a video embed that becomes a player on click). The CSP allows no frames otherwise.
 */
export function frameOrigins(code: string): string[] {
  if (!/["'`]iframe["'`]/.test(code)) return [];
  return [...new Set([...code.matchAll(/https:\/\/([a-z0-9-]+\.)+[a-z]{2,}(?=[/"'`$?:])/gi)].map((m) => m[0]))];
}

/** One island module as an ES module chunk whose `__docsiteModule` is the module's namespace. */
export async function bundleIsland(key: string, opts: IslandBundleOptions): Promise<Uint8Array> {
  return (await bundleIslandRead(key, opts)).code;
}

/** `bundleIsland`, with the site files (site-relative) the bundle read. */
async function bundleIslandRead(key: string, opts: IslandBundleOptions): Promise<IslandBuild> {
  try {
    return await runIslandBundle(key, opts);
  } catch (err) {
    const e = (err as { errors?: Array<{ text: string; location?: { file: string; line: number } }> }).errors?.[0];
    const docusaurus = e && docusaurusImportError(e, true);
    throw new DocsiteError(
      `the island ${key} cannot be bundled for the browser: ${docusaurus ?? e?.text ?? (err as Error).message}`,
      { file: e?.location?.file ?? islandModule(key).spec, line: e?.location?.line },
      "fix the component, or keep it on the server with a `// @docsite-static` comment at its top",
    );
  }
}

interface IslandBuild {
  code: Uint8Array;
  /** What the bundle read (recorded-inputs.ts: inputsOf): files wherever they lie, folders looked in, manifests. */
  inputs: string[];
}

async function runIslandBundle(key: string, opts: IslandBundleOptions, keepNames = false): Promise<IslandBuild> {
  const sassFiles = new Set<string>();
  const lookedIn = new Set<string>();
  const { kind, spec } = islandModule(key);
  const from = kind === "file" ? `./${spec}` : spec;
  // A theme override's chunk adds the functions Docusaurus gives it, which the server cannot send (theme/layout/).
  const override = overrideOfIslandKey(key);
  const module = override
    ? `import * as o from ${JSON.stringify(from)}; import { withBrowserProps } from ${JSON.stringify(posix.join(THEME_DIR, "layout", "override-island.tsx"))}; const m = withBrowserProps(${JSON.stringify(override.name)}, o);`
    : `import * as m from ${JSON.stringify(from)};`;
  // The island is given the site context the server drew it with, and an override's chunk the site's overrides of
  // its family, which docsite's own parts inside it draw (a category's DocSidebarItems drawing the site's category).
  const family = override ? overrideFamily(override.name, opts.overrides ?? {}) : [];
  const provide = [
    `import { provideIslandSite } from ${JSON.stringify(posix.join(THEME_DIR, "island-context.tsx"))};`,
    ...family.map((name, i) => `import * as f${i} from ${JSON.stringify(`./${opts.overrides?.[name]}`)};`),
    `const overrides = {${override ? `${JSON.stringify(override.name)}: o.default,` : ""}${family
      .map((name, i) => `${JSON.stringify(name)}: f${i}.default,`)
      .join("")}};`,
    "export const __docsiteProvide = (element, island) => provideIslandSite(element, island, overrides);",
  ].join(" ");
  const minify = !opts.dev;
  const out = await esbuildBuild({
    absWorkingDir: opts.rootDir,
    stdin: {
      contents: `${module} ${provide} export const __docsiteModule = m; export const __docsiteName = ${JSON.stringify(key)};`,
      resolveDir: opts.rootDir,
      sourcefile: `island:${key}`,
      loader: "js",
    },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    // Minified identifiers would shorten CSS modules' class names too, and they must stay the server's.
    minifyWhitespace: minify,
    minifySyntax: minify,
    minifyIdentifiers: minify && !keepNames,
    metafile: true,
    sourcemap: opts.dev ? "inline" : false,
    jsx: "automatic",
    outdir: "out",
    // Emitted files get the URL the server's bundle of the same module gave them (the server's bundle publishes them).
    ...assetOutput(opts.baseUrl),
    legalComments: "none",
    logLevel: "silent",
    // Sass first, as in the server's bundle (cli/mdx/components.ts): `@site/…/x.module.scss` is a stylesheet.
    plugins: [
      resolutionFolders(lookedIn),
      sassPlugin(opts.rootDir, sassFiles),
      // CSS modules named as in the server's bundle (the class names the island's code gives must be the server's).
      cssModules(opts.rootDir, sassFiles),
      svgComponents,
      // Before the resolvers, as in the server's bundle (cli/mdx/components.ts).
      assetLoader,
      sharedPlugin(opts.shared),
      islandDocusaurus(),
      themePlugin(opts.rootDir, opts.overrides ?? {}),
      sitePlugin(opts.rootDir, opts.aliases),
      // A site path in a stylesheet's url(), as in the server's bundle (cli/mdx/components.ts).
      sitePathUrls({ rootDir: opts.rootDir, aliases: opts.aliases, lookedIn, loads: ASSET_FILE }),
    ],
    loader: COMPONENT_LOADERS,
    define: {
      "process.env.NODE_ENV": JSON.stringify(opts.dev ? "development" : "production"),
      __DOCSITE_SITE__: JSON.stringify({ ...opts.site, themeConfig: undefined }),
      __DOCSITE_THEME_CONFIG__: JSON.stringify(opts.site.themeConfig ?? {}),
    },
  });
  if (!keepNames && minify && Object.keys(out.metafile.inputs).some((f) => CSS_MODULE.test(f)))
    return runIslandBundle(key, opts, true);
  const js = out.outputFiles.find((f) => f.path.endsWith(".js"));
  if (!js) throw new Error(`the island ${key} gave no JavaScript`);
  // Every file it read, wherever it lies (a compiled Sass file's are what Sass loaded), and where imports looked.
  const files = [...readInputs(Object.keys(out.metafile.inputs)), ...sassFiles];
  return { code: js.contents, inputs: inputsOf(opts.rootDir, files, lookedIn) };
}
