// The site's own stylesheets (`customCss`), built into one file linked after docsite's theme: Infima's classes for
// an imported site (infima-compat.ts), the site's CSS as written (Sass compiled, `@import`s and `url()` files
// bundled with esbuild), and a bridge that maps the Infima custom properties the site sets (--ifm-color-primary,
// fonts and their base size, backgrounds, text and link colours, in light and dark mode) onto docsite's theme
// variables, so the site keeps its colours and fonts while docsite's theme draws the page.
import type { Plugin } from "esbuild";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join, posix, relative } from "node:path";
import { esbuildBuild } from "../boot/esbuild-service.ts";
import type { SiteConfig } from "../config/types.ts";
import { hashText } from "../cache/hash.ts";
import { DocsiteError } from "../log.ts";
import { sassPlugin } from "../mdx/sass.ts";
import { applyAliases } from "../config/aliases.ts";
import { infimaCompatCss } from "./infima-compat.ts";
import type { BuildCache } from "../cache/cache.ts";
import { inputsOf, readInputs, readRecorded, writeRecorded } from "../cache/recorded-inputs.ts";
import { postcssToolchain, siteFileList, type PostcssToolchain } from "../css/postcss-toolchain.ts";
import { postcssAfterSass, postcssPlugin } from "../css/esbuild-postcss.ts";
import { sitePathUrls } from "../css/site-paths.ts";

/** The store of the site's bundled stylesheets (cli/cache/README.md). */
export const BRAND_STORE = "brand";

export interface BrandStylesheet {
  /** The stylesheet's path under the output folder, and its URL. */
  file: string;
  url: string;
  css: string;
  /** Files its `url()`s point to (fonts, images), path under the output folder → bytes. */
  assets: Map<string, Uint8Array>;
  /** Origins of other sites the stylesheet loads from (a web font's CSS and files), for the CSP. */
  origins: string[];
  /** What was left out (an `@import` of a package that is not installed). */
  warnings: string[];
}

/**
 * How an Infima variable reaches docsite's theme: the docsite variables it sets, or rules using it; `neutral` when
 * Infima keeps it in dark mode (a site that sets it once has it in both modes, as in Docusaurus), else only a
 * dark-mode definition of the site reaches dark mode.
 */
interface Mapping {
  vars?: string[];
  rules?: string;
  neutral: boolean;
  /** Infima derives this property's user from another the site may set, which then wins (Infima's defaults). */
  unless?: string;
}

const MAPPINGS: Record<string, Mapping> = {
  "--ifm-color-primary": { vars: ["--accent"], neutral: true },
  "--ifm-link-color": { vars: ["--link"], neutral: true },
  "--ifm-link-hover-color": { rules: "a:hover{color:var(--ifm-link-hover-color)}", neutral: true },
  "--ifm-font-family-base": { vars: ["--font"], neutral: true },
  "--ifm-font-family-monospace": { vars: ["--mono"], neutral: true },
  "--ifm-heading-font-family": {
    rules: "h1,h2,h3,h4,h5,h6{font-family:var(--ifm-heading-font-family)}",
    neutral: true,
  },
  "--ifm-code-font-size": {
    rules: ":not(pre)>code,.code-block pre{font-size:var(--ifm-code-font-size)}",
    neutral: true,
  },
  "--ifm-global-radius": { vars: ["--radius"], neutral: true },
  "--ifm-background-color": { vars: ["--bg"], neutral: false },
  "--ifm-background-surface-color": { vars: ["--bg-raised"], neutral: false },
  "--ifm-font-color-base": { vars: ["--fg"], neutral: false },
  // Infima's text colour is `--ifm-font-color-base: var(--ifm-color-content)`, and the navbar's links take it
  // (`--ifm-navbar-link-color: var(--ifm-font-color-base)`): a site that sets only the content colour (redux's black)
  // has it in its text and navbar links.
  "--ifm-color-content": { vars: ["--fg"], neutral: false, unless: "--ifm-font-color-base" },
  // Infima sizes the page from the root (`html{font:var(--ifm-font-size-base)/…}`), rem units with it.
  "--ifm-font-size-base": { rules: "html{font-size:var(--ifm-font-size-base)}body{font-size:1rem}", neutral: true },
  "--ifm-code-background": { vars: ["--code-bg"], neutral: false },
  "--docusaurus-highlighted-code-line-bg": { vars: ["--code-hl"], neutral: false },
  // The navbar's colours, read on the bar (theme/styles/main.css), where Infima's `navbar--dark` may set them; Infima's
  // dark mode does not set them, so a site's `:root` value holds in both modes. The mobile menu takes the navbar's
  // background, and then Infima's menu colour for its links (Docusaurus' navbar sidebar).
  "--ifm-navbar-background-color": {
    rules:
      ".navbar{--navbar-bg:var(--ifm-navbar-background-color)}" +
      ".mobile-menu{--navbar-menu-bg:var(--ifm-navbar-background-color);--navbar-menu-link:var(--ifm-menu-color,var(--fg))}",
    neutral: true,
  },
  "--ifm-navbar-link-color": { rules: ".navbar{--navbar-link:var(--ifm-navbar-link-color)}", neutral: true },
  "--ifm-navbar-link-hover-color": {
    rules: ".navbar{--navbar-link-active:var(--ifm-navbar-link-hover-color)}",
    neutral: true,
  },
  "--ifm-footer-background-color": {
    rules: ".footer{background-color:var(--ifm-footer-background-color)}",
    neutral: false,
  },
  "--ifm-footer-link-color": { rules: ".footer a{color:var(--ifm-footer-link-color)}", neutral: false },
  "--ifm-footer-title-color": { rules: ".footer__title{color:var(--ifm-footer-title-color)}", neutral: false },
};

/** Where the site's CSS defines each custom property: in light (any selector but a dark one) and in dark mode. */
export function definedProperties(css: string): Map<string, { light: boolean; dark: boolean }> {
  const out = new Map<string, { light: boolean; dark: boolean }>();
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const m of plain.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    const dark = /data-theme\s*=\s*["']?dark/.test(m[1]);
    for (const d of m[2].matchAll(/(--[\w-]+)\s*:/g)) {
      const seen = out.get(d[1]) ?? { light: false, dark: false };
      if (dark) seen.dark = true;
      else seen.light = true;
      out.set(d[1], seen);
    }
  }
  return out;
}

/** The declarations and rules that carry the site's Infima properties into docsite's theme. */
export function infimaBridge(css: string): string {
  const defined = definedProperties(css);
  const light: string[] = [];
  const dark: string[] = [];
  const lightRules: string[] = [];
  const darkRules: string[] = [];
  const DARK = 'html[data-theme="dark"]';
  for (const [name, map] of Object.entries(MAPPINGS)) {
    const where = defined.get(name);
    if (!where || (map.unless && defined.has(map.unless))) continue;
    const inLight = where.light;
    const inDark = where.dark || (map.neutral && where.light);
    const decls = (map.vars ?? []).map((v) => `${v}:var(${name})`);
    if (inLight) light.push(...decls);
    if (inDark) dark.push(...decls);
    if (map.rules && inLight && inDark) lightRules.push(map.rules);
    else if (map.rules && inLight) lightRules.push(scope(map.rules, 'html:not([data-theme="dark"])'));
    else if (map.rules && inDark) darkRules.push(scope(map.rules, DARK));
  }
  // The link colour follows the primary colour unless the site sets its own (Infima's default).
  if (defined.has("--ifm-color-primary") && !defined.has("--ifm-link-color")) {
    light.push("--link:var(--ifm-color-primary)");
    dark.push("--link:var(--ifm-color-primary)");
  }
  if (defined.has("--ifm-color-primary")) {
    const soft = "--accent-soft:color-mix(in srgb,var(--ifm-color-primary) 16%,var(--bg))";
    light.push(soft);
    dark.push(soft);
  }
  const out = ["/* The site's Infima properties in docsite's theme */"];
  // `:root` and `html[data-theme="dark"]` are the theme's own selectors: coming later, these win.
  if (light.length) out.push(`:root{${light.join(";")}}`);
  if (dark.length) out.push(`${DARK}{${dark.join(";")}}`);
  out.push(...lightRules, ...darkRules);
  return out.join("\n");
}

/** Each selector of a rule list prefixed with a scope. */
const scope = (rules: string, prefix: string) =>
  rules.replace(/(^|\})([^{}]+)\{/g, (_m, close: string, sel: string) => {
    const scoped = sel
      .split(",")
      .map((s) => `${prefix} ${s.trim()}`)
      .join(",");
    return `${close}${scoped}{`;
  });

/**
 * How the site's stylesheets find what they name, as Docusaurus' webpack does: site paths in `url()` (`/img/x.png`)
 * are files of static/ or the site folder (cli/css/site-paths.ts), `@site/…` is the site folder (through the import's
 * folder aliases); a package `@import` that is not installed (Tailwind's, say) is left out with a warning rather than
 * failing the build.
 */
function sheetResolver(rootDir: string, aliases: Record<string, string>, warnings: string[]): Plugin {
  const require = createRequire(join(rootDir, "package.json"));
  return {
    name: "docsite-brand-resolve",
    setup(b) {
      // A protocol-relative `//host/x` (site paths come to sitePathUrls first).
      b.onResolve({ filter: /^\// }, (a) =>
        a.kind === "url-token" || a.kind === "import-rule" ? { path: a.path, external: true } : undefined,
      );
      b.onResolve({ filter: /^@site\// }, (a) => ({
        path: join(rootDir, applyAliases(a.path.slice("@site/".length), aliases)),
      }));
      b.onResolve({ filter: /^(@[\w.-]+\/)?[\w.-]+(\/.*)?$/ }, (a) => {
        if (a.kind !== "import-rule") return undefined;
        try {
          return { path: require.resolve(a.path) };
        } catch {
          const from = a.importer.startsWith("/") ? posix.relative(rootDir, a.importer) : a.importer;
          warnings.push(`${from}: @import "${a.path}" is not installed; left out`);
          return { path: a.path, namespace: "docsite-brand-missing" };
        }
      });
      b.onLoad({ filter: /.*/, namespace: "docsite-brand-missing" }, () => ({ contents: "", loader: "css" }));
    },
  };
}

interface Sheet {
  css: string;
  assets: Map<string, Uint8Array>;
  /** What its bundle left out (told again when the kept sheet is used). */
  warnings: string[];
  /** The site files (site-relative) the bundle read: the sheet, its `@import`s and `url()` files, Sass partials. */
  inputs: string[];
}

/** A sheet as the store keeps it: its files' bytes in base64. */
type KeptSheet = Omit<Sheet, "assets" | "inputs"> & { assets: Array<[string, string]> };

/**
 * One stylesheet of the site, bundled now or kept from a build that read the same site files. Through the site's
 * PostCSS, the entry also records what the plugins read (every source Tailwind scanned, its config), and its key
 * holds the plugin list and the names of the site's files, so a file added where Tailwind looks is seen too.
 */
async function keptSheet(
  rootDir: string,
  file: string,
  aliases: Record<string, string>,
  cache: BuildCache | undefined,
  toolchain: PostcssToolchain | null,
): Promise<Omit<Sheet, "inputs">> {
  const key = toolchain
    ? cache?.key(BRAND_STORE, file, aliases, toolchain.key, siteFileList(rootDir))
    : cache?.key(BRAND_STORE, file, aliases);
  const kept = cache && key ? readRecorded<KeptSheet>(cache, BRAND_STORE, key, rootDir) : undefined;
  if (kept)
    return {
      ...kept,
      assets: new Map(kept.assets.map(([f, b]) => [f, new Uint8Array(Buffer.from(b, "base64"))] as const)),
    };
  const sheet = await bundleSheet(rootDir, file, aliases, toolchain);
  if (cache && key) {
    const assets = [...sheet.assets].map(([f, b]) => [f, Buffer.from(b).toString("base64")] as [string, string]);
    writeRecorded<KeptSheet>(
      cache,
      BRAND_STORE,
      key,
      rootDir,
      { css: sheet.css, warnings: sheet.warnings, assets },
      sheet.inputs,
    );
  }
  return sheet;
}

/** The files a stylesheet's `url()` takes into the bundle: each becomes a hashed copy beside the stylesheet. */
const SHEET_FILE_EXTENSIONS = "woff woff2 ttf otf eot png jpg jpeg gif webp avif svg".split(" ");
const SHEET_FILES = new RegExp(`\\.(${SHEET_FILE_EXTENSIONS.join("|")})$`, "i");

/** Bundles one stylesheet of the site (Sass, then the site's PostCSS when it has one, then esbuild). */
async function bundleSheet(
  rootDir: string,
  file: string,
  aliases: Record<string, string>,
  toolchain: PostcssToolchain | null,
): Promise<Sheet> {
  const assets = new Map<string, Uint8Array>();
  const warnings: string[] = [];
  const sassFiles = new Set<string>();
  const postcssFiles = new Set<string>();
  const lookedIn = new Set<string>();
  try {
    const out = await esbuildBuild({
      absWorkingDir: rootDir,
      entryPoints: [join(rootDir, file)],
      bundle: true,
      write: false,
      outdir: "/assets",
      assetNames: "[name].[hash]",
      logLevel: "silent",
      minify: false,
      metafile: true,
      plugins: [
        sassPlugin(rootDir, sassFiles, toolchain ? postcssAfterSass(toolchain, postcssFiles) : undefined),
        ...(toolchain ? [postcssPlugin(toolchain, postcssFiles)] : []),
        sitePathUrls({ rootDir, aliases, lookedIn, missing: (m) => warnings.push(m), loads: SHEET_FILES }),
        sheetResolver(rootDir, aliases, warnings),
      ],
      external: ["http://*", "https://*", "data:*"],
      loader: Object.fromEntries(SHEET_FILE_EXTENSIONS.map((e) => [`.${e}`, "file" as const])),
    });
    let css = "";
    for (const f of out.outputFiles) {
      if (f.path.endsWith(".css")) css += f.text;
      else assets.set(posix.relative("/", f.path.split("\\").join("/")), f.contents);
    }
    // The files it read, wherever they lie (readInputs); a compiled Sass file's are what Sass loaded, PostCSS'
    // what its plugins read (Tailwind's sources and config).
    const inputs = readInputs([
      file,
      ...Object.keys(out.metafile.inputs),
      ...[...sassFiles, ...postcssFiles].map((f) => relative(rootDir, f).split("\\").join("/")),
      ...(toolchain?.configFiles ?? []),
    ]);
    // Where its site paths were looked for: a file added there later is one a url() then names.
    const folders = inputsOf(rootDir, [], lookedIn);
    return { css, assets, warnings, inputs: [...new Set([...inputs, ...folders])] };
  } catch (err) {
    const e = (err as { errors?: Array<{ text: string; location?: { file: string; line: number } }> }).errors?.[0];
    throw new DocsiteError(
      `the stylesheet cannot be built: ${e?.text ?? (err as Error).message}`,
      { file: e?.location?.file ?? file, line: e?.location?.line },
      "fix the stylesheet, or remove it from customCss in site.config.json",
    );
  }
}

/** A package's stylesheet (`pkg/dist/x.css`) in the site's node_modules, as a path from the site folder. */
function packageFile(rootDir: string, spec: string): string | null {
  try {
    return relative(rootDir, createRequire(join(rootDir, "package.json")).resolve(spec));
  } catch {
    return null;
  }
}

/** Origins of other sites the CSS loads from (`@import url(https://…)`, `url(https://…)`). */
function externalOrigins(css: string): string[] {
  const found = new Set<string>();
  for (const m of css.matchAll(/url\(\s*["']?(https?:\/\/[^/"')\s]+)/g)) found.add(m[1]);
  for (const m of css.matchAll(/@import\s+["'](https?:\/\/[^/"']+)/g)) found.add(m[1]);
  // Google Fonts' stylesheet loads the fonts from its other host.
  if (found.has("https://fonts.googleapis.com")) found.add("https://fonts.gstatic.com");
  return [...found].sort();
}

/** The site's brand stylesheet, or null for a site without custom CSS that is not an imported one. */
export async function brandStylesheet(config: SiteConfig, cache?: BuildCache): Promise<BrandStylesheet | null> {
  const files = config.customCss ?? [];
  if (!files.length && !config.docusaurus) return null;
  const parts: string[] = [];
  if (config.docusaurus) parts.push(infimaCompatCss());
  const assets = new Map<string, Uint8Array>();
  const warnings: string[] = [];
  let own = "";
  const toolchain = files.length
    ? await postcssToolchain(config.rootDir, config.docusaurus?.postcss?.plugins, config.docusaurus?.aliases ?? {})
    : null;
  for (const file of files) {
    const path = existsSync(join(config.rootDir, file)) ? file : packageFile(config.rootDir, file);
    if (!path)
      throw new DocsiteError(
        `customCss names ${file}, which is neither a file of the site nor of an installed package`,
        { file: "site.config.json" },
        "fix the path (from the site folder), install the package it comes from, or remove it from customCss",
      );
    const sheet = await keptSheet(config.rootDir, path, config.docusaurus?.aliases ?? {}, cache, toolchain);
    warnings.push(...sheet.warnings);
    own += `${sheet.css}\n`;
    for (const [f, bytes] of sheet.assets) assets.set(f, bytes);
  }
  parts.push(own, infimaBridge(own));
  // `@import` must open a stylesheet: the site's (a web font's CSS, say) go first.
  const imports: string[] = [];
  const css = parts.join("\n").replace(/@import\s+(?:url\()?["'][^"']+["']\)?[^;]*;/g, (m) => {
    imports.push(m);
    return "";
  });
  const text = [...imports, css].join("\n");
  const file = `assets/brand-${hashText(text).slice(0, 10)}.css`;
  return { file, url: config.baseUrl + file, css: text, assets, origins: externalOrigins(text), warnings };
}
