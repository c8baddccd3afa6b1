import { useLayout, useT } from "../context.tsx";
import { LinkIcon } from "./link-icons.tsx";
import { ExternalMark, externalLinkProps } from "../external-link.tsx";

export function Footer() {
  const { footer } = useLayout();
  const t = useT();
  return (
    <footer className={footer.style === "dark" ? "footer footer--dark" : "footer"}>
      <div className="footer__inner">
        <div className="footer__groups">
          {footer.groups.map((g) => (
            <div className="footer__group" key={g.title}>
              <h2 className="footer__title">{g.title}</h2>
              <ul>
                {g.items.map((i) => (
                  <li key={i.href}>
                    <a href={i.href} {...(i.external ? externalLinkProps : {})}>
                      {i.label}
                      {i.external && <ExternalMark hint={t("theme.common.opensInNewTab")} />}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="footer__bottom">
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
          <p className="footer__copyright">{footer.copyright}</p>
        </div>
      </div>
    </footer>
  );
}
