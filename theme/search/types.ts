// Shapes shared by the build (cli/search) and the browser (modal, search page). No Node, no React here.

/** What the browser needs to search one locale: emitted as JSON for the modal, passed as props to the page island. */
export interface SearchClientConfig {
  locale: string;
  provider: "local" | "algolia";
  /** Docs version searched when the page is not a doc page (the latest one). */
  defaultVersion: string;
  /** Local provider: version name → folder of its index bundle (site path, ends with "/"). */
  bundles: Record<string, string>;
  /** Hosted provider: what the adapter needs; the key is the public search-only key. */
  algolia?: {
    appId: string;
    apiKey: string;
    indexName: string;
    host: string;
    contextualSearch: boolean;
    facetFilters: string[];
    replaceSearchResultPathname?: { from: string; to: string };
    /** The site's own URL: hits under it become site paths, so the client router can follow them. */
    siteUrl: string;
    /** Facet values of this locale and of each version: `language:ru`, `docusaurus_tag:docs-default-v8`. */
    language: string;
    versionTags: Record<string, string>;
  };
  searchPage: string;
  reportIssueUrl?: string;
  /** Queries offered on the no-results screen. */
  suggestions: string[];
  /** Raw ICU messages of the theme.SearchModal.* and theme.SearchPage.* keys, formatted by format.ts. */
  strings: Record<string, string>;
}

/** A piece of text, marked when it matched the query. Rendered as text nodes, never as HTML. */
export interface Segment {
  text: string;
  mark: boolean;
}

export interface SearchHit {
  url: string;
  /** Page title, or the heading's title for a heading result. */
  title: Segment[];
  /** For a heading result, the title of its page. */
  page?: string;
  breadcrumbs: string[];
  snippet: Segment[];
  /** Heading results under a page result (local provider). */
  headings: SearchHit[];
}

export interface SearchResults {
  hits: SearchHit[];
  total: number;
  /** Whether more pages of hits can be asked for. */
  more: boolean;
  /** The query actually searched, when the typed one found nothing (typed in the other keyboard layout). */
  searched?: string;
}

export interface SearchProvider {
  /** Starts loading the engine/index before the first keystroke. */
  preload(): Promise<void>;
  /** `page` counts from 0; each page has `size` hits. */
  search(query: string, page: number, size: number): Promise<SearchResults>;
}
