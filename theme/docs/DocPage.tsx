import { createContext, useContext, type ReactNode } from "react";
import { useT, useLayout, useLocale } from "../context.tsx";
import { Sidebar } from "./Sidebar.tsx";
import { TocWithTitle, TOCCollapsible, docusaurusToc } from "./Toc.tsx";
import { Themed } from "../layout/overrides.tsx";
import { PaginatorNavLink } from "./PaginatorNavLink.tsx";
import { DocCardList, DocContext } from "./DocCards.tsx";
import { docSidebarContext } from "./sidebar-context.ts";
import { formatDate } from "../blog/BlogPages.tsx";
import type { DocPageData } from "../types.ts";
import { Breadcrumbs } from "./Breadcrumbs.tsx";

/** Front matter last_update and custom_edit_url, under the content. */
function DocFooter({ data }: { data: DocPageData }) {
  const t = useT();
  const locale = useLocale();
  const u = data.lastUpdate;
  if (!u && !data.editUrl) return null;
  return (
    <footer className="doc-footer">
      {data.editUrl ? <a href={data.editUrl}>{t("theme.common.editThisPage")}</a> : <span />}
      {u && (
        <span className="doc-footer__updated">
          {t("theme.lastUpdated.lastUpdatedAtBy", {
            atDate: u.date ? t("theme.lastUpdated.atDate", { date: formatDate(u.date, locale) }) : "",
            byUser: u.author ? t("theme.lastUpdated.byUser", { user: u.author }) : "",
          })}
        </span>
      )}
    </footer>
  );
}

/** The doc being drawn, for its parts that Docusaurus gives no props (`DocItem/Footer` reads `useDoc()` there). */
const DocItemData = createContext<DocPageData | null>(null);

/** `@theme/DocItem/Footer` (no props): the edit link and last update under the content. */
export function DocItemFooter() {
  const data = useContext(DocItemData);
  return data ? <DocFooter data={data} /> : null;
}

function Banner({ data }: { data: NonNullable<DocPageData["banner"]> }) {
  const t = useT();
  const { siteTitle } = useLayout();
  const key =
    data.kind === "unmaintained"
      ? "theme.docs.versions.unmaintainedVersionLabel"
      : "theme.docs.versions.unreleasedVersionLabel";
  return (
    <div className={`alert alert--warning version-banner`} role="note">
      <p>{t(key, { siteTitle, versionLabel: data.versionLabel })}</p>
      <p>
        {t("theme.docs.versions.latestVersionSuggestionLabel.before")}
        <a href={data.latestHref}>
          <b>{data.latestLabel}</b>
        </a>
        {t("theme.docs.versions.latestVersionSuggestionLabel.after")}
      </p>
    </div>
  );
}

/** The levels Docusaurus' TOC is told to show: 2 to 3, or wider when the page's front matter asked for more. */
const tocLevels = (toc: DocPageData["toc"]) => ({
  minHeadingLevel: Math.min(2, ...toc.map((i) => i.depth)),
  maxHeadingLevel: Math.max(3, ...toc.map((i) => i.depth)),
});

export function DocPage({ data, children }: { data: DocPageData; children: ReactNode }) {
  const t = useT();
  const sidebar = docSidebarContext(data);
  const index = data.generatedIndex;
  return (
    <DocItemData.Provider value={data}>
      <DocContext.Provider value={sidebar}>
        <div className={`doc-layout${data.sidebar ? "" : " doc-layout--no-sidebar"}`}>
          {data.sidebar && <Sidebar items={data.sidebar} active={data.activeHref} sidebarKey={data.sidebarKey} />}
          <main id="main-content" className="doc-main" tabIndex={-1}>
            {data.banner && <Banner data={data.banner} />}
            {data.unlisted && (
              <div className="alert alert--warning" role="note">
                <p className="alert__title">{t("theme.contentVisibility.unlistedBanner.title")}</p>
                <p>{t("theme.contentVisibility.unlistedBanner.message")}</p>
              </div>
            )}
            {data.untranslated && (
              <div className="alert alert--info" role="note">
                <p>{t("theme.docs.untranslated")}</p>
              </div>
            )}
            {data.breadcrumbs && <Breadcrumbs {...data.breadcrumbs} />}
            {data.versionBadge && (
              <span className="badge doc-version-badge">
                {t("theme.docs.versionBadge.label", { versionLabel: data.versionBadge })}
              </span>
            )}
            {!data.hideToc && (
              <Themed
                name="TOCCollapsible"
                own={TOCCollapsible}
                props={{ toc: docusaurusToc(data.toc), ...tocLevels(data.toc) }}
              />
            )}
            <article className="markdown">
              {!data.hideTitle && <h1>{data.title}</h1>}
              {index ? (
                <>
                  {index.description && <p>{index.description}</p>}
                  <DocCardList items={index.items} />
                </>
              ) : (
                children
              )}
            </article>
            <Themed name="DocItem/Footer" own={DocItemFooter} props={{}} />
            {(data.prev || data.next) && (
              <nav className="pagination-nav" aria-label={t("theme.docs.paginator.navAriaLabel")}>
                {data.prev ? (
                  <Themed
                    name="PaginatorNavLink"
                    own={PaginatorNavLink}
                    props={{
                      permalink: data.prev.href,
                      title: data.prev.title,
                      subLabel: t("theme.docs.paginator.previous"),
                    }}
                  />
                ) : (
                  <span />
                )}
                {data.next && (
                  <Themed
                    name="PaginatorNavLink"
                    own={PaginatorNavLink}
                    props={{
                      permalink: data.next.href,
                      title: data.next.title,
                      subLabel: t("theme.docs.paginator.next"),
                      isNext: true,
                    }}
                  />
                )}
              </nav>
            )}
          </main>
          {!data.hideToc && (
            <div className="doc-toc">
              <Themed name="TOC" own={TocWithTitle} props={{ toc: docusaurusToc(data.toc), ...tocLevels(data.toc) }} />
            </div>
          )}
        </div>
      </DocContext.Provider>
    </DocItemData.Provider>
  );
}
