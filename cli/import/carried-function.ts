// A function of the Docusaurus config that can be carried into site.config.json as its source text: one that uses
// nothing but its own parameters, its own variables and JavaScript's globals (a remark plugin's
// `transformVirtualFilepath: (p) => p.replace("/docs/", "/website/")`). One that reads a variable of the config's
// module, an import or `require` would not run outside that module: it is not carried, and the report says so.
// The build turns `{ "$function": source }` back into the function (cli/mdx/mdx-plugins.ts).
import { Parser } from "acorn";
import { isFunctionRef, isStub } from "./load-module.ts";

/** How site.config.json holds a carried function. */
export interface CarriedFunction {
  $function: string;
}

/** A function's source as an expression: a method `f(x) {…}` (or `async f(x) {…}`) becomes `function f(x) {…}`. */
export function functionExpression(source: string): string {
  const src = source.trim();
  if (/^(async\s+)?(function\b|\(|[\w$]+\s*=>)/.test(src)) return src;
  const async = /^async\s+/.test(src);
  return `${async ? "async " : ""}function ${src.replace(/^async\s+/, "").replace(/^\*\s*/, "* ")}`;
}

type Node = { type: string; [k: string]: unknown };

/** Names a function expression reads that it does not declare (scopes merged: a name declared anywhere counts). */
export function freeNames(expression: string): string[] | null {
  let ast: Node;
  try {
    ast = Parser.parse(`(${expression})`, { ecmaVersion: "latest", sourceType: "script" }) as unknown as Node;
  } catch {
    return null;
  }
  const declared = new Set<string>();
  const used = new Set<string>();
  const declare = (pattern: unknown): void => {
    const p = pattern as Node | null;
    if (!p) return;
    if (p.type === "Identifier") declared.add(p.name as string);
    else if (p.type === "ObjectPattern")
      for (const prop of p.properties as Node[]) declare(prop.type === "RestElement" ? prop.argument : prop.value);
    else if (p.type === "ArrayPattern") for (const el of p.elements as Node[]) declare(el);
    else if (p.type === "RestElement") declare(p.argument);
    else if (p.type === "AssignmentPattern") declare(p.left);
  };
  const visit = (value: unknown, parent?: Node, key?: string): void => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v, parent, key);
      return;
    }
    const n = value as Node | null;
    if (!n || typeof n.type !== "string") return;
    if (n.type === "Identifier") {
      // A property name (`a.b`, `{ b: 1 }`) is no variable.
      const isProperty =
        (parent?.type === "MemberExpression" && key === "property" && !parent.computed) ||
        (parent?.type === "Property" && key === "key" && !parent.computed) ||
        (parent?.type === "MethodDefinition" && key === "key" && !parent.computed) ||
        (parent?.type === "PropertyDefinition" && key === "key" && !parent.computed);
      if (!isProperty) used.add(n.name as string);
      return;
    }
    if (n.type === "FunctionExpression" || n.type === "FunctionDeclaration" || n.type === "ArrowFunctionExpression") {
      if (n.id) declare(n.id);
      for (const p of n.params as Node[]) declare(p);
    }
    if (n.type === "VariableDeclarator") declare(n.id);
    if (n.type === "CatchClause") declare(n.param);
    if (n.type === "ClassDeclaration" || n.type === "ClassExpression") declare(n.id);
    if (n.type === "LabeledStatement" || n.type === "BreakStatement" || n.type === "ContinueStatement") return;
    for (const [k, v] of Object.entries(n)) if (k !== "type" && typeof v === "object") visit(v, n, k);
  };
  visit(ast);
  const globals = new Set([...Object.getOwnPropertyNames(globalThis), "undefined", "arguments"]);
  // A module's own bindings are no globals here: the function would need the module.
  for (const local of ["require", "module", "exports", "__dirname", "__filename"]) globals.delete(local);
  return [...used].filter((name) => !declared.has(name) && !globals.has(name));
}

/** The function as site.config.json carries it, or the reason it cannot be. */
export function carryFunction(source: string | undefined): CarriedFunction | string {
  if (!source) return "its source is not known";
  const expression = functionExpression(source);
  const free = freeNames(expression);
  if (free === null) return "its source does not parse";
  if (free.length) return `it reads ${free.join(", ")} from outside itself`;
  return { $function: expression };
}

/**
 * Plugin options with every function carried as its source; the reason they cannot be when a function reads from
 * outside itself or a value is a stand-in for a package that is not installed.
 */
export function carryOptions(v: unknown): { value: unknown } | { reason: string } {
  if (isStub(v)) return { reason: `${v.$stub} is not installed` };
  if (isFunctionRef(v)) {
    const carried = carryFunction(v.$source);
    return typeof carried === "string"
      ? { reason: `the function ${v.$fn || "(anonymous)"}: ${carried}` }
      : { value: carried };
  }
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const x of v) {
      const c = carryOptions(x);
      if ("reason" in c) return c;
      out.push(c.value);
    }
    return { value: out };
  }
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const c = carryOptions(x);
      if ("reason" in c) return c;
      out[k] = c.value;
    }
    return { value: out };
  }
  return { value: v };
}
