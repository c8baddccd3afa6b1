// `@docusaurus/*` imports in the esbuild bundles of components and pages (server: cli/mdx/components.ts; browser:
// cli/islands/bundle.ts): each becomes a module exporting exactly the names docsite has of it
// (theme/docusaurus/client-api.ts), so esbuild itself fails at the import, with the importing file and line, on a
// name docsite does not provide; an unknown module fails the same way. Deep paths (`@docusaurus/core/lib/client/
// exports/useBaseUrl`) are the documented modules.
import type { Message, Plugin } from "esbuild";
import { clientModule, importProblem } from "../../theme/docusaurus/client-api.ts";

const NAMESPACE = "docsite-client-api";

/**
 * The plugin. `body(name, exported)` writes the module for a provided module (its canonical name and the names it
 * exports there); `island`: the bundle is drawn in the browser too, where server-only names are not exported;
 * `resolveDir`: where the module's own imports resolve from.
 */
export function docusaurusImports(
  body: (name: string, exported: string[]) => string,
  island: boolean,
  resolveDir?: string,
): Plugin {
  return {
    name: "docsite-docusaurus-imports",
    setup(b) {
      b.onResolve({ filter: /^@docusaurus\// }, (a) => {
        const found = clientModule(a.path.slice("@docusaurus/".length));
        if ("why" in found) return { errors: [{ text: withHint(importProblem(a.path, "*") ?? a.path) }] };
        return { path: a.path, namespace: NAMESPACE };
      });
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (a) => {
        const found = clientModule(a.path.slice("@docusaurus/".length));
        if ("why" in found) return { errors: [{ text: found.why }] };
        const exported = found.module.exports.filter((n) => !(island && found.module.serverOnly?.includes(n)));
        return { contents: body(found.name, exported), loader: "js", resolveDir };
      });
    },
  };
}

const withHint = (problem: string) =>
  `${problem}; docs/migration.md lists the @docusaurus modules and exports docsite provides`;

/** The module text of a provided module whose exports are those of `source` (a module name esbuild leaves out). */
export function reexports(source: string, exported: string[]): string {
  return [
    `import * as m from ${JSON.stringify(source)};`,
    ...exported.map((n) => (n === "default" ? "export default m.default;" : `export const ${n} = m.${n};`)),
  ].join("\n");
}

/**
 * esbuild's error for a name a provided module does not export, said as what docsite has (and why a name is not
 * there); null for other errors. `island`: the bundle is an island's.
 */
export function docusaurusImportError(e: Pick<Message, "text">, island: boolean): string | null {
  const m = new RegExp(`^No matching export in "${NAMESPACE}:(@docusaurus/[^"]+)" for import "([^"]+)"`).exec(e.text);
  const problem = m && importProblem(m[1], m[2], island);
  return problem ? withHint(problem) : null;
}
