// Runs compiled MDX on the server: the JSX runtime plus the `docsite` object that rewritten imports call
// (see cli/mdx/remark-imports.ts): theme and Docusaurus modules, and compiled partials.
import * as React from "react";
import { createElement as h, type ComponentType } from "react";
import * as jsxRuntime from "react/jsx-runtime";
import * as ReactDOM from "react-dom";
import * as ReactDOMServer from "react-dom/server";
import { pathToFileURL } from "node:url";
import { createRequire, isBuiltin } from "node:module";
import { fromRoot } from "../boot/locations.ts";
import { themeModule, docusaurusModule } from "../../theme/mdx/docusaurus.tsx";
import { pageComponents } from "./page-components.ts";
import { islandExports } from "../islands/ssr.ts";
import { ownThemeComponent } from "../../theme/layout/own-theme.tsx";
import { useThemeOverride } from "../../theme/layout/overrides.tsx";

export { pageComponents };

export interface RuntimeSite {
  baseUrl: string;
  title: string;
  url: string;
}

const nodeRequire = createRequire(import.meta.url);

/** docsite's own component for a Docusaurus theme name (the layout's, else content's), as a module object. */
export function ownThemeModule(name: string): { default: unknown } {
  const own = ownThemeComponent(name);
  return own ? { default: own } : themeModule(name);
}

const themed = new Map<string, { default: unknown }>();

/**
 * `@theme/<Name>` for content and its components: docsite's own component, drawn as the site's override of that name
 * when the render has one (theme/layout/overrides.tsx). What is not a component (MDXComponents' object) stays as is.
 */
export function themedModule(name: string): { default: unknown } {
  const known = themed.get(name);
  if (known) return known;
  const own = ownThemeModule(name);
  const C = own.default;
  const component = typeof C === "function" || (typeof C === "object" && C !== null && "$$typeof" in C);
  const mod = component
    ? {
        ...own,
        default: Object.assign(
          (props: object) => h((useThemeOverride(name) ?? C) as ComponentType<object>, props),
          // The name docsite's own has (Tabs finds its TabItems by their props, not by name).
          { displayName: `Themed(${name})` },
        ),
      }
    : own;
  themed.set(name, mod);
  return mod;
}

type MdxModule = { default: ComponentType<{ components?: object }> };

// A project component's bundle (cli/mdx/components.ts), evaluated once per code string.
const componentModules = new Map<string, unknown>();

/**
 * Runs a component bundle (CommonJS) with React, `@docusaurus/*` and `@theme/*` given by docsite; `more` answers
 * other requests first (a page's islands: cli/render/site-page.ts).
 */
export function runComponent(code: string, site: RuntimeSite, more?: (request: string) => unknown): unknown {
  const key = `${site.baseUrl}\0${code}`;
  if (componentModules.has(key)) return componentModules.get(key);
  const provided: Record<string, unknown> = {
    react: React,
    "react/jsx-runtime": jsxRuntime,
    "react/jsx-dev-runtime": jsxRuntime,
    "react-dom": ReactDOM,
    "react-dom/server": ReactDOMServer,
  };
  const require = (spec: string): unknown => {
    if (spec in provided) return provided[spec];
    const given = more?.(spec);
    if (given !== undefined) return given;
    // Marked as ES modules, so the bundle's `import X from` reads `.default` rather than the whole object.
    // A Markdown file the component imports, compiled (cli/mdx/components.ts): a component drawing it.
    // It draws with the components the module exports too (an MDXComponents module drawing Markdown that uses them).
    if (spec === "docsite:mdx")
      return { content: (mdxCode: string) => mdxContentSync(mdxCode, site, () => module.exports) };
    // `@theme/X` is the site's override of X when it has one; `@theme-original/X` (what a swizzled component wraps)
    // and `@theme-init/X` are docsite's own X.
    const theme = /^@theme(-original|-init)?\/(.+)$/.exec(spec);
    if (theme) return { __esModule: true, ...(theme[1] ? ownThemeModule(theme[2]) : themedModule(theme[2])) };
    // `docsite:docusaurus/X`: what a bundle's `@docusaurus/X` became (cli/mdx/docusaurus-imports.ts).
    const docusaurus = /^(?:@|docsite:)docusaurus\/(.+)$/.exec(spec);
    if (docusaurus) return { __esModule: true, ...(docusaurusModule(docusaurus[1], site) as object) };
    // Node's own modules: a component runs in Node while the site is drawn (a package may read `path`).
    if (isBuiltin(spec)) return nodeRequire(spec);
    throw new Error(`a component requires "${spec}", which docsite does not provide`);
  };
  const module = { exports: {} as Record<string, unknown> };
  new Function("require", "module", "exports", code)(require, module, module.exports);
  if (componentModules.size > 200) componentModules.clear();
  componentModules.set(key, module.exports);
  return module.exports;
}

/** Compiled MDX without imports, run at once: its content as a component with the page's components. */
function mdxContentSync(
  code: string,
  site: RuntimeSite,
  owner: () => Record<string, unknown>,
): { __esModule: true; default: ComponentType<object> } {
  const docsite = {
    theme: themedModule,
    docusaurus: (name: string) => docusaurusModule(name, site),
    component: (componentCode: string) => runComponent(componentCode, site),
  };
  const mod = new Function(code)({ ...(jsxRuntime as object), baseUrl: MODULE_URL, docsite }) as MdxModule;
  const Content = mod.default;
  // Read when drawn: the owner module has finished running by then.
  const components = () => {
    const given = owner().default;
    return given && typeof given === "object" && !Array.isArray(given)
      ? { ...pageComponents, ...given }
      : pageComponents;
  };
  return { __esModule: true, default: (props: object) => h(Content, { components: components(), ...props }) };
}

export function runMdx(code: string, site: RuntimeSite): Promise<MdxModule> {
  const partials = new Map<string, Promise<{ default: ComponentType<object> }>>();
  const docsite = {
    theme: (name: string) => themedModule(name),
    docusaurus: (name: string) => docusaurusModule(name, site),
    // A component that needs the browser comes with its island key: drawn as an island (cli/islands/ssr.ts).
    component: (componentCode: string, island?: string) => {
      const exports = runComponent(componentCode, site) as Record<string, unknown>;
      return island ? islandExports(exports, island) : exports;
    },
    partial(partialCode: string) {
      let p = partials.get(partialCode);
      if (!p) {
        p = runMdx(partialCode, site).then((m) => {
          const Content = m.default;
          // A partial sees the same components as its page, and the props it is given.
          const Partial = (props: object) => h(Content, { components: pageComponents, ...props });
          return { default: Partial };
        });
        partials.set(partialCode, p);
      }
      return p;
    },
  };
  return run(code, { ...(jsxRuntime as any), baseUrl: MODULE_URL, docsite }) as Promise<MdxModule>;
}

/** Relative imports left in compiled MDX resolve from here (this file, also when running from the CLI bundle). */
const MODULE_URL = pathToFileURL(fromRoot("cli", "render", "mdx-runtime.ts")).href;

// What @mdx-js/mdx's `run` does (evaluate the "function-body" output with the runtime as its argument), without
// importing @mdx-js/mdx, whose entry loads the whole compiler (micromark, acorn…) that rendering never uses.
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  body: string,
) => (arg: object) => unknown;
const run = async (code: string, options: object): Promise<unknown> => new AsyncFunction(code)(options);
