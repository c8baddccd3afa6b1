// Blog list (with pagination), archive by year, and the post page.
import type { ReactNode } from "react";
import { Themed } from "../layout/overrides.tsx";
import { PaginatorNavLink } from "../docs/PaginatorNavLink.tsx";
import { useLocale, useT } from "../context.tsx";
import type { BlogPostData } from "../types.ts";

export function formatDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function PostMeta({ post }: { post: BlogPostData }) {
  const t = useT();
  const locale = useLocale();
  return (
    <p className="blog-meta">
      <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
      {" · "}
      <span>{t("theme.blog.post.readingTime.plurals", { count: post.readingMinutes })}</span>
      {post.authors.length > 0 && (
        <>
          {" · "}
          <span>{post.authors.join(", ")}</span>
        </>
      )}
    </p>
  );
}

/** The recent-posts sidebar (`blog.sidebarCount`) beside a blog page, when the site has one. */
function WithRecentPosts({
  recent,
  current,
  children,
}: {
  recent?: RecentPosts;
  current?: string;
  children: ReactNode;
}) {
  const t = useT();
  if (!recent?.length) return <>{children}</>;
  return (
    <div className="blog-layout">
      <nav className="blog-sidebar" aria-label={t("theme.blog.sidebar.navAriaLabel")}>
        <p className="blog-sidebar__title">{t("theme.blog.sidebar.title")}</p>
        <ul>
          {recent.map((p) => (
            <li key={p.href}>
              <a href={p.href} aria-current={p.href === current ? "page" : undefined}>
                {p.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

export type RecentPosts = Array<{ title: string; href: string }>;

export function BlogListPage(props: {
  title: string;
  posts: BlogPostData[];
  page: number;
  totalPages: number;
  prevHref?: string;
  nextHref?: string;
  archiveHref: string;
  /** A tag's list: the page of all tags and the tag's description. */
  tag?: { allTagsHref: string; description?: string };
  /** Per post, the content before its truncate marker (shown instead of the description). */
  excerpts?: Array<ReactNode | null>;
  recent?: RecentPosts;
}) {
  const t = useT();
  return (
    <WithRecentPosts recent={props.recent}>
      <main id="main-content" className="blog-main container" tabIndex={-1}>
        <h1>{props.title}</h1>
        {props.tag?.description && <p>{props.tag.description}</p>}
        <p>
          {props.tag ? (
            <a href={props.tag.allTagsHref}>{t("theme.tags.tagsPageLink")}</a>
          ) : (
            <a href={props.archiveHref}>{t("theme.blog.archive.title")}</a>
          )}
        </p>
        <div className="blog-list">
          {props.posts.map((p, i) => (
            <article className="blog-card" key={p.href}>
              <h2 className="blog-card__title">
                <a href={p.href}>{p.title}</a>
              </h2>
              <PostMeta post={p} />
              {props.excerpts?.[i] ? (
                <div className="markdown blog-card__excerpt">{props.excerpts[i]}</div>
              ) : (
                <p>{p.description}</p>
              )}
              <a href={p.href} aria-label={t("theme.blog.post.readMoreLabel", { title: p.title })}>
                {t("theme.blog.post.readMore")}
              </a>
            </article>
          ))}
        </div>
        {props.totalPages > 1 && (
          <nav className="pagination-nav" aria-label={t("theme.blog.paginator.navAriaLabel")}>
            {props.prevHref ? (
              <a className="pagination-nav__link" href={props.prevHref}>
                « {t("theme.blog.paginator.newerEntries")}
              </a>
            ) : (
              <span />
            )}
            {props.nextHref && (
              <a className="pagination-nav__link pagination-nav__link--next" href={props.nextHref}>
                {t("theme.blog.paginator.olderEntries")} »
              </a>
            )}
          </nav>
        )}
      </main>
    </WithRecentPosts>
  );
}

export function BlogArchivePage({ years }: { years: Array<{ year: string; posts: BlogPostData[] }> }) {
  const t = useT();
  const locale = useLocale();
  return (
    <main id="main-content" className="blog-main container" tabIndex={-1}>
      <h1>{t("theme.blog.archive.title")}</h1>
      <p>{t("theme.blog.archive.description")}</p>
      {years.map(({ year, posts }) => (
        <section key={year} className="archive-year">
          <h2>{year}</h2>
          <ul>
            {posts.map((p) => (
              <li key={p.href}>
                <time dateTime={p.date}>{formatDate(p.date, locale)}</time> — <a href={p.href}>{p.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

export function BlogTagsPage({ tags }: { tags: Array<{ label: string; href: string; count: number }> }) {
  const t = useT();
  return (
    <main id="main-content" className="blog-main container" tabIndex={-1}>
      <h1>{t("theme.tags.tagsPageTitle")}</h1>
      <ul className="blog-tags-list">
        {tags.map((tag) => (
          <li key={tag.href}>
            <a className="tag" href={tag.href}>
              {tag.label}
            </a>{" "}
            ({tag.count})
          </li>
        ))}
      </ul>
    </main>
  );
}

export function BlogPostPage({
  post,
  prev,
  next,
  recent,
  children,
}: {
  post: BlogPostData;
  prev?: { title: string; href: string };
  next?: { title: string; href: string };
  recent?: RecentPosts;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <WithRecentPosts recent={recent} current={post.href}>
      <main id="main-content" className="blog-main container" tabIndex={-1}>
        <article className="markdown blog-post">
          <h1>{post.title}</h1>
          <PostMeta post={post} />
          {children}
          {post.tags.length > 0 && (
            <p className="blog-tags">
              {t("theme.tags.tagsListLabel")}{" "}
              {post.tagLinks
                ? post.tagLinks.map((tag) => (
                    <a className="tag" key={tag.href} href={tag.href}>
                      {tag.label}
                    </a>
                  ))
                : post.tags.map((tag) => (
                    <span className="tag" key={tag}>
                      {tag}
                    </span>
                  ))}
            </p>
          )}
        </article>
        {(prev || next) && (
          <nav className="pagination-nav" aria-label={t("theme.blog.post.paginator.navAriaLabel")}>
            {prev ? (
              <Themed
                name="PaginatorNavLink"
                own={PaginatorNavLink}
                props={{ permalink: prev.href, title: prev.title, subLabel: t("theme.blog.post.paginator.newerPost") }}
              />
            ) : (
              <span />
            )}
            {next && (
              <Themed
                name="PaginatorNavLink"
                own={PaginatorNavLink}
                props={{
                  permalink: next.href,
                  title: next.title,
                  subLabel: t("theme.blog.post.paginator.olderPost"),
                  isNext: true,
                }}
              />
            )}
          </nav>
        )}
      </main>
    </WithRecentPosts>
  );
}
