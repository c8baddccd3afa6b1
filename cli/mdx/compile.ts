// MDX source → JavaScript function body plus the data the rest of the build needs (TOC, links, anchors, text).
// Results are cached on disk by a hash of the source and of this compiler's own code, so an unchanged page is
// never compiled twice.
import { readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, dirname, posix } from "node:path";
import { fileURLToPath } from "node:url";
import type { Extracted } from "./remark-docsite.ts";
import { hashText } from "../content/scan.ts";
import { DocsiteError } from "../log.ts";

export interface CompiledMdx extends Extracted {
  /** Function body produced by MDX (outputFormat "function-body"). */
  code: string;
}

export interface CompileInput {
  file: string;
  body: string;
  bodyOffset: number;
  /** Rewrites link targets (locale prefix, relative .mdx links); pure, so its behaviour is part of the cache key. */
  rewriteLink: (url: string) => string;
  /** Distinguishes inputs whose rewriting differs (locale, base URL). */
  rewriteKey: string;
}

const here = dirname(fileURLToPath(import.meta.url));
// The compiler's own sources are part of every cache key: editing a plugin invalidates the cache.
const COMPILER_HASH = hashText(
  ["compile.ts", "toolchain.ts", "preprocess.ts", "remark-docsite.ts", "rehype-code.ts", "content-links.ts"]
    .map((f) => readFileSync(join(here, f), "utf8"))
    .join("\0"),
);

export interface CompileStats {
  compiled: number;
  cached: number;
}

const cacheFileOf = (input: Pick<CompileInput, "rewriteKey" | "file" | "body">, cacheDir: string) =>
  join(cacheDir, "mdx", `${hashText([COMPILER_HASH, input.rewriteKey, input.file, input.body].join("\0"))}.json`);

/** The cached compile of an input, if there is one (the build looks here before sending a page to a worker). */
export async function cachedCompile(
  input: Pick<CompileInput, "rewriteKey" | "file" | "body">,
  cacheDir: string,
): Promise<CompiledMdx | undefined> {
  const file = cacheFileOf(input, cacheDir);
  const known = inMemory.get(file);
  if (known) return known;
  try {
    const hit = JSON.parse(await readFile(file, "utf8")) as CompiledMdx;
    if (inMemory.size >= 5000) inMemory.clear();
    inMemory.set(file, hit);
    return hit;
  } catch {
    return undefined; // not cached yet
  }
}
// Entries already read by this process (the dev server rebuilds its model after every edit). Never mutated.
const inMemory = new Map<string, CompiledMdx>();

/** Compiles with the on-disk cache in front. */
export async function compileMdx(input: CompileInput, cacheDir?: string, stats?: CompileStats): Promise<CompiledMdx> {
  const cacheFile = cacheDir ? cacheFileOf(input, cacheDir) : undefined;
  if (cacheDir) {
    const hit = await cachedCompile(input, cacheDir);
    if (hit) {
      if (stats) stats.cached++;
      return hit;
    }
  }
  const result = await compileSource(input);
  if (stats) stats.compiled++;
  if (cacheFile) {
    await mkdir(dirname(cacheFile), { recursive: true });
    await writeFile(cacheFile, JSON.stringify(result));
  }
  return result;
}

/**
 * The MDX toolchain (unified, micromark, highlight.js grammars: about a second of CPU to load), imported on the
 * first compile, so a build whose pages all come from the cache never loads it.
 */
let toolchainPromise: Promise<typeof import("./toolchain.ts")> | undefined;
const toolchain = () => (toolchainPromise ??= import("./toolchain.ts"));

/** The compile itself: pure, no I/O. */
export async function compileSource(
  input: Pick<CompileInput, "file" | "body" | "bodyOffset" | "rewriteLink">,
): Promise<CompiledMdx> {
  const extracted: Extracted = { headings: [], anchors: [], links: [], sections: [], wordCount: 0 };
  let code: string;
  const { mdxCompile, preprocess, remarkGfm, remarkDirective, remarkDocsite, rehypeHighlight, rehypeCodeBlocks } =
    await toolchain();
  try {
    const out = await mdxCompile(preprocess(input.body), {
      outputFormat: "function-body",
      remarkPlugins: [
        remarkGfm,
        remarkDirective,
        [remarkDocsite, { extracted, lineOffset: input.bodyOffset, rewriteLink: input.rewriteLink }],
      ],
      rehypePlugins: [
        [rehypeHighlight, { detect: false, plainText: ["text", "txt", "plaintext", "console"] }],
        rehypeCodeBlocks,
      ],
    });
    code = String(out.value);
  } catch (err) {
    // The docsite plugins throw DocsiteErrors with a file line already: add the file.
    if (err instanceof DocsiteError) throw new DocsiteError(err.message, { ...err.where, file: input.file }, err.hint);
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
  return { code, ...extracted };
}

/** Link rewriting for a content file: site paths get the locale prefix, relative .md(x) links become routes. */
export function linkRewriter(opts: {
  file: string;
  localeBase: string;
  baseUrl: string;
  routeOfContentFile: (relFile: string) => string | null;
}): (url: string) => string {
  return (url) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//") || url.startsWith("#") || url === "") return url;
    const [path, hash] = splitHash(url);
    if (path.startsWith("/")) {
      // Static files (/img/x.png) are not localized; pages are.
      if (/\.[a-z0-9]+$/i.test(path) && !/\.mdx?$/.test(path)) return opts.baseUrl + path.slice(1) + hash;
      return opts.localeBase + path.slice(1) + hash;
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
