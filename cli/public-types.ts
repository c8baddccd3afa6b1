// The types a site's own code may use, imported from "docsite-ssg" (`import type { PageMeta } from "docsite-ssg"`;
// the package's name on the registry, its command is `docsite`); the components and hooks are in "docsite-ssg/theme"
// (theme/index.ts). These two modules are docsite's public surface:
// everything else may change in any release. This file imports nothing of docsite's internals, so its declarations
// (made when the package is packed) stay small.
import type { ComponentType } from "react";

export type { Translator } from "../theme/context.tsx";
export type { LayoutData, LinkData, NavItemData, SidebarItemData } from "../theme/types.ts";

/** What a page module's component is given. */
export interface PageProps {
  locale: string;
}

/** A page module's `meta` export. `title` and `description` are keys of i18n/<locale>.json. */
export interface PageMeta {
  title?: string;
  description?: string;
  /** Draw the page in the reader's colour mode (true), or always light (false). */
  applyColorMode?: boolean;
  /** Full width: no centred column. */
  wide?: boolean;
  /** Images the page draws with <DocsiteImage>, from the site root: the image stage encodes them. */
  images?: string[];
}

/** A custom page, content/pages/<name>.tsx: a default-exported component and optional `meta`. */
export interface PageModule {
  default: ComponentType<PageProps>;
  meta?: PageMeta;
}
