// The mark after a link that leaves the site, as the layout draws it (footer, navbar, links of content): the arrow is
// `@theme/Icon/ExternalLink` (`{ width, height }`), a site's override of it when it has one. A module apart from
// theme/external-link.tsx, which the browser runtime bundles (the search modal): overrides are the server's.
import { Icon } from "../icons.tsx";
import { Themed } from "./overrides.tsx";

const ExternalIcon = ({ width }: { width?: number; height?: number }) => <Icon name="external" size={width ?? 12} />;

export function ExternalMark({ hint, icon = true }: { hint: string; icon?: boolean }) {
  return (
    <>
      {icon && <Themed name="Icon/ExternalLink" own={ExternalIcon} props={{ width: 12, height: 12 }} />}
      <span className="visually-hidden"> {hint}</span>
    </>
  );
}
