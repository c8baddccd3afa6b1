// The image file behind a JSX `src={…}` expression, when it can be known without running the page: the Docusaurus
// idioms `import shot from "./x.png"` then `src={shot}`, `src={require("./x.png").default}` (or without
// `.default`) and `src={useBaseUrl("/img/x.png")}`. Such an <img> then goes through the image stage like a
// Markdown image; any other expression keeps the URL it evaluates to.
import { IMAGE_EXT } from "./rehype-images.ts";

type EsNode = { type: string; [k: string]: any };

/** Resolves a module specifier to a root-relative file, or null when it names no local file. */
export type ResolveFile = (spec: string) => string | null;

const stringArg = (call: EsNode): string | null =>
  call.arguments?.length === 1 && call.arguments[0].type === "Literal" && typeof call.arguments[0].value === "string"
    ? call.arguments[0].value
    : null;

const isCall = (n: EsNode, name: string) =>
  n.type === "CallExpression" && n.callee?.type === "Identifier" && n.callee.name === name;

/**
 * Local names bound to image files by the page's imports (`import shot from "./shot.png"`), and the local name of
 * `useBaseUrl` when the page imports it.
 */
export function imageBindings(
  program: EsNode,
  resolve: ResolveFile,
): { images: Map<string, string>; baseUrl?: string } {
  const images = new Map<string, string>();
  let baseUrl: string | undefined;
  for (const stmt of program.body as EsNode[]) {
    if (stmt.type !== "ImportDeclaration") continue;
    const spec = stmt.source.value as string;
    for (const s of stmt.specifiers as EsNode[]) {
      if (s.type !== "ImportDefaultSpecifier") continue;
      if (spec === "@docusaurus/useBaseUrl") baseUrl = s.local.name;
      else if (IMAGE_EXT.test(spec.replace(/[?#].*$/, ""))) {
        const file = resolve(spec);
        if (file && IMAGE_EXT.test(file)) images.set(s.local.name, file);
      }
    }
  }
  return { images, baseUrl };
}

/** The root-relative image file an expression stands for, or null when it is not statically known. */
export function staticImageFile(
  expr: EsNode | undefined,
  bindings: { images: Map<string, string>; baseUrl?: string },
  resolve: ResolveFile,
): string | null {
  if (!expr) return null;
  if (expr.type === "Identifier") return bindings.images.get(expr.name) ?? null;
  // require("x.png").default
  if (
    expr.type === "MemberExpression" &&
    !expr.computed &&
    expr.property?.name === "default" &&
    isCall(expr.object, "require")
  )
    return staticImageFile(expr.object, bindings, resolve);
  let spec: string | null = null;
  if (isCall(expr, "require")) spec = stringArg(expr);
  // useBaseUrl("/img/x.png"): a file in static/, as Docusaurus resolves it.
  else if (bindings.baseUrl && isCall(expr, bindings.baseUrl)) {
    const path = stringArg(expr);
    if (path?.startsWith("/") && !path.startsWith("//")) spec = `@site/static${path}`;
  }
  if (!spec || !IMAGE_EXT.test(spec.replace(/[?#].*$/, ""))) return null;
  const file = resolve(spec);
  return file && IMAGE_EXT.test(file) ? file : null;
}
