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

/**
 * The code a page runs to take the components it uses from the module (`moduleValue`: an expression giving its
 * exports). Each entry must be something React draws — a function or class, a tag name, a memo/forwardRef/lazy
 * object; anything else (a module object, a plain object, a number, a missing name) draws an error naming the
 * module, the entry and what it is, not React's "Element type is invalid … got: object".
 */
export function globalComponentsCode(moduleValue: string, file: string, names: string[]): string {
  const check = `(name) => {
  const v = __mdxComponents[name];
  if (typeof v === "function" || typeof v === "string" || (v !== null && typeof v === "object" && typeof v.$$typeof === "symbol")) return v;
  const keys = v !== null && typeof v === "object" ? Object.keys(v) : [];
  const what = v === undefined ? "missing: the module gives no entry of that name"
    : v === null ? "null"
    : typeof v !== "object" ? "the " + typeof v + " " + JSON.stringify(v)
    : Array.isArray(v) ? "an array"
    : "an object" + (keys.length ? " with the keys " + keys.slice(0, 6).join(", ") : " without keys") +
      (typeof v.default === "function" ? " (a module? its default export is the component)" : "");
  return () => { throw new Error(${JSON.stringify(file)} + ": the entry " + name + " is " + what + ", not a component docsite can draw; make " + name + " a React component (a function, or a class) in its default export"); };
}`;
  return [
    `const __mdxComponents = ${moduleValue}.default ?? {};`,
    `const __mdxEntry = ${check};`,
    ...names.map((n) => `const ${n} = __mdxEntry(${JSON.stringify(n)});`),
  ].join("\n");
}
