// Renders one route to a complete HTML document with React on the server, in two steps: `prepareRoute` turns a
// route and the site model into a RenderJob, plain data that holds everything the HTML depends on (so its hash
// is a sound cache key and it can cross to a worker thread); `renderJob` draws it (render/render-job.ts).
import { DocsiteError } from "../log.ts";
import type { PageModule } from "./page-module.ts";
import { moduleIdOf, moduleUrlOf } from "./page-module.ts";
import type { SiteConfig } from "../config/types.ts";
import type { FrontMatter } from "../content/frontmatter.ts";
import type { Strings } from "../i18n/strings.ts";
import type { Route, RouteTable, DocRoute } from "../routes/types.ts";
import { buildLayoutData, alternates } from "./layout-data.ts";
import { escapeHtml, movingPicturesScript, searchPagePreloads, type Assets, type HeadData } from "./html.ts";
import { blogBase, instanceVersions, lastVersionOf, localeBase, pluginIdOf } from "../content/paths.ts";
import { publicPath, publicUrl } from "../routes/public-url.ts";
import { searchClientConfig, searchPreconnect } from "./search-config.ts";
import type { SidebarItemData, DocPageData, ImageData } from "../../theme/types.ts";
import type { PageSpec, RenderJob } from "./render-job.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import type { SitePageBuild } from "../pages/bundle-page.ts";
import { docBreadcrumbs } from "../routes/breadcrumbs.ts";
import { versionTarget } from "../routes/version-targets.ts";
import type { SidebarNode } from "../routes/sidebar-nodes.ts";
import type { RecentPosts } from "../../theme/blog/BlogPages.tsx";
import type { ThemeOverridesBuild } from "../theme-overrides/bundle.ts";

function docPageData(config: SiteConfig, table: RouteTable, route: DocRoute, t: Strings["t"]): DocPageData {
  const d = route.source.data;
  const min = Number(d.toc_min_heading_level ?? 2),
    max = Number(d.toc_max_heading_level ?? 3);
  const sidebar = route.sidebarKey ? table.sidebars.get(route.sidebarKey) : undefined;
  const latest = versionTarget(config, table, route, lastVersionOf(config, pluginIdOf(config, route.version)));
  return {
    title: route.title,
    hideTitle: Boolean(d.hide_title) || route.compiled.headings[0]?.depth === 1,
    toc: route.compiled.headings.filter((x) => x.depth >= min && x.depth <= max),
    hideToc: Boolean(d.hide_table_of_contents),
    sidebar: sidebar as SidebarItemData[] | undefined,
    sidebarKey: route.sidebarKey,
    activeHref: route.path,
    prev: route.prev,
    next: route.next,
    banner:
      route.version.status === "current" || route.version.isLast
        ? undefined
        : {
            kind: route.version.status as "unmaintained" | "unreleased",
            versionLabel: route.version.label,
            latestHref: latest,
            latestLabel: t("theme.docs.versions.latestVersionLinkLabel"),
          },
    unlisted: Boolean(route.unlisted),
    untranslated: route.untranslated,
    generatedIndex: route.generatedIndex as DocPageData["generatedIndex"],
    lastUpdate: d.last_update,
    editUrl: typeof d.custom_edit_url === "string" ? d.custom_edit_url : undefined,
    ...docChrome(config, route, sidebar),
  };
}

/** The newest posts of a locale for the blog's sidebar (`blog.sidebarCount`; none by default). */
function recentPosts(config: SiteConfig, table: RouteTable, locale: string): { recent?: RecentPosts } {
  const count = config.blog.sidebarCount;
  if (!count) return {};
  const recent: RecentPosts = [];
  // The table holds a locale's posts newest first.
  for (const r of table.routes) {
    if (recent.length >= count) break;
    if (r.kind === "blogPost" && r.locale === locale && !r.unlisted) recent.push({ title: r.post.title, href: r.path });
  }
  return recent.length ? { recent } : {};
}

/** Breadcrumbs and the version badge, where the config asks for them (the Testplane site has neither). */
function docChrome(
  config: SiteConfig,
  route: DocRoute,
  sidebar: SidebarNode[] | undefined,
): Pick<DocPageData, "breadcrumbs" | "versionBadge"> {
  const items = config.docs.breadcrumbs ? docBreadcrumbs(sidebar, route.path) : undefined;
  return {
    ...(items ? { breadcrumbs: { items, homeHref: localeBase(config, route.locale) } } : {}),
    ...(route.version.badge ? { versionBadge: route.version.label } : {}),
  };
}

export interface RenderContext {
  config: SiteConfig;
  table: RouteTable;
  strings: Map<string, Strings>;
  assets: Assets;
  pageModules: Map<string, PageModule>;
  /** The image stage's results (cli/images/stage.ts), by source path. */
  images?: ReadonlyMap<string, ImageData>;
  /** The browser chunk of each island of the site, by island key (cli/islands/bundle.ts). */
  islands?: ReadonlyMap<string, string>;
  /** The site's React pages, bundled, by file (cli/pages/bundle-page.ts). */
  sitePages?: ReadonlyMap<string, SitePageBuild>;
  /** The site's theme overrides, bundled (cli/theme-overrides/bundle.ts); absent for a site without any. */
  overrides?: ThemeOverridesBuild;
}

/** Renders a route; a component or MDX page that throws is reported with the file it comes from. */
export async function renderRoute(ctx: RenderContext, route: Route): Promise<string> {
  try {
    // React's server renderer loads on first use: a build whose routes all come from the cache never loads it.
    const { renderJob } = await import("./render-job.ts");
    return await renderJob(prepareRoute(ctx, route));
  } catch (err) {
    throw renderError(err, route);
  }
}

/** A component or MDX page that throws is reported with the file the route comes from. */
export function renderError(err: unknown, route: Route): DocsiteError {
  if (err instanceof DocsiteError) return err;
  return new DocsiteError(
    `rendering ${route.path} failed: ${err instanceof Error ? err.message : String(err)}`,
    { file: route.origin },
    "fix the component or page that throws (run with --debug for the stack trace)",
    err,
  );
}

/**
 * Everything the HTML of a route depends on, as plain data (no functions, no shared objects). `codeOf` gives what
 * stands for a page's compiled code: the code itself, or (for a cache key) its hash, which leaves it unread.
 */
export function prepareRoute(
  ctx: RenderContext,
  route: Route,
  codeOf: (compiled: CompiledMdx) => string = (c) => c.code,
): RenderJob {
  const { config, table } = ctx;
  const strings = ctx.strings.get(route.locale)!;
  const t = strings.t.bind(strings);
  const lc = config.i18n.localeConfigs[route.locale];
  const { page, title, description, applyColorMode = true, wide = false, ...kind } = routePage(ctx, route, codeOf);
  const layout = buildLayoutData(config, table, strings, route, { applyColorMode });
  const head: HeadData = {
    title,
    description,
    ...headLinks(config, table, route),
    noindex: Boolean(route.unlisted) || route.kind === "redirect",
    ogType: kind.ogType ?? "website",
    ogLocale: lc.htmlLang.replace("-", "_"),
    feeds: blogFeeds(config, route, t),
    keywords: kind.keywords,
    image: kind.image,
  };
  let extraHead = kind.extraHead ?? "";
  const images = imageEntries(ctx.images, routeImages(ctx, route));
  if (images.some(([, d]) => d.video || d.dark?.video)) extraHead += movingPicturesScript(ctx.assets);
  const islands = islandUrls(ctx, route);
  return {
    locale: route.locale,
    ...(islands ? { islands } : {}),
    images,
    messages: strings.messages,
    fallback:
      route.locale === config.i18n.defaultLocale
        ? undefined
        : { locale: config.i18n.defaultLocale, messages: ctx.strings.get(config.i18n.defaultLocale)!.messages },
    layout,
    ...(ctx.overrides ? { overrides: ctx.overrides.modules } : {}),
    wide,
    page,
    document: {
      config,
      lang: lc.htmlLang,
      dir: lc.direction,
      head,
      assets: ctx.assets,
      applyColorMode,
      extraHead:
        extraHead +
        searchPreconnect(config) +
        (islands && ctx.assets.islands ? `<link rel="modulepreload" href="${escapeHtml(ctx.assets.islands)}">` : ""),
      // Per edition, as Docusaurus builds each locale with its own base URL (/ru/ for the Russian one).
      baseUrl: {
        path: localeBase(config, route.locale),
        message: t("theme.baseUrlIssue.message", { baseUrl: localeBase(config, route.locale) }),
      },
      rootAttrs: rootAttrs(ctx, route, t, islands),
    },
  };
}

type RouteOf<K extends Route["kind"]> = Route & { kind: K };

/** What a route kind puts in the page slot and in the document around it; what it leaves out keeps the defaults. */
interface RoutePage {
  page: PageSpec;
  title: string;
  description: string;
  applyColorMode?: boolean;
  wide?: boolean;
  ogType?: HeadData["ogType"];
  extraHead?: string;
  /** Docs and posts: front matter keywords and preview image. */
  keywords?: string[];
  image?: string;
}

/** One function per route kind. */
function routePage(ctx: RenderContext, route: Route, codeOf: (compiled: CompiledMdx) => string): RoutePage {
  const strings = ctx.strings.get(route.locale)!;
  const t = strings.t.bind(strings);
  const { config } = ctx;
  switch (route.kind) {
    case "doc":
      return docRoutePage(ctx, route, t, codeOf);
    case "blogPost":
      return blogPostPage(ctx, route, codeOf);
    case "blogList":
      return blogListPage(ctx, route, t);
    case "blogTags":
      return {
        page: { kind: "blogTags", props: { tags: route.tags } },
        title: `${t("theme.tags.tagsPageTitle")} | ${config.title}`,
        description: t("theme.blog.description"),
      };
    case "blogArchive":
      return {
        page: { kind: "blogArchive", props: { years: route.years } },
        title: `${t("theme.blog.archive.title")} | ${config.title}`,
        description: t("theme.blog.archive.description"),
      };
    case "search":
      return searchPage(ctx, route, strings);
    case "versions":
      return versionsPage(ctx, route, t);
    case "notFound":
      return { page: { kind: "notFound" }, title: `${t("theme.NotFound.title")} | ${config.title}`, description: "" };
    case "redirect":
      return redirectPage(config, route);
    case "sitePage":
      return sitePagePage(ctx, route, codeOf);
    case "page":
      return modulePage(ctx, route, t);
  }
}

function docRoutePage(
  ctx: RenderContext,
  route: RouteOf<"doc">,
  t: Strings["t"],
  codeOf: (compiled: CompiledMdx) => string,
): RoutePage {
  const { config } = ctx;
  return {
    page: { kind: "doc", data: docPageData(config, ctx.table, route, t), code: codeOf(route.compiled) },
    title: `${route.title} | ${config.title}`,
    description: route.description,
    ...pageMeta(config, route.source.data),
    wide: true,
  };
}

function blogPostPage(
  ctx: RenderContext,
  route: RouteOf<"blogPost">,
  codeOf: (compiled: CompiledMdx) => string,
): RoutePage {
  const { config } = ctx;
  return {
    page: {
      kind: "blogPost",
      props: { post: route.post, prev: route.prev, next: route.next, ...recentPosts(config, ctx.table, route.locale) },
      code: codeOf(route.compiled),
    },
    title: `${route.post.title} | ${config.title}`,
    description: route.post.description,
    ...pageMeta(config, route.source.data),
    ogType: "article",
  };
}

/** A page of the blog's list, or of a tag's. */
function blogListPage(ctx: RenderContext, route: RouteOf<"blogList">, t: Strings["t"]): RoutePage {
  const { config } = ctx;
  const listTitle = route.tag
    ? t("theme.blog.tagTitle.plurals", { count: route.tag.count, tagName: route.tag.label })
    : t("theme.blog.title");
  return {
    page: {
      kind: "blogList",
      props: {
        title: listTitle,
        // The excerpts' code travels beside the posts, not inside them.
        posts: route.posts.map(({ excerpt: _, ...p }) => p),
        page: route.page,
        totalPages: route.totalPages,
        prevHref: route.prevHref,
        nextHref: route.nextHref,
        archiveHref: `${blogBase(config, route.locale)}archive/`,
        ...(route.tag ? { tag: { allTagsHref: route.tag.allTagsHref, description: route.tag.description } } : {}),
        ...recentPosts(config, ctx.table, route.locale),
      },
      ...(route.posts.some((p) => p.excerpt) ? { excerpts: route.posts.map((p) => p.excerpt ?? null) } : {}),
    },
    title: `${listTitle} | ${config.title}`,
    description: route.tag?.description ?? t("theme.blog.description"),
  };
}

function searchPage(ctx: RenderContext, route: Route, strings: Strings): RoutePage {
  const { config } = ctx;
  const t = strings.t.bind(strings);
  return {
    page: {
      kind: "search",
      props: { query: "", action: route.path, search: searchClientConfig(config, ctx.table, strings) },
    },
    title: `${t("theme.SearchPage.heading")} | ${config.title}`,
    description: t("theme.SearchPage.description"),
    extraHead: searchPagePreloads(ctx.assets),
  };
}

/** The main docs instance's versions. */
function versionsPage(ctx: RenderContext, route: Route, t: Strings["t"]): RoutePage {
  const { config, table } = ctx;
  const row = (v: (typeof config.docs.versions)[number]) => ({
    label: v.label,
    // The version's main doc, as Docusaurus' versions page links it (its root is no page without a root doc).
    docsHref: versionTarget(config, table, route, v),
    releaseNotes: v.releaseNotes,
  });
  const last = lastVersionOf(config);
  const versions = instanceVersions(config, config.docs.pluginId);
  const repo = config.navbar.items.find((i) => i.type === "link" && i.href?.startsWith("https://github.com/"));
  return {
    page: {
      kind: "versions",
      props: {
        current: row(last),
        unreleased: versions.filter((v) => v.status === "unreleased").map(row),
        past: versions.filter((v) => !v.isLast && v.status !== "unreleased").map(row),
        repoHref: repo && repo.type === "link" ? repo.href : undefined,
      },
    },
    title: `${t("theme.versions.title")} | ${config.title}`,
    description: t("theme.versions.description"),
  };
}

function redirectPage(config: SiteConfig, route: RouteOf<"redirect">): RoutePage {
  const to = /^https?:\/\//.test(route.to) ? route.to : publicPath(config, route.to);
  return {
    page: { kind: "redirect", props: { to } },
    title: config.title,
    description: "",
    extraHead: `<meta http-equiv="refresh" content="0; url=${escapeHtml(to)}">`,
  };
}

/** A page of the site's pages folder. */
function sitePagePage(
  ctx: RenderContext,
  route: RouteOf<"sitePage">,
  codeOf: (compiled: CompiledMdx) => string,
): RoutePage {
  const { config } = ctx;
  const shared = { description: route.description, wide: true };
  // A Markdown page is drawn as a doc without a sidebar (Docusaurus' MDX page: content and its TOC).
  if (route.page.kind === "markdown") {
    const d = route.compiled;
    return {
      page: {
        kind: "doc",
        data: {
          title: route.title,
          hideTitle: d.headings[0]?.depth === 1,
          toc: d.headings.filter((x) => x.depth >= 2 && x.depth <= 3),
          hideToc: Boolean(route.hideToc),
          activeHref: route.path,
          unlisted: Boolean(route.unlisted),
          untranslated: false,
        },
        code: codeOf(d),
      },
      title: `${route.title} | ${config.title}`,
      ...shared,
    };
  }
  const build = ctx.sitePages?.get(route.page.file);
  if (!build) throw new Error(`internal: the page ${route.page.file} was not bundled`);
  return {
    page: { kind: "sitePage", code: build.code, islands: build.islands, island: build.island },
    title: config.title,
    ...shared,
  };
}

/** A custom page module: its `meta` says its title, description, color mode and width. */
function modulePage(ctx: RenderContext, route: RouteOf<"page">, t: Strings["t"]): RoutePage {
  const { config } = ctx;
  const mod = ctx.pageModules.get(route.module.abs)!;
  const meta = mod.meta ?? {};
  return {
    page: { kind: "page", module: moduleUrlOf(mod), moduleId: moduleIdOf(mod), props: { locale: route.locale } },
    title: meta.title ? t(meta.title) : config.title,
    description: meta.description ? t(meta.description) : config.tagline,
    applyColorMode: meta.applyColorMode ?? true,
    wide: meta.wide ?? false,
  };
}

/** The blog's RSS and Atom feeds, on the blog's pages. */
function blogFeeds(config: SiteConfig, route: Route, t: Strings["t"]): HeadData["feeds"] {
  if (
    route.kind !== "blogList" &&
    route.kind !== "blogPost" &&
    route.kind !== "blogArchive" &&
    route.kind !== "blogTags"
  )
    return undefined;
  const b = blogBase(config, route.locale);
  return [
    { type: "rss", href: `${b}rss.xml`, title: `${config.title} ${t("theme.blog.title")}` },
    { type: "atom", href: `${b}atom.xml`, title: `${config.title} ${t("theme.blog.title")}` },
  ];
}

/** The canonical URL (a redirect's target) and the page's other locales, with x-default for the default one. */
function headLinks(config: SiteConfig, table: RouteTable, route: Route): Pick<HeadData, "canonical" | "alternates"> {
  const alts = route.kind === "notFound" ? [] : alternates(config, table, route).filter((a) => a.exists);
  return {
    canonical:
      route.kind === "redirect" && /^https?:\/\//.test(route.to)
        ? route.to
        : publicUrl(config, route.kind === "redirect" ? route.to : route.path),
    alternates:
      alts.length > 1
        ? [
            ...alts.map((a) => ({
              hreflang: config.i18n.localeConfigs[a.locale].htmlLang,
              href: publicUrl(config, a.href),
            })),
            {
              hreflang: "x-default",
              href: publicUrl(config, alts.find((a) => a.locale === config.i18n.defaultLocale)!.href),
            },
          ]
        : [],
  };
}

/** The attributes of the root element the browser runtime reads. */
function rootAttrs(
  ctx: RenderContext,
  route: Route,
  t: Strings["t"],
  islands: Record<string, string> | undefined,
): Record<string, string> {
  const { config } = ctx;
  return {
    "data-locale": route.locale,
    "data-base": config.baseUrl,
    "data-route": route.kind,
    "data-i18n": JSON.stringify({
      retry: t("theme.ErrorPageContent.retry"),
      tryAgain: t("theme.ErrorPageContent.tryAgain"),
      crashed: t("theme.ErrorPageContent.title"),
      loadFailed: t("theme.ErrorPageContent.loadFailed"),
    }),
    ...(config.analytics?.yandexMetrika ? { "data-analytics": JSON.stringify(config.analytics.yandexMetrika) } : {}),
    // The version a reader uses is remembered for the main docs instance (the one data-docs-versions lists).
    ...(route.kind === "doc" && pluginIdOf(config, route.version) === config.docs.pluginId
      ? { "data-docs-version": `${config.docs.pluginId}|${route.version.name}` }
      : {}),
    // A 404 page on a static host shows the 404 page of the locale its address belongs to (not-found.ts).
    ...(route.kind === "notFound"
      ? {
          "data-locale-bases": JSON.stringify(
            Object.fromEntries(config.i18n.locales.map((l) => [l, localeBase(config, l)])),
          ),
        }
      : {}),
    "data-docs-versions": `${config.docs.pluginId}|${instanceVersions(config, config.docs.pluginId)
      .map((v) => v.name)
      .join(",")}`,
    // A page with islands names their runtime; the main runtime loads it (theme/client/entry.ts).
    ...(islands && ctx.assets.islands ? { "data-islands": ctx.assets.islands } : {}),
    // Slash-less URLs (`/x`, file `x.html`): the router and the 404 script clean `*.html` addresses to that form.
    ...(config.trailingSlash ? {} : { "data-trailing-slash": "false" }),
  };
}

/** The image stage's results as plain data, made once per map (every job of a build shares the same array). */
const imageEntryLists = new WeakMap<ReadonlyMap<string, ImageData>, Array<[string, ImageData]>>();
/**
 * The image stage's results as plain data: all of them, or only those of `srcs` (the images one page shows), so
 * that an edited image changes the render jobs — and the cache keys — of the pages that show it, and no others.
 */
export function imageEntries(
  images: ReadonlyMap<string, ImageData> | undefined,
  srcs?: Iterable<string>,
): Array<[string, ImageData]> {
  if (!images) return [];
  if (srcs) {
    // Sorted and without repeats: the key depends on which images a page shows, not on their order.
    return [...new Set(srcs)].sort().flatMap((src): Array<[string, ImageData]> => {
      const data = images.get(src);
      return data ? [[src, data]] : [];
    });
  }
  let list = imageEntryLists.get(images);
  // Sorted: the stage fills its map in the order encodes finish, which differs between runs (a cache key).
  if (!list) imageEntryLists.set(images, (list = [...images].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  return list;
}

/** The chunks of the islands a route's page uses, by key; undefined for a page without islands (most). */
function islandUrls(ctx: RenderContext, route: Route): Record<string, string> | undefined {
  const keys = routeIslands(ctx, route);
  if (!keys.length) return undefined;
  const urls: Record<string, string> = {};
  for (const k of [...keys].sort()) {
    const url = ctx.islands?.get(k);
    if (!url) throw new Error(`internal: the island ${k} has no browser chunk`);
    urls[k] = url;
  }
  return urls;
}

function routeIslands(ctx: RenderContext, route: Route): string[] {
  // The overrides that need the browser are on every page: the layout holds them.
  const overrides = ctx.overrides?.islands ?? [];
  const own = pageIslands(ctx, route);
  return overrides.length ? [...new Set([...own, ...overrides])] : own;
}

function pageIslands(ctx: RenderContext, route: Route): string[] {
  if (route.kind === "doc" || route.kind === "blogPost") return route.compiled.modules?.islands ?? [];
  if (route.kind === "sitePage") {
    if (route.page.kind === "markdown") return route.compiled.modules?.islands ?? [];
    const build = ctx.sitePages?.get(route.page.file);
    return build ? [...Object.keys(build.islands), ...(build.island ? [build.island] : [])] : [];
  }
  if (route.kind === "blogList")
    return [
      ...new Set(
        route.posts.flatMap((p) => {
          const post = ctx.table.byPath.get(p.href);
          return post?.kind === "blogPost" && p.excerpt ? (post.compiled.modules?.islands ?? []) : [];
        }),
      ),
    ];
  return [];
}

/** The images a route shows: its page's (Markdown images, <img>, partials) or a custom page's `meta.images`. */
function routeImages(ctx: RenderContext, route: Route): string[] {
  if (route.kind === "doc" || route.kind === "blogPost") return (route.compiled.images ?? []).map((i) => i.src);
  if (route.kind === "page") return ctx.pageModules.get(route.module.abs)?.meta?.images ?? [];
  return [];
}

/** Front matter `keywords` and `image` (a site path or a full URL) as head data. */
function pageMeta(config: SiteConfig, { keywords, image }: FrontMatter): { keywords?: string[]; image?: string } {
  return {
    keywords,
    image: image && (/^https?:\/\//.test(image) ? image : config.url + config.baseUrl + image.replace(/^\//, "")),
  };
}
