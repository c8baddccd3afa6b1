// The route table: one entry per URL of the built site.
import type { VersionConfig } from "../config/types.ts";
import type { DocSource, BlogSource, PageModuleSource } from "../content/scan.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import type { SidebarNode } from "./sidebar-nodes.ts";
import type { SitePageSource } from "../content/find-pages.ts";

interface RouteBase {
  path: string;
  locale: string;
  /** The path without its locale prefix: the same key in every locale, used for alternates and the locale switch. */
  key: string;
  /** File that produced the route, for messages. */
  origin: string;
  /** Excluded from sitemaps and search, marked noindex. */
  unlisted?: boolean;
}

export interface PrevNext {
  title: string;
  href: string;
}

export interface DocRoute extends RouteBase {
  kind: "doc";
  version: VersionConfig;
  id: string;
  source: DocSource;
  compiled: CompiledMdx;
  title: string;
  description: string;
  sidebarKey?: string;
  sidebarId?: string;
  prev?: PrevNext;
  next?: PrevNext;
  /** Content shown in the default locale because this locale has no translation. */
  untranslated: boolean;
  /** A generated-index category page (no content file): its description and items, drawn as cards. */
  generatedIndex?: { description?: string; items: SidebarNode[] };
}

export interface BlogPostSummary {
  slug: string;
  href: string;
  title: string;
  description: string;
  date: string;
  authors: string[];
  tags: string[];
  readingMinutes: number;
  /** Compiled content before the post's truncate marker, shown on list pages (`blog.excerpts: "truncate"`). */
  excerpt?: string;
  /** The tags' pages, when the site has them (`blog.tagPages`). */
  tagLinks?: Array<{ label: string; href: string }>;
}

export interface BlogPostRoute extends RouteBase {
  kind: "blogPost";
  source: BlogSource;
  compiled: CompiledMdx;
  post: BlogPostSummary;
  prev?: PrevNext;
  next?: PrevNext;
}

export interface BlogListRoute extends RouteBase {
  kind: "blogList";
  posts: BlogPostSummary[];
  page: number;
  totalPages: number;
  prevHref?: string;
  nextHref?: string;
  /** A tag's list: its label and the page of all tags. */
  tag?: { label: string; description?: string; count: number; allTagsHref: string };
}

interface BlogTagsRoute extends RouteBase {
  kind: "blogTags";
  tags: Array<{ label: string; href: string; count: number }>;
}

interface BlogArchiveRoute extends RouteBase {
  kind: "blogArchive";
  years: Array<{ year: string; posts: BlogPostSummary[] }>;
}

export interface RedirectRoute extends RouteBase {
  kind: "redirect";
  /** A route path of the site, or a full URL. */
  to: string;
  /** One of the config's redirects (cli/redirects/): also a line of `_redirects`, answered with a 301. */
  permanent?: boolean;
}
interface SimpleRoute extends RouteBase {
  kind: "search" | "versions" | "notFound";
}
interface PageModuleRoute extends RouteBase {
  kind: "page";
  module: PageModuleSource;
}

/** A Docusaurus page of the site's pages folder (cli/pages/): a React module, or Markdown compiled like a doc. */
export interface SitePageRoute extends RouteBase {
  kind: "sitePage";
  page: SitePageSource;
  /** Markdown pages: the compiled file of this route's locale; React pages: an empty one (no content of theirs). */
  compiled: CompiledMdx;
  title: string;
  description: string;
  /** Markdown front matter: no table of contents, no title drawn by the page. */
  hideToc?: boolean;
}

export type Route =
  | DocRoute
  | BlogPostRoute
  | BlogListRoute
  | BlogArchiveRoute
  | BlogTagsRoute
  | RedirectRoute
  | SimpleRoute
  | PageModuleRoute
  | SitePageRoute;

export interface RouteTable {
  routes: Route[];
  byPath: Map<string, Route>;
  /** key `${locale}|${version}|${sidebarId}` */
  sidebars: Map<string, SidebarNode[]>;
  /** Where each navbar docSidebar item points, by `${locale}|${sidebarId}` (latest version). */
  sidebarLinks: Map<string, string>;
}
