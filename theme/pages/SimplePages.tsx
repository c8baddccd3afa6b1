// Pages every site has: search, versions, not found, and the redirect used for /docs/.
import { useT } from "../context.tsx";
import { Island } from "../island.tsx";
import { SearchPage, prePaintScript } from "../search/SearchPage.tsx";
import type { SearchClientConfig } from "../search/types.ts";
import { ExternalLink } from "../external-link.tsx";

export function NotFoundPage() {
  const t = useT();
  return (
    <main id="main-content" className="container simple-page" tabIndex={-1}>
      <h1>{t("theme.NotFound.title")}</h1>
      <p>{t("theme.NotFound.p1")}</p>
      <p>{t("theme.NotFound.p2")}</p>
    </main>
  );
}

/**
 * The search page: a GET form that works without JavaScript. With a search config it is the SearchPage island
 * (theme/search/SearchPage.tsx), rendered here as the same form and hydrated in the browser.
 */
export function SearchPageShell({
  query,
  action,
  search,
}: {
  query: string;
  action: string;
  search?: SearchClientConfig;
}) {
  const t = useT();
  if (search) {
    const props = { action, query, config: search };
    return (
      <main id="main-content" className="container simple-page search-page" tabIndex={-1}>
        <Island name="SearchPage" props={props as unknown as Record<string, unknown>}>
          <SearchPage {...props} />
        </Island>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own code, the strings JSON-escaped */}
        <script dangerouslySetInnerHTML={{ __html: prePaintScript(search) }} />
      </main>
    );
  }
  return (
    <main id="main-content" className="container simple-page search-page" tabIndex={-1}>
      <h1>{t("theme.SearchPage.heading")}</h1>
      <form action={action} method="get" role="search" className="search-page__form">
        <label htmlFor="search-page-input" className="visually-hidden">
          {t("theme.SearchPage.inputLabel")}
        </label>
        <input
          id="search-page-input"
          type="search"
          name="q"
          defaultValue={query}
          placeholder={t("theme.SearchPage.inputPlaceholder")}
          autoComplete="off"
        />
        <button type="submit" className="button">
          {t("theme.SearchBar.label")}
        </button>
      </form>
      <div data-search-results aria-live="polite" />
      <noscript>
        <p>{t("theme.SearchPage.noJs")}</p>
      </noscript>
    </main>
  );
}

export interface VersionRow {
  label: string;
  docsHref: string;
  releaseNotes?: string;
}

export function VersionsPage({
  current,
  unreleased,
  past,
  repoHref,
}: {
  current: VersionRow;
  unreleased: VersionRow[];
  past: VersionRow[];
  repoHref?: string;
}) {
  const t = useT();
  const Row = ({ v }: { v: VersionRow }) => (
    <tr>
      <th scope="row">{v.label}</th>
      <td>
        <a href={v.docsHref}>{t("theme.versions.documentation")}</a>
      </td>
      <td>
        {v.releaseNotes ? (
          <ExternalLink href={v.releaseNotes} hint={t("theme.common.opensInNewTab")}>
            {t("theme.versions.releaseNotes")}
          </ExternalLink>
        ) : null}
      </td>
    </tr>
  );
  return (
    <main id="main-content" className="container simple-page" tabIndex={-1}>
      <h1>{t("theme.versions.title")}</h1>
      <section>
        <h2>{t("theme.versions.current")}</h2>
        <p>{t("theme.versions.currentDescription")}</p>
        <div className="table-wrap">
          <table>
            <tbody>
              <Row v={current} />
            </tbody>
          </table>
        </div>
      </section>
      <section>
        <h2>{t("theme.versions.next")}</h2>
        <p>{t("theme.versions.nextDescription")}</p>
        <div className="table-wrap">
          <table>
            <tbody>
              {unreleased.length > 0 ? (
                unreleased.map((v) => <Row key={v.label} v={v} />)
              ) : (
                <tr>
                  <th scope="row">{t("theme.versions.nextLabel")}</th>
                  <td>
                    {repoHref ? (
                      <ExternalLink href={repoHref} hint={t("theme.common.opensInNewTab")}>
                        {t("theme.versions.sourceCode")}
                      </ExternalLink>
                    ) : null}
                  </td>
                  <td>
                    {repoHref ? (
                      <ExternalLink
                        href={`${repoHref}/blob/master/CHANGELOG.md`}
                        hint={t("theme.common.opensInNewTab")}
                      >
                        {t("theme.versions.releaseNotes")}
                      </ExternalLink>
                    ) : null}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>
      {past.length > 0 && (
        <section>
          <h2>{t("theme.versions.past")}</h2>
          <div className="table-wrap">
            <table>
              <tbody>
                {past.map((v) => (
                  <Row key={v.label} v={v} />
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </main>
  );
}

export function RedirectPage({ to }: { to: string }) {
  const t = useT();
  return (
    <main id="main-content" className="container simple-page" tabIndex={-1}>
      <p>
        <a href={to}>{t("theme.redirect.follow")}</a>
      </p>
    </main>
  );
}
