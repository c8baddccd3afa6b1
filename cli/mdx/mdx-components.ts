// The global MDX components of an imported Docusaurus project: a swizzled `src/theme/MDXComponents` (Docusaurus'
// documented way to use a component on every page without importing it) exports an object of components, usually
// `{ ...MDXComponents, Highlight, YouTube }`. The names it adds are read from its source (the keys of the exported
// object literal, not the spread of Docusaurus' own), so that a page using `<Highlight>` without an import gets it
// from that module; the page's compile bundles the module like any component it imports (cli/mdx/components.ts).
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { Parser } from "acorn";

type EsNode = { type: string; [k: string]: any };

const memo = new Map<string, { mtimeMs: number; names: Set<string> }>();

/** Component names (capitalised keys) the module's default export adds; empty when it cannot be read so. */
export function globalComponentNames(rootDir: string, file: string): Set<string> {
  const abs = join(rootDir, file);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(abs).mtimeMs;
  } catch {
    return new Set();
  }
  const hit = memo.get(abs);
  if (hit && hit.mtimeMs === mtimeMs) return hit.names;
  const names = new Set<string>();
  try {
    const loader = /\.tsx?$/.test(file) ? "tsx" : "jsx";
    const { code } = transformSync(readFileSync(abs, "utf8"), { loader, format: "esm", jsx: "automatic" });
    const program = Parser.parse(code, { ecmaVersion: "latest", sourceType: "module" }) as unknown as EsNode;
    const objects = new Map<string, EsNode>();
    for (const stmt of program.body as EsNode[]) {
      const decl = stmt.type === "ExportNamedDeclaration" ? stmt.declaration : stmt;
      if (decl?.type === "VariableDeclaration")
        for (const d of decl.declarations) if (d.id.type === "Identifier" && d.init) objects.set(d.id.name, d.init);
    }
    // `export default {…}`, or (as esbuild writes it) `var x = {…}; export { x as default }`.
    let def = (program.body as EsNode[]).find((s) => s.type === "ExportDefaultDeclaration")?.declaration;
    for (const s of program.body as EsNode[])
      for (const sp of s.type === "ExportNamedDeclaration" ? (s.specifiers ?? []) : [])
        if ((sp.exported.name ?? sp.exported.value) === "default") def = sp.local;
    // Through names given to names (`const MDXComponents = {…}; export default MDXComponents`, which esbuild writes
    // as `var x_default = MDXComponents`).
    let object = def;
    for (let hops = 0; object?.type === "Identifier" && hops < 5; hops++) object = objects.get(object.name);
    for (const p of object?.type === "ObjectExpression" ? object.properties : []) {
      if (p.type !== "Property" || p.computed) continue;
      const key = p.key.type === "Identifier" ? p.key.name : typeof p.key.value === "string" ? p.key.value : "";
      if (/^[A-Z]/.test(key)) names.add(key);
    }
  } catch {
    // Not statically readable: pages then name each component they miss, as without the module.
  }
  memo.set(abs, { mtimeMs, names });
  return names;
}
