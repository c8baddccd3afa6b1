// An `.svg` file imported by a component is a React component drawing that SVG inline, as Docusaurus' webpack
// (SVGR) makes it: `import Logo from "./logo.svg"; <Logo className="x" />`. The root element's attributes become
// props (camel-cased where React wants them), the props given override them, and the content is drawn as it is.
// The same module for the server's bundle and an island's, so both draw the same markup.
import type { Plugin } from "esbuild";
import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { isInnerResolve, resolveInner } from "./inner-resolve.ts";
import { SVG_COMPONENT_NAMESPACE } from "../cache/recorded-inputs.ts";

/** React's name of an SVG attribute: `stroke-width` → `strokeWidth`, `class` → `className`, `xlink:href` → `xlinkHref`. */
function reactName(attr: string): string {
  if (attr === "class") return "className";
  if (attr.startsWith("data-") || attr.startsWith("aria-")) return attr;
  return attr.replace(/[:-]([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A `style` attribute as React's style object: `mask-type: alpha` → `{ maskType: "alpha" }`. */
function styleObject(style: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const decl of style.split(";")) {
    const at = decl.indexOf(":");
    if (at < 0) continue;
    const prop = decl.slice(0, at).trim();
    if (prop)
      out[prop.startsWith("--") ? prop : prop.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = decl
        .slice(at + 1)
        .trim();
  }
  return out;
}

/** The module text of an SVG file as a component. */
export function svgComponentModule(svg: string): string {
  const text = svg
    .replace(/<\?xml[\s\S]*?\?>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<!DOCTYPE[^>]*>/gi, "");
  const root = /<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/i.exec(text.trim());
  const attrs: Record<string, unknown> = {};
  // Namespace declarations are not needed inline in HTML (React and Preact do not draw them alike).
  for (const m of (root?.[1] ?? "").matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g))
    if (!/^xml(ns)?(:|$)/.test(m[1]))
      attrs[reactName(m[1])] = m[1] === "style" ? styleObject(m[3] ?? m[4]) : (m[3] ?? m[4]);
  const inner = root?.[2] ?? "";
  return [
    'import { createElement } from "react";',
    `const attrs = ${JSON.stringify(attrs)};`,
    `const inner = ${JSON.stringify(inner)};`,
    "export default function SvgComponent(props) {",
    '  return createElement("svg", { ...attrs, ...props, dangerouslySetInnerHTML: { __html: inner } });',
    "}",
    "export const ReactComponent = SvgComponent;",
  ].join("\n");
}

/** `.svg` files that scripts import are components; a stylesheet's `url()` keeps the file (the build's loader). */
export const svgComponents: Plugin = {
  name: "docsite-svg-components",
  setup(b) {
    b.onResolve({ filter: /\.svg$/i }, async (a) => {
      if (a.kind !== "import-statement" && a.kind !== "require-call" && a.kind !== "dynamic-import") return undefined;
      // Resolved as any file would be (aliases, packages); that inner resolve must not come back here.
      if (a.namespace === SVG_COMPONENT_NAMESPACE || isInnerResolve(a.pluginData)) return undefined;
      const found = await resolveInner(b, a, "file");
      if (found.errors.length || !found.path) return undefined;
      // The file behind the module is an input of whatever bundles it (recorded-inputs.ts, readInputs).
      return { path: found.path, namespace: SVG_COMPONENT_NAMESPACE };
    });
    b.onLoad({ filter: /.*/, namespace: SVG_COMPONENT_NAMESPACE }, async (a) => ({
      contents: svgComponentModule(await readFile(a.path, "utf8")),
      loader: "jsx",
      resolveDir: dirname(a.path),
      watchFiles: [a.path],
    }));
  },
};
