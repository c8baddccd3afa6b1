// The layers of docsite's code, in one table: each folder of cli/ (and cli/'s own files, and theme/ as a whole),
// its rank in the build's one pass, its stage, and what it does. A folder imports only folders of a lower rank, so
// the build runs one way and no folder can reach back into one that uses it. tests/unit/layers.test.ts checks the
// code against this table; scripts/architecture.ts writes the folder list of docs/architecture.md and the "may
// import" line of each folder's README.md from it.

export interface Layer {
  /** A folder (`cli/mdx`), a file of cli/ itself (`cli/log.ts`), or `theme` for the whole React side. */
  path: string;
  /** Its place: it may import only layers of a lower rank. */
  rank: number;
  /** The stage of the build it belongs to (STAGES). */
  stage: Stage;
  /** What it does, in a line. */
  role: string;
}

/** The stages of the build, in the order it runs them (the names docs/architecture.md uses). */
export const STAGES = [
  "base",
  "config",
  "content index",
  "compiled pages",
  "route table",
  "checks",
  "client bundle, images, islands",
  "HTML",
  "extras",
  "output",
  "commands",
] as const;

export type Stage = (typeof STAGES)[number];

/** What each stage is, for the stage order in docs/architecture.md. */
export const STAGE_ROLES: Record<Stage, string> = {
  base: "used by every stage: messages, where docsite's files are, the build cache, the theme's components",
  config: "site.config.json read and checked; interface strings",
  "content index": "every content file found, with its front matter, id and URL",
  "compiled pages": "MDX compiled, with the site's CSS toolchain",
  "route table": "routes, sidebars, prev/next, redirects",
  checks: "links and anchors checked",
  "client bundle, images, islands": "what the browser loads, and the pictures",
  HTML: "each route drawn into an HTML document",
  extras: "search index, sitemaps, feeds, headers",
  output: "the site loaded once, written and swapped in",
  commands: "what a user runs",
};

export const LAYERS: Layer[] = [
  { path: "cli/log.ts", rank: 0, stage: "base", role: "messages and DocsiteError (file, line, what to do)" },
  { path: "cli/boot", rank: 0, stage: "base", role: "where docsite's own files are; esbuild loaded when first used" },
  {
    path: "theme",
    rank: 0,
    stage: "base",
    role: "React side: layout, docs, blog and page components, the browser runtime; imports nothing of cli/",
  },
  { path: "cli/cache", rank: 1, stage: "base", role: "the build cache: keys, stores, recorded inputs, damage report" },
  { path: "cli/public-types.ts", rank: 1, stage: "base", role: 'the types of the public surface ("docsite-ssg")' },
  { path: "cli/config", rank: 2, stage: "config", role: "site.config.json: schema, loading, validation, aliases" },
  { path: "cli/i18n", rank: 3, stage: "config", role: "interface strings (ICU messages): docsite's under the site's" },
  {
    path: "cli/content",
    rank: 4,
    stage: "content index",
    role: "content files, front matter, doc ids, slugs, URL shapes, the site's own pages found",
  },
  { path: "cli/css", rank: 5, stage: "compiled pages", role: "the site's own PostCSS (Tailwind), run after Sass" },
  {
    path: "cli/mdx",
    rank: 6,
    stage: "compiled pages",
    role: "MDX compile: headings, admonitions, code, links, imports, the island rule, page titles",
  },
  { path: "cli/routes", rank: 7, stage: "route table", role: "sidebars, the route table, prev/next, public URLs" },
  { path: "cli/redirects", rank: 8, stage: "route table", role: "the config's redirects as routes and _redirects" },
  { path: "cli/links", rank: 9, stage: "checks", role: "build-time link check and `check-links` over dist/" },
  { path: "cli/client", rank: 10, stage: "client bundle, images, islands", role: "the browser runtime's bundle" },
  { path: "cli/images", rank: 10, stage: "client bundle, images, islands", role: "the image stage: encode, store" },
  { path: "cli/brand", rank: 10, stage: "client bundle, images, islands", role: "customCss, Infima, --ifm-* bridge" },
  {
    path: "cli/islands",
    rank: 11,
    stage: "client bundle, images, islands",
    role: "project components that need the browser: drawn on the server, bundled, hydrated",
  },
  { path: "cli/pages", rank: 12, stage: "HTML", role: "an imported site's src/pages: routes and server bundles" },
  { path: "cli/theme-overrides", rank: 13, stage: "HTML", role: "a site's src/theme/<Name> (swizzling)" },
  { path: "cli/render", rank: 14, stage: "HTML", role: "server rendering of a route into an HTML document" },
  { path: "cli/search", rank: 15, stage: "extras", role: "the search index (local) and Algolia's settings" },
  { path: "cli/emit", rank: 15, stage: "extras", role: "sitemaps, robots.txt, RSS and Atom feeds, _headers" },
  { path: "cli/site", rank: 16, stage: "output", role: "the one site loader for build, dev and the tests" },
  { path: "cli/output", rank: 16, stage: "output", role: "the finished site written beside dist/ and swapped in" },
  { path: "cli/pipeline", rank: 17, stage: "output", role: "the build: stages, worker pool, cached steps" },
  { path: "cli/init", rank: 18, stage: "commands", role: "`docsite init` and a site's package.json" },
  { path: "cli/dev", rank: 18, stage: "commands", role: "the dev server's parts: lazy model, watcher, live reload" },
  { path: "cli/import", rank: 19, stage: "commands", role: "`docsite import`: a Docusaurus site made a docsite site" },
  { path: "cli/server", rank: 19, stage: "commands", role: "`serve` and `dev`'s HTTP side" },
  { path: "cli/main.ts", rank: 20, stage: "commands", role: "the command line" },
];

/** The layer a file of the repository belongs to: its folder's (or its own, for a file of cli/ itself). */
export function layerOf(file: string, layers: readonly Layer[] = LAYERS): Layer | undefined {
  const parts = file.split("/");
  const key = parts[0] === "theme" ? "theme" : parts.slice(0, 2).join("/");
  return layers.find((l) => l.path === key);
}

/** The layers a layer may import: every one of a lower rank. */
export const mayImport = (layer: Layer, layers: readonly Layer[] = LAYERS): Layer[] =>
  layers.filter((l) => l.rank < layer.rank);
