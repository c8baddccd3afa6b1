// The MDX line of a page that fails while rendering. A page's compiled code keeps no positions, and rendering it
// with positions costs every page time, so the line is found after the fact, for the failing pages only: the page
// is compiled again with every element creation, expression and component call wrapped in a tracker that records
// its MDX line (the recma plugin below), and rendered again. Rendering is deterministic, so it fails at the same
// place; the line recorded last is the one of the innermost element, expression or component being worked on.
import type { Program, Node, Expression, CallExpression, ObjectExpression } from "estree";
import { DocsiteError } from "../log.ts";
import type { SiteConfig } from "../config/types.ts";
import type { Route } from "../routes/types.ts";
import type { ContentIndex } from "../content/scan.ts";
import { prepareRoute, type RenderContext } from "./render-route.ts";

interface Tracker {
  line?: number;
  at<T>(line: number, make: () => T): T;
  component(line: number, type: unknown): unknown;
}

const GLOBAL = "__docsiteLocate";

/** The tracker the instrumented code calls: `at` while an element or expression is made, `component` as it renders. */
function tracker(): Tracker {
  const wrapped = new Map<unknown, Map<number, unknown>>();
  const t: Tracker = {
    at(line, make) {
      const outer = t.line;
      t.line = line;
      const value = make();
      // Restored only when nothing threw: after a throw, the innermost line stays.
      t.line = outer;
      return value;
    },
    component(line, type) {
      const isClass =
        typeof type === "function" &&
        (type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent;
      if (typeof type !== "function" || isClass) return type;
      let byLine = wrapped.get(type);
      if (!byLine) wrapped.set(type, (byLine = new Map()));
      let w = byLine.get(line);
      if (!w) {
        const fn = type as (props: unknown) => unknown;
        w = (props: unknown) => {
          t.line = line;
          return fn(props);
        };
        byLine.set(line, w);
      }
      return w;
    },
  };
  return t;
}

// ---- the recma plugin ------------------------------------------------------------------------------------------

const ident = (name: string) => ({ type: "Identifier", name }) as const;
const trackerCall = (method: "at" | "component", args: Expression[]): CallExpression => ({
  type: "CallExpression",
  optional: false,
  callee: {
    type: "MemberExpression",
    computed: false,
    optional: false,
    object: {
      type: "MemberExpression",
      computed: false,
      optional: false,
      object: ident("globalThis"),
      property: ident(GLOBAL),
    },
    property: ident(method),
  },
  arguments: args,
});
const lit = (n: number): Expression => ({ type: "Literal", value: n });
const lazy = (e: Expression): Expression => ({
  type: "ArrowFunctionExpression",
  params: [],
  body: e,
  expression: true,
  async: false,
  generator: false,
});

const lineOf = (n: Node | null | undefined) => n?.loc?.start.line;
const isJsxCall = (n: Node): n is CallExpression =>
  n.type === "CallExpression" && n.callee.type === "Identifier" && /^_jsxs?$/.test(n.callee.name);

/** Wraps `e` in a tracker call at its own line, unless it is a plain value or has no position. */
function tracked(e: Expression, offset: number): Expression {
  const line = lineOf(e);
  if (line === undefined || e.type === "Literal" || e.type === "Identifier") return e;
  return trackerCall("at", [lit(line + offset), lazy(e)]);
}

/** Instruments the elements of `_createMdxContent`: their creation, their expressions and their components. */
export function recmaLocate(opts: { lineOffset: number }) {
  return (tree: Program) => {
    const visit = (node: Node): Node => {
      for (const key of Object.keys(node) as Array<keyof typeof node>) {
        const v = node[key] as unknown;
        if (Array.isArray(v)) {
          for (let i = 0; i < v.length; i++) if (v[i] && typeof v[i].type === "string") v[i] = visit(v[i]);
        } else if (v && typeof (v as Node).type === "string" && key !== "loc") (node as any)[key] = visit(v as Node);
      }
      if (!isJsxCall(node)) return node;
      const line = lineOf(node);
      const [type, props] = node.arguments as Expression[];
      if (line !== undefined && type && type.type !== "Literal")
        node.arguments[0] = trackerCall("component", [lit(line + opts.lineOffset), type]);
      if (props?.type === "ObjectExpression") {
        for (const p of (props as ObjectExpression).properties) {
          if (p.type !== "Property") continue;
          const value = p.value as Expression;
          if (value.type === "ArrayExpression")
            value.elements = value.elements.map((e) =>
              e && e.type !== "SpreadElement" ? tracked(e, opts.lineOffset) : e,
            );
          else p.value = tracked(value, opts.lineOffset);
        }
      }
      return line === undefined ? node : trackerCall("at", [lit(line + opts.lineOffset), lazy(node)]);
    };
    for (const stmt of tree.body)
      if (stmt.type === "FunctionDeclaration" && stmt.id?.name === "_createMdxContent") visit(stmt.body);
  };
}

// ---- the search ------------------------------------------------------------------------------------------------

/**
 * `error` (a page's render failure) with the MDX line it happened at, when the route is a doc or post and a second,
 * instrumented render fails too; otherwise `error` as it is.
 */
export async function locateRenderError(
  error: unknown,
  route: Route,
  ctx: RenderContext,
  index: Pick<ContentIndex, "docs" | "blog">,
): Promise<unknown> {
  if (!(error instanceof DocsiteError) || error.where.line !== undefined) return error;
  if (route.kind !== "doc" && route.kind !== "blogPost") return error;
  if (!route.source?.body) return error;
  const g = globalThis as Record<string, unknown>;
  const t = tracker();
  try {
    const code = await instrumentedCode(ctx.config, route, index);
    g[GLOBAL] = t;
    const { renderJob } = await import("./render-job.ts");
    try {
      await renderJob(prepareRoute(ctx, route, () => code));
      return error; // it did not fail again: no line to trust
    } catch {
      // failed again, as expected: the tracker holds the line
    }
  } catch {
    return error; // the diagnosis itself failed: the error is reported as it was
  } finally {
    delete g[GLOBAL];
  }
  return t.line === undefined
    ? error
    : new DocsiteError(error.message, { ...error.where, line: t.line }, error.hint, error.cause);
}

async function instrumentedCode(
  config: SiteConfig,
  route: Extract<Route, { kind: "doc" | "blogPost" }>,
  index: Pick<ContentIndex, "docs" | "blog">,
) {
  const { compileSource } = await import("../mdx/compile.ts");
  const { contentLinkRewriter, docSlugs } = await import("../mdx/content-links.ts");
  const { moduleContextOf } = await import("../mdx/modules.ts");
  const { source } = route;
  const compiled = await compileSource({
    file: source.file,
    body: source.body,
    bodyOffset: source.bodyOffset,
    rewriteLink: contentLinkRewriter(config, source.file, route.locale, docSlugs(index.docs, index.blog)),
    locale: route.locale,
    modules: moduleContextOf(config),
    recmaPlugins: [[recmaLocate, { lineOffset: source.bodyOffset }]],
  });
  return compiled.code;
}
