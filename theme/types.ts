// Data the build hands to the theme. Everything is resolved already (labels translated, hrefs localized),
// so components only draw.

export interface LinkData {
  label: string;
  href: string;
  external?: boolean;
  active?: boolean;
  lang?: string;
}

export type NavItemData =
  | {
      kind: "link";
      /** The text shown; empty for a link its icon or the site's class draws (`ariaLabel` names it). */
      label: string;
      href: string;
      external?: boolean;
      active?: boolean;
      icon?: string;
      /** The site's class for the link (its custom CSS may draw an icon there and hide the label), as Docusaurus'. */
      className?: string;
      /** The link's accessible name when the site gives one (Docusaurus' `aria-label`). */
      ariaLabel?: string;
    }
  | { kind: "dropdown"; id: string; label: string; items: LinkData[]; icon?: "locale" }
  | { kind: "search" }
  | { kind: "colorMode" };

export interface SidebarItemData {
  /** `html`: the author's HTML in `value`, drawn as is. */
  type: "link" | "category" | "html";
  label?: string;
  href?: string;
  items?: SidebarItemData[];
  collapsed?: boolean;
  hidden?: boolean;
  className?: string;
  value?: string;
  /** html items: draw with the padding of a link. */
  defaultStyle?: boolean;
  /** Front matter sidebar_custom_props or the sidebar item's customProps. */
  customProps?: Record<string, unknown>;
  /** The linked doc's (or generated index') description: what DocCardList shows. */
  description?: string;
  docId?: string;
}

export interface LayoutData {
  siteTitle: string;
  locale: string;
  homeHref: string;
  /** Null when the site has no logo. `srcDark` is shown in dark mode instead of `src`. */
  logo: { src: string; srcDark?: string; alt: string; width: number; height: number } | null;
  navbar: {
    title: string;
    hideOnScroll: boolean;
    left: NavItemData[];
    right: NavItemData[];
    style?: "light" | "dark" | "primary";
  };
  footer: {
    groups: Array<{ title: string; items: LinkData[] }>;
    icons: Array<{ label: string; href: string; icon: string }>;
    copyright: string;
    style?: "light" | "dark";
  };
  /** `html`: the content is HTML, drawn as written; the colours are the site's (Docusaurus' inline style). */
  announcement: {
    id: string;
    content: string;
    closeable: boolean;
    html?: boolean;
    backgroundColor?: string;
    textColor?: string;
  } | null;
  colorMode: { applies: boolean; disableSwitch: boolean };
  search: { href: string; provider: "local" | "algolia" };
  /** Docs version this page belongs to, for the preferred-version memory. */
  docsVersion?: { pluginId: string; name: string };
}

export interface TocItem {
  depth: number;
  id: string;
  text: string;
}

export interface DocPageData {
  title: string;
  /** The content has its own `# Heading` (or front matter hide_title): the page draws no second h1. */
  hideTitle?: boolean;
  toc: TocItem[];
  hideToc: boolean;
  sidebar?: SidebarItemData[];
  /** Identifies the sidebar so the client keeps it (scroll, open categories) across pages that share it. */
  sidebarKey?: string;
  activeHref: string;
  prev?: { title: string; href: string };
  next?: { title: string; href: string };
  banner?: { kind: "unmaintained" | "unreleased"; versionLabel: string; latestHref: string; latestLabel: string };
  unlisted: boolean;
  untranslated: boolean;
  /** A generated-index category page: its description and items (drawn as cards instead of content). */
  generatedIndex?: { description?: string; items: SidebarItemData[] };
  /** Front matter last_update (date as YYYY-MM-DD). */
  lastUpdate?: { author?: string; date?: string };
  /** Front matter custom_edit_url. */
  editUrl?: string;
  /** `docs.breadcrumbs`: the sidebar categories down to this page, and the site's home. */
  breadcrumbs?: { items: Array<{ label: string; href?: string }>; homeHref: string };
  /** The version's label, for the "Version: x" badge (the version's `badge`). */
  versionBadge?: string;
}

export interface BlogPostData {
  title: string;
  href: string;
  description: string;
  date: string;
  authors: string[];
  tags: string[];
  readingMinutes: number;
  /** Links to the tags' pages, when the site has them. */
  tagLinks?: Array<{ label: string; href: string }>;
}

/** One encoding of an image (light or dark), as the image stage wrote it. URLs are final. */
export interface ImageVariantData {
  width: number;
  height: number;
  /** The `<img src>`: a format every browser decodes (PNG/JPEG; the animated WebP for animations). */
  src: string;
  /** The `<img srcset>` of the fallback format, when there are several widths. */
  srcset?: string;
  /** Modern formats, best first: `<source type srcset>`. */
  sources: Array<{ type: string; srcset: string }>;
  /** The largest encoding, for "see it full size". */
  full: string;
  /** Animated images: a still of the first frame, shown when the reader prefers reduced motion. */
  poster?: string;
  /** A video file (MP4): `src` and `full` are its URL, `width`/`height` its picture size. */
  video?: VideoData;
}

/** What a moving picture in a video file needs besides its URL (cli/images/video.ts). */
export interface VideoData {
  type: string;
  durationMs: number;
  /** The still shown until it plays (`clip.poster.png` beside `clip.mp4`, or `<video poster>`), as an image. */
  poster?: ImageVariantData;
}

export interface ImageData extends ImageVariantData {
  /** The `-dark` sibling, shown in dark mode. */
  dark?: ImageVariantData;
}
