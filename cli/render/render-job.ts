// Draws a RenderJob (plain data from render-route.ts `prepareRoute`) into an HTML document with React on the
// server. A pure function of the job and of the theme code: the same in the main thread and in a worker.
import { createElement as h, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import * as jsxRuntime from "react/jsx-runtime";
import { run } from "@mdx-js/mdx";
import { createStrings, type Messages } from "../i18n/strings.ts";
import { renderDocument } from "./html.ts";
import type { PageModule } from "./page-module.ts";
import { SiteProvider } from "../../theme/context.tsx";
import { Layout } from "../../theme/layout/Layout.tsx";
import { DocPage } from "../../theme/docs/DocPage.tsx";
import { BlogListPage, BlogArchivePage, BlogPostPage } from "../../theme/blog/BlogPages.tsx";
import { NotFoundPage, SearchPageShell, VersionsPage, RedirectPage } from "../../theme/pages/SimplePages.tsx";
import { mdxComponents } from "../../theme/mdx/components.tsx";
import type { DocPageData, LayoutData } from "../../theme/types.ts";

type Props<C> = C extends ComponentType<infer P> ? Omit<P, "children"> : never;

/** What goes in the page slot of the layout. */
export type PageSpec =
  | { kind: "doc"; data: DocPageData; code: string }
  | { kind: "blogPost"; props: Props<typeof BlogPostPage>; code: string }
  | { kind: "blogList"; props: Props<typeof BlogListPage> }
  | { kind: "blogArchive"; props: Props<typeof BlogArchivePage> }
  | { kind: "search"; props: Props<typeof SearchPageShell> }
  | { kind: "versions"; props: Props<typeof VersionsPage> }
  | { kind: "notFound" }
  | { kind: "redirect"; props: Props<typeof RedirectPage> }
  /** A custom page: the URL of its compiled module (the file name holds a hash of its code). */
  | { kind: "page"; module: string; props: { locale: string } };

export interface RenderJob {
  locale: string;
  /** The locale's interface strings (the theme formats them through context). */
  messages: Messages;
  /** The default locale's strings, which answer keys this locale lacks (absent for the default locale). */
  fallback?: { locale: string; messages: Messages };
  layout: LayoutData;
  wide: boolean;
  page: PageSpec;
  /** The document around the body. */
  document: Omit<Parameters<typeof renderDocument>[0], "body">;
}

type MdxContent = ComponentType<{ components: object }>;
// Compiled MDX is evaluated once per distinct code string (dev renders the same page many times).
const mdxModules = new Map<string, MdxContent>();

async function mdxComponent(code: string): Promise<MdxContent> {
  let c = mdxModules.get(code);
  if (!c) {
    const m = await run(code, { ...(jsxRuntime as any), baseUrl: import.meta.url });
    c = m.default as MdxContent;
    if (mdxModules.size > 500) mdxModules.clear();
    mdxModules.set(code, c);
  }
  return c;
}

async function pageElement(spec: PageSpec): Promise<ReactNode> {
  switch (spec.kind) {
    case "doc":
      return h(DocPage, {
        data: spec.data,
        children: h(await mdxComponent(spec.code), { components: mdxComponents }),
      });
    case "blogPost":
      return h(BlogPostPage, {
        ...spec.props,
        children: h(await mdxComponent(spec.code), { components: mdxComponents }),
      });
    case "blogList":
      return h(BlogListPage, spec.props);
    case "blogArchive":
      return h(BlogArchivePage, spec.props);
    case "search":
      return h(SearchPageShell, spec.props);
    case "versions":
      return h(VersionsPage, spec.props);
    case "notFound":
      return h(NotFoundPage);
    case "redirect":
      return h(RedirectPage, spec.props);
    case "page": {
      const mod = (await import(spec.module)) as PageModule;
      return h(mod.default, spec.props);
    }
  }
}

export async function renderJob(job: RenderJob): Promise<string> {
  const fallback = job.fallback && createStrings(job.fallback.locale, job.fallback.messages);
  const strings = createStrings(job.locale, job.messages, undefined, fallback);
  const t = strings.t.bind(strings);
  const page = await pageElement(job.page);
  const body = renderToString(
    h(SiteProvider, {
      i18n: { locale: job.locale, t },
      layout: job.layout,
      children: h(Layout, { wide: job.wide, children: page }),
    }),
  );
  return renderDocument({ ...job.document, body });
}
