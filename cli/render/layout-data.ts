// Turns config + route into the LayoutData the theme draws: translated labels, localized hrefs, active states.
import type { SiteConfig, NavbarItem } from "../config/types.ts";
import type { Strings } from "../i18n/strings.ts";
import type { Route, RouteTable } from "../routes/types.ts";
import type { LayoutData, NavItemData, LinkData } from "../../theme/types.ts";
import { instanceVersions, lastVersionOf, localeBase, localizePath, pluginIdOf } from "../content/paths.ts";
import { versionTarget } from "../routes/version-targets.ts";
import { publicPath } from "../routes/public-url.ts";

/** The same page in every locale that has it, otherwise that locale's home. */
export function alternates(
  config: SiteConfig,
  table: RouteTable,
  route: Route,
): Array<{ locale: string; href: string; exists: boolean }> {
  return config.i18n.locales.map((locale) => {
    const candidate = localizePath(config, locale, route.key);
    const exists = table.byPath.has(candidate) && route.kind !== "notFound";
    return { locale, href: exists ? candidate : localeBase(config, locale), exists };
  });
}

export function buildLayoutData(
  config: SiteConfig,
  table: RouteTable,
  strings: Strings,
  route: Route,
  opts: { applyColorMode: boolean },
): LayoutData {
  const { locale } = route;
  const t = (k: string, v?: Record<string, string | number>) => strings.t(k, v);
  const loc = (p: string) => localizePath(config, locale, p);
  // The version dropdown is the main docs instance's (Docusaurus' default docsPluginId): on a page of another
  // instance it shows the main instance's last version, none marked active.
  const last = lastVersionOf(config);
  const inMainDocs = route.kind === "doc" && pluginIdOf(config, route.version) === config.docs.pluginId;
  const routeVersion = route.kind === "doc" && inMainDocs ? route.version : last;
  const isActive = (href: string) => route.path.startsWith(href) && href !== localeBase(config, locale);

  const toItem = (item: NavbarItem): NavItemData => {
    switch (item.type) {
      case "link": {
        const href = item.href ?? loc(item.to!);
        return {
          kind: "link",
          label: item.label ? t(item.label) : "",
          href,
          external: Boolean(item.href),
          active: !item.href && isActive(href),
          icon: item.icon,
          className: item.className,
          ariaLabel: item.ariaLabel,
        };
      }
      case "dropdown":
        return {
          kind: "dropdown",
          id: `dropdown-${config.navbar.items.indexOf(item)}`,
          label: t(item.label),
          items: item.items.map((l) => {
            const href = l.href ?? loc(l.to!);
            return { label: t(l.label), href, external: Boolean(l.href), active: !l.href && isActive(href) };
          }),
        };
      case "docSidebar": {
        const href = table.sidebarLinks.get(`${locale}|${item.sidebarId}`)!;
        const active = route.kind === "doc" && route.sidebarId === item.sidebarId;
        return { kind: "link", label: t(item.label), href, active };
      }
      case "docsVersionDropdown": {
        const items: LinkData[] = instanceVersions(config, config.docs.pluginId).map((v) => ({
          label: v.label,
          href: versionTarget(config, table, route, v),
          active: v === routeVersion && inMainDocs,
        }));
        for (const extra of item.extraLinks ?? [])
          items.push({ label: t(extra.label), href: extra.href ?? loc(extra.to!), external: Boolean(extra.href) });
        return { kind: "dropdown", id: "versions", label: routeVersion.label, items };
      }
      case "localeDropdown":
        return {
          kind: "dropdown",
          id: "locales",
          icon: "locale",
          label: config.i18n.localeConfigs[locale].label,
          items: alternates(config, table, route).map((a) => ({
            label: config.i18n.localeConfigs[a.locale].label,
            href: a.href,
            active: a.locale === locale,
            lang: config.i18n.localeConfigs[a.locale].htmlLang,
          })),
        };
      case "search":
        return { kind: "search" };
      case "colorMode":
        return { kind: "colorMode" };
    }
  };
  const left = config.navbar.items.filter((i) => (i.position ?? "left") === "left").map(toItem);
  const right = config.navbar.items.filter((i) => i.position === "right").map(toItem);
  if (!config.navbar.items.some((i) => i.type === "colorMode")) right.push({ kind: "colorMode" });

  return {
    siteTitle: config.title,
    locale,
    homeHref: localeBase(config, locale),
    logo: logoData(config),
    navbar: {
      title: config.navbar.title,
      hideOnScroll: config.navbar.hideOnScroll,
      left,
      right,
      ...(config.navbar.style ? { style: config.navbar.style } : {}),
    },
    footer: {
      groups: config.footer.links.map((g) => ({
        title: t(g.title),
        items: g.items.map((i) => ({ label: t(i.label), href: i.href ?? loc(i.to!), external: Boolean(i.href) })),
      })),
      icons: config.footer.icons.map((i) => ({ label: t(i.label), href: i.href, icon: i.icon })),
      copyright: t(config.footer.copyright, { year: new Date().getFullYear() }),
      style: config.footer.style,
    },
    announcement: config.announcementBar
      ? {
          id: config.announcementBar.id,
          content: t(config.announcementBar.content),
          closeable: config.announcementBar.isCloseable ?? true,
          html: config.announcementBar.html,
          backgroundColor: config.announcementBar.backgroundColor,
          textColor: config.announcementBar.textColor,
        }
      : null,
    colorMode: { applies: opts.applyColorMode, disableSwitch: config.colorMode.disableSwitch },
    // Also read by the search island's props (JSON, which the document's href rewrite does not reach).
    search: { href: publicPath(config, loc("/search/")), provider: config.search.provider },
    docsVersion:
      route.kind === "doc" ? { pluginId: pluginIdOf(config, route.version), name: route.version.name } : undefined,
  };
}

/** A logo's address: a full or `data:` URL as it is, a path under static/ from the site's base URL. */
export const assetUrl = (config: Pick<SiteConfig, "baseUrl">, src: string): string =>
  /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(src) ? src : config.baseUrl + src.replace(/^\//, "");

/** The navbar logo, or null for a site without one (Docusaurus' `logo` is optional). */
function logoData(config: SiteConfig): LayoutData["logo"] {
  const { src, srcDark, ...rest } = config.navbar.logo;
  if (!src) return null;
  return { ...rest, src: assetUrl(config, src), ...(srcDark ? { srcDark: assetUrl(config, srcDark) } : {}) };
}
