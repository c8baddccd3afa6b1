// Draws a RenderJob (plain data from render-route.ts `prepareRoute`) into an HTML document with React on the
// server. A pure function of the job and of the theme code: the same in the main thread and in a worker.
import { createElement as h, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStrings, type Messages, type Strings } from "../i18n/strings.ts";
import { renderDocument } from "./html.ts";
import { publishHrefs } from "../routes/public-url.ts";
import type { PageModule } from "./page-module.ts";
import { SiteProvider } from "../../theme/context.tsx";
import { Layout } from "../../theme/layout/Layout.tsx";
import { DocPage } from "../../theme/docs/DocPage.tsx";
import { DocContext } from "../../theme/docs/DocCards.tsx";
import { docSidebarContext } from "../../theme/docs/sidebar-context.ts";
import { BlogListPage, BlogArchivePage, BlogPostPage, BlogTagsPage } from "../../theme/blog/BlogPages.tsx";
import { SearchPageShell, VersionsPage, RedirectPage } from "../../theme/pages/SimplePages.tsx";
import { prePaintScript } from "../../theme/search/SearchPage.tsx";
import { runMdx, pageComponents, type RuntimeSite } from "./mdx-runtime.ts";
import { PageHead, type PageHeadData } from "../../theme/docusaurus/page-frame.tsx";
import { sitePageComponent, withPageHead } from "./site-page.ts";
import { ImagesContext } from "../../theme/mdx/DocImage.tsx";
import type { DocPageData, ImageData, LayoutData } from "../../theme/types.ts";
import { hasContent, type ContentReads, type DrawnContent } from "./page-content.ts";
import { IslandRender, islandRenderState, pruneSlotTemplates } from "../islands/ssr.ts";
import { ThemeOverrides, Themed } from "../../theme/layout/overrides.tsx";
import { NotFound } from "../../theme/layout/own-theme.tsx";
import { overrideComponents } from "./override-components.ts";
import type { OverrideModule } from "../theme-overrides/bundle.ts";

type Props<C> = C extends ComponentType<infer P> ? Omit<P, "children"> : never;

/**
 * What goes in the page slot of the layout. A doc or post carries its compiled code, or (`content`) the HTML its
 * content was drawn into before, when that still holds (pipeline/render-stage.ts); then `code` is left empty.
 */
export type PageSpec =
  | { kind: "doc"; data: DocPageData; code: string; content?: string }
  | { kind: "blogPost"; props: Props<typeof BlogPostPage>; code: string; content?: string }
  | { kind: "blogList"; props: Omit<Props<typeof BlogListPage>, "excerpts">; excerpts?: Array<string | null> }
  | { kind: "blogTags"; props: Props<typeof BlogTagsPage> }
  | { kind: "blogArchive"; props: Props<typeof BlogArchivePage> }
  | { kind: "search"; props: Props<typeof SearchPageShell> }
  | { kind: "versions"; props: Props<typeof VersionsPage> }
  | { kind: "notFound" }
  | { kind: "redirect"; props: Props<typeof RedirectPage> }
  /** A custom page: the URL its compiled module is imported from, and the hash of its code (cache keys hold that). */
  | { kind: "page"; module: string; moduleId: string; props: { locale: string } }
  /**
   * A React page of the site's pages folder (cli/pages/): its CommonJS code, the code of the islands it imports by
   * key, and its own key when it is an island as a whole.
   */
  | { kind: "sitePage"; code: string; islands: Record<string, string>; island?: string };

export interface RenderJob {
  locale: string;
  /** The image stage's results (cli/images/stage.ts) as [source path, data] pairs. */
  images: Array<[string, ImageData]>;
  /** The locale's interface strings (the theme formats them through context). */
  messages: Messages;
  /** The default locale's strings, which answer keys this locale lacks (absent for the default locale). */
  fallback?: { locale: string; messages: Messages };
  /** The browser chunk of each island the page uses, by island key (cli/islands/). */
  islands?: Record<string, string>;
  layout: LayoutData;
  /** The site's theme overrides by Docusaurus name (cli/theme-overrides/); absent for a site without any. */
  overrides?: Record<string, OverrideModule>;
  wide: boolean;
  page: PageSpec;
  /** The document around the body. */
  document: Omit<Parameters<typeof renderDocument>[0], "body">;
}

type MdxContent = ComponentType<{ components: object }>;
// Compiled MDX is evaluated once per distinct code string (dev renders the same page many times). Bounded by the
// code's size, the least recently used going first: each save of a page in dev is a new code string, and 500 of
// them kept every version of a large page (with what its module holds) in memory.
const mdxModules = new Map<string, MdxContent>();
const MDX_MODULES_MAX = 500;
const MDX_MODULES_MAX_CHARS = 32 * 1024 * 1024;
let mdxModulesChars = 0;

async function mdxComponent(code: string, site: RuntimeSite): Promise<MdxContent> {
  let c = mdxModules.get(code);
  if (c) {
    mdxModules.delete(code);
    mdxModules.set(code, c);
    return c;
  }
  const m = await runMdx(code, site);
  c = m.default as MdxContent;
  // Two renders of one new page may both have evaluated it: counted once.
  if (!mdxModules.has(code)) mdxModulesChars += code.length;
  mdxModules.set(code, c);
  for (const oldest of mdxModules.keys()) {
    if (mdxModules.size <= 1 || (mdxModules.size <= MDX_MODULES_MAX && mdxModulesChars <= MDX_MODULES_MAX_CHARS)) break;
    mdxModules.delete(oldest);
    mdxModulesChars -= oldest.length;
  }
  return c;
}

// The layout is drawn with this element where a doc's or post's content goes; the content's HTML, drawn on its own,
// replaces it. No page can contain it: content is drawn apart, and the theme has no such element.
const CONTENT_SLOT = "docsite-content-slot";
const SLOT_HTML = `<${CONTENT_SLOT}></${CONTENT_SLOT}>`;

async function pageElement(spec: PageSpec, site: RuntimeSite, head?: PageHeadData): Promise<ReactNode> {
  switch (spec.kind) {
    case "doc":
      return h(DocPage, {
        data: spec.data,
        // A generated-index page has no content: DocPage draws its cards.
        children: spec.data.generatedIndex ? null : h(CONTENT_SLOT),
      });
    case "blogPost":
      return h(BlogPostPage, { ...spec.props, children: h(CONTENT_SLOT) });
    case "blogList": {
      const excerpts = spec.excerpts
        ? await Promise.all(
            spec.excerpts.map(async (code) =>
              code ? h(await mdxComponent(code, site), { components: pageComponents }) : null,
            ),
          )
        : undefined;
      return h(BlogListPage, { ...spec.props, excerpts });
    }
    case "blogTags":
      return h(BlogTagsPage, spec.props);
    case "blogArchive":
      return h(BlogArchivePage, spec.props);
    case "search":
      return h(SearchPageShell, spec.props);
    case "versions":
      return h(VersionsPage, spec.props);
    case "notFound":
      return h(Themed, { name: "NotFound", own: NotFound, props: {} });
    case "redirect":
      return h(RedirectPage, spec.props);
    case "page": {
      const mod = (await import(spec.module)) as PageModule;
      return h(mod.default, spec.props);
    }
    case "sitePage":
      return h(PageHead.Provider, { value: head ?? {} }, h(sitePageComponent(spec, site)));
  }
}

// A locale's strings object, kept while its messages object lives: jobs made in this thread share the messages
// (cli/render/render-route.ts), so their formatters and formatted results are made once, not once per page.
const stringsOf = new WeakMap<Messages, { fallback?: Messages; strings: Strings }>();

function jobStrings(job: RenderJob): Strings {
  const known = stringsOf.get(job.messages);
  if (known && known.fallback === job.fallback?.messages) return known.strings;
  const fallback = job.fallback && createStrings(job.fallback.locale, job.fallback.messages);
  const strings = createStrings(job.locale, job.messages, undefined, fallback);
  stringsOf.set(job.messages, { fallback: job.fallback?.messages, strings });
  return strings;
}

/** `value`, reporting each property read: the content cache keys an entry on the data its content read. */
const watched = <T extends object>(value: T, read: () => void): T =>
  new Proxy(value, {
    get(target, key, receiver) {
      read();
      return Reflect.get(target, key, receiver);
    },
  });

async function drawContent(
  spec: Extract<PageSpec, { kind: "doc" | "blogPost" }>,
  job: RenderJob,
  t: Strings["t"],
): Promise<DrawnContent> {
  const reads: ContentReads = { layout: false, sidebar: false, strings: new Set() };
  const shown: Strings["t"] = (key, values) => {
    reads.strings.add(key);
    return t(key, values);
  };
  let content: ReactNode = h(await mdxComponent(spec.code, job.document.config), { components: pageComponents });
  if (spec.kind === "doc") {
    const sidebar = watched(docSidebarContext(spec.data), () => (reads.sidebar = true));
    content = h(DocContext.Provider, { value: sidebar }, content);
  }
  if (job.images.length) content = h(ImagesContext.Provider, { value: new Map(job.images) }, content);
  if (job.islands) content = h(IslandRender.Provider, { value: islandRenderState(job.islands, "c") }, content);
  content = withOverrides(job, content);
  const layout = watched(job.layout, () => (reads.layout = true));
  // Its own tree: ids from useId (tabs) get a prefix of their own, so they cannot meet ids of the layout's tree.
  const html = renderToString(h(SiteProvider, { i18n: { locale: job.locale, t: shown }, layout, children: content }), {
    identifierPrefix: "c",
  });
  return { html: job.islands ? pruneSlotTemplates(html) : html, reads };
}

/** `tree` with the site's theme overrides given to the theme (the tree as it is for a site without any). */
function withOverrides(job: RenderJob, tree: ReactNode): ReactNode {
  if (!job.overrides) return tree;
  return h(ThemeOverrides.Provider, { value: overrideComponents(job.overrides, job.document.config) }, tree);
}

/**
 * The document of a job, the content it drew (absent when the job brought its content, or has none), and the
 * inline scripts docsite itself put in its body (the Content-Security-Policy allows those, and no others there).
 */
export async function renderJobParts(
  job: RenderJob,
): Promise<{ html: string; content?: DrawnContent; ownScripts: string[] }> {
  const strings = jobStrings(job);
  const t = strings.t.bind(strings);
  const spec = job.page;
  const drawn = hasContent(spec) && spec.content === undefined ? await drawContent(spec, job, t) : undefined;
  // What a React page's Layout and Head say about the document (its title, description).
  const head: PageHeadData | undefined = spec.kind === "sitePage" ? {} : undefined;
  const element = await pageElement(spec, job.document.config, head);
  // Images the stage measured and resized: the theme's image component reads their sizes and URLs.
  const page = job.images.length ? h(ImagesContext.Provider, { value: new Map(job.images) }, element) : element;
  // Around the layout: a site's override drawn there (its ColorModeToggle) may be an island too.
  let frame: ReactNode = h(Layout, { wide: job.wide, children: page });
  if (job.islands) frame = h(IslandRender.Provider, { value: islandRenderState(job.islands, "p") }, frame);
  let body = renderToString(
    h(SiteProvider, {
      i18n: { locale: job.locale, t },
      layout: job.layout,
      children: withOverrides(job, frame),
    }),
  );
  if (job.islands) body = pruneSlotTemplates(body);
  if (hasContent(spec)) {
    const at = body.indexOf(SLOT_HTML);
    if (at < 0) throw new Error("the layout lost the page content's place");
    body = body.slice(0, at) + (drawn?.html ?? spec.content) + body.slice(at + SLOT_HTML.length);
  }
  const ownScripts = spec.kind === "search" && spec.props.search ? [prePaintScript(spec.props.search)] : [];
  const document = head ? withPageHead(job.document, head) : job.document;
  return {
    html: publishHrefs(job.document.config, renderDocument({ ...document, body })),
    content: drawn,
    ownScripts,
  };
}

export async function renderJob(job: RenderJob): Promise<string> {
  return (await renderJobParts(job)).html;
}
