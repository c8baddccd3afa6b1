// The blog's routes in one locale: its posts (newest first, each linking its neighbours), the paginated list, the
// tag pages (when the site has them) and the archive.
import type { SiteConfig } from "../config/types.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import { DocsiteError } from "../log.ts";
import { blogBase, encodePath } from "../content/paths.ts";
import {
  postDate,
  authorNames,
  tagLabels,
  readAuthors,
  readTagDefs,
  postTags,
  type AuthorsMap,
  type TagDef,
} from "../content/blog-meta.ts";
import { contentTitle, firstParagraph } from "../mdx/page-meta.ts";
import type { BlogPostSummary, BlogPostRoute, BlogListRoute } from "./types.ts";
import type { RouteSink } from "./route-sink.ts";
import { planKey, type BlogPlan } from "./plans.ts";

/** What the blog's passes in one locale share. */
interface BlogPass {
  config: SiteConfig;
  locale: string;
  sink: RouteSink;
  tagDefs: Record<string, TagDef>;
  tagsRoot: string;
  authorsOf: (locale: string) => AuthorsMap;
}

export function addBlogRoutes(
  config: SiteConfig,
  locale: string,
  plans: BlogPlan[],
  compiled: Map<string, CompiledMdx>,
  sink: RouteSink,
): void {
  const b: BlogPass = {
    config,
    locale,
    sink,
    authorsOf: authorsReader(config),
    tagDefs: blogTagDefs(config, locale),
    tagsRoot: `${blogBase(config, locale)}tags/`,
  };
  const posts = plans
    .filter((p) => p.locale === locale)
    .map((p) => blogPostRoute(b, p, compiled.get(planKey(p))!))
    .sort((x, y) =>
      x.post.date < y.post.date ? 1 : x.post.date > y.post.date ? -1 : x.post.slug.localeCompare(y.post.slug),
    );
  const listed = posts.filter((p) => !p.unlisted);
  linkNeighbours(listed);
  const blogRoot = blogBase(config, locale);
  const perPage = config.blog.postsPerPage;
  const lists = blogListPages(
    blogRoot,
    listed.map((p) => p.post),
    perPage,
  );
  for (const r of lists) sink.add({ ...r, locale, key: sink.keyOf(r.path), origin: "content/*/blog" });
  if (config.blog.tagPages) addTagPages(b, listed, perPage);
  addArchive(b, listed, blogRoot);
  posts.forEach(sink.add);
}

/** A locale's authors (authors.yml): its own over the default locale's, each locale read once. */
function authorsReader(config: SiteConfig): (locale: string) => AuthorsMap {
  const authorsCache = new Map<string, AuthorsMap>();
  return (l) => {
    if (!authorsCache.has(l)) {
      const own = readAuthors(`${config.rootDir}/content/${l}/blog`);
      authorsCache.set(l, { ...readAuthors(`${config.rootDir}/content/${config.i18n.defaultLocale}/blog`), ...own });
    }
    return authorsCache.get(l)!;
  };
}

/** The locale's tag definitions (tags.yml) over the default locale's; none without tag pages. */
function blogTagDefs(config: SiteConfig, locale: string): Record<string, TagDef> {
  return config.blog.tagPages
    ? {
        ...readTagDefs(`${config.rootDir}/content/${config.i18n.defaultLocale}/blog`, config.rootDir),
        ...readTagDefs(`${config.rootDir}/content/${locale}/blog`, config.rootDir),
      }
    : {};
}

/** A post's route and the summary lists show of it. */
function blogPostRoute(b: BlogPass, p: BlogPlan, c: CompiledMdx): BlogPostRoute {
  const { config, locale } = b;
  const d = p.source.data;
  const date = postDate(d.date);
  if (!date)
    throw new DocsiteError(
      "blog post has no date",
      { file: p.source.file, line: 2 },
      "add `date: YYYY-MM-DD` to the front matter, or start the file name with the date (2024-05-20-post.mdx)",
    );
  const href = `${blogBase(config, locale)}${encodePath(p.source.slug)}/`;
  const tags = config.blog.tagPages ? postTags(d.tags, b.tagDefs) : undefined;
  const post: BlogPostSummary = {
    slug: p.source.slug,
    href,
    title: String(d.title ?? contentTitle(c) ?? p.source.slug),
    description: String(d.description ?? firstParagraph(c)),
    date,
    authors: authorNames(d, b.authorsOf(p.source.locale)),
    tags: tags ? tags.map((x) => x.label) : tagLabels(d.tags),
    readingMinutes: Math.max(1, Math.ceil(c.wordCount / config.blog.wordsPerMinute)),
  };
  if (config.blog.excerpts === "truncate" && c.excerpt) post.excerpt = c.excerpt;
  if (tags) post.tagLinks = tags.map((x) => ({ label: x.label, href: `${b.tagsRoot}${encodePath(x.permalink)}/` }));
  return {
    kind: "blogPost",
    path: href,
    locale,
    key: b.sink.keyOf(href),
    origin: p.source.file,
    unlisted: Boolean(d.unlisted),
    source: p.source,
    compiled: c,
    post,
  };
}

/** Newer post first in the list; "previous" is the newer one, as readers scroll back in time. */
function linkNeighbours(listed: BlogPostRoute[]): void {
  listed.forEach((p, i) => {
    if (i > 0) p.prev = { title: listed[i - 1].post.title, href: listed[i - 1].path };
    if (i < listed.length - 1) p.next = { title: listed[i + 1].post.title, href: listed[i + 1].path };
  });
}

/** `<blog>/archive/`: the listed posts by year. */
function addArchive(b: BlogPass, listed: BlogPostRoute[], blogRoot: string): void {
  const years = new Map<string, BlogPostSummary[]>();
  for (const p of listed) {
    const y = p.post.date.slice(0, 4);
    if (!years.has(y)) years.set(y, []);
    years.get(y)!.push(p.post);
  }
  const archive = `${blogRoot}archive/`;
  b.sink.add({
    kind: "blogArchive",
    path: archive,
    locale: b.locale,
    key: b.sink.keyOf(archive),
    origin: "content/*/blog",
    years: [...years].map(([year, ps]) => ({ year, posts: ps })),
  });
}

/** `<blog>/tags/` (every tag with its post count) and a list per tag, paginated like the blog list. */
function addTagPages(b: BlogPass, listed: BlogPostRoute[], perPage: number): void {
  const { locale, sink, tagsRoot } = b;
  const byHref = new Map<string, { label: string; posts: BlogPostSummary[] }>();
  for (const p of listed)
    for (const t of p.post.tagLinks ?? []) {
      if (!byHref.has(t.href)) byHref.set(t.href, { label: t.label, posts: [] });
      byHref.get(t.href)!.posts.push(p.post);
    }
  if (!byHref.size) return;
  const description = new Map(Object.values(b.tagDefs).map((d) => [d.label, d.description]));
  const tags = [...byHref]
    .map(([href, t]) => ({ label: t.label, href, count: t.posts.length }))
    .sort((x, y) => x.label.localeCompare(y.label));
  sink.add({
    kind: "blogTags",
    path: tagsRoot,
    locale,
    key: sink.keyOf(tagsRoot),
    origin: "content/*/blog (tags)",
    tags,
  });
  for (const [href, t] of byHref) {
    const tag = { label: t.label, description: description.get(t.label), count: t.posts.length, allTagsHref: tagsRoot };
    for (const r of blogListPages(href, t.posts, perPage))
      sink.add({ ...r, locale, key: sink.keyOf(r.path), origin: "content/*/blog (tags)", tag });
  }
}

/** A list of posts cut into pages: `<base>`, then `<base>page/2/`…, each linking its neighbours (at least one page). */
function blogListPages(
  base: string,
  posts: BlogPostSummary[],
  perPage: number,
): Array<Omit<BlogListRoute, "locale" | "key" | "origin">> {
  const totalPages = Math.max(1, Math.ceil(posts.length / perPage));
  const pageHref = (n: number) => (n === 1 ? base : `${base}page/${n}/`);
  return Array.from({ length: totalPages }, (_, i) => {
    const n = i + 1;
    return {
      kind: "blogList",
      path: pageHref(n),
      page: n,
      totalPages,
      posts: posts.slice(i * perPage, n * perPage),
      prevHref: n > 1 ? pageHref(n - 1) : undefined,
      nextHref: n < totalPages ? pageHref(n + 1) : undefined,
    };
  });
}
