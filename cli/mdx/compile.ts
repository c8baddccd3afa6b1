// MDX source → JavaScript function body plus the data the rest of the build needs (TOC, links, anchors, text).
// Results are cached on disk by a hash of the source and of this compiler's own code, so an unchanged page is
// never compiled twice.
import { readFileSync, existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, dirname, posix } from "node:path";
import { fileURLToPath } from "node:url";
import type { Extracted } from "./remark-docsite.ts";
import type { ModuleInfo } from "./remark-imports.ts";
import type { ModuleContext } from "./modules.ts";
import { hashText } from "../content/scan.ts";
import { splitFrontMatter } from "../content/frontmatter.ts";
import { DocsiteError } from "../log.ts";
import type { ImageRef } from "../images/rehype-images.ts";

export interface CompiledMdx extends Extracted {
  /** Function body produced by MDX (outputFormat "function-body"). */
  code: string;
  /** Imports, assets and components the page uses (absent when compiled without a module context). */
  modules?: ModuleInfo;
  /** Content hash of each partial the page includes: a changed partial invalidates the cached page. */
  depHashes?: Record<string, string>;
  /** Local images the page refers to, for the image stage. */
  images: ImageRef[];
}

export interface CompileInput {
  file: string;
  body: string;
  bodyOffset: number;
  /** Rewrites link targets (locale prefix, relative .mdx links); pure, so its behaviour is part of the cache key. */
  rewriteLink: (url: string) => string;
  /** Distinguishes inputs whose rewriting differs (locale, base URL). */
  rewriteKey: string;
  /** How imports resolve (site folder, base URL, folder aliases); without it, imports are left to MDX. */
  modules?: ModuleContext;
}

const here = dirname(fileURLToPath(import.meta.url));
// The compiler's own sources are part of every cache key: editing a plugin invalidates the cache.
const COMPILER_HASH = hashText(
  [
    "compile.ts",
    "preprocess.ts",
    "remark-docsite.ts",
    "rehype-code.ts",
    "code-magic.ts",
    "content-links.ts",
    "remark-imports.ts",
    "modules.ts",
    "remark-summary.ts",
    "rehype-highlight-cached.ts",
    "toolchain.ts",
  ]
    .concat("../images/rehype-images.ts")
    .map((f) => readFileSync(join(here, f), "utf8"))
    .join("\0"),
);

export interface CompileStats {
  compiled: number;
  cached: number;
}

const cacheFileOf = (input: Pick<CompileInput, "file" | "body" | "rewriteKey">, cacheDir: string): string =>
  join(cacheDir, "mdx", `${hashText([COMPILER_HASH, input.rewriteKey, input.file, input.body].join("\0"))}.json`);

/** The cached compile of `input`, when its source, its partials and the compiler are unchanged. */
export async function readCompiled(
  input: Pick<CompileInput, "file" | "body" | "rewriteKey" | "modules">,
  cacheDir: string,
): Promise<CompiledMdx | undefined> {
  try {
    const hit = JSON.parse(await readFile(cacheFileOf(input, cacheDir), "utf8")) as CompiledMdx;
    return depsUnchanged(hit, input.modules) ? hit : undefined;
  } catch {
    return undefined; // not cached yet
  }
}

/** Stores a compile result for `readCompiled`. */
export async function writeCompiled(
  input: Pick<CompileInput, "file" | "body" | "rewriteKey">,
  cacheDir: string,
  result: CompiledMdx,
): Promise<void> {
  const file = cacheFileOf(input, cacheDir);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(result));
}

/** Compiles with the on-disk cache in front. */
export async function compileMdx(input: CompileInput, cacheDir?: string, stats?: CompileStats): Promise<CompiledMdx> {
  const hit = cacheDir ? await readCompiled(input, cacheDir) : undefined;
  if (hit) {
    if (stats) stats.cached++;
    return hit;
  }
  const result = await compileSource(input);
  if (stats) stats.compiled++;
  if (cacheDir) await writeCompiled(input, cacheDir, result);
  return result;
}

const MDX_NODES = ["mdxJsxFlowElement", "mdxJsxTextElement", "mdxFlowExpression", "mdxTextExpression", "mdxjsEsm"];

function depsUnchanged(hit: CompiledMdx, modules: ModuleContext | undefined): boolean {
  for (const [file, hash] of Object.entries(hit.depHashes ?? {})) {
    const abs = join(modules?.rootDir ?? "", file);
    if (!existsSync(abs) || hashText(readFileSync(abs, "utf8")) !== hash) return false;
  }
  return true;
}

/**
 * The compile itself. Pure apart from reading the partials a page imports. `.md` files are CommonMark with raw
 * HTML (no JSX), as Docusaurus 3 reads them with `format: detect`.
 */
export async function compileSource(
  input: Pick<CompileInput, "file" | "body" | "bodyOffset" | "rewriteLink" | "modules">,
  chain: string[] = [],
): Promise<CompiledMdx> {
  const extracted: Extracted = { headings: [], anchors: [], links: [], sections: [], wordCount: 0 };
  const modules: ModuleInfo = { components: [], assets: [], deps: [] };
  const depHashes: Record<string, string> = {};
  const images: ImageRef[] = [];
  const md = /\.md$/i.test(input.file);
  const ctx = input.modules;
  const compilePartial = async (file: string): Promise<string> => {
    if (!ctx) throw new DocsiteError("partials need a module context", { file: input.file });
    if (chain.includes(file) || file === input.file)
      throw new DocsiteError(`partial imports itself: ${[...chain, input.file, file].join(" → ")}`, {
        file: input.file,
      });
    const text = readFileSync(join(ctx.rootDir, file), "utf8");
    depHashes[file] = hashText(text);
    const split = splitFrontMatter(text, file);
    const sub = await compileSource({ ...input, file, ...split }, [...chain, input.file]);
    modules.components.push(...(sub.modules?.components ?? []));
    // The partial's headings are on the page: links to them are fine.
    extracted.anchors.push(...sub.anchors);
    modules.assets.push(...(sub.modules?.assets ?? []));
    // The partial's images are on the page too: the image stage encodes them, the page's render job carries them.
    images.push(...sub.images);
    Object.assign(depHashes, sub.depHashes);
    return sub.code;
  };
  let code: string;
  try {
    const tc = await import("./toolchain.ts");
    const { mdxCompile, remarkGfm, remarkDirective, rehypeRaw, rehypeHighlightCached, preprocess } = tc;
    const { remarkImports, remarkSummary, remarkDocsite, rehypeCodeBlocks, rehypeImages, remarkCodeMagic } = tc;
    const out = await mdxCompile(preprocess(input.body, { md }), {
      format: md ? "md" : "mdx",
      outputFormat: "function-body",
      remarkPlugins: [
        remarkGfm,
        remarkDirective,
        remarkCodeMagic,
        ...(ctx
          ? [
              [
                remarkImports,
                { file: input.file, lineOffset: input.bodyOffset, ctx, info: modules, compilePartial },
              ] as const,
              [remarkSummary, { out: modules }] as const,
            ]
          : []),
        [remarkDocsite, { extracted, lineOffset: input.bodyOffset, rewriteLink: input.rewriteLink }],
      ] as any,
      rehypePlugins: [
        ...(md ? [[rehypeRaw, { passThrough: MDX_NODES }]] : []),
        [rehypeHighlightCached, { plainText: ["text", "txt", "plaintext", "console"] }],
        rehypeCodeBlocks,
        [rehypeImages, { file: input.file, lineOffset: input.bodyOffset, found: images }],
      ] as any,
    });
    code = String(out.value);
  } catch (err) {
    // The docsite plugins throw DocsiteErrors with a file line already: add the file (a partial's errors name theirs).
    if (err instanceof DocsiteError)
      throw new DocsiteError(err.message, { ...err.where, file: err.where.file ?? input.file }, err.hint);
    const e = err as {
      reason?: string;
      message: string;
      line?: number;
      column?: number;
      place?: { line?: number; column?: number; start?: { line: number; column: number } };
    };
    // Some parser errors (an unclosed JSX tag at the end) carry the position only in their text: "(3:1-3:7)".
    const fromText = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(e.reason ?? e.message);
    const line = e.line ?? e.place?.line ?? e.place?.start?.line ?? (fromText ? Number(fromText[1]) : undefined);
    const column =
      e.column ?? e.place?.column ?? e.place?.start?.column ?? (fromText ? Number(fromText[2]) : undefined);
    throw new DocsiteError(
      `MDX syntax error: ${e.reason ?? e.message}`,
      { file: input.file, line: line ? line + input.bodyOffset : undefined, column },
      "in prose, write `<` and `{` inside backticks or escape them (\\{, &lt;); close every JSX tag",
    );
  }
  return ctx ? { code, ...extracted, images, modules, depHashes } : { code, ...extracted, images };
}

/** Link rewriting for a content file: site paths get the locale prefix, relative .md(x) links become routes. */
export function linkRewriter(opts: {
  file: string;
  localeBase: string;
  baseUrl: string;
  routeOfContentFile: (relFile: string) => string | null;
  /** True for a site path that already starts with a locale prefix (`/ru/...`). */
  localePrefixed?: (path: string) => boolean;
}): (url: string) => string {
  return (url) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//") || url.startsWith("#") || url === "") return url;
    const [path, hash] = splitHash(url);
    if (path.startsWith("/")) {
      // Static files (/img/x.png) are not localized; pages are.
      if (/\.[a-z0-9]+$/i.test(path) && !/\.mdx?$/.test(path)) return opts.baseUrl + path.slice(1) + hash;
      if (/\.mdx?$/.test(path)) {
        // A site-absolute link to a content file (`/docs/intro.md`): the route of that file, if it is one.
        const route = opts.routeOfContentFile(path.slice(1));
        if (route) return route + hash;
      }
      // Already locale-prefixed (`/ru/docs/x`) links keep their prefix; pages get the trailing slash.
      const local = opts.localePrefixed?.(path) ? opts.baseUrl + path.slice(1) : opts.localeBase + path.slice(1);
      return (local.endsWith("/") || /\.[a-z0-9]+$/i.test(local) ? local : `${local}/`) + hash;
    }
    if (/\.mdx?$/.test(path)) {
      const target = posix.normalize(posix.join(posix.dirname(opts.file), path));
      const route = opts.routeOfContentFile(target);
      return route ? route + hash : url;
    }
    return url;
  };
}

function splitHash(url: string): [string, string] {
  const i = url.indexOf("#");
  return i < 0 ? [url, ""] : [url.slice(0, i), url.slice(i)];
}
