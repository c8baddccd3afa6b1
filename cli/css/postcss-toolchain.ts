// The site's PostCSS run over its CSS, with the packages the site installs (PostCSS and each plugin loaded from the
// site's node_modules, never docsite's own), after Sass and before esbuild bundles, as webpack's loaders order them
// in Docusaurus (sass-loader, postcss-loader, css-loader). Tailwind is given what Docusaurus' working folder gives it
// there: v4 (`@tailwindcss/postcss`) the site folder as `base` for its automatic source detection, with the build's
// output and cache folders left out; v3 (`tailwindcss`) its config with the `content` globs made absolute from the
// site folder, plus the same globs where the import moved the folders they name (docs/ → content/…). Every file a
// run read (the `dependency` and `dir-dependency` messages PostCSS plugins report) comes back, for the build cache.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, posix, relative, sep } from "node:path";
import fg from "fast-glob";
import type { PostcssPluginSpec } from "../config/types.ts";
import { hashText } from "../cache/hash.ts";
import { DocsiteError } from "../log.ts";
import { applyAliases } from "../config/aliases.ts";
import { findPostcssSetup, type GivenPlugin } from "./postcss-config.ts";

export interface PostcssResult {
  css: string;
  /** Absolute paths of every file the run read (the stylesheet's imports, the sources Tailwind scanned). */
  files: string[];
}

export interface PostcssToolchain {
  /** Runs the plugins over one stylesheet's text; `from` is its absolute path (relative `@source`/`@import` start there). */
  process(css: string, from: string): Promise<PostcssResult>;
  /** What the output depends on besides the files read: the plugin list, for cache keys. */
  key: string;
  /** Site-relative config files the run depends on (the PostCSS config, Tailwind's config). */
  configFiles: string[];
}

const TAILWIND_V4 = "@tailwindcss/postcss";
const TAILWIND_CONFIGS = ["js", "cjs", "mjs", "ts", "cts", "mts"].map((e) => `tailwind.config.${e}`);
/**
 * What docsite writes into the site folder (the output, its staging `dist.tmp-…`/`dist.old-…` folders and lock, the
 * cache): never sources of the site's classes, and written while the build runs.
 */
const OWN_FOLDERS = ["dist", "dist.*", ".docsite"];

type Plugin = unknown;
type PluginCreator = ((options?: unknown) => Plugin) & { postcss?: true };
interface PostcssModule {
  default?: PostcssModule;
  (
    plugins: Plugin[],
  ): {
    process(
      css: string,
      opts: { from: string },
    ): Promise<{ css: string; messages: Array<{ type: string; file?: string; dir?: string; glob?: string }> }>;
  };
}

const memo = new Map<string, Promise<PostcssToolchain | null>>();

/**
 * The site's PostCSS toolchain, or null when it configures none. Kept per site folder, plugin list and config file
 * contents: loading Tailwind is slow, and a dev server sees a changed config.
 */
export function postcssToolchain(
  rootDir: string,
  configured: PostcssPluginSpec[] | undefined,
  aliases: Record<string, string> = {},
): Promise<PostcssToolchain | null> {
  const files = [
    ...TAILWIND_CONFIGS,
    "package.json",
    ...["postcss.config.js", "postcss.config.cjs", "postcss.config.mjs", ".postcssrc", ".postcssrc.json"],
  ];
  const state = files.map((f) => (existsSync(join(rootDir, f)) ? hashText(readFileSync(join(rootDir, f))) : "-"));
  const key = JSON.stringify([rootDir, configured ?? null, aliases, state]);
  let found = memo.get(key);
  if (!found) {
    found = loadToolchain(rootDir, configured, aliases);
    memo.set(key, found);
    found.catch(() => memo.delete(key));
  }
  return found;
}

/**
 * The toolchain of a site whose config the caller does not hold (a component bundle knows only the site folder):
 * site.config.json's `docusaurus.postcss` and aliases, else the folder's PostCSS config.
 */
export function siteToolchain(rootDir: string): Promise<PostcssToolchain | null> {
  let docusaurus: { postcss?: { plugins?: PostcssPluginSpec[] }; aliases?: Record<string, string> } | undefined;
  try {
    docusaurus = (
      JSON.parse(readFileSync(join(rootDir, "site.config.json"), "utf8")) as { docusaurus?: typeof docusaurus }
    ).docusaurus;
  } catch {
    docusaurus = undefined;
  }
  return postcssToolchain(rootDir, docusaurus?.postcss?.plugins, docusaurus?.aliases ?? {});
}

async function loadToolchain(
  rootDir: string,
  configured: PostcssPluginSpec[] | undefined,
  aliases: Record<string, string>,
): Promise<PostcssToolchain | null> {
  const setup = await findPostcssSetup(rootDir, configured);
  if (!setup) return null;
  const require = createRequire(join(rootDir, "package.json"));
  const load = <T>(name: string): T => {
    try {
      return require(name) as T;
    } catch (err) {
      throw new DocsiteError(
        `the PostCSS plugin "${name}" cannot be loaded from the site's node_modules: ${(err as Error).message.split("\n")[0]}`,
        { file: setup.file },
        `install it in the site folder (npm install -D ${name}), or remove it from the list`,
      );
    }
  };
  const configFiles = new Set<string>(setup.file === "site.config.json" ? [] : [setup.file]);
  // PostCSS and the plugins load when a stylesheet is first processed: a build whose CSS all comes from the cache
  // loads none (Tailwind 4 alone cost a no-change build of testplane-docs about 0.15 s of CPU and a loader thread).
  // Plugins a site config loaded itself are instantiated now, as what they are is known only then; a named Tailwind 3
  // gives its config file now (the cache keys need it).
  let ready: { processor: ReturnType<PostcssModule>; v4: boolean } | undefined;
  const prepare = () => {
    if (ready) return ready;
    const postcssMod = load<PostcssModule>("postcss");
    const postcss = postcssMod.default ?? postcssMod;
    const plugins = setup.plugins.map((p) => instantiate(p, { rootDir, aliases, load, configFiles }));
    const v4 = plugins.some((p) => (p as { postcssPlugin?: string }).postcssPlugin === TAILWIND_V4);
    ready = { processor: postcss(plugins), v4 };
    return ready;
  };
  if (setup.plugins.some((p) => !("name" in p))) prepare();
  else
    for (const p of setup.plugins)
      if ("name" in p && p.name === "tailwindcss" && tailwindMajor(load) === 3) {
        const file = tailwind3ConfigFile(p.options ?? {}, rootDir);
        if (file) configFiles.add(file);
      }
  return {
    key: JSON.stringify(setup.plugins.map((p) => ("name" in p ? [p.name, p.options ?? {}] : "(loaded by the config)"))),
    configFiles: [...configFiles],
    async process(css, from) {
      const { processor, v4 } = prepare();
      const input = v4 ? withOwnFoldersLeftOut(css, rootDir, from) : css;
      let result: Awaited<ReturnType<ReturnType<PostcssModule>["process"]>>;
      try {
        result = await processor.process(input, { from });
      } catch (err) {
        const e = err as { message: string; file?: string; line?: number; reason?: string };
        const reason = e.reason ?? e.message.split("\n")[0];
        // As written (a Sass file's lines are not its compiled CSS's).
        const written = existsSync(from) ? readFileSync(from, "utf8") : css;
        throw new DocsiteError(
          `PostCSS (${setup.file}): ${reason}`,
          // Tailwind's errors point at the stylesheet's root (line 1): the line naming the class says more.
          {
            file: siteRelative(rootDir, e.file ?? from),
            line: (e.line ?? 1) > 1 ? e.line : (lineNaming(written, reason) ?? e.line),
          },
          "fix the stylesheet, or the PostCSS plugins the site configures",
        );
      }
      return { css: result.css, files: filesRead(result.messages, rootDir) };
    },
  };
}

const siteRelative = (rootDir: string, file: string) => relative(rootDir, file).split(sep).join("/");

/** Where a message without a location points: the first line holding what it names in backticks (Tailwind's way). */
function lineNaming(css: string, reason: string): number | undefined {
  const named = /`([^`]+)`/.exec(reason)?.[1];
  if (!named) return undefined;
  const at = css.split("\n").findIndex((l) => l.includes(named));
  return at >= 0 ? at + 1 : undefined;
}

/** One plugin ready for PostCSS: Tailwind given the site folder (module comment), anything else as configured. */
function instantiate(
  given: GivenPlugin,
  ctx: {
    rootDir: string;
    aliases: Record<string, string>;
    load: <T>(name: string) => T;
    configFiles: Set<string>;
  },
): Plugin {
  const creatorOf = (name: string) => {
    const m = ctx.load<PluginCreator | { default: PluginCreator }>(name);
    return typeof m === "function" ? m : m.default;
  };
  if ("name" in given) return withSiteFolder(given.name, creatorOf(given.name), given.options ?? {}, ctx);
  // Loaded by the site's config itself: a Tailwind creator it did not call yet gets the site folder too.
  const v = given.value;
  if (typeof v === "function") {
    for (const name of [TAILWIND_V4, "tailwindcss"]) {
      let known: PluginCreator | undefined;
      try {
        known = creatorOf(name);
      } catch {
        known = undefined;
      }
      if (known === v) return withSiteFolder(name, known, {}, ctx);
    }
    return (v as PluginCreator).postcss ? (v as PluginCreator)() : v;
  }
  return v;
}

function withSiteFolder(
  name: string,
  creator: PluginCreator,
  options: Record<string, unknown>,
  ctx: { rootDir: string; aliases: Record<string, string>; load: <T>(name: string) => T; configFiles: Set<string> },
): Plugin {
  if (name === TAILWIND_V4) return creator({ base: ctx.rootDir, ...options });
  if (name === "tailwindcss" && tailwindMajor(ctx.load) === 3) return creator(tailwind3Config(options, ctx));
  return creator(options);
}

function tailwindMajor(load: <T>(name: string) => T): number {
  try {
    return Number.parseInt(load<{ version: string }>("tailwindcss/package.json").version, 10);
  } catch {
    return 0;
  }
}

/**
 * Tailwind 3's config, loaded by Tailwind's own loader, with `content` globs made absolute from the site folder
 * (Tailwind reads them from the working folder, the site's in Docusaurus), each also where the import moved it.
 */
function tailwind3Config(
  options: Record<string, unknown>,
  ctx: { rootDir: string; aliases: Record<string, string>; load: <T>(name: string) => T; configFiles: Set<string> },
): Record<string, unknown> {
  const given = options.config;
  if (given && typeof given === "object") return { ...(given as Record<string, unknown>) };
  const file = tailwind3ConfigFile(options, ctx.rootDir);
  if (!file) return { content: [] };
  ctx.configFiles.add(file);
  const loadConfig = ctx.load<(path: string) => Record<string, unknown>>("tailwindcss/loadConfig");
  const config = loadConfig(isAbsolute(file) ? file : join(ctx.rootDir, file));
  const content = config.content as unknown;
  const globs = (list: unknown[]) =>
    list.flatMap((g) => (typeof g === "string" ? absoluteGlobs(g, ctx.rootDir, ctx.aliases) : [g]));
  return {
    ...config,
    content: Array.isArray(content)
      ? globs(content)
      : content && typeof content === "object"
        ? {
            ...(content as Record<string, unknown>),
            files: globs(((content as { files?: unknown[] }).files ?? []) as unknown[]),
          }
        : content,
  };
}

/** Tailwind 3's config file for these options: the one they name, else the site folder's; none when given inline. */
function tailwind3ConfigFile(options: Record<string, unknown>, rootDir: string): string | undefined {
  const given = options.config;
  if (given && typeof given === "object") return undefined;
  return typeof given === "string"
    ? given.replace(/^\.\//, "")
    : TAILWIND_CONFIGS.find((f) => existsSync(join(rootDir, f)));
}

/** A content glob from the site folder, and where the import moved the folder it starts with. */
function absoluteGlobs(glob: string, rootDir: string, aliases: Record<string, string>): string[] {
  const negated = glob.startsWith("!");
  const bare = (negated ? glob.slice(1) : glob).replace(/^\.\//, "");
  if (isAbsolute(bare)) return [glob];
  const root = rootDir.split(sep).join("/");
  const out = [posix.join(root, bare)];
  const moved = applyAliases(bare, aliases);
  if (moved !== bare) out.push(posix.join(root, moved));
  // A folder glob that the import moved as a whole (`./{src,docs}/**`): each moved branch too.
  const brace = /^\{([^}]+)\}(\/.*)$/.exec(bare);
  if (brace)
    for (const b of brace[1].split(",")) {
      const one = applyAliases(`${b}${brace[2]}`, aliases);
      if (one !== `${b}${brace[2]}`) out.push(posix.join(root, one));
    }
  return out.map((g) => (negated ? `!${g}` : g));
}

/** Tailwind 4 scans the site folder: the build's own output and cache are not the site's sources. */
function withOwnFoldersLeftOut(css: string, rootDir: string, from: string): string {
  if (!/@import\s+["']tailwindcss(\/utilities(\.css)?)?["']|@tailwind\s+utilities/.test(css)) return css;
  const dir = posix.dirname(from.split(sep).join("/"));
  const lines = OWN_FOLDERS.map((f) => {
    const rel = posix.relative(dir, posix.join(rootDir.split(sep).join("/"), f)) || ".";
    return `@source not ${JSON.stringify(rel)};`;
  });
  return `${css}\n${lines.join("\n")}\n`;
}

/** The files a run read, from the messages its plugins left (a folder's files by the glob they were read with). */
function filesRead(
  messages: Array<{ type: string; file?: string; dir?: string; glob?: string }>,
  rootDir: string,
): string[] {
  const files = new Set<string>();
  for (const m of messages) {
    if (m.type === "dependency" && m.file) files.add(m.file);
    else if (m.type === "dir-dependency" && m.dir) {
      const found = fg.sync(m.glob || "**/*", {
        cwd: m.dir,
        absolute: true,
        dot: false,
        ignore: [
          "**/node_modules/**",
          ...OWN_FOLDERS.flatMap((f) => {
            const rel = posix.relative((m.dir ?? "").split(sep).join("/"), posix.join(rootDir.split(sep).join("/"), f));
            return [rel, `${rel}/**`];
          }),
        ],
      });
      for (const f of found) files.add(f);
    }
  }
  return [...files].sort();
}

/**
 * The names of the site's files (a hash of them): Tailwind looks for classes in files it finds itself, so a file
 * added anywhere in the site may add some. Part of the keys of what the site's PostCSS made (the files it read are
 * recorded by their bytes besides).
 */
export function siteFileList(rootDir: string): string {
  const names = fg.sync("**/*", {
    cwd: rootDir,
    dot: true,
    ignore: ["**/node_modules/**", "**/.git/**", ...OWN_FOLDERS.flatMap((f) => [f, `${f}/**`])],
  });
  return hashText(names.sort().join("\n"));
}
