// Rewrites the imports of a page so it runs without a bundler: `@theme/*` and `@docusaurus/*` become docsite's
// components, MDX partials become compiled sub-documents, static files (imported or `require`d) become their
// URLs. Records which JSX components the page uses without defining them, so the build can name a missing one.
import { Parser } from "acorn";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DocsiteError } from "../log.ts";
import { resolveSpecifier, THEME_MODULES, DOCUSAURUS_MODULES, type ModuleContext } from "./modules.ts";
import { importProblem } from "../../theme/docusaurus/client-api.ts";
import { imageBindings, staticImageFile, type ResolveFile } from "./jsx-image-src.ts";
import { globalComponentNames, globalComponentsCode } from "./mdx-components.ts";
import type { Root } from "mdast";

export interface ModuleInfo {
  /** JSX components used but not defined or imported by the page (checked against the theme's). */
  components: Array<{ name: string; file: string; line: number }>;
  /** Files outside static/ that the page refers to and the build must publish at `url`. */
  assets: Array<{ file: string; url: string }>;
  /** Files whose content this page's compile depends on (its partials and components). */
  deps: string[];
  /** CSS of the project components the page imports (the build joins them into one stylesheet). */
  styles?: string[];
  /** Islands the page uses: the keys of the components it imports that need the browser (cli/mdx/island-keys.ts). */
  islands?: string[];
  /** Text of the first paragraph (a description for pages without one). */
  summary?: string;
}

interface ImportOptions {
  file: string;
  lineOffset: number;
  ctx: ModuleContext;
  info: ModuleInfo;
  /** Compiles a partial to MDX function-body code. */
  compilePartial: (file: string) => Promise<string>;
  /** Records a file whose content is part of the page (a JSON module): a change to it compiles the page again. */
  dependOn?: (file: string) => void;
  /** Bundles a project component module to CommonJS code (recording its CSS and inputs); an island has a key. */
  bundleComponent: (file: string, line: number, isPackage?: boolean) => Promise<{ code: string; island?: string }>;
}

type EsNode = { type: string; [k: string]: any };

const parseStatement = (code: string): EsNode =>
  (Parser.parse(code, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true }) as any).body[0];

/** `const local = <expr>` for every specifier of an import declaration. */
function bindings(decl: EsNode, expressionOf: (imported: string | null) => string): EsNode[] {
  return decl.specifiers.map((s: EsNode) => {
    const imported =
      s.type === "ImportSpecifier"
        ? (s.imported.name ?? s.imported.value)
        : s.type === "ImportDefaultSpecifier"
          ? "default"
          : null;
    return parseStatement(`const ${s.local.name} = ${expressionOf(imported)};`);
  });
}

const api = "arguments[0].docsite";

function member(base: string, imported: string | null): string {
  if (imported === null) return base;
  if (imported === "default") return `${base}.default`;
  return `${base}[${JSON.stringify(imported)}]`;
}

/** The statements an import declaration of content becomes (`const local = …` for each name it imports). */
async function importBindings(
  stmt: EsNode,
  spec: string,
  line: number,
  opts: ImportOptions,
  fail: (message: string, line: number, hint: string) => never,
): Promise<EsNode[]> {
  const { file, ctx, info } = opts;
  const r = resolveSpecifier(spec, file, ctx);
  const out: EsNode[] = [];
  if (!r)
    fail(
      `import of package "${spec}": content imports docsite's @theme/ and @docusaurus/ modules and project files only`,
      line,
      "move the code into a component under src/ (it may import installed packages) and import that",
    );
  else if (r.kind === "theme") {
    if (!(THEME_MODULES as readonly string[]).includes(r.name) && !/^MDXComponents\/\w+$/.test(r.name))
      fail(
        `import of unknown theme component "${r.name}" (${spec})`,
        line,
        `docsite provides @theme/${THEME_MODULES.join(", @theme/")}`,
      );
    out.push(...bindings(stmt, (imp) => member(`${api}.theme(${JSON.stringify(r.name)})`, imp)));
  } else if (r.kind === "docusaurus") {
    // Each name against what docsite has of the module (theme/docusaurus/client-api.ts), as in components.
    for (const sp of stmt.specifiers as EsNode[]) {
      const imported =
        sp.type === "ImportSpecifier"
          ? (sp.imported.name ?? sp.imported.value)
          : sp.type === "ImportDefaultSpecifier"
            ? "default"
            : "*";
      const problem = importProblem(spec, imported);
      if (problem) fail(problem, line, "docs/migration.md lists the @docusaurus modules and exports docsite provides");
    }
    if (!stmt.specifiers.length) {
      const problem = importProblem(spec, "*");
      if (problem) fail(problem, line, "docs/migration.md lists the @docusaurus modules and exports docsite provides");
    }
    out.push(...bindings(stmt, (imp) => member(`${api}.docusaurus(${JSON.stringify(r.name)})`, imp)));
  } else if (r.kind === "partial") {
    info.deps.push(r.file);
    const code = await opts.compilePartial(r.file);
    out.push(...bindings(stmt, (imp) => member(`(await ${api}.partial(${JSON.stringify(code)}))`, imp)));
  } else if (r.kind === "component" || r.kind === "package") {
    const { code, island } = await opts.bundleComponent(
      r.kind === "component" ? r.file : r.name,
      line,
      r.kind === "package",
    );
    const args = JSON.stringify(code) + (island ? `, ${JSON.stringify(island)}` : "");
    out.push(...bindings(stmt, (imp) => member(`${api}.component(${args})`, imp)));
  } else if (r.kind === "asset" && /\.json$/i.test(r.file)) {
    // A JSON module is its data, as webpack gives it (its keys also as named exports).
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(join(ctx.rootDir, r.file), "utf8"));
    } catch (err) {
      fail(`import of "${spec}": ${r.file} is not JSON (${(err as Error).message})`, line, "fix the file");
    }
    opts.dependOn?.(r.file);
    const json = JSON.stringify(data);
    const mod =
      data && typeof data === "object" && !Array.isArray(data)
        ? `({...${json}, default: ${json}})`
        : `({default: ${json}})`;
    out.push(...bindings(stmt, (imp) => member(mod, imp)));
  } else if (r.kind === "asset") {
    if (r.emit) info.assets.push({ file: r.file, url: r.url });
    const mod = `({default: ${JSON.stringify(r.url)}})`;
    out.push(...bindings(stmt, (imp) => member(mod, imp)));
  } else if (r.kind === "missing") {
    fail(`import of "${spec}": no such file ${r.file}`, line, "fix the path (relative to this file)");
  } else fail(`import of "${spec}": ${r.why}`, line, "use docsite's components or a page module");
  return out;
}

/** Adds the names the page's code defines at its top level (after the rewrite, its imports are `const`s too). */
function addDefinedNames(tree: Root, defined: Set<string>): void {
  for (const node of tree.children as any[]) {
    if (node.type !== "mdxjsEsm") continue;
    for (const stmt of (node.data?.estree?.body ?? []) as EsNode[]) {
      const d = stmt.type === "ExportNamedDeclaration" ? stmt.declaration : stmt;
      if (!d) continue;
      if (d.type === "VariableDeclaration")
        for (const v of d.declarations) if (v.id.type === "Identifier") defined.add(v.id.name);
      if ((d.type === "FunctionDeclaration" || d.type === "ClassDeclaration") && d.id) defined.add(d.id.name);
    }
  }
}

/** Components the page uses that the project's swizzled MDXComponents gives: bound to the module's, and defined. */
async function takeGlobalComponents(
  tree: Root,
  used: Array<{ name: string; line: number }>,
  defined: Set<string>,
  opts: ImportOptions,
): Promise<void> {
  const { ctx } = opts;
  // Components the project's swizzled MDXComponents adds (mdx/mdx-components.ts) are taken from it.
  // docsite's own components of the same name (Details, Head…) stay docsite's.
  const own = new Set<string>([...THEME_MODULES, ...DOCUSAURUS_MODULES]);
  const global = ctx.mdxComponents ? globalComponentNames(ctx.rootDir, ctx.mdxComponents) : new Set<string>();
  const fromGlobal = [
    ...new Set(used.filter((u) => !defined.has(u.name) && !own.has(u.name) && global.has(u.name)).map((u) => u.name)),
  ];
  if (fromGlobal.length && ctx.mdxComponents && ctx.bundling?.includes(ctx.mdxComponents)) {
    // Markdown the MDXComponents module imports itself: its components come from the module as it runs (the
    // runtime gives them as the content's components: cli/render/mdx-runtime.ts), not from a bundle of it, which
    // would wait for itself.
    for (const n of fromGlobal) defined.add(n);
  } else if (fromGlobal.length && ctx.mdxComponents) {
    const line = used.find((u) => global.has(u.name))?.line ?? 1;
    const { code, island } = await opts.bundleComponent(ctx.mdxComponents, line);
    const args = JSON.stringify(code) + (island ? `, ${JSON.stringify(island)}` : "");
    // An entry the module does not give after all, or gives as something React cannot draw, renders an error
    // naming it and what it is, not React's "type is invalid".
    const value = globalComponentsCode(`${api}.component(${args})`, ctx.mdxComponents, fromGlobal);
    const program = Parser.parse(value, { ecmaVersion: "latest", sourceType: "module" }) as any;
    tree.children.unshift({ type: "mdxjsEsm", value, data: { estree: program } } as any);
    for (const n of fromGlobal) defined.add(n);
  }
}

export function remarkImports(opts: ImportOptions) {
  const { info, ctx, file } = opts;
  const lineOf = (n: { position?: { start: { line: number } } } | undefined, es?: EsNode) =>
    (es?.loc?.start?.line ?? n?.position?.start.line ?? 1) + opts.lineOffset;

  const fail = (message: string, line: number, hint: string): never => {
    throw new DocsiteError(message, { file, line }, hint);
  };

  /** Replaces `require("x")` of static files in any estree with `{default: url}`. */
  const rewriteRequires = (tree: EsNode, node: any) => {
    const walk = (n: any): any => {
      if (!n || typeof n !== "object") return n;
      if (Array.isArray(n)) {
        for (let i = 0; i < n.length; i++) n[i] = walk(n[i]);
        return n;
      }
      if (
        n.type === "CallExpression" &&
        n.callee?.type === "Identifier" &&
        n.callee.name === "require" &&
        n.arguments.length === 1 &&
        n.arguments[0].type === "Literal" &&
        typeof n.arguments[0].value === "string"
      ) {
        const spec = n.arguments[0].value as string;
        const r = resolveSpecifier(spec, file, ctx);
        const line = lineOf(node, n);
        if (r?.kind === "asset") {
          if (r.emit) info.assets.push({ file: r.file, url: r.url });
          return (parseStatement(`({default: ${JSON.stringify(r.url)}})`) as EsNode).expression;
        }
        if (r?.kind === "missing") fail(`require("${spec}"): no such file ${r.file}`, line, "fix the path");
        fail(`require("${spec}") is not supported in content`, line, "import static files with @site/static/...");
      }
      for (const k of Object.keys(n)) if (k !== "loc" && k !== "range") n[k] = walk(n[k]);
      return n;
    };
    walk(tree);
  };

  const assetFile: ResolveFile = (spec) => {
    const r = resolveSpecifier(spec, file, ctx);
    return r?.kind === "asset" ? r.file : null;
  };

  const linkedFile = (node: { url: string; data?: Record<string, unknown> }) => {
    const url = node.url;
    if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(url)) return;
    const path = url.replace(/[?#].*$/, "");
    if (!/\.[a-z0-9]+$/i.test(path) || /\.mdx?$/i.test(path) || path.startsWith("/")) return;
    let spec = path;
    try {
      spec = decodeURI(path);
    } catch {
      /* kept as written */
    }
    const r = resolveSpecifier(spec.startsWith("@site/") || spec.startsWith(".") ? spec : `./${spec}`, file, ctx);
    if (r?.kind !== "asset") return;
    if (r.emit) info.assets.push({ file: r.file, url: r.url });
    node.url = r.url + url.slice(path.length);
    node.data = { ...node.data, docsiteFile: true };
  };

  return async (tree: Root) => {
    // Images bound by imports, read before any rewriting (an import may follow its use in MDX).
    const imageNames = { images: new Map<string, string>(), baseUrl: undefined as string | undefined };
    for (const node of tree.children as any[]) {
      if (node.type !== "mdxjsEsm" || !node.data?.estree) continue;
      const found = imageBindings(node.data.estree, assetFile);
      for (const [k, v] of found.images) imageNames.images.set(k, v);
      imageNames.baseUrl ??= found.baseUrl;
    }
    const defined = new Set<string>();
    const used: Array<{ name: string; line: number }> = [];
    const visitAll = async (node: any): Promise<void> => {
      if (node.type === "mdxjsEsm" && node.data?.estree) {
        const program = node.data.estree as EsNode;
        const body: EsNode[] = [];
        for (const stmt of program.body as EsNode[]) {
          if (stmt.type !== "ImportDeclaration") {
            body.push(stmt);
            continue;
          }
          const spec = stmt.source.value as string;
          const line = lineOf(node, stmt);
          body.push(...(await importBindings(stmt, spec, line, opts, fail)));
        }
        program.body = body;
      }
      if (node.data?.estree) rewriteRequires(node.data.estree, node);
      if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
        // The site's Details override draws `<details>` of content (cli/theme-overrides/, cli/render/page-components.ts).
        if (node.name === "details" && ctx.detailsOverride) node.name = "Details";
        const name = node.name as string | null;
        if (name && /^[A-Z]|\./.test(name)) used.push({ name: name.split(".")[0], line: lineOf(node) });
        // <img src={shot}>, src={require("./x.png").default}: a literal site path, so the image stage takes it.
        const src = name === "img" ? node.attributes?.find((a: any) => a.name === "src") : undefined;
        const image = staticImageFile(src?.value?.data?.estree?.body?.[0]?.expression, imageNames, assetFile);
        if (image) src.value = `@site/${image}`;
        for (const a of node.attributes ?? []) {
          const es = a.type === "mdxJsxExpressionAttribute" ? a.data?.estree : a.value?.data?.estree;
          if (es) rewriteRequires(es, node);
        }
      }
      // A link to a project file that is not a page (`[the PDF](./files/x.pdf)`) publishes the file, as Docusaurus
      // does; the link then goes to its URL (remark-docsite leaves such a link alone).
      if ((node.type === "link" || node.type === "definition") && ctx.docusaurus) linkedFile(node);
      // Markdown images (`![](./x.png)`) are the image stage's (cli/images/).
      for (const c of node.children ?? []) await visitAll(c);
    };
    await visitAll(tree);
    // Names the page defines itself (imports, exports, top-level declarations) are not looked up in the theme.
    addDefinedNames(tree, defined);
    await takeGlobalComponents(tree, used, defined, opts);
    for (const u of used) if (!defined.has(u.name)) info.components.push({ name: u.name, file, line: u.line });
  };
}
