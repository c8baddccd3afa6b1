// Mounts the search modal. This module and everything it imports form a chunk that is fetched only when the reader
// first opens search (entry.ts imports it dynamically on `docsite:search-open`).
import { createElement } from "react";
import { render, type ComponentChild } from "preact";
import type { SearchClientConfig } from "./types.ts";
import { SearchModal } from "./Modal.tsx";
import { configUrl } from "./text.ts";
import { memoAsync } from "../memo-async.ts";
import { currentVersion } from "./provider.ts";

const configs = memoAsync((url) =>
  fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: ${r.status}`);
    return r.json() as Promise<SearchClientConfig>;
  }),
);

/** The locale's search config (provider, bundles, strings): one small JSON per locale, fetched once. */
export const loadConfig = (base: string, locale: string): Promise<SearchClientConfig> =>
  configs(configUrl(base, locale));

/**
 * Used only when the config itself cannot be fetched: the error screen takes its words from the search button's
 * props (see OFFLINE_KEYS), in the page's language; English if the navbar has no search button.
 */
function fallbackConfig(locale: string): SearchClientConfig {
  let offline: Record<string, string> = {};
  try {
    offline =
      JSON.parse(document.querySelector('docsite-island[data-name="SearchButton"]')?.getAttribute("data-props") ?? "{}")
        .offline ?? {};
  } catch {
    /* keep the English words below */
  }
  return {
    locale,
    provider: "local",
    defaultVersion: "",
    bundles: {},
    searchPage: "/search/",
    suggestions: [],
    strings: {
      "theme.SearchModal.dialogLabel": "Search",
      "theme.SearchModal.searchBox.placeholder": "Search",
      "theme.SearchModal.searchBox.cancelButtonText": "Cancel",
      "theme.SearchModal.errorScreen.titleText": "Unable to fetch results",
      "theme.SearchModal.errorScreen.helpText": "You might want to check your network connection.",
      ...offline,
    },
  };
}

let host: HTMLElement | null = null;

export async function openSearchModal(): Promise<void> {
  if (host) return;
  const el = document.createElement("div");
  el.className = "search-modal-host";
  host = el;
  const root = document.getElementById("__docsite");
  const previous = document.activeElement as HTMLElement | null;
  const locale = root?.getAttribute("data-locale") ?? "en";
  let cfg: SearchClientConfig;
  let broken = false;
  try {
    cfg = await loadConfig(root?.getAttribute("data-base") ?? "/", locale);
  } catch {
    cfg = fallbackConfig(locale);
    broken = true;
  }
  // Escape closes wherever focus is. Listening here rather than in the component means it works from the first
  // rendered frame, before the component's effects have run.
  const onEscape = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      close();
    }
  };
  const close = () => {
    if (host !== el) return;
    host = null;
    render(null, el);
    el.remove();
    document.documentElement.classList.remove("search-modal-open");
    document.removeEventListener("docsite:navigated", close);
    document.removeEventListener("keydown", onEscape);
    // Back to where the reader was (the search button, usually), unless a navigation moved focus meanwhile.
    if (previous?.isConnected && (document.activeElement === document.body || !document.activeElement))
      previous.focus();
  };
  document.addEventListener("docsite:navigated", close);
  document.addEventListener("keydown", onEscape);
  document.body.append(el);
  document.documentElement.classList.add("search-modal-open");
  render(
    createElement(SearchModal, {
      cfg,
      version: currentVersion(cfg),
      onClose: close,
      broken,
    }) as unknown as ComponentChild,
    el,
  );
  // The first render is synchronous: focus the input now rather than a frame later in an effect.
  el.querySelector<HTMLInputElement>(".search-modal__input")?.focus();
}
