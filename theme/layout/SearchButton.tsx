// Island: the navbar search button. It works as a plain link to the search page without JavaScript; with it,
// it opens the search modal (loaded on first use only).
import { Icon } from "../icons.tsx";

export interface SearchButtonProps { href: string; label: string; shortcut: string }

export function openSearch(): void {
  document.dispatchEvent(new CustomEvent("docsite:search-open"));
}

export function SearchButton(props: SearchButtonProps) {
  return (
    <a className="search-button" href={props.href} aria-keyshortcuts="Control+K Meta+K /"
      onClick={(e) => { if (e.metaKey || e.ctrlKey || e.shiftKey) return; e.preventDefault(); openSearch(); }}>
      <Icon name="search" size={16} />
      <span className="search-button__label">{props.label}</span>
      <kbd className="search-button__kbd" aria-hidden="true">{props.shortcut}</kbd>
    </a>
  );
}
