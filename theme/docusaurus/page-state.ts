// What Docusaurus client modules read of the page they are drawn in, the same on the server and while an island
// hydrates: the page's locale and docs version (from the render's context on the server, from the page root's
// attributes, which the server wrote, in the browser), mount state, and the colour mode (the site's default until
// mounted). Nothing here answers from the browser alone during the first render.
import { createElement, Fragment, isValidElement, useEffect, useState, type ReactNode } from "react";
import { useOptionalSite } from "../context.tsx";
import { COLOR_MODE_KEY, THEME_KEY } from "../storage-keys.ts";
import type { SiteData } from "./site-data.ts";

const pageRoot = (): HTMLElement | null =>
  typeof document === "undefined" ? null : document.getElementById("__docsite");

/** The locale the page is in. */
export function useCurrentLocale(site: SiteData): string {
  const ctx = useOptionalSite();
  if (ctx) return ctx.i18n.locale;
  return pageRoot()?.dataset.locale ?? site.defaultLocale ?? "en";
}

/** The docs version the page belongs to (plugin id and name), or undefined on a page outside the docs. */
export function usePageDocsVersion(): { pluginId: string; name: string } | undefined {
  const ctx = useOptionalSite();
  // An island in the browser has the layout fields its server drawing read; the page root says the rest.
  if (ctx && "docsVersion" in ctx.layout) return ctx.layout.docsVersion;
  if (ctx && typeof document === "undefined") return undefined;
  const v = pageRoot()?.getAttribute("data-docs-version");
  if (!v) return undefined;
  const [pluginId, name] = v.split("|");
  return { pluginId, name };
}

/** False while the server draws and while the browser hydrates; true once mounted (Docusaurus' useIsBrowser). */
export function useIsBrowser(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** `{name}` placeholders filled with values (strings, numbers or elements), as Docusaurus' interpolate does. */
export function interpolate(message: string, values?: Record<string, ReactNode>): ReactNode {
  if (!values) return message;
  const parts = message.split(/(\{\w+\})/);
  const out = parts.map((p) => {
    const m = /^\{(\w+)\}$/.exec(p);
    return m && m[1] in values ? values[m[1]] : p;
  });
  if (out.every((p) => !isValidElement(p))) return out.join("");
  return createElement(
    Fragment,
    null,
    ...out.map((p, i) => (isValidElement(p) ? createElement(Fragment, { key: i }, p) : p)),
  );
}

type Mode = "light" | "dark";

/** Reads the page's applied theme after mounting, and follows it as the toggle (or another tab) changes it. */
export function useColorModeOf(site: SiteData) {
  const initial: Mode = site.defaultMode === "dark" ? "dark" : "light";
  const [colorMode, setMode] = useState<Mode>(initial);
  const [choice, setChoice] = useState<Mode | null>(null);
  useEffect(() => {
    const root = document.documentElement;
    const read = () => {
      setMode(root.getAttribute("data-theme") === "dark" ? "dark" : "light");
      const c = root.getAttribute("data-theme-choice");
      setChoice(c === "light" || c === "dark" ? c : null);
    };
    read();
    const watch = new MutationObserver(read);
    watch.observe(root, { attributes: true, attributeFilter: ["data-theme", "data-theme-choice"] });
    return () => watch.disconnect();
  }, []);
  const setColorMode = (mode: Mode | null) => {
    const applied = mode ?? (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
    document.documentElement.setAttribute("data-theme", applied);
    document.documentElement.setAttribute("data-theme-choice", mode ?? "system");
    try {
      if (mode) {
        localStorage.setItem(COLOR_MODE_KEY, mode);
        localStorage.setItem(THEME_KEY, mode);
      } else {
        localStorage.setItem(COLOR_MODE_KEY, "system");
        localStorage.removeItem(THEME_KEY);
      }
    } catch {
      // storage unavailable: the choice lasts for this page
    }
  };
  return {
    colorMode,
    colorModeChoice: choice,
    setColorMode,
    isDarkTheme: colorMode === "dark",
    setLightTheme: () => setColorMode("light"),
    setDarkTheme: () => setColorMode("dark"),
  };
}

/** A value from the browser (`read`) once mounted; `initial` on the server and during hydration. */
export function useAfterMount<T>(initial: T, read: () => T, subscribe?: (update: () => void) => () => void): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const update = () => setValue(read());
    update();
    return subscribe?.(update);
  }, []);
  return value;
}
