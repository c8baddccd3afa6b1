// Module resolution for imports written in Docusaurus content: `@theme/*` components, `@docusaurus/*` helpers,
// MDX partials (relative, `@site/...`, site-root `/docs/...`) and static files (images, videos, PDFs) that
// become URLs. The decision is pure: it looks at the specifier and at which files exist.
import { existsSync, statSync } from "node:fs";
import { posix, sep } from "node:path";
import { hashText } from "../cache/hash.ts";
import type { MdxPluginContext } from "./mdx-plugins.ts";
import type { DocusaurusOptions, MdxPluginLists } from "../config/types.ts";
import { canonicalModule, providedModules } from "../../theme/docusaurus/client-api.ts";
import { applyAliases, unapplyAliases } from "../config/aliases.ts";
import { ASSET_LOADERS } from "./asset-loader.ts";

/** `@theme/*` modules docsite provides (each maps to a component of theme/mdx). */
export const THEME_MODULES = [
  "Admonition",
  "Tabs",
  "TabItem",
  "CodeBlock",
  "Details",
  "MDXComponents",
  "DocCardList",
  "DocCard",
  "TOCInline",
  "Heading",
  "ThemedImage",
] as const;
/** `@docusaurus/*` modules docsite provides to content (theme/docusaurus/client-api.ts: the same in components). */
export const DOCUSAURUS_MODULES: readonly string[] = providedModules();

const SCRIPT = /\.(m?[jt]sx?|cjs)$/i;
const CONTENT = /\.mdx?$/i;

export interface ModuleContext {
  /** Absolute site folder. */
  rootDir: string;
  baseUrl: string;
  /**
   * Where Docusaurus folders went in this project, e.g. {"docs/": "content/en/docs/current/"}: `@site/docs/x.mdx`
   * and `/docs/x.mdx` then resolve into the new layout. Written by `docsite import`.
   */
  aliases: Record<string, string>;
  /** A project imported from Docusaurus (`docusaurus` in site.config.json): its content follows Docusaurus' rules. */
  docusaurus?: boolean;
  /** Its `markdown.format` (mdx/format.ts). */
  format?: "mdx" | "md" | "detect";
  /** Its remark and rehype plugins (mdx/mdx-plugins.ts). */
  mdxPlugins?: MdxPluginContext;
  /** Its swizzled MDXComponents module, from the site root (mdx/mdx-components.ts). */
  mdxComponents?: string;
  /** Its `markdown.anchors.maintainCase`: heading ids keep capital letters. */
  maintainCase?: boolean;
  /**
   * The component modules being bundled while this Markdown is compiled (one imports it, cli/mdx/components.ts),
   * outermost first: a module met again is an import cycle, named rather than waited for.
   */
  bundling?: string[];
  /**
   * The site overrides `MDXComponents/Details` (or `Details`): a `<details>` of content is then drawn by that
   * component, as Docusaurus draws every `<details>` (docsite draws a plain one otherwise).
   */
  detailsOverride?: boolean;
}

export type Resolved =
  | { kind: "theme"; name: string }
  | { kind: "docusaurus"; name: string }
  | { kind: "partial"; file: string }
  | { kind: "asset"; file: string; url: string; emit: boolean }
  /** A project JavaScript/TypeScript module (a React component), bundled for server rendering. */
  | { kind: "component"; file: string }
  /** A bare package name: bundled like a component from the site's node_modules when installed there. */
  | { kind: "package"; name: string }
  | { kind: "missing"; file: string }
  | { kind: "unsupported"; why: string };

const SCRIPT_EXTENSIONS = [".tsx", ".ts", ".jsx", ".js", ".mjs", ".cjs"];

/**
 * A relative import that leaves the site (`../../../errors.json` from src/pages in a monorepo): the file the import
 * copied from beside the Docusaurus project, found through its alias (`../errors.json`); undefined when the import
 * stays in the site or no alias moved it. Absolute path, for esbuild's resolvers (server and island bundles).
 */
export function movedRelativeImport(
  rootDir: string,
  aliases: Record<string, string>,
  resolveDir: string,
  path: string,
): string | undefined {
  if (!resolveDir) return undefined;
  const rel = posix.relative(rootDir, posix.join(resolveDir.split(sep).join("/"), path));
  if (!rel.startsWith("../")) return undefined;
  const moved = applyAliases(rel, aliases);
  if (moved === rel || moved.startsWith("../")) return undefined;
  const target = existsSync(posix.join(rootDir, moved)) ? moved : findScript(rootDir, moved);
  return target ? posix.join(rootDir, target) : undefined;
}

/** The script file a specifier without extension names: `X.tsx`, …, or `X/index.tsx`, …; null when none. */
export function findScript(rootDir: string, file: string): string | null {
  const abs = (f: string) => posix.join(rootDir, f);
  if (/\.(m?[jt]sx?|cjs)$/i.test(file)) return existsSync(abs(file)) ? file : null;
  for (const ext of SCRIPT_EXTENSIONS) if (existsSync(abs(file + ext))) return file + ext;
  if (existsSync(abs(file)) && statSync(abs(file)).isDirectory())
    for (const ext of SCRIPT_EXTENSIONS) if (existsSync(abs(`${file}/index${ext}`))) return `${file}/index${ext}`;
  return null;
}

/** URL of a non-page file: files under static/ keep their path; others are emitted under assets/. */
function assetUrl(file: string, baseUrl: string): { url: string; emit: boolean } {
  if (file.startsWith("static/")) return { url: baseUrl + file.slice("static/".length), emit: false };
  return { url: `${baseUrl}assets/${hashText(file).slice(0, 8)}-${posix.basename(file)}`, emit: true };
}

/**
 * Resolves an import specifier written in `importer` (a site-relative path). Returns null for specifiers that
 * are not files (bare package names other than the ones above).
 */
export function resolveSpecifier(spec: string, importer: string, ctx: ModuleContext): Resolved | null {
  const clean = spec.replace(/[?#].*$/, "");
  if (clean.startsWith("@theme/")) return { kind: "theme", name: clean.slice("@theme/".length) };
  // Deep paths (`@docusaurus/core/lib/client/exports/useBaseUrl`) are the documented modules.
  if (clean.startsWith("@docusaurus/"))
    return { kind: "docusaurus", name: canonicalModule(clean.slice("@docusaurus/".length)) };
  let file: string;
  if (clean.startsWith("@site/")) file = applyAliases(clean.slice("@site/".length), ctx.aliases);
  else if (clean.startsWith("/")) {
    // Site-root paths: a project file (`/docs/_x.mdx`), else a static file (`/img/a.png`), as Docusaurus resolves them.
    file = applyAliases(clean.slice(1), ctx.aliases);
    if (!existsSync(posix.join(ctx.rootDir, file)) && existsSync(posix.join(ctx.rootDir, "static", clean.slice(1))))
      file = `static/${clean.slice(1)}`;
  } else if (clean.startsWith("./") || clean.startsWith("../")) {
    file = posix.normalize(posix.join(posix.dirname(importer), clean));
    // A path leaving the moved folder (`../src/x.jsx` from docs/): resolved where the importer was in Docusaurus.
    if (!existsSync(posix.join(ctx.rootDir, file)) && !findScript(ctx.rootDir, file)) {
      const original = unapplyAliases(importer, ctx.aliases);
      if (original !== importer)
        file = applyAliases(posix.normalize(posix.join(posix.dirname(original), clean)), ctx.aliases);
    }
  } else if (/^(@[\w.-]+\/)?[\w.-]+(\/.*)?$/.test(clean)) return { kind: "package", name: clean };
  else return null;
  if (CONTENT.test(file)) {
    return existsSync(posix.join(ctx.rootDir, file)) ? { kind: "partial", file } : { kind: "missing", file };
  }
  if (SCRIPT.test(file) || !/\.[a-z0-9]+$/i.test(file) || !existsSync(posix.join(ctx.rootDir, file))) {
    const script = findScript(ctx.rootDir, file);
    if (script) return { kind: "component", file: script };
    if (SCRIPT.test(file) || !/\.[a-z0-9]+$/i.test(file)) return { kind: "missing", file };
  }
  if (!existsSync(posix.join(ctx.rootDir, file))) return { kind: "missing", file };
  return { kind: "asset", file, ...assetUrl(file, ctx.baseUrl) };
}

/** The module context of a site: its folder, base URL and the aliases `docsite import` wrote. */
export function moduleContextOf(config: {
  rootDir: string;
  baseUrl: string;
  docusaurus?: DocusaurusOptions;
  docs?: { versions: Array<{ name: string; pluginId?: string }> };
}): ModuleContext {
  const lists = config.docusaurus?.mdxPlugins;
  return {
    rootDir: config.rootDir,
    baseUrl: config.baseUrl,
    aliases: config.docusaurus?.aliases ?? {},
    docusaurus: Boolean(config.docusaurus),
    ...(config.docusaurus?.format ? { format: config.docusaurus.format } : {}),
    ...(config.docusaurus?.mdxComponents ? { mdxComponents: config.docusaurus.mdxComponents } : {}),
    ...(config.docusaurus?.anchors?.maintainCase ? { maintainCase: true } : {}),
    ...(config.docusaurus?.themeOverrides?.["MDXComponents/Details"] || config.docusaurus?.themeOverrides?.Details
      ? { detailsOverride: true }
      : {}),
    ...(lists && Object.keys(lists).length
      ? {
          mdxPlugins: {
            rootDir: config.rootDir,
            lists: lists as Record<string, MdxPluginLists>,
            instanceOf: Object.fromEntries(
              (config.docs?.versions ?? []).filter((v) => v.pluginId).map((v) => [v.name, v.pluginId as string]),
            ),
          },
        }
      : {}),
  };
}

/**
 * How esbuild loads what a site's components import, on the server and in island bundles alike: CSS modules scoped,
 * images, fonts and media as files under the output's assets folder or, small ones, data URLs (mdx/asset-loader.ts),
 * and JSX in `.js` files, which Docusaurus compiles too.
 */
export const COMPONENT_LOADERS = {
  ".module.css": "local-css",
  ".css": "css",
  ...ASSET_LOADERS,
  ".json": "json",
  ".js": "jsx",
} as const;
