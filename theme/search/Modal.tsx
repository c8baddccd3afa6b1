// The search modal: one UI for both providers. Screens: start (favourite and recent searches), results (per page
// and per heading, with "see all N results"), no results, error. Keyboard: arrows move, Enter opens, Tab stays inside
// the dialog; Escape is handled by open.tsx. Loaded on first open only.
import { useEffect, useMemo, useRef, useState } from "react";
import type { SearchClientConfig, SearchHit, SearchResults } from "./types.ts";
import { quote, translator } from "./format.ts";
import { providerFor } from "./provider.ts";
import { favorite, forget, readHistory, remember, type History, type SavedHit } from "./history.ts";
import { plainText } from "./text.ts";
import { HitBody } from "./Hit.tsx";
import { ExternalLink } from "../external-link.tsx";

const PAGE_SIZE = 5;
// Every settled query fetches the pages of its results from the local index, so searches fire only once a query has
// two characters and typing has paused briefly: a one-letter prefix matches pages that are of no use and cost bytes.
const DEBOUNCE_MS = 100;
const MIN_QUERY = 2;
/** The query the modal searches for, or "" while it is too short to search. */
const searchable = (query: string) => (query.trim().length >= MIN_QUERY ? query.trim() : "");

type State =
  | { status: "idle" }
  | { status: "loading"; results?: SearchResults }
  | { status: "done"; results: SearchResults; query: string }
  | { status: "error"; query?: string };

/** Follows a link through the client router when it is there, as a click would. */
export function go(url: string): void {
  const u = new URL(url, location.href);
  if (u.origin !== location.origin) {
    location.assign(u.href);
    return;
  }
  if (u.pathname === location.pathname && u.search === location.search) {
    location.hash = u.hash;
    return;
  }
  const nav = (window as unknown as { __docsite?: { navigate(u: string): void } }).__docsite?.navigate;
  if (nav) nav(u.href);
  else location.assign(u.href);
}

export const searchPageHref = (cfg: SearchClientConfig, q: string) => `${cfg.searchPage}?q=${encodeURIComponent(q)}`;

/** Queries the no-results screen offers: the query without its last word, then the configured ones. */
function suggestions(cfg: SearchClientConfig, q: string): string[] {
  const words = q.trim().split(/\s+/);
  const out = words.length > 1 ? [words.slice(0, -1).join(" ")] : [];
  return [...new Set([...out, ...cfg.suggestions])]
    .filter((s) => s.toLowerCase() !== q.trim().toLowerCase())
    .slice(0, 3);
}

interface Item {
  id: string;
  url: string;
  saved: SavedHit;
  hit?: SearchHit;
  list?: keyof History;
}

export function SearchModal(props: {
  cfg: SearchClientConfig;
  version: string;
  onClose: () => void;
  broken?: boolean;
}) {
  const { cfg, onClose } = props;
  const t = useMemo(() => translator(cfg.strings, cfg.locale), [cfg]);
  const provider = useMemo(() => providerFor(cfg, props.version), [cfg, props.version]);
  const [query, setQuery] = useState("");
  const [state, setState] = useState<State>(props.broken ? { status: "error" } : { status: "idle" });
  const [active, setActive] = useState(0);
  const [history, setHistory] = useState<History>(() => readHistory(cfg.locale));
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const seq = useRef(0);

  // Start fetching the engine and index as soon as the modal opens, before the first keystroke.
  useEffect(() => {
    input.current?.focus();
    if (!props.broken)
      provider.preload().catch(() => {
        /* shown on the first query */
      });
  }, []);

  useEffect(() => {
    if (props.broken) return;
    const q = searchable(query);
    const my = ++seq.current;
    setActive(0);
    if (!q) {
      setState({ status: "idle" });
      return;
    }
    setState((s) => ({
      status: "loading",
      results: s.status === "done" ? s.results : s.status === "loading" ? s.results : undefined,
    }));
    const timer = setTimeout(() => {
      provider.search(q, 0, PAGE_SIZE).then(
        (results) => {
          if (my === seq.current) setState({ status: "done", results, query: q });
        },
        () => {
          if (my === seq.current) setState({ status: "error", query: q });
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, provider]);

  const results = state.status === "done" ? state.results : state.status === "loading" ? state.results : undefined;
  const items: Item[] = useMemo(() => {
    const saved = (h: SearchHit): SavedHit => ({ url: h.url, title: plainText(h.title), page: h.page });
    if (searchable(query)) {
      return (results?.hits ?? [])
        .flatMap((h) => [h, ...h.headings])
        .map((h, i) => ({ id: `search-item-${i}`, url: h.url, saved: saved(h), hit: h }));
    }
    return [
      ...history.favorites.map((s, i) => ({ id: `search-fav-${i}`, url: s.url, saved: s, list: "favorites" as const })),
      ...history.recent.map((s, i) => ({ id: `search-recent-${i}`, url: s.url, saved: s, list: "recent" as const })),
    ];
  }, [results, history, query]);

  const select = (item: Item, viaKeyboard: boolean) => {
    remember(cfg.locale, item.saved);
    onClose();
    if (viaKeyboard) go(item.url);
    // A click goes on to the client router's listener on document, which follows the link.
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!items.length) return;
      e.preventDefault();
      const next = (active + (e.key === "ArrowDown" ? 1 : -1) + items.length) % items.length;
      setActive(next);
      document.getElementById(items[next].id)?.scrollIntoView({ block: "nearest" });
      return;
    }
    if (e.key === "Enter" && e.target === input.current) {
      e.preventDefault();
      if (items[active]) select(items[active], true);
      else if (query.trim()) {
        onClose();
        go(searchPageHref(cfg, query.trim()));
      }
      return;
    }
    if (e.key === "Tab") {
      // Focus trap: Tab and Shift+Tab cycle through the dialog's own controls.
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>("input, button, a[href]") ?? [])].filter(
        (el) => !el.hasAttribute("disabled"),
      );
      if (!focusable.length) return;
      const i = focusable.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey ? (i <= 0 ? focusable.length - 1 : i - 1) : i === focusable.length - 1 ? 0 : i + 1;
      e.preventDefault();
      focusable[next].focus();
    }
  };

  const option = (item: Item, i: number, extra?: React.ReactNode) => (
    <li key={item.id} className="search-modal__item" role="presentation">
      <a
        id={item.id}
        href={item.url}
        role="option"
        aria-selected={i === active}
        tabIndex={-1}
        className={`search-hit${item.hit?.page ? " search-hit--heading" : ""}`}
        onMouseMove={() => {
          if (i !== active) setActive(i);
        }}
        onClick={(e) => {
          if (!e.metaKey && !e.ctrlKey && !e.shiftKey) select(item, false);
        }}
      >
        {item.hit ? (
          <HitBody hit={item.hit} />
        ) : (
          <>
            <span className="search-hit__title">{item.saved.title}</span>
            {item.saved.page ? <span className="search-hit__context">{item.saved.page}</span> : null}
          </>
        )}
      </a>
      {extra}
    </li>
  );

  let screen: React.ReactNode;
  const q = searchable(query);
  if (state.status === "error") {
    screen = (
      <div className="search-modal__screen search-modal__screen--error" role="alert">
        <p className="search-modal__screen-title">{t("theme.SearchModal.errorScreen.titleText")}</p>
        <p>{t("theme.SearchModal.errorScreen.helpText")}</p>
      </div>
    );
  } else if (!q) {
    const button = (label: string, icon: string, onClick: () => void) => (
      <button type="button" className="search-modal__action" title={label} aria-label={`${label}`} onClick={onClick}>
        {icon}
      </button>
    );
    screen = items.length ? (
      <div className="search-modal__screen">
        {(["favorites", "recent"] as const).map((list) => {
          const own = items.map((it, i) => [it, i] as const).filter(([it]) => it.list === list);
          if (!own.length) return null;
          return (
            <section key={list} className="search-modal__group" data-list={list}>
              <h2 className="search-modal__group-title">
                {t(
                  list === "recent"
                    ? "theme.SearchModal.startScreen.recentSearchesTitle"
                    : "theme.SearchModal.startScreen.favoriteSearchesTitle",
                )}
              </h2>
              <ul role="listbox" id={`search-list-${list}`} className="search-modal__list">
                {own.map(([it, i]) =>
                  option(
                    it,
                    i,
                    <span className="search-modal__actions">
                      {list === "recent" &&
                        button(t("theme.SearchModal.startScreen.saveRecentSearchButtonTitle"), "☆", () =>
                          setHistory(favorite(cfg.locale, it.saved)),
                        )}
                      {button(
                        t(
                          list === "recent"
                            ? "theme.SearchModal.startScreen.removeRecentSearchButtonTitle"
                            : "theme.SearchModal.startScreen.removeFavoriteSearchButtonTitle",
                        ),
                        "✕",
                        () => setHistory(forget(cfg.locale, list, it.url)),
                      )}
                    </span>,
                  ),
                )}
              </ul>
            </section>
          );
        })}
      </div>
    ) : (
      <div className="search-modal__screen search-modal__screen--start">
        <p>{t("theme.SearchModal.startScreen.noRecentSearchesText")}</p>
      </div>
    );
  } else if (state.status === "done" && !state.results.hits.length) {
    screen = (
      <div className="search-modal__screen search-modal__screen--empty">
        <p className="search-modal__screen-title">
          {t("theme.SearchModal.noResultsScreen.noResultsText")} <strong>{quote(state.query, cfg.locale)}</strong>
        </p>
        {suggestions(cfg, state.query).length > 0 && (
          <>
            <p>{t("theme.SearchModal.noResultsScreen.suggestedQueryText")}:</p>
            <ul className="search-modal__suggestions">
              {suggestions(cfg, state.query).map((s) => (
                <li key={s}>
                  <button
                    type="button"
                    className="search-modal__suggestion"
                    onClick={() => {
                      setQuery(s);
                      input.current?.focus();
                    }}
                  >
                    {s}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        {cfg.reportIssueUrl && (
          <p>
            {t("theme.SearchModal.noResultsScreen.reportMissingResultsText")}{" "}
            <ExternalLink href={cfg.reportIssueUrl} hint={t("theme.common.opensInNewTab")}>
              {t("theme.SearchModal.noResultsScreen.reportMissingResultsLinkText")}
            </ExternalLink>
          </p>
        )}
      </div>
    );
  } else if (results) {
    screen = (
      <div className="search-modal__screen">
        {results.searched && (
          <p className="search-modal__searched">
            {t("theme.SearchModal.searchedInstead")} <strong>{quote(results.searched, cfg.locale)}</strong>
          </p>
        )}
        <ul
          role="listbox"
          id="search-list-results"
          className="search-modal__list"
          aria-label={t("theme.SearchModal.resultsLabel")}
        >
          {items.map((it, i) => option(it, i))}
        </ul>
        <p className="search-modal__see-all">
          <a href={searchPageHref(cfg, q)} onClick={() => onClose()}>
            {t("theme.SearchModal.seeAll", { count: results.total })}
          </a>
        </p>
      </div>
    );
  } else {
    screen = (
      <div className="search-modal__screen search-modal__screen--loading">
        <p>{t("theme.SearchModal.loading")}</p>
      </div>
    );
  }

  const listId = q ? "search-list-results" : items.length ? `search-list-${items[0].list}` : undefined;
  return (
    <div
      className="search-modal"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        className="search-modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t("theme.SearchModal.dialogLabel")}
        ref={dialog}
        onKeyDown={onKeyDown}
      >
        <form className="search-modal__bar" role="search" action={cfg.searchPage} onSubmit={(e) => e.preventDefault()}>
          <input
            ref={input}
            className="search-modal__input"
            type="search"
            name="q"
            value={query}
            autoComplete="off"
            spellCheck={false}
            placeholder={t("theme.SearchModal.searchBox.placeholder")}
            aria-label={t("theme.SearchModal.searchBox.placeholder")}
            role="combobox"
            aria-expanded={items.length > 0}
            aria-autocomplete="list"
            aria-controls={listId}
            aria-activedescendant={items[active]?.id}
            aria-busy={state.status === "loading"}
            onChange={(e) => setQuery((e.target as HTMLInputElement).value)}
          />
          <button type="button" className="search-modal__cancel" onClick={onClose}>
            {t("theme.SearchModal.searchBox.cancelButtonText")}
          </button>
        </form>
        {/* data-query: which query the screen shows (tests and styles can tell a settled screen from a pending one). */}
        <div
          className="search-modal__body"
          aria-live="polite"
          data-status={state.status}
          data-query={state.status === "done" || state.status === "error" ? (state.query ?? "") : ""}
        >
          {screen}
        </div>
        {/* Keyboard hints; not when the config (and with it these words) could not be loaded: nothing to move through. */}
        {props.broken ? null : (
          <footer className="search-modal__footer" aria-hidden="true">
            <span>
              <kbd>↵</kbd> {t("theme.SearchModal.footer.selectText")}
            </span>
            <span>
              <kbd>↑</kbd>
              <kbd>↓</kbd> {t("theme.SearchModal.footer.navigateText")}
            </span>
            <span>
              <kbd>Esc</kbd> {t("theme.SearchModal.footer.closeText")}
            </span>
          </footer>
        )}
      </div>
    </div>
  );
}
