// MDX source → JavaScript function body plus the data the rest of the build needs (TOC, links, anchors, text).
// The compile stage keeps results in the build cache (cli/cache/compiled-pages.ts), so an unchanged page is never
// compiled twice.
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import type { Extracted } from "./remark-docsite.ts";
import type { ModuleInfo } from "./remark-imports.ts";
import { applyAliases, unapplyAliases } from "../config/aliases.ts";
import type { ModuleContext } from "./modules.ts";
import { hashText } from "../cache/hash.ts";
import { hashInput } from "../cache/recorded-inputs.ts";
import { envReads, stampEnv } from "../cache/env-reads.ts";
import { bundleComponent, ImportCycleError, MissingPackageError } from "./components.ts";
import { islandKey } from "./island-keys.ts";
import { splitFrontMatter } from "../content/frontmatter.ts";
import { DocsiteError } from "../log.ts";
import { checkNesting, isStackOverflow, tooDeep } from "./nesting.ts";
import type { ImageRef } from "./rehype-images.ts";
import type { InlineCodeRef } from "./rehype-inline-code.ts";
import { syntaxOf } from "./format.ts";
import { listsFor, loadMdxPlugins } from "./mdx-plugins.ts";
import type { SharedParses } from "./shared-parse.ts";

export interface CompiledMdx extends Extracted {
  /**
   * Function body produced by MDX (outputFormat "function-body"). A page from the cache reads it from disk when first
   * asked for: a build that renders no page or one page reads none or one (the code is most of the cache's bytes).
   */
  code: string;
  /** hashText of `code`: what a render key holds in its place (pipeline/render-stage.ts). */
  codeHash: string;
  /** Imports, assets and components the page uses (absent when compiled without a module context). */
  modules?: ModuleInfo;
  /** Content hash of each partial the page includes: a changed partial invalidates the cached page. */
  depHashes?: Record<string, string>;
  /** Local images the page refers to, for the image stage. */
  images: ImageRef[];
  /** Inline scripts and event handlers in the content, which the site's CSP does not allow (build warnings). */
  inlineCode?: InlineCodeRef[];
  // The content before a truncate marker line (`<!-- truncate -->`, or the MDX comment form), compiled alone:
  // the excerpt a blog list shows.
  excerpt?: string;
}

/** Compiled content with nothing in it: a React page's (it has no MDX of its own), or a dev slot not compiled yet. */
export const emptyCompiledMdx = (): CompiledMdx => ({
  code: "",
  codeHash: "",
  headings: [],
  anchors: [],
  links: [],
  sections: [],
  wordCount: 0,
  images: [],
});

/** A line that is only a truncate marker: Docusaurus' end of a post's excerpt. */
const TRUNCATE = /^[ \t]*(?:<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\})[ \t]*$/m;

/** The text before the first truncate marker outside code fences, or undefined without one. */
function beforeTruncate(body: string): string | undefined {
  let fence: string | null = null;
  const lines = body.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const f = /^\s*(`{3,}|~{3,})/.exec(lines[i]);
    if (f) {
      if (!fence) fence = f[1];
      else if (lines[i].trim().startsWith(fence)) fence = null;
    } else if (!fence && TRUNCATE.test(lines[i])) return lines.slice(0, i).join("\n");
  }
  return undefined;
}

interface CompileInput {
  file: string;
  body: string;
  bodyOffset: number;
  /**
   * Rewrites link targets (locale prefix, relative .mdx links); made from the compile settings and the locale.
   * `fromFile`: the file the link is written in when it is not the page's own (a partial's `.md` links resolve
   * from the partial's folder, as in Docusaurus).
   */
  rewriteLink: (url: string, fromFile?: string) => string;
  /**
   * The page's locale: with the compile settings, all a rewriter depends on besides the page, so a Markdown file a
   * component imports (compiled with the page's rewriter) is bundled once per locale in a process.
   */
  locale?: string;
  /** How imports resolve (site folder, base URL, folder aliases); without it, imports are left to MDX. */
  modules?: ModuleContext;
  /** Extra recma plugins: a diagnostic compile that is never cached (render/locate-render-error.ts). */
  recmaPlugins?: unknown[];
  /** The parses of the page's compile batch, when other pages of it may have the same text (mdx/shared-parse.ts). */
  sharedParses?: SharedParses;
}

export interface CompileStats {
  compiled: number;
  cached: number;
}

const MDX_NODES = ["mdxJsxFlowElement", "mdxJsxTextElement", "mdxFlowExpression", "mdxTextExpression", "mdxjsEsm"];

/**
 * For an imported project: a relative image that is not where the page now is, looked up where the page was in
 * the Docusaurus project (the same rule as relative imports, mdx/modules.ts).
 */
function relocateImage(input: Pick<CompileInput, "file" | "modules">): ((src: string) => string | null) | undefined {
  const ctx = input.modules;
  if (!ctx?.docusaurus) return undefined;
  return (near) => {
    if (existsSync(join(ctx.rootDir, near))) return null;
    const original = unapplyAliases(input.file, ctx.aliases);
    if (original === input.file) return null;
    const rel = posix.relative(posix.dirname(input.file), near);
    const moved = applyAliases(posix.normalize(posix.join(posix.dirname(original), rel)), ctx.aliases);
    return !moved.startsWith("../") && existsSync(join(ctx.rootDir, moved)) ? moved : null;
  };
}

/**
 * The compile itself. Pure apart from reading the partials a page imports. `.md` files are CommonMark with raw
 * HTML (no JSX), as Docusaurus 3 reads them with `format: detect`; an imported project's as Docusaurus' settings
 * say (mdx/format.ts).
 */
export async function compileSource(pageInput: CompileInput, chain: string[] = []): Promise<CompiledMdx> {
  // Partials and the excerpt compile without the batch's shared parses: those count the pages' own texts.
  const { sharedParses, ...input } = pageInput;
  const extracted: Extracted = { headings: [], anchors: [], links: [], sections: [], wordCount: 0 };
  const modules: ModuleInfo = { components: [], assets: [], deps: [] };
  const depHashes: Record<string, string> = {};
  const images: ImageRef[] = [];
  const inlineRefs: InlineCodeRef[] = [];
  const md = syntaxOf(input.file, input.modules) === "md";
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
    takePartial(sub, file, { extracted, modules, depHashes, images, inlineRefs });
    return sub.code;
  };
  const bundle = async (file: string, line: number, isPackage = false): Promise<{ code: string; island?: string }> => {
    if (!ctx) throw new DocsiteError("components need a module context", { file: input.file });
    try {
      // A Markdown file the component imports is compiled with this page's settings (its links, its images).
      const mdx = {
        modules: ctx,
        rewriteLink: input.rewriteLink,
        key: input.locale ?? "",
        compile: compileSource,
        chain: [...chain, input.file],
      };
      const b = await bundleComponent(ctx.rootDir, file, ctx.aliases, isPackage, mdx);
      for (const f of b.inputs) depHashes[f] = hashInput(ctx.rootDir, f);
      if (b.css) (modules.styles ??= []).push(b.css);
      images.push(...(b.images ?? []));
      modules.assets.push(...(b.assets ?? []));
      // A component that needs the browser is hydrated where the page uses it (cli/islands/).
      const island = b.island.island ? islandKey(file, isPackage) : undefined;
      if (island && !modules.islands?.includes(island)) (modules.islands ??= []).push(island);
      return { code: b.code, island };
    } catch (err) {
      throw componentError(err, file, line, isPackage, input.file);
    }
  };
  let code: string;
  checkNesting(input.body, input.file, input.bodyOffset);
  try {
    const tc = await import("./toolchain.ts");
    const { mdxCompile, remarkGfm, remarkDirective, rehypeRaw, rehypeHighlightCached, preprocess } = tc;
    const { remarkImports, remarkSummary, remarkDocsite, rehypeCodeBlocks, rehypeImages, remarkCodeMagic } = tc;
    const { rehypePlainHtml, rehypeInlineCode, remarkSharedParse, remarkEmoji } = tc;
    // The project's own plugins (an imported Docusaurus project's): before docsite's, or after its syntax ones.
    const own = await loadMdxPlugins(ctx?.mdxPlugins, input.file);
    for (const f of own.files) depHashes[f] = hashInput(ctx?.rootDir ?? "", f);
    const value = preprocess(input.body, { md });
    // The project's own plugins see the page's file, as Docusaurus' MDX loader gives it them (remark-typescript-tools
    // transpiles only files whose extension it is told, and names TypeScript errors by the path).
    const out = await mdxCompile(own.given ? { value, path: join(ctx?.rootDir ?? "", input.file) } : value, {
      format: md ? "md" : "mdx",
      outputFormat: "function-body",
      remarkPlugins: [
        ...(sharedParses
          ? [[remarkSharedParse, { shared: sharedParses, text: input.body, parser: parserKey(md, ctx, input.file) }]]
          : []),
        ...own.beforeRemark,
        remarkGfm,
        remarkDirective,
        remarkCodeMagic,
        // Docusaurus' default, before the site's own (its MDX loader's order); docsite's dialect has no shortcodes.
        ...(ctx?.docusaurus ? [remarkEmoji] : []),
        ...own.remark,
        ...(ctx
          ? [
              [
                remarkImports,
                {
                  file: input.file,
                  lineOffset: input.bodyOffset,
                  ctx,
                  info: modules,
                  compilePartial,
                  bundleComponent: bundle,
                  dependOn: (file: string) => {
                    depHashes[file] = hashText(readFileSync(join(ctx.rootDir, file), "utf8"));
                  },
                },
              ] as const,
              [remarkSummary, { out: modules }] as const,
            ]
          : []),
        [
          remarkDocsite,
          {
            extracted,
            lineOffset: input.bodyOffset,
            rewriteLink: (url: string) => input.rewriteLink(url, input.file),
            docusaurus: ctx?.docusaurus,
            maintainCase: ctx?.maintainCase,
            source: input.body,
          },
        ],
      ] as any,
      rehypePlugins: [
        ...own.beforeRehype,
        ...(md ? [[rehypeRaw, { passThrough: MDX_NODES }]] : []),
        ...own.rehype,
        // Before the image plugin replaces <img> elements (and their attributes).
        [rehypeInlineCode, { lineOffset: input.bodyOffset, found: inlineRefs }],
        [rehypeHighlightCached, { plainText: ["text", "txt", "plaintext", "console"] }],
        rehypeCodeBlocks,
        [
          rehypeImages,
          { file: input.file, lineOffset: input.bodyOffset, found: images, relocate: relocateImage(input) },
        ],
        // Last: what the others made of the tree is final.
        rehypePlainHtml,
      ] as any,
      recmaPlugins: (input.recmaPlugins ?? []) as any,
    });
    code = String(out.value);
    // The environment variables it reads are inputs, and stamp the code (cli/cache/env-reads.ts).
    const env = await envReads(code);
    for (const name of env) depHashes[name] = hashInput(ctx?.rootDir ?? "", name);
    code = stampEnv(code, env);
  } catch (err) {
    // The docsite plugins throw DocsiteErrors with a file line already: add the file (a partial's errors name theirs).
    if (err instanceof DocsiteError)
      throw new DocsiteError(err.message, { ...err.where, file: err.where.file ?? input.file }, err.hint, err.cause);
    if (isStackOverflow(err)) throw tooDeep(input.body, input.file, input.bodyOffset);
    throw syntaxError(err, input.file, input.bodyOffset);
  }
  // The excerpt is compiled on its own (a page's imports sit above the marker, so it keeps them).
  const head = chain.length ? undefined : beforeTruncate(input.body);
  let excerpt: string | undefined;
  try {
    if (head !== undefined) excerpt = (await compileSource({ ...input, body: head }, [input.file])).code;
  } catch {
    // Cut inside a construct (an open JSX element): the list shows the description, as for a post without marker.
  }
  const codeHash = hashText(code);
  const result: CompiledMdx = ctx
    ? { code, codeHash, ...extracted, images, modules, depHashes }
    : { code, codeHash, ...extracted, images };
  if (excerpt !== undefined) result.excerpt = excerpt;
  if (inlineRefs.length) result.inlineCode = inlineRefs;
  return result;
}

/** What the page that imports a partial takes from it (the partial's `file`): all of it is on the page. */
function takePartial(
  sub: CompiledMdx,
  file: string,
  page: {
    extracted: Extracted;
    modules: ModuleInfo;
    depHashes: Record<string, string>;
    images: ImageRef[];
    inlineRefs: InlineCodeRef[];
  },
): void {
  const { modules } = page;
  modules.components.push(...(sub.modules?.components ?? []));
  // The partial's headings are on the page: links to them are fine.
  page.extracted.anchors.push(...sub.anchors);
  modules.assets.push(...(sub.modules?.assets ?? []));
  // The partial's images are on the page too: the image stage encodes them, the page's render job carries them.
  page.images.push(...sub.images);
  for (const r of sub.inlineCode ?? []) page.inlineRefs.push({ ...r, file: r.file ?? file });
  Object.assign(page.depHashes, sub.depHashes);
  if (sub.modules?.styles?.length) (modules.styles ??= []).push(...sub.modules.styles);
  for (const k of sub.modules?.islands ?? []) if (!modules.islands?.includes(k)) (modules.islands ??= []).push(k);
}

/** A component a page imports that could not be bundled, as an error at the page's import line. */
function componentError(err: unknown, file: string, line: number, isPackage: boolean, page: string): DocsiteError {
  // The cycle itself is the message: every file of it is named there (the error keeps it for the outer bundles).
  if (err instanceof ImportCycleError)
    return new DocsiteError(
      err.message,
      { file: page, line },
      "move what those files share into a component or partial that none of them imports",
      err,
    );
  if (err instanceof MissingPackageError && isPackage)
    return new DocsiteError(
      `import of package "${err.specifier}": it is not installed in the site folder`,
      { file: page, line },
      `install it there (npm install ${err.specifier}), or remove the import`,
    );
  if (err instanceof MissingPackageError)
    return new DocsiteError(
      `import of ${file}: ${err.message}`,
      { file: page, line },
      `install "${err.specifier}" in the site folder (npm install ${err.specifier}), or remove the import`,
    );
  return new DocsiteError(
    `import of ${file}: the component cannot be bundled: ${(err as Error).message}`,
    { file: page, line },
    "fix the component",
  );
}

/** The MDX parser's error, at the content file's line (the body starts `bodyOffset` lines into the file). */
function syntaxError(err: unknown, file: string, bodyOffset: number): DocsiteError {
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
  const column = e.column ?? e.place?.column ?? e.place?.start?.column ?? (fromText ? Number(fromText[2]) : undefined);
  return new DocsiteError(
    `MDX syntax error: ${e.reason ?? e.message}`,
    { file, line: line ? line + bodyOffset : undefined, column },
    "in prose, write `<` and `{` inside backticks or escape them (\\{, &lt;); close every JSX tag",
  );
}

/** What decides a page's parser besides docsite's code: its syntax and the project's own plugins (their lists). */
function parserKey(md: boolean, ctx: ModuleContext | undefined, file: string): string {
  const lists = ctx?.mdxPlugins ? listsFor(ctx.mdxPlugins, file) : undefined;
  return JSON.stringify([md ? "md" : "mdx", lists ?? null]);
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
