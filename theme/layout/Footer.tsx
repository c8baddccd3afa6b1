// The footer, in the parts Docusaurus names (Footer, Footer/Layout, Footer/Links, Footer/LinkItem, Footer/Copyright,
// Footer/Logo), so a site can override any of them (theme/layout/overrides.tsx). Each part takes the props Docusaurus'
// classic theme gives it; docsite's own parts draw the same footer as before.
import type { ReactNode } from "react";
import { useLayout, useT } from "../context.tsx";
import { LinkIcon } from "./link-icons.tsx";
import { externalLinkProps, isExternalHref } from "../external-link.tsx";
import { ExternalMark } from "./external-mark.tsx";
import { Themed } from "./overrides.tsx";
import type { LayoutData } from "../types.ts";

/** A footer link as Docusaurus' config has it (`to` inside the site, `href` outside), with docsite's `external`. */
export interface FooterLinkItemData {
  label: string;
  to?: string;
  href?: string;
  external?: boolean;
  [other: string]: unknown;
}

export interface FooterLinkColumn {
  title: string;
  items: FooterLinkItemData[];
}

/** The footer's link groups in Docusaurus' multi-column shape. */
export const footerColumns = (footer: LayoutData["footer"]): FooterLinkColumn[] =>
  footer.groups.map((g) => ({
    title: g.title,
    items: g.items.map((i) =>
      i.external ? { label: i.label, href: i.href, external: true } : { label: i.label, to: i.href },
    ),
  }));

/** `@theme/Footer/LinkItem`: `{ item }`. */
export function FooterLinkItem({ item }: { item: FooterLinkItemData }) {
  const t = useT();
  const href = item.to ?? item.href;
  const external = item.external ?? (item.href !== undefined && isExternalHref(item.href));
  return (
    <a href={href} {...(external ? externalLinkProps : {})}>
      {item.label}
      {external && <ExternalMark hint={t("theme.common.opensInNewTab")} />}
    </a>
  );
}

/** `@theme/Footer/Links`: `{ links }` (multi-column: `[{ title, items }]`). */
export function FooterLinks({ links }: { links: FooterLinkColumn[] }) {
  return (
    <>
      {links.map((g) => (
        <div className="footer__group" key={g.title}>
          <h2 className="footer__title">{g.title}</h2>
          <ul>
            {g.items.map((i) => (
              <li key={i.to ?? i.href}>
                <Themed name="Footer/LinkItem" own={FooterLinkItem} props={{ item: i }} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/** `@theme/Footer/Copyright`: `{ copyright }` (a string; Docusaurus draws it as HTML, docsite as text). */
export function FooterCopyright({ copyright }: { copyright: string }) {
  return <p className="footer__copyright">{copyright}</p>;
}

/** `@theme/Footer/Logo`: `{ logo }` (`{ src, alt, href, width, height }`); docsite's footer has none of its own. */
export function FooterLogo({ logo }: { logo: { src: string; alt?: string; href?: string } }) {
  const img = <img src={logo.src} alt={logo.alt ?? ""} className="footer__logo" />;
  return logo.href ? <a href={logo.href}>{img}</a> : img;
}

/** docsite's icon links (no Docusaurus part: drawn by its own Footer/Layout). */
function FooterIcons() {
  const { footer } = useLayout();
  const t = useT();
  return (
    <ul className="footer__icons" aria-label={t("footer.icons.ariaLabel")}>
      {footer.icons.map((i) => (
        <li key={i.href}>
          <a href={i.href} {...externalLinkProps} className="icon-button">
            <LinkIcon name={i.icon} label={i.label} />
            <ExternalMark icon={false} hint={t("theme.common.opensInNewTab")} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** `@theme/Footer/Layout`: `{ style, links, logo, copyright }` (the last three drawn already). */
export function FooterLayout({
  style,
  links,
  logo,
  copyright,
}: {
  style?: "light" | "dark";
  links?: ReactNode;
  logo?: ReactNode;
  copyright?: ReactNode;
}) {
  return (
    <footer className={style === "dark" ? "footer footer--dark" : "footer"}>
      <div className="footer__inner">
        <div className="footer__groups">{links}</div>
        <div className="footer__bottom">
          {logo}
          <FooterIcons />
          {copyright}
        </div>
      </div>
    </footer>
  );
}

/** `@theme/Footer`: no props (Docusaurus reads the footer from the theme config). */
export function FooterOwn() {
  const { footer } = useLayout();
  return (
    <Themed
      name="Footer/Layout"
      own={FooterLayout}
      props={{
        style: footer.style,
        links: <Themed name="Footer/Links" own={FooterLinks} props={{ links: footerColumns(footer) }} />,
        logo: null,
        copyright: <Themed name="Footer/Copyright" own={FooterCopyright} props={{ copyright: footer.copyright }} />,
      }}
    />
  );
}

export function Footer() {
  return <Themed name="Footer" own={FooterOwn} props={{}} />;
}
