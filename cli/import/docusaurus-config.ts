// The Docusaurus config as the import reads it, once it has been evaluated (load-module.ts): the fields the import
// maps, typed; everything else as it came. Values may be stand-ins for packages that are not installed or
// descriptors of functions (load-module.ts: isStub, isFunctionRef), so each field is checked where it is read.

/** A part of the config the import reads field by field, checking each (plugin options, theme config). */
export type Loose = Record<string, any>;

/** An entry of `plugins`, `presets` or `themes`: a name, a module path, a function, or [one of those, options]. */
export type PluginEntryValue = unknown;

export interface I18nConfig {
  defaultLocale?: string;
  locales?: string[];
  localeConfigs?: Record<string, { label?: string; direction?: string; htmlLang?: string } | undefined>;
}

export interface MarkdownConfig extends Loose {
  format?: "mdx" | "md" | "detect";
  mermaid?: boolean;
  /** Docusaurus 3.7+: `{ maintainCase: true }` keeps capital letters in heading ids. */
  anchors?: { maintainCase?: boolean };
}

/** docusaurus.config.* after evaluation (partial: what the import reads). */
export interface DocusaurusConfig {
  title?: string;
  tagline?: string;
  url?: string;
  baseUrl?: string;
  favicon?: string;
  trailingSlash?: boolean;
  i18n?: I18nConfig;
  presets?: PluginEntryValue[];
  plugins?: PluginEntryValue[];
  themes?: PluginEntryValue[];
  themeConfig?: Loose;
  markdown?: MarkdownConfig;
  customFields?: unknown;
  onBrokenLinks?: string;
  onBrokenAnchors?: string;
  onDuplicateRoutes?: string;
  headTags?: unknown[];
  scripts?: unknown[];
  stylesheets?: unknown[];
  clientModules?: unknown[];
  [field: string]: unknown;
}

/** The options of a docs, blog or pages plugin instance (each reader checks the fields it uses). */
export interface ContentPluginOptions extends Loose {
  id?: string;
  path?: string;
  routeBasePath?: string;
  include?: string[];
  exclude?: string[];
}
