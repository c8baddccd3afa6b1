// Island: the navbar search button. It works as a plain link to the search page without JavaScript; with it,
// it opens the search modal (loaded on first use only).
import { Icon } from "../icons.tsx";

/**
 * The modal's words for the one case where it cannot fetch its own (the locale's search config, with all the
 * strings, failed to load): they travel in this island's props, so the error screen is in the page's language.
 */
export const OFFLINE_KEYS = [
  "theme.SearchModal.dialogLabel",
  "theme.SearchModal.searchBox.placeholder",
  "theme.SearchModal.searchBox.cancelButtonText",
  "theme.SearchModal.errorScreen.titleText",
  "theme.SearchModal.errorScreen.helpText",
] as const;

export interface SearchButtonProps {
  href: string;
  label: string;
  shortcut: string;
  offline?: Record<string, string>;
}

export function openSearch(): void {
  document.dispatchEvent(new CustomEvent("docsite:search-open"));
}

export function SearchButton(props: SearchButtonProps) {
  return (
    <a
      className="search-button"
      href={props.href}
      aria-keyshortcuts="Control+K Meta+K /"
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey) return;
        e.preventDefault();
        openSearch();
      }}
    >
      <Icon name="search" size={16} />
      {/* On narrow screens the button is an icon: the label is hidden visually there, not from assistive tech. */}
      <span className="search-button__label">{props.label}</span>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: the kbd is not focusable; the link's name is its label */}
      <kbd className="search-button__kbd" aria-hidden="true">
        {props.shortcut}
      </kbd>
    </a>
  );
}
