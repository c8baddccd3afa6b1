// One look for every link that leaves the site: it opens in a new tab without giving the target page access to
// this one (rel), shows a small arrow icon, and tells screen-reader users that a new tab will open
// (the hint is the interface string theme.common.opensInNewTab, passed in by the caller).
import type { ReactNode } from "react";
import { Icon } from "./icons.tsx";

export const isExternalHref = (href: string | undefined): boolean => Boolean(href && /^https?:\/\//i.test(href));

export const externalLinkProps = { target: "_blank", rel: "noopener noreferrer external" } as const;

/** Icon and visually hidden hint to put inside an external link, after its text. */
export function ExternalMark({ hint, icon = true }: { hint: string; icon?: boolean }) {
  return (
    <>
      {icon && <Icon name="external" size={12} />}
      <span className="visually-hidden"> {hint}</span>
    </>
  );
}

export function ExternalLink({ href, hint, children }: { href: string; hint: string; children: ReactNode }) {
  return (
    <a href={href} {...externalLinkProps}>
      {children}
      <ExternalMark hint={hint} />
    </a>
  );
}
