// docsite's own components under their Docusaurus names, each taking the props Docusaurus' classic theme gives that
// name: what `@theme-original/<Name>` and `@theme-init/<Name>` give a site's override that wraps one, and what
// `@theme/<Name>` gives it when the site does not override that name (cli/theme-overrides/). The table names the
// module and export of each, so the browser's bundle of an island takes only the one it imports
// (cli/islands/bundle.ts); the server reads the same table.
import type { ComponentType } from "react";
import { Icon } from "../icons.tsx";
import * as footer from "./Footer.tsx";
import * as navbar from "./Navbar.tsx";
import * as toc from "../docs/Toc.tsx";
import * as sidebar from "../docs/Sidebar.tsx";
import * as docPage from "../docs/DocPage.tsx";
import * as paginator from "../docs/PaginatorNavLink.tsx";
import { NotFoundPage } from "../pages/SimplePages.tsx";
import { Themed } from "./overrides.tsx";
import * as codeBlock from "../docusaurus/code-block.tsx";

/** Docusaurus name → [module under theme/, export]. */
export const OWN_THEME_EXPORTS: Readonly<Record<string, readonly [string, string]>> = {
  Footer: ["layout/Footer.tsx", "FooterOwn"],
  "Footer/Layout": ["layout/Footer.tsx", "FooterLayout"],
  "Footer/Links": ["layout/Footer.tsx", "FooterLinks"],
  "Footer/LinkItem": ["layout/Footer.tsx", "FooterLinkItem"],
  "Footer/Copyright": ["layout/Footer.tsx", "FooterCopyright"],
  "Footer/Logo": ["layout/Footer.tsx", "FooterLogo"],
  "Navbar/Logo": ["layout/Navbar.tsx", "NavbarLogo"],
  "Navbar/MobileSidebar/Toggle": ["layout/Navbar.tsx", "MobileSidebarToggle"],
  ColorModeToggle: ["layout/Navbar.tsx", "ColorModeToggleOwn"],
  TOC: ["docs/Toc.tsx", "TOC"],
  TOCCollapsible: ["docs/Toc.tsx", "TOCCollapsible"],
  DocSidebarItem: ["docs/Sidebar.tsx", "DocSidebarItem"],
  "DocSidebarItem/Link": ["docs/Sidebar.tsx", "DocSidebarItemLink"],
  "DocSidebarItem/Category": ["docs/Sidebar.tsx", "DocSidebarItemCategory"],
  "DocSidebarItem/Html": ["docs/Sidebar.tsx", "DocSidebarItemHtml"],
  DocSidebarItems: ["docs/Sidebar.tsx", "DocSidebarItems"],
  PaginatorNavLink: ["docs/PaginatorNavLink.tsx", "PaginatorNavLink"],
  "DocItem/Footer": ["docs/DocPage.tsx", "DocItemFooter"],
  NotFound: ["layout/own-theme.tsx", "NotFound"],
  "NotFound/Content": ["layout/own-theme.tsx", "NotFoundContent"],
  "Icon/ExternalLink": ["layout/own-theme.tsx", "IconExternalLink"],
  "Icon/Close": ["layout/own-theme.tsx", "IconClose"],
  "Icon/Menu": ["layout/own-theme.tsx", "IconMenu"],
  "Icon/Copy": ["layout/own-theme.tsx", "IconCopy"],
  "Icon/DarkMode": ["layout/own-theme.tsx", "IconDarkMode"],
  "Icon/LightMode": ["layout/own-theme.tsx", "IconLightMode"],
  "Icon/SystemColorMode": ["layout/own-theme.tsx", "IconSystemColorMode"],
  "Icon/Language": ["layout/own-theme.tsx", "IconLanguage"],
  "Icon/Search": ["layout/own-theme.tsx", "IconSearch"],
  // The parts a swizzled CodeBlock imports (docsite's own code blocks do not use them).
  ...Object.fromEntries(
    Object.entries(codeBlock.CODE_BLOCK_PARTS).map(([name, exported]) => [
      name,
      ["docusaurus/code-block.tsx", exported] as const,
    ]),
  ),
};

type IconProps = { width?: number; height?: number; className?: string };
const icon =
  (name: string) =>
  ({ width, height }: IconProps) => <Icon name={name} size={width ?? height ?? 20} />;

/** `@theme/Icon/*`: `{ width, height, className }` (docsite's icons are square). */
export const IconExternalLink = icon("external");
export const IconClose = icon("close");
export const IconMenu = icon("menu");
export const IconCopy = icon("copy");
export const IconDarkMode = icon("moon");
export const IconLightMode = icon("sun");
export const IconSystemColorMode = icon("system");
export const IconLanguage = icon("locale");
export const IconSearch = icon("search");

/** `@theme/NotFound/Content`: `{ className }`, docsite's page-not-found text in its main element. */
export const NotFoundContent = (_props: { className?: string }) => <NotFoundPage />;

/** `@theme/NotFound` (no props): the page of a missing address, its content `NotFound/Content`. */
export const NotFound = () => <Themed name="NotFound/Content" own={NotFoundContent} props={{}} />;

const MODULES: Record<string, Record<string, unknown>> = {
  "layout/Footer.tsx": footer,
  "layout/Navbar.tsx": navbar,
  "docs/Toc.tsx": toc,
  "docs/Sidebar.tsx": sidebar,
  "docs/DocPage.tsx": docPage,
  "docs/PaginatorNavLink.tsx": paginator,
  "docusaurus/code-block.tsx": codeBlock,
  "layout/own-theme.tsx": {
    IconExternalLink,
    IconClose,
    IconMenu,
    IconCopy,
    IconDarkMode,
    IconLightMode,
    IconSystemColorMode,
    IconLanguage,
    IconSearch,
    NotFound,
    NotFoundContent,
  },
};

/** docsite's own component for a Docusaurus name of the layout, or undefined (content's are theme/mdx's). */
export function ownThemeComponent(name: string): ComponentType<any> | undefined {
  const found = OWN_THEME_EXPORTS[name];
  return found ? (MODULES[found[0]]?.[found[1]] as ComponentType<any>) : undefined;
}
