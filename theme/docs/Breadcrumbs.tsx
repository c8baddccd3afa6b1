// Breadcrumbs above a doc (`docs.breadcrumbs`): the site's home, the sidebar categories down to the page, the page.
import { useT } from "../context.tsx";

export function Breadcrumbs({ items, homeHref }: { items: Array<{ label: string; href?: string }>; homeHref: string }) {
  const t = useT();
  return (
    <nav className="breadcrumbs-nav" aria-label={t("theme.docs.breadcrumbs.navAriaLabel")}>
      <ul className="breadcrumbs">
        <li className="breadcrumbs__item">
          <a className="breadcrumbs__link" href={homeHref}>
            <span className="visually-hidden">{t("theme.docs.breadcrumbs.home")}</span>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="icon" focusable="false">
              <path
                fill="currentColor"
                d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z"
              />
            </svg>
          </a>
        </li>
        {items.map((c, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${c.label}`} className={`breadcrumbs__item${last ? " breadcrumbs__item--active" : ""}`}>
              {c.href && !last ? (
                <a className="breadcrumbs__link" href={c.href}>
                  {c.label}
                </a>
              ) : (
                <span className="breadcrumbs__link" aria-current={last ? "page" : undefined}>
                  {c.label}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
