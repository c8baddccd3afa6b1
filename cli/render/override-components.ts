// The site's theme overrides as components for the render (theme/layout/overrides.tsx gives them to the theme by
// name). An override's `@theme/<Name>` is the site's override of that name when there is one, else docsite's own
// component for it; `@theme-original/<Name>` and `@theme-init/<Name>` are always docsite's own (what a wrapper
// wraps). An override that needs the browser is drawn as an island, given only its props that are data (its browser
// chunk adds the functions Docusaurus passes, cli/islands/bundle.ts).
import { createElement, type ComponentType } from "react";
import { runComponent, ownThemeModule, type RuntimeSite } from "./mdx-runtime.ts";
import { islandExports } from "../islands/ssr.ts";
import type { OverrideModule } from "../theme-overrides/bundle.ts";
import type { OverrideComponents } from "../../theme/layout/overrides.tsx";

const made = new WeakMap<object, OverrideComponents>();

/** Props without their functions: what an island's props can carry to the browser. */
const dataProps = (props: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(props).filter(([, v]) => typeof v !== "function"));

/** The components of the overrides (by name), made once per overrides object. */
export function overrideComponents(modules: Readonly<Record<string, OverrideModule>>, site: RuntimeSite) {
  const known = made.get(modules);
  if (known) return known;
  const exportsOf = new Map<string, Record<string, unknown>>();
  const loading: string[] = [];
  const load = (name: string): Record<string, unknown> => {
    const done = exportsOf.get(name);
    if (done) return done;
    const mod = modules[name];
    if (loading.includes(name))
      throw new Error(
        `the theme overrides import each other in a cycle: ${[...loading.slice(loading.indexOf(name)), name]
          .map((n) => `${modules[n].file} (@theme/${n})`)
          .join(" → ")}; break the cycle, e.g. with @theme-original/${name}`,
      );
    loading.push(name);
    try {
      const raw = runComponent(mod.code, site, (request) => {
        const m = /^@theme(-original|-init)?\/(.+)$/.exec(request);
        if (!m) return undefined;
        const target = m[2];
        if (!m[1] && target !== name && modules[target]) return load(target);
        return { __esModule: true, ...ownThemeModule(target) };
      }) as Record<string, unknown>;
      let exports = raw;
      if (mod.island) {
        const islands = islandExports(raw, mod.island);
        const Island = islands.default as ComponentType<object>;
        exports = { ...islands, default: (props: Record<string, unknown>) => createElement(Island, dataProps(props)) };
      }
      exportsOf.set(name, exports);
      return exports;
    } finally {
      loading.pop();
    }
  };
  const components: Record<string, ComponentType<any>> = {};
  for (const name of Object.keys(modules)) {
    const C = load(name).default;
    // A module with named exports only (testplane-docs' Footer/LinkItem gives `FooterLinkItem` to its own Footer/Links)
    // replaces nothing docsite draws, as in Docusaurus, where only the site's code imports it: docsite's own stays.
    if (typeof C !== "function" && !(typeof C === "object" && C !== null && "$$typeof" in C)) continue;
    components[name] = C as ComponentType<any>;
  }
  made.set(modules, components);
  return components;
}
