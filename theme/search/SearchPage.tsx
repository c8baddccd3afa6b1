// Island: the search page (/search/, /ru/search/). The server renders it as a plain GET form, which works without
// JavaScript; once hydrated it searches as the reader types, keeps the query in the `q` URL parameter
// (history.replaceState) and loads more results on demand. Opened directly with ?q=, it searches at once: the
// query is read from the URL as the island starts (and, before the first paint, by the page's small inline script,
// prePaintScript below, which puts it in the heading and the field), and the first search does not wait for typing
// to pause.
import { useEffect, useMemo, useRef, useState } from "react";
import type { SearchClientConfig, SearchHit } from "./types.ts";
import { quote, translator } from "./format.ts";
import { HitBody, Marked } from "./Hit.tsx";

const PAGE_SIZE = 10;

export interface SearchPageProps {
  action: string;
  query: string;
  config: SearchClientConfig;
}

type State =
  | { status: "idle" }
  | { status: "fetching"; hits: SearchHit[]; total: number }
  | {
      status: "done";
      hits: SearchHit[];
      total: number;
      more: boolean;
      page: number;
      query: string;
      searched?: string;
    }
  | { status: "error" };

/** The `q` parameter of the page's URL, in the browser; "" on the server. */
function urlQuery(): string {
  return typeof location === "undefined" ? "" : (new URLSearchParams(location.search).get("q") ?? "");
}

/** The heading for a query: the same text before the first paint (prePaintScript) and after hydration. */
export const resultsTitle = (t: ReturnType<typeof translator>, q: string, locale: string) =>
  `${t("theme.SearchPage.existingResultsTitle")} ${quote(q, locale)}`;

/**
 * A classic inline script placed right after the server-rendered form: before the first paint it puts the URL's
 * query into the heading and the field, so the page shows what it is searching for at once (the heading does not
 * change when the island hydrates, and it is the page's largest text until results arrive).
 */
export function prePaintScript(config: SearchClientConfig): string {
  const title = resultsTitle(translator(config.strings, config.locale), "\u0000", config.locale);
  return (
    `(function(){var v=new URLSearchParams(location.search).get("q")||"",q=v.trim();if(q.length<1)return;` +
    `var m=document.currentScript.parentNode,h=m.querySelector("h1"),i=m.querySelector("input[name=q]");` +
    `if(h)h.textContent=${JSON.stringify(title).replace(/</g, "\\u003c")}.split("\\u0000").join(q);if(i)i.value=v})()`
  );
}

export function SearchPage({ action, query: initial, config: cfg }: SearchPageProps) {
  const t = useMemo(() => translator(cfg.strings, cfg.locale), [cfg]);
  // The query comes from the URL: on the server there is none; in the browser it is there from the first render,
  // so hydration keeps what the inline script painted.
  const [query, setQuery] = useState(() => urlQuery() || initial);
  const [state, setState] = useState<State>({ status: "idle" });
  const seq = useRef(0);
  const first = useRef(true);

  useEffect(() => {
    const q = query.trim();
    const url = new URL(location.href);
    if (q) url.searchParams.set("q", q);
    else url.searchParams.delete("q");
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
    const my = ++seq.current;
    // As in the modal: no search for a single character, and only once typing pauses (each search fetches the
    // pages of its results).
    if (q.length < 2) {
      setState({ status: "idle" });
      return;
    }
    setState((s) => ({
      status: "fetching",
      hits: s.status === "done" || s.status === "fetching" ? s.hits : [],
      total: s.status === "done" || s.status === "fetching" ? s.total : 0,
    }));
    // The query the page was opened with is searched at once; typing waits for a pause.
    const timer = setTimeout(() => run(q, 0, my), first.current ? 0 : 150);
    first.current = false;
    return () => clearTimeout(timer);
  }, [query]);

  async function run(q: string, page: number, my: number, before: SearchHit[] = []) {
    try {
      // The provider code is a separate chunk, fetched on the first search only.
      const { providerFor, currentVersion } = await import("./provider.ts");
      const r = await providerFor(cfg, currentVersion(cfg)).search(q, page, PAGE_SIZE);
      if (my === seq.current)
        setState({
          status: "done",
          hits: [...before, ...r.hits],
          total: r.total,
          more: r.more,
          page,
          query: q,
          searched: r.searched,
        });
    } catch {
      if (my === seq.current) setState({ status: "error" });
    }
  }

  const more = () => {
    if (state.status !== "done") return;
    const my = ++seq.current;
    setState({ status: "fetching", hits: state.hits, total: state.total });
    run(state.query, state.page + 1, my, state.hits);
  };

  const q = query.trim();
  return (
    <>
      <h1>{q ? resultsTitle(t, q, cfg.locale) : t("theme.SearchPage.heading")}</h1>
      <form
        action={action}
        method="get"
        role="search"
        className="search-page__form"
        onSubmit={(e) => e.preventDefault()}
      >
        <label htmlFor="search-page-input" className="visually-hidden">
          {t("theme.SearchPage.inputLabel")}
        </label>
        <input
          id="search-page-input"
          type="search"
          name="q"
          value={query}
          placeholder={t("theme.SearchPage.inputPlaceholder")}
          autoComplete="off"
          onChange={(e) => setQuery((e.target as HTMLInputElement).value)}
        />
        <button type="submit" className="button">
          {t("theme.SearchPage.submitLabel")}
        </button>
      </form>
      <div data-search-results aria-live="polite" aria-busy={state.status === "fetching"}>
        {state.status === "error" ? (
          <div className="search-page__message" role="alert">
            <p>
              <strong>{t("theme.SearchModal.errorScreen.titleText")}</strong>
            </p>
            <p>{t("theme.SearchModal.errorScreen.helpText")}</p>
          </div>
        ) : state.status === "idle" ? null : (
          <>
            <p className="search-page__count">
              {state.status === "done"
                ? state.total
                  ? t("theme.SearchPage.documentsFound", { count: state.total })
                  : t("theme.SearchPage.noResultsText")
                : t("theme.SearchPage.fetchingNewResults")}
              {state.status === "done" && state.searched && (
                <>
                  {" "}
                  <span className="search-page__searched">
                    {t("theme.SearchModal.searchedInstead")} <strong>{quote(state.searched, cfg.locale)}</strong>
                  </span>
                </>
              )}
            </p>
            <ol className="search-page__results">
              {state.hits.map((h) => (
                <li key={h.url} className="search-page__result">
                  <a className="search-hit" href={h.url}>
                    <HitBody hit={h} />
                  </a>
                  {h.headings.length > 0 && (
                    <ul className="search-page__headings">
                      {h.headings.map((s) => (
                        <li key={s.url}>
                          <a href={s.url}>
                            <Marked segments={s.title} />
                          </a>
                          {s.snippet.length ? (
                            <span className="search-hit__snippet">
                              <Marked segments={s.snippet} />
                            </span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
            {state.status === "done" && state.more && (
              <button type="button" className="button search-page__more" onClick={more}>
                {t("theme.SearchPage.loadMore")}
              </button>
            )}
          </>
        )}
      </div>
      <noscript>
        <p>{t("theme.SearchPage.noJs")}</p>
      </noscript>
    </>
  );
}
