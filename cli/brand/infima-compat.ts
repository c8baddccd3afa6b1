// Styles for the Infima classes that Docusaurus pages and content use (docsite's theme does not have Infima): the
// grid (row, col, col--N), hero, buttons, cards, badges, text and spacing utilities, the themed image pair, the
// navbar's and announcement bar's colours (Infima's variables), the dark footer. Written from the classes' documented meaning, in docsite's own variables, so the site's brand (mapped
// onto those variables: brand-css.ts) colours them in both modes. Only imported sites get it.

const SIZES: Array<[string, string]> = [
  ["none", "0"],
  ["xs", "0.25rem"],
  ["sm", "0.5rem"],
  ["md", "1rem"],
  ["lg", "2rem"],
  ["xl", "5rem"],
];

const SIDES: Array<[string, string[]]> = [
  ["", ["top", "right", "bottom", "left"]],
  ["-top", ["top"]],
  ["-right", ["right"]],
  ["-bottom", ["bottom"]],
  ["-left", ["left"]],
  ["-vert", ["top", "bottom"]],
  ["-horiz", ["left", "right"]],
];

/** `margin--md`, `padding-vert--lg`…: every side and size Infima has. */
function spacing(): string {
  const out: string[] = [];
  for (const prop of ["margin", "padding"])
    for (const [suffix, sides] of SIDES)
      for (const [size, value] of SIZES)
        out.push(`.${prop}${suffix}--${size}{${sides.map((s) => `${prop}-${s}:${value} !important`).join(";")}}`);
  return out.join("\n");
}

/** `col--1` … `col--12` and their offsets. */
function columns(): string {
  const out: string[] = [];
  for (let n = 1; n <= 12; n++) {
    const pct = `${((n / 12) * 100).toFixed(4).replace(/\.?0+$/, "")}%`;
    out.push(`.col--${n}{--col-width:${pct};flex:0 0 var(--col-width);max-width:var(--col-width)}`);
    out.push(`.col--offset-${n}{margin-left:${pct}}`);
  }
  return out.join("\n");
}

const COLOURS = ["primary", "secondary", "success", "info", "warning", "danger"];

/** Each colour of buttons and badges: the brand's primary, the theme's neutral and status colours. */
const colourOf = (c: string) =>
  c === "primary"
    ? ["var(--accent)", "var(--accent-fg)"]
    : c === "secondary"
      ? ["var(--bg-soft)", "var(--fg)"]
      : c === "success"
        ? ["var(--tip)", "var(--bg)"]
        : [`var(--${c})`, "var(--bg)"];

function colours(): string {
  const out: string[] = [];
  for (const c of COLOURS) {
    const [bg, fg] = colourOf(c);
    out.push(`.button--${c}{background:${bg};border-color:${c === "secondary" ? "var(--border)" : bg};color:${fg}}`);
    out.push(`.button--${c}.button--outline{background:transparent;color:${c === "secondary" ? "var(--fg)" : bg}}`);
    out.push(`.badge--${c}{background:${bg};border-color:${c === "secondary" ? "var(--border)" : bg};color:${fg}}`);
    out.push(`.text--${c}{color:${c === "secondary" ? "var(--fg-muted)" : bg}}`);
  }
  return out.join("\n");
}

const BASE = `
.main-wrapper{flex:1 0 auto;display:flex;flex-direction:column}
.main-wrapper:focus{outline:none}
.container--fluid{max-width:none}
.row{display:flex;flex-wrap:wrap;margin:0 -1rem}
.row--no-gutters{margin:0}
.row--no-gutters>.col{padding:0}
.row--align-center{align-items:center}
.col{flex:1 0 0;max-width:100%;padding:0 1rem;width:100%;box-sizing:border-box}
.col[class*="col--"]{flex-grow:0}
@media (max-width:996px){.row .col,.row .col[class*="col--"]{flex:0 0 100%;max-width:100%;margin-left:0}}
.hero{display:flex;align-items:center;padding:4rem 2rem;background:var(--bg-soft);color:var(--fg);text-align:start}
.hero--primary{background:var(--accent);color:var(--accent-fg)}
.hero--dark{background:#1c2128;color:#fff}
.hero__title{max-width:none;font-size:3rem;line-height:1.2;margin:0 0 .5rem}
.hero__subtitle{max-width:none;font-size:1.5rem;margin:0 0 1rem;color:inherit}
@media (max-width:996px){.hero{padding:2rem}.hero__title{font-size:2.2rem}.hero__subtitle{font-size:1.2rem}}
.button{justify-content:center;font-weight:700;line-height:1.5;text-decoration:none;cursor:pointer;white-space:nowrap}
.button:hover{text-decoration:none;filter:brightness(.95)}
.button--sm{padding:4px 12px;font-size:.875rem}
.button--lg{padding:10px 28px;font-size:1.1rem}
.button--block{display:flex;width:100%}
.button--link{background:transparent;border-color:transparent;color:var(--link)}
.button-group{display:inline-flex}
.card{display:flex;flex-direction:column;overflow:hidden;border-radius:var(--radius);background:var(--bg-raised);box-shadow:0 1px 2px rgba(0,0,0,.15)}
.card--full-height{height:100%}
.card__header,.card__body,.card__footer{padding:1rem}
.card__header+.card__body,.card__body+.card__footer{padding-top:0}
.card__image img{display:block;width:100%}
.shadow--lw{box-shadow:0 1px 2px rgba(0,0,0,.2)}
.shadow--md{box-shadow:0 5px 40px rgba(0,0,0,.2)}
.shadow--tl{box-shadow:0 12px 28px rgba(0,0,0,.2)}
.badge{display:inline-block;padding:.1em .5em;border:1px solid var(--border);border-radius:.4em;font-size:75%;font-weight:700;line-height:1.4;background:var(--bg-soft);color:var(--fg)}
.text--center{text-align:center}
.text--left{text-align:left}
.text--right{text-align:right}
.text--justify{text-align:justify}
.text--truncate{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.text--uppercase{text-transform:uppercase}
.text--lowercase{text-transform:lowercase}
.text--capitalize{text-transform:capitalize}
.text--bold{font-weight:700}
.text--italic{font-style:italic}
.text--normal{font-weight:400}
.text--no-decoration,.text--no-decoration:hover{text-decoration:none}
.avatar{display:flex;align-items:center;gap:.75rem}
.avatar__photo{width:2.5rem;height:2.5rem;border-radius:50%;overflow:hidden}
.avatar__name{font-weight:700}
.avatar__subtitle{color:var(--fg-muted)}
.hash-link{opacity:0;padding-left:.4rem;text-decoration:none}
:hover>.hash-link,.hash-link:focus{opacity:1}
html[data-theme="dark"] .themed-image--light,html:not([data-theme="dark"]) .themed-image--dark{display:none}
.footer--dark{background:#303846;color:#ebedf0}
.footer--dark .footer__title{color:#fff}
.footer--dark a,.footer--dark .footer__copyright,.footer--dark .footer__icons a{color:#ebedf0}
.footer--dark a:hover{color:#fff}
`;

/**
 * The navbar and announcement bar as Infima and Docusaurus' theme colour them: Infima's variables with their defaults
 * (in docsite's colours), `navbar--dark` and `navbar--primary` setting them on the bar (so they win over the
 * site's `:root`, and the site's own `.navbar--dark{…}` over them, as in Infima), read by docsite's navbar
 * (theme/styles/main.css): the title and items in the link colour, the current section's item and a hovered one in
 * the hover colour. The announcement bar without colours is white with black text (theme-classic's AnnouncementBar).
 */
const CHROME = `
:root{--ifm-color-white:#fff;--ifm-color-black:#000;--ifm-navbar-background-color:var(--bg);--ifm-navbar-link-color:var(--fg);--ifm-navbar-link-hover-color:var(--accent);--ifm-menu-color:var(--fg)}
.navbar--dark,.navbar--primary{--ifm-navbar-link-color:#f5f6f7;--ifm-menu-color:#dadde1}
.navbar--dark{--ifm-navbar-background-color:#242526;--ifm-navbar-link-hover-color:var(--accent)}
.navbar--primary{--ifm-navbar-background-color:var(--accent);--ifm-navbar-link-hover-color:#fff}
.navbar{--navbar-bg:var(--ifm-navbar-background-color);--navbar-link:var(--ifm-navbar-link-color);--navbar-link-active:var(--ifm-navbar-link-hover-color);--navbar-link-hover-bg:transparent}
.navbar__link:hover,.navbar__brand:hover{color:var(--ifm-navbar-link-hover-color)}
.announcement{background-color:var(--ifm-color-white);color:var(--ifm-color-black);border-bottom:1px solid var(--border)}
.announcement__content{font-size:85%}
`;

export function infimaCompatCss(): string {
  return [
    "/* Infima classes for this imported site (docsite) */",
    BASE.trim(),
    CHROME.trim(),
    columns(),
    colours(),
    spacing(),
  ].join("\n");
}
