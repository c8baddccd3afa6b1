// The top bar: brand, primary items, dropdowns, search and colour mode, plus the mobile menu panel.
// Dropdowns open on hover and keyboard focus with CSS alone; the runtime adds click toggling and Escape.
import { useLayout, useT } from "../context.tsx";
import { Icon } from "../icons.tsx";
import { LinkIcon } from "./link-icons.tsx";
import { externalLinkProps } from "../external-link.tsx";
import { ExternalMark } from "./external-mark.tsx";
import { Island } from "../island.tsx";
import { ColorModeToggle, type Mode } from "./ColorModeToggle.tsx";
import { SearchButton, OFFLINE_KEYS } from "./SearchButton.tsx";
import type { NavItemData, LinkData } from "../types.ts";
import { Themed } from "./overrides.tsx";

function NavLink({ item }: { item: LinkData & { icon?: string; className?: string; ariaLabel?: string } }) {
  const t = useT();
  const name = item.label || item.ariaLabel || "";
  // A link with the site's class and no text: the site's CSS draws it, `ariaLabel` names it. With text, the text is
  // drawn and the class and name passed on, as Docusaurus' NavbarNavLink does (the site's CSS may hide the text).
  const drawnBySite = Boolean(item.className && !item.icon && !item.label);
  return (
    <a
      className={`navbar__link${item.active ? " navbar__link--active" : ""}${item.className ? ` ${item.className}` : ""}`}
      href={item.href}
      aria-current={item.active ? "page" : undefined}
      aria-label={drawnBySite ? name : item.icon ? undefined : item.ariaLabel}
      {...(item.external ? externalLinkProps : {})}
      hrefLang={item.lang}
      lang={item.lang}
    >
      {item.icon ? <LinkIcon name={item.icon} label={name} /> : drawnBySite ? null : item.label}
      {item.external && <ExternalMark icon={!item.icon && !drawnBySite} hint={t("theme.common.opensInNewTab")} />}
    </a>
  );
}

/** `@theme/Navbar/Logo` (no props): the brand link, the logo (a light and a dark one when the site has both) and the title. */
export function NavbarLogo() {
  const layout = useLayout();
  const { logo } = layout;
  // Beside the title the logo is decoration; alone it names the link.
  const alt = layout.navbar.title ? "" : (logo?.alt ?? "");
  const img = (src: string, className?: string) => (
    <img src={src} alt={alt} width={logo!.width} height={logo!.height} className={className} />
  );
  return (
    <a className="navbar__brand" href={layout.homeHref}>
      {logo && !logo.srcDark && img(logo.src)}
      {logo?.srcDark && img(logo.src, "navbar__logo--light")}
      {logo?.srcDark && img(logo.srcDark, "navbar__logo--dark")}
      {layout.navbar.title && <span className="navbar__title">{layout.navbar.title}</span>}
    </a>
  );
}

function Item({ item, mode }: { item: NavItemData; mode: "desktop" | "mobile" }) {
  const t = useT();
  const layout = useLayout();
  switch (item.kind) {
    case "link":
      return <NavLink item={item} />;
    case "dropdown":
      if (mode === "mobile") {
        return (
          <div className="menu-group">
            <span className="menu-group__title">{item.label}</span>
            {item.items.map((i) => (
              <NavLink key={i.href} item={i} />
            ))}
          </div>
        );
      }
      return (
        <div className="dropdown" data-dropdown>
          <button type="button" className="navbar__link dropdown__toggle" aria-haspopup="true" aria-expanded="false">
            {item.icon && <Icon name={item.icon} size={16} />}
            {item.label}
          </button>
          <ul className="dropdown__menu">
            {item.items.map((i) => (
              <li key={i.href}>
                <a
                  className={`dropdown__link${i.active ? " dropdown__link--active" : ""}`}
                  href={i.href}
                  hrefLang={i.lang}
                  lang={i.lang}
                  aria-current={i.active ? "page" : undefined}
                  {...(i.external ? externalLinkProps : {})}
                >
                  {i.label}
                  {i.external && <ExternalMark hint={t("theme.common.opensInNewTab")} />}
                </a>
              </li>
            ))}
          </ul>
        </div>
      );
    case "search":
      if (mode === "mobile") return null;
      return (
        <Island
          name="SearchButton"
          props={{
            href: layout.search.href,
            label: t("theme.SearchBar.label"),
            shortcut: "Ctrl K",
            offline: Object.fromEntries(OFFLINE_KEYS.map((k) => [k, t(k)])),
          }}
        >
          <SearchButton href={layout.search.href} label={t("theme.SearchBar.label")} shortcut="Ctrl K" />
        </Island>
      );
    case "colorMode": {
      if (!layout.colorMode.applies || layout.colorMode.disableSwitch || mode === "mobile") return null;
      // Docusaurus' props: the server draws the default mode; the browser's copy of an override is given `onChange`
      // (cli/theme-overrides/island-entry.ts), which a function cannot cross to.
      return (
        <Themed
          name="ColorModeToggle"
          own={ColorModeToggleOwn}
          props={{ value: "light", respectPrefersColorScheme: false, className: "navbar__color-toggle" }}
        />
      );
    }
  }
}

/** `@theme/ColorModeToggle`: docsite's own toggle (an island of the theme), whatever Docusaurus' props say. */
export function ColorModeToggleOwn(_props: { value?: string | null; respectPrefersColorScheme?: boolean }) {
  const t = useT();
  const props = {
    defaultMode: "light" as Mode,
    label: t("theme.colorToggle.ariaLabel", { mode: "{mode}" }),
    modeNames: {
      light: t("theme.colorToggle.ariaLabel.mode.light"),
      dark: t("theme.colorToggle.ariaLabel.mode.dark"),
      system: t("theme.colorToggle.ariaLabel.mode.system"),
    },
  };
  return (
    <Island name="ColorModeToggle" props={props}>
      <ColorModeToggle {...props} />
    </Island>
  );
}

/** `@theme/Navbar/MobileSidebar/Toggle` (no props): the button that opens the menu on narrow screens. */
export function MobileSidebarToggle() {
  const t = useT();
  return (
    <button
      type="button"
      className="icon-button navbar__toggle"
      data-mobile-menu-open
      aria-label={t("theme.docs.sidebar.toggleSidebarButtonAriaLabel")}
      aria-expanded="false"
      aria-controls="mobile-menu"
    >
      <Icon name="menu" />
    </button>
  );
}

const Logo = () => <Themed name="Navbar/Logo" own={NavbarLogo} props={{}} />;

export function Navbar() {
  const layout = useLayout();
  const t = useT();
  const { navbar } = layout;
  return (
    <header
      // Infima's `navbar--dark` / `navbar--primary`, as Docusaurus names them: a site's CSS may style them.
      className={navbar.style && navbar.style !== "light" ? `navbar navbar--${navbar.style}` : "navbar"}
      data-navbar
      data-hide-on-scroll={navbar.hideOnScroll ? "true" : undefined}
    >
      <nav className="navbar__inner" aria-label={t("theme.navbar.ariaLabel")}>
        <Themed name="Navbar/MobileSidebar/Toggle" own={MobileSidebarToggle} props={{}} />
        <Logo />
        <div className="navbar__items">
          {navbar.left.map((i, n) => (
            <Item key={n} item={i} mode="desktop" />
          ))}
        </div>
        <div className="navbar__items navbar__items--right">
          {navbar.right.map((i, n) => (
            <Item key={n} item={i} mode="desktop" />
          ))}
        </div>
      </nav>
      <div className="mobile-menu" id="mobile-menu" data-mobile-menu data-view="primary" hidden>
        <div className="mobile-menu__head">
          <Logo />
          <button
            type="button"
            className="icon-button"
            data-mobile-menu-close
            aria-label={t("theme.docs.sidebar.closeSidebarButtonAriaLabel")}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="mobile-menu__primary">
          {[...navbar.left, ...navbar.right].map((i, n) => (
            <Item key={n} item={i} mode="mobile" />
          ))}
        </div>
        <div className="mobile-menu__secondary">
          <button type="button" className="mobile-menu__back" data-mobile-menu-back>
            ← {t("theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel")}
          </button>
          <div data-mobile-menu-sidebar />
        </div>
      </div>
    </header>
  );
}
