// Draws a React page of the site's pages folder (cli/pages/bundle-page.ts): its bundle runs like a component's, its
// islands (required as `docsite-island:<key>`) are drawn as islands, and what its Layout and Head said becomes the
// document's title and description.
import { createElement, type ComponentType } from "react";
import { siteConfigOf, siteData } from "../../theme/docusaurus/site-modules.tsx";
import type { HeadData } from "./html.ts";
import { runComponent, type RuntimeSite } from "./mdx-runtime.ts";
import { islandComponent, islandExports } from "../islands/ssr.ts";
import type { PageHeadData } from "../../theme/docusaurus/page-frame.tsx";
import { ISLAND_IMPORT } from "../pages/bundle-page.ts";

/** A React page's part of a render job (render/render-job.ts: PageSpec `sitePage`). */
interface SitePageSpec {
  code: string;
  islands: Record<string, string>;
  island?: string;
}

export function sitePageComponent(spec: SitePageSpec, site: RuntimeSite): ComponentType {
  const exports = runComponent(spec.code, site, (request) => {
    if (!request.startsWith(ISLAND_IMPORT)) return undefined;
    const key = request.slice(ISLAND_IMPORT.length);
    const code = spec.islands[key];
    if (code === undefined) throw new Error(`internal: the page's island ${key} was not bundled`);
    return islandExports(runComponent(code, site) as Record<string, unknown>, key);
  }) as { default?: unknown };
  const Page = exports.default;
  if (typeof Page !== "function")
    throw new Error("the page module has no default export: export the page component as default");
  const Drawn = spec.island
    ? islandComponent(Page as ComponentType<object>, spec.island, "default")
    : (Page as ComponentType<object>);
  // Docusaurus gives a page the site's config as its `config` prop (some pages still read it).
  const config = siteConfigOf(siteData(site as Parameters<typeof siteData>[0]));
  return () => createElement(Drawn as ComponentType<{ config: typeof config }>, { config });
}

/** The document with the title and description a page's Layout or Head gave (Docusaurus' "<title> | <site>"). */
export function withPageHead<D extends { config: { title: string }; head: HeadData }>(
  document: D,
  page: PageHeadData,
): D {
  const siteTitle = document.config.title;
  const title = page.fullTitle ?? (page.title ? `${page.title} | ${siteTitle}` : document.head.title);
  const head: HeadData = {
    ...document.head,
    title,
    description: page.description ?? document.head.description,
    ...(page.keywords ? { keywords: page.keywords } : {}),
  };
  return { ...document, head };
}
