// What project components and pages import from `@docusaurus/*`, in one implementation for the server and the
// browser: an island is drawn by both, and what the browser draws first must be what the server drew (hydration).
// So nothing here reads the browser during the first render: BrowserOnly and useIsBrowser switch after mounting,
// useColorMode starts from the site's default mode, useLocation gives the page's path once mounted. The modules and
// their names are listed in client-api.ts (what the build checks imports against); the theme's hooks are in
// theme-common.tsx, the docs plugin's in docs-client.ts; Head lives in page-frame.tsx, and the hooks that read the
// page being rendered (the sidebar's) in theme/mdx/docusaurus.tsx.
import { Component, createElement, Fragment, useEffect, useLayoutEffect, type ReactNode } from "react";
import { docsClientModule, globalDataOf } from "./docs-client.ts";
import { interpolate, useAfterMount, useCurrentLocale, useIsBrowser, usePageDocsVersion } from "./page-state.ts";
import { addBaseUrl, hasProtocol, siteConfigOf, type SiteData } from "./site-data.ts";
import { themeCommonMain } from "./theme-common.tsx";
import { themeCommonInternal } from "./theme-common-internal.tsx";

export { siteConfigOf, siteData, type SiteData } from "./site-data.ts";

/** Docusaurus' `applyTrailingSlash`: a page path's trailing slash as the site's `trailingSlash` says. */
function applyTrailingSlash(url: string, site: SiteData): string {
  if (site.trailingSlash === undefined || site.trailingSlash === null) return url;
  const m = /^([^?#]*)(.*)$/.exec(url)!;
  let path = m[1];
  // A file's path (`/files/x.pdf`) is not a page's: it keeps its form.
  if (!path || path === site.baseUrl || path === "/" || /\.[a-z0-9]+$/i.test(path)) return url;
  path = site.trailingSlash ? (path.endsWith("/") ? path : `${path}/`) : path.replace(/\/$/, "");
  return path + m[2];
}

/**
 * A page path of the site in the page's locale, as Docusaurus' per-locale base URL gives Link (`/fr/docs/x` on a
 * French page). A file's path (`/img/x.png`) stays: docsite publishes static files once, at the site's root.
 */
function inLocale(url: string, locale: string, site: SiteData): string {
  const base = site.baseUrl;
  if (!locale || locale === (site.defaultLocale ?? locale) || !url.startsWith(base)) return url;
  const rest = url.slice(base.length);
  if (rest === locale || rest.startsWith(`${locale}/`) || /\.[a-z0-9]+$/i.test(rest.replace(/[?#].*$/, ""))) return url;
  return `${base}${locale}/${rest}`;
}

/** The page's path once mounted ("" on the server and while hydrating: the server does not know it). */
function usePathname(): string {
  return useAfterMount("", () => location.pathname);
}

/** The modules of `@docusaurus/core`'s client exports (Link, useBaseUrl, router…). */
export function coreModules(site: SiteData): Record<string, Record<string, unknown>> {
  const useBaseUrlUtils = () => ({
    withBaseUrl: (url: string, options?: { forcePrependBaseUrl?: boolean; absolute?: boolean }) =>
      addBaseUrl(site, url, options),
  });
  const useBaseUrl = (url: string, options?: { forcePrependBaseUrl?: boolean; absolute?: boolean }) =>
    addBaseUrl(site, url, options);
  const isInternalUrl = (url?: string) => typeof url !== "undefined" && !hasProtocol(url);

  function Link({
    to,
    href,
    children,
    isNavLink,
    activeClassName = "active",
    isActive,
    autoAddBaseUrl = true,
    className,
    "data-noBrokenLinkCheck": _noCheck,
    ...rest
  }: {
    to?: string;
    href?: string;
    children?: ReactNode;
    isNavLink?: boolean;
    activeClassName?: string;
    isActive?: (match: unknown, location: { pathname: string }) => boolean;
    autoAddBaseUrl?: boolean;
    className?: string;
    "data-noBrokenLinkCheck"?: boolean;
    [prop: string]: unknown;
  }) {
    const target = to ?? href;
    const internal = isInternalUrl(target);
    // `pathname://` marks a link docsite must not treat as a page of the site; its base is still added.
    let url = target?.replace("pathname://", "");
    const locale = useCurrentLocale(site);
    if (url !== undefined && autoAddBaseUrl && url.startsWith("/")) url = inLocale(addBaseUrl(site, url), locale, site);
    if (url && internal) url = applyTrailingSlash(url, site);
    // A nav link is marked active once mounted, when it leads to the page shown (the server does not know the page).
    const pathname = usePathname();
    const path = url?.replace(/[?#].*$/, "");
    const strip = (p: string) => p.replace(/\/$/, "");
    const active =
      isNavLink &&
      pathname !== "" &&
      (isActive ? isActive(null, { pathname }) : path !== undefined && strip(path) === strip(pathname));
    const classes = [className, active ? activeClassName : ""].filter(Boolean).join(" ") || undefined;
    const external = target !== undefined && !internal ? { target: "_blank", rel: "noopener noreferrer" } : {};
    return createElement(
      "a",
      { href: url, ...external, className: classes, ...(active ? { "aria-current": "page" } : {}), ...rest },
      children,
    );
  }

  const useDocusaurusContext = () => {
    const currentLocale = useCurrentLocale(site);
    const siteConfig = siteConfigOf(site);
    return {
      siteConfig,
      siteMetadata: { docusaurusVersion: "3", pluginVersions: {} },
      globalData: globalDataOf(site),
      i18n: {
        currentLocale,
        defaultLocale: siteConfig.i18n.defaultLocale,
        locales: site.locales ?? [currentLocale],
        localeConfigs: Object.fromEntries(
          (site.locales ?? [currentLocale]).map((l) => [
            l,
            { label: l, direction: "ltr", htmlLang: l, calendar: "gregory", path: l, ...site.localeConfigs?.[l] },
          ]),
        ),
      },
      codeTranslations: {},
    };
  };

  const BrowserOnly = ({ children, fallback }: { children?: () => ReactNode; fallback?: ReactNode }) => {
    const isBrowser = useIsBrowser();
    if (isBrowser && typeof children !== "function")
      throw new Error("BrowserOnly's child must be a function: <BrowserOnly>{() => <span>…</span>}</BrowserOnly>");
    return isBrowser && typeof children === "function" ? children() : (fallback ?? null);
  };

  // Docusaurus' translations come from code.json, which docsite does not read: the default message is drawn.
  const translate = (m: { message?: string; id?: string }, values?: Record<string, string | number>) =>
    interpolate(m.message ?? m.id ?? "", values) as string;
  const Translate = ({ children, values }: { children?: ReactNode; values?: Record<string, ReactNode> }) =>
    typeof children === "string" ? interpolate(children, values) : (children ?? null);
  const Interpolate = Translate;

  const canUseDOM = typeof window !== "undefined" && typeof document !== "undefined";
  const ExecutionEnvironment = {
    canUseDOM,
    canUseEventListeners: canUseDOM && typeof addEventListener === "function",
    canUseIntersectionObserver: canUseDOM && typeof IntersectionObserver !== "undefined",
    canUseViewport: canUseDOM && typeof screen !== "undefined",
  };

  // Which plugin drew the route: the docs plugin on a docs page (its version is known on both sides), else pages.
  const useRouteContext = () => {
    const version = usePageDocsVersion();
    return version
      ? { plugin: { name: "docusaurus-plugin-content-docs", id: version.pluginId } }
      : { plugin: { name: "docusaurus-plugin-content-pages", id: "default" } };
  };

  const useGlobalData = () => globalDataOf(site);
  const useAllPluginInstancesData = (name: string, options?: { failfast?: boolean }) => {
    const found = (globalDataOf(site) as Record<string, Record<string, unknown>>)[name];
    if (!found && options?.failfast)
      throw new Error(`Docusaurus plugin global data not found for "${name}" plugin (docsite has docs data only).`);
    return found;
  };
  const usePluginData = (name: string, id = "default", options?: { failfast?: boolean }) => {
    const found = useAllPluginInstancesData(name, options)?.[id];
    if (!found && options?.failfast)
      throw new Error(`Docusaurus plugin global data not found for "${name}" plugin with id "${id}".`);
    return found;
  };

  // docsite checks the built pages' links and anchors itself (check-links): what a component reports is not needed.
  const useBrokenLinks = () => ({ collectLink: (_link?: string) => {}, collectAnchor: (_anchor?: string) => {} });
  const useIsomorphicLayoutEffect = canUseDOM ? useLayoutEffect : useEffect;

  const router = routerModule(site);
  const main = (value: unknown, named: Record<string, unknown> = {}) => ({ default: value, ...named });
  return {
    Link: main(Link),
    useBaseUrl: main(useBaseUrl, {
      useBaseUrlUtils,
      addBaseUrl: (o: { siteUrl?: string; baseUrl?: string; url: string; options?: object }) =>
        addBaseUrl({ url: o.siteUrl ?? site.url, baseUrl: o.baseUrl ?? site.baseUrl }, o.url, o.options),
    }),
    isInternalUrl: main(isInternalUrl, { hasProtocol }),
    BrowserOnly: main(BrowserOnly),
    useIsBrowser: main(useIsBrowser),
    ExecutionEnvironment: main(ExecutionEnvironment, ExecutionEnvironment),
    useDocusaurusContext: main(useDocusaurusContext),
    Translate: main(Translate, { translate }),
    Interpolate: main(Interpolate, { interpolate }),
    useRouteContext: main(useRouteContext),
    useGlobalData: main(useGlobalData, { usePluginData, useAllPluginInstancesData }),
    useBrokenLinks: main(useBrokenLinks),
    useIsomorphicLayoutEffect: main(useIsomorphicLayoutEffect),
    ErrorBoundary: main(ErrorBoundary),
    Noop: main(() => null),
    constants: { DEFAULT_PLUGIN_ID: "default" },
    types: {},
    router,
  };
}

/**
 * `@docusaurus/router`: the location once mounted, history as page loads (each route is a static page), `<Redirect>`
 * as a refresh to the target, and react-router's `matchPath`.
 */
function routerModule(site: SiteData): Record<string, unknown> {
  const useLocation = () => {
    const loc = useAfterMount({ pathname: "", search: "", hash: "", state: undefined as unknown }, () => ({
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      state: history.state as unknown,
    }));
    return loc;
  };
  const go = (path: string | { pathname?: string; search?: string; hash?: string }) =>
    typeof path === "string"
      ? addBaseUrl(site, path)
      : addBaseUrl(site, `${path.pathname ?? location.pathname}${path.search ?? ""}${path.hash ?? ""}`);
  const useHistory = () => ({
    push: (path: string) => location.assign(go(path)),
    replace: (path: string) => location.replace(go(path)),
    go: (n: number) => history.go(n),
    goBack: () => history.back(),
    goForward: () => history.forward(),
    get location() {
      return { pathname: location.pathname, search: location.search, hash: location.hash };
    },
    listen: () => () => {},
  });
  // A page that only sends the reader on: a refresh to the target and a link to it, which is what a static page can
  // do where Docusaurus' client router would redirect.
  const Redirect = ({ to }: { to: string | { pathname?: string } }) => {
    const href = addBaseUrl(site, typeof to === "string" ? to : (to.pathname ?? "/"));
    return createElement(
      Fragment,
      null,
      createElement("meta", { httpEquiv: "refresh", content: `0; url=${href}` }),
      createElement("p", null, createElement("a", { href }, href)),
    );
  };
  return { useLocation, useHistory, Redirect, matchPath };
}

/** react-router 5's matchPath for the patterns sites pass: `/a/:param`, `exact`, `strict`, a trailing `*`. */
export function matchPath(
  pathname: string,
  options: string | string[] | { path?: string | string[]; exact?: boolean; strict?: boolean; sensitive?: boolean },
): { path: string; url: string; isExact: boolean; params: Record<string, string> } | null {
  const opts = typeof options === "string" || Array.isArray(options) ? { path: options } : options;
  const paths = opts.path === undefined ? [] : ([] as string[]).concat(opts.path);
  for (const path of paths) {
    const names: string[] = [];
    const source = path
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\/:(\w+)(\\\?)?/g, (_m, name: string, optional?: string) => {
        names.push(name);
        return optional ? "(?:/([^/]+))?" : "/([^/]+)";
      })
      .replace(/\*/g, "(.*)");
    const end = opts.exact ? (opts.strict ? "$" : "/?$") : opts.strict ? "" : "(?=/|$)";
    const m = new RegExp(`^${source}${end}`, opts.sensitive ? "" : "i").exec(pathname);
    if (!m) continue;
    const url = path === "/" && m[0] === "" ? "/" : m[0];
    const isExact = pathname === url;
    if (opts.exact && !isExact) continue;
    return { path, url, isExact, params: Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) };
  }
  return null;
}

/**
 * Docusaurus' ErrorBoundary: a component that throws in the browser draws the `fallback` (`{error, tryAgain}`)
 * instead of breaking the island. On the server an error still fails the page, as it fails Docusaurus' build.
 */
class ErrorBoundary extends Component<
  { fallback?: (p: { error: Error; tryAgain: () => void }) => ReactNode; children?: ReactNode },
  { error: Error | null }
> {
  state = { error: null as Error | null };
  componentDidCatch(error: Error) {
    this.setState({ error });
  }
  render() {
    const { error } = this.state;
    if (!error) return this.props.children ?? null;
    const tryAgain = () => this.setState({ error: null });
    if (this.props.fallback) return this.props.fallback({ error, tryAgain });
    return createElement(
      "div",
      { className: "error-boundary", role: "alert" },
      createElement("p", null, error.message),
      createElement("button", { type: "button", onClick: tryAgain }, "Try again"),
    );
  }
}

/** `@docusaurus/<name>` modules docsite provides to the server and islands, as module objects. */
export function siteModules(site: SiteData): Record<string, Record<string, unknown>> {
  return {
    ...coreModules(site),
    "theme-common": themeCommonMain(site),
    "theme-common/internal": themeCommonInternal(site),
    "plugin-content-docs/client": docsClientModule(site),
  };
}
