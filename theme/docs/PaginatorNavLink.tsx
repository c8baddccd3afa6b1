// The previous and next links under a doc or a blog post, as Docusaurus draws both: `@theme/PaginatorNavLink`.
import type { ReactNode } from "react";

/** `@theme/PaginatorNavLink`: `{ permalink, title, subLabel, isNext }`. */
export function PaginatorNavLink({
  permalink,
  title,
  subLabel,
  isNext,
}: {
  permalink: string;
  title: ReactNode;
  subLabel?: ReactNode;
  isNext?: boolean;
}) {
  return isNext ? (
    <a className="pagination-nav__link pagination-nav__link--next" href={permalink} rel="next">
      <span className="pagination-nav__sub">{subLabel}</span>
      <span className="pagination-nav__label">{title} »</span>
    </a>
  ) : (
    <a className="pagination-nav__link" href={permalink} rel="prev">
      <span className="pagination-nav__sub">{subLabel}</span>
      <span className="pagination-nav__label">« {title}</span>
    </a>
  );
}
