// A site's theme overrides (Docusaurus' swizzled components, `src/theme/<Name>`): the render gives the components
// by Docusaurus name through this context (cli/theme-overrides/), and each place where docsite draws a part of the
// page that Docusaurus names draws through `Themed`: the site's component with the props Docusaurus' classic theme
// gives it, else docsite's own component for that name, which takes the same props. Without overrides the context is
// empty and every part is docsite's own, drawn as before (a function component adds no markup).
import { createContext, createElement, useContext, type ComponentType } from "react";

export type OverrideComponents = Readonly<Record<string, ComponentType<any>>>;

export const ThemeOverrides = createContext<OverrideComponents>({});

/** The site's component for a Docusaurus theme name, when it overrides it. */
export const useThemeOverride = (name: string): ComponentType<any> | undefined => useContext(ThemeOverrides)[name];

/**
 * One part of the page under its Docusaurus name: the site's override with `props`, else `own` with them. `own` takes
 * Docusaurus' props too (it is what `@theme-original/<name>` gives an override that wraps it).
 */
export function Themed<P extends object>({ name, own, props }: { name: string; own: ComponentType<P>; props: P }) {
  const Override = useThemeOverride(name);
  return createElement((Override ?? own) as ComponentType<P>, props);
}
