// What project components and pages import from `@docusaurus/*` and `@theme/*`, in one implementation for the
// server and the browser: an island is drawn by both, and what the browser draws first must be what the server drew
// (hydration). So nothing here reads the browser during the first render: BrowserOnly and useIsBrowser switch after
// mounting, useColorMode starts from the site's default mode. The page-only parts (Layout, Head) live in
// page-frame.tsx; the sidebar hooks and theme components of content stay in theme/mdx/docusaurus.tsx.
import { createElement, Fragment, isValidElement, useEffect, useState, type ReactNode } from "react";
import { useOptionalSite } from "../context.tsx";
import { COLOR_MODE_KEY, THEME_KEY } from "../storage-keys.ts";

/** What components can read of the site (useDocusaurusContext), as plain data. */
export interface SiteData {
  baseUrl: string;
  title: string;
  url: string;
  tagline?: string;
  /** Docusaurus' `customFields`, as the import carried them over (JSON values). */
  customFields?: Record<string, unknown>;
  defaultLocale?: string;
  locales?: string[];
  defaultMode?: string;
  /** The docs versions, for `@docusaurus/plugin-content-docs/client`'s version hooks. */
  docsVersions?: Array<{ name: string; label: string; path: string; isLast: boolean; mainDocId: string }>;
}

/** The site data of a config (the server's side; the browser's is baked into island chunks). */
export function siteData(config: {
  baseUrl: string;
  title: string;
  url: string;
  tagline?: string;
  i18n?: { defaultLocale: string; locales: string[] };
  colorMode?: { defaultMode: string };
  docs?: {
    routeBasePath: string;
    versions: Array<{ name: string; label: string; path: string; isLast: boolean; mainDocId: string }>;
  };
  docusaurus?: { customFields?: Record<string, unknown> };
}): SiteData {
  return {
    baseUrl: config.baseUrl,
    title: config.title,
    url: config.url,
    tagline: config.tagline ?? "",
    customFields: config.docusaurus?.customFields ?? {},
    defaultLocale: config.i18n?.defaultLocale,
    locales: config.i18n?.locales,
    defaultMode: config.colorMode?.defaultMode,
    docsVersions: config.docs?.versions.map((v) => ({
      name: v.name,
      label: v.label,
      // As Docusaurus gives a version's path: from the site root, without the trailing slash.
      path: `${config.baseUrl}${[config.docs!.routeBasePath, v.path].filter(Boolean).join("/")}`.replace(
        /(.)\/$/,
        "$1",
      ),
      isLast: v.isLast,
      mainDocId: v.mainDocId,
    })),
  };
}

/** Docusaurus' `siteConfig`, as much as docsite knows of it (useDocusaurusContext, a page's `config` prop). */
export const siteConfigOf = (site: SiteData) => ({
  baseUrl: site.baseUrl,
  title: site.title,
  url: site.url,
  tagline: site.tagline ?? "",
  titleDelimiter: "|",
  customFields: site.customFields ?? {},
  themeConfig: {},
});

/** A URL with the site's base: site paths get it, full URLs, anchors and paths that have it already do not. */
export const withBase = (site: Pick<SiteData, "baseUrl">, url: string): string =>
  /^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url) || url.startsWith(site.baseUrl)
    ? url
    : site.baseUrl + url.replace(/^\//, "");

/** The locale the page is in: from the render on the server, from the page root in the browser. */
function useCurrentLocale(site: SiteData): string {
  const ctx = useOptionalSite();
  if (ctx) return ctx.i18n.locale;
  if (typeof document !== "undefined") return document.getElementById("__docsite")?.dataset.locale ?? "";
  return site.defaultLocale ?? "en";
}

/** False while the server draws and while the browser hydrates; true once mounted (Docusaurus' useIsBrowser). */
export function useIsBrowser(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** `{name}` placeholders filled with values (strings, numbers or elements), as Docusaurus' Interpolate does. */
function interpolate(message: string, values?: Record<string, ReactNode>): ReactNode {
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

/** Reads the page's applied theme, and follows it as the toggle (or another tab) changes it. */
function useColorModeOf(site: SiteData) {
  const initial = site.defaultMode === "dark" ? "dark" : "light";
  const [colorMode, setMode] = useState<"light" | "dark">(initial);
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setMode(root.getAttribute("data-theme") === "dark" ? "dark" : "light");
    read();
    const watch = new MutationObserver(read);
    watch.observe(root, { attributes: true, attributeFilter: ["data-theme"] });
    return () => watch.disconnect();
  }, []);
  const setColorMode = (mode: "light" | "dark") => {
    document.documentElement.setAttribute("data-theme", mode);
    document.documentElement.setAttribute("data-theme-choice", mode);
    try {
      localStorage.setItem(COLOR_MODE_KEY, mode);
      localStorage.setItem(THEME_KEY, mode);
    } catch {
      // storage unavailable: the choice lasts for this page
    }
  };
  return { colorMode, setColorMode, isDarkTheme: colorMode === "dark" };
}

/** The version hooks of `@docusaurus/plugin-content-docs/client`, over the site's one docs plugin. */
function docsVersionHooks(site: SiteData) {
  const versions = site.docsVersions ?? [];
  const latest = () => versions.find((v) => v.isLast) ?? versions[0];
  return {
    useVersions: () => versions,
    useLatestVersion: latest,
    // What the server draws first: the latest version (the page's own version is not known to a component).
    useActiveVersion: latest,
    useDocsVersion: latest,
    useAllDocsData: () => ({ default: { path: latest()?.path ?? "", versions } }),
  };
}

/** `@docusaurus/<name>` modules docsite provides, as module objects (the main export is also `default`). */
export function siteModules(site: SiteData): Record<string, Record<string, unknown>> {
  const useBaseUrl = (url: string) => withBase(site, url);
  const Link = ({
    to,
    href,
    children,
    // Docusaurus-only props, not attributes.
    isNavLink: _n,
    activeClassName: _a,
    autoAddBaseUrl: _b,
    ...rest
  }: {
    to?: string;
    href?: string;
    children?: ReactNode;
    isNavLink?: boolean;
    activeClassName?: string;
    autoAddBaseUrl?: boolean;
  }) => createElement("a", { href: to !== undefined ? withBase(site, to) : href, ...rest }, children);
  const useDocusaurusContext = () => {
    const currentLocale = useCurrentLocale(site);
    return {
      siteConfig: siteConfigOf(site),
      i18n: {
        currentLocale,
        defaultLocale: site.defaultLocale ?? currentLocale,
        locales: site.locales ?? [currentLocale],
      },
    };
  };
  const BrowserOnly = ({ children, fallback }: { children?: () => ReactNode; fallback?: ReactNode }) => {
    const isBrowser = useIsBrowser();
    return isBrowser && typeof children === "function" ? children() : (fallback ?? null);
  };
  const translate = (m: { message?: string; id?: string }, values?: Record<string, string | number>) =>
    interpolate(m.message ?? m.id ?? "", values) as string;
  const Translate = ({ children, values }: { children?: ReactNode; values?: Record<string, ReactNode> }) =>
    typeof children === "string" ? interpolate(children, values) : (children ?? null);
  const Interpolate = Translate;
  const canUseDOM = typeof window !== "undefined";
  const ExecutionEnvironment = {
    canUseDOM,
    canUseEventListeners: canUseDOM && typeof addEventListener === "function",
    canUseIntersectionObserver: canUseDOM && typeof IntersectionObserver !== "undefined",
    canUseViewport: canUseDOM && typeof screen !== "undefined",
  };
  const useLocation = () => {
    // The server draws a page at its own address; so does the browser.
    const path = typeof location === "undefined" ? "" : location.pathname;
    return { pathname: path, search: "", hash: "" };
  };
  // `<Redirect to>` (a page that only sends the reader on, as react-native's /releases does): a refresh to the
  // target and a link to it, which is what a static page can do where Docusaurus' client router would redirect.
  const Redirect = ({ to }: { to: string | { pathname?: string } }) => {
    const href = withBase(site, typeof to === "string" ? to : (to.pathname ?? "/"));
    return createElement(
      Fragment,
      null,
      createElement("meta", { httpEquiv: "refresh", content: `0; url=${href}` }),
      createElement("p", null, createElement("a", { href }, href)),
    );
  };
  const useHistory = () => ({
    push: (path: string) => location.assign(withBase(site, path)),
    replace: (path: string) => location.replace(withBase(site, path)),
  });
  const main = (value: unknown, named: Record<string, unknown> = {}) => ({ default: value, ...named });
  return {
    Link: main(Link, { Link }),
    useBaseUrl: main(useBaseUrl, { useBaseUrl, useBaseUrlUtils: () => ({ withBaseUrl: useBaseUrl }) }),
    BrowserOnly: main(BrowserOnly, { BrowserOnly }),
    useIsBrowser: main(useIsBrowser, { useIsBrowser }),
    ExecutionEnvironment: main(ExecutionEnvironment, ExecutionEnvironment),
    useDocusaurusContext: main(useDocusaurusContext, { useDocusaurusContext }),
    Translate: main(Translate, { Translate, translate }),
    Interpolate: main(Interpolate, { Interpolate, interpolate }),
    router: main(undefined, { useLocation, Redirect, useHistory }),
    "theme-common": main(undefined, { useColorMode: () => useColorModeOf(site) }),
    "plugin-content-docs/client": main(undefined, docsVersionHooks(site)),
  };
}
