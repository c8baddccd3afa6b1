// The element ids the theme itself puts on every page (or on some, or into the search dialog). A heading of the
// content with one of them would share it: `#main-content` and the skip link would lead to one of the two, and the
// client router finds the page root by `__docsite`. The build warns at such a heading (cli/mdx/remark-docsite.ts);
// tests/unit/bad-inputs-content.test.ts checks that this list holds every literal id of the theme.
export const LAYOUT_IDS: readonly string[] = [
  "__docsite",
  "main-content",
  "mobile-menu",
  "docsite-base-url-issue",
  "search-page-input",
  "search-list-results",
  "search-list-recent",
  "search-list-favorites",
];

/** Whether a content heading's id would clash with an id of the layout. */
export const isLayoutId = (id: string): boolean => LAYOUT_IDS.includes(id) || /^search-(fav|recent)-\d+$/.test(id);
