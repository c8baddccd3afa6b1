// The stores of `.docsite/cache/`, declared in one place: each one's name (its folder), what an entry is, what its key
// holds besides the toolchain identity, what else makes an entry invalid, how big it may grow and how it is pruned.
// The build prunes from this list (`pruneStores`), and cli/cache/README.md's table is made from it (`storesTable`;
// tests/unit/cache-stores.test.ts checks the README against it). A new store is added here, or it is never pruned
// and the test that every store constant is registered fails.
import { join } from "node:path";
import type { BuildCache } from "./cache.ts";
import { FILE_HASHES_STORE, MEMO_FILE, saveFileHashes } from "./file-hashes.ts";
import { PACK_GRACE_MS } from "./packs.ts";

/**
 * How a store's unused entries go: `unused`, those a full build did not use; `packs`, pack files no index names and
 * last written PACK_GRACE_MS ago (another build may still be reading one); `never` (one entry per output folder);
 * `rewritten`, one file each build writes anew with what it used.
 */
export type Pruning = "unused" | "packs" | "never" | "rewritten";

export interface StoreSpec {
  /** The store's name: its folder under `.docsite/cache/`. */
  name: string;
  /** Its index file beside the folders, if it has one. */
  index?: string;
  /** The module that reads and writes it. */
  module: string;
  /** What one entry is. */
  entry: string;
  /** What the key holds besides the toolchain identity. */
  key: string;
  /** What else makes an entry a miss ("—": nothing). */
  alsoInvalid: string;
  /** How many entries it holds at most. */
  bound: string;
  pruning: Pruning;
}

/** Said by every store whose entries record what their step read (recorded-inputs.ts). */
const READ =
  "an input its step read changed: a file wherever it lies (in the site, outside it, in `node_modules`, through a " +
  "link), by its bytes; a name added to or removed from a folder it read from or an import looked in; a " +
  "package.json / tsconfig.json / jsconfig.json on the way up; an environment variable server code reads (`env:X`)";

export const STORES: readonly StoreSpec[] = [
  {
    name: "mdx",
    module: "compiled-pages.ts",
    entry:
      "a page's compiled MDX: `<key>.json` (everything but the code), `<key>.js` (the code, read only when the " +
      "page renders)",
    key:
      "the compile settings (`cli/mdx/compile-settings.ts`: the part of the config the compile is given, without the " +
      "site folder), the doc slugs, the page's locale, file, body and the line its body starts at",
    alsoInvalid: `${READ}; partials, components and what they import, the MDX plugins' files`,
    bound: "one entry per page and locale",
    pruning: "unused",
  },
  {
    name: "render",
    index: "render-index.json",
    module: "pipeline/render-stage.ts, render-store.ts",
    entry:
      "a route's HTML, appended to a pack; the index holds each route's record (where, content hash, inline code " +
      "hashes)",
    key:
      "the route's render job: everything its HTML depends on (config, strings, page data with its code's hash, " +
      "sidebar, assets, images)",
    alsoInvalid: "—",
    bound: "one record per route; packs of the last builds",
    pruning: "packs",
  },
  {
    name: "content",
    index: "content-index.json",
    module: "pipeline/content-cache.ts",
    entry: "a doc's or post's content HTML, drawn apart from the layout",
    key: "the page's code hash, locale, fallback locale, the whole config, its images",
    alsoInvalid: "a string it showed, or the layout or sidebar it read, changed",
    bound: "one per page",
    pruning: "packs",
  },
  {
    name: "search-page",
    index: "search-page-index.json",
    module: "pipeline/cached-steps.ts",
    entry: "one page's search analysis (terms, stems, counts)",
    key: "the page's indexed text and fields",
    alsoInvalid: "—",
    bound: "one per indexed page",
    pruning: "packs",
  },
  {
    name: "search",
    module: "pipeline/cached-steps.ts",
    entry:
      "a search index bundle (one per locale and version): `<key>.json` (each file's name, length and content hash, " +
      "and the size of the `.bin`: read every build), `<key>.bin` (the files, read only when the output must write " +
      "one of them)",
    key: "its pages' keys and the synonyms",
    alsoInvalid: "—",
    bound: "one per bundle",
    pruning: "unused",
  },
  {
    name: "client",
    module: "pipeline/cached-steps.ts",
    entry: "the browser runtime and CSS bundle",
    key: "the bundle options (base URL, dev, trailing slash)",
    alsoInvalid: "—",
    bound: "one",
    pruning: "unused",
  },
  {
    name: "frontmatter",
    module: "cli/content/frontmatter-memo.ts",
    entry: "parsed front matter by the hash of its YAML text, in one file",
    key: "nothing else (the parser is part of the toolchain)",
    alsoInvalid: "—",
    bound: "the blocks the last scan used",
    pruning: "unused",
  },
  {
    name: "images",
    module: "cli/images/image-cache.ts",
    entry:
      "an image's encoded files: `<key>.json` (its description, each output file's name, length and content hash, " +
      "and the size of the `.bin`: read every build), `<key>.bin` (the files, read only when the output must write " +
      "one of them, each checked against the hash recorded)",
    key: "the output name stem, extension and the hash of the file's bytes",
    alsoInvalid: "—",
    bound: "one per image file (two files)",
    pruning: "unused",
  },
  {
    name: "pages",
    module: "cli/render/page-module.ts, recorded-inputs.ts",
    entry:
      "a custom page's compiled module, its imports of the theme and packages as placeholders; `<hash>.mjs`, the " +
      "module resolved for this docsite (checked against the entry before each use)",
    key: "the page's site-relative file",
    alsoInvalid: READ,
    bound: "one per custom page",
    pruning: "unused",
  },
  {
    name: "site-pages",
    module: "cli/pages/site-pages.ts, recorded-inputs.ts",
    entry: "a React page's server bundle (code, CSS, its islands' server code), with what it read and their hashes",
    key:
      "the page's site-relative file, the import's aliases, the compile settings (without the site folder) and the " +
      "Markdown compile it is given",
    alsoInvalid:
      `${READ}; the page, components, CSS modules, Sass partials (\`loadedUrls\`), Markdown, what its islands' ` +
      "classification read",
    bound: "one per React page",
    pruning: "unused",
  },
  {
    name: "theme-overrides",
    module: "cli/theme-overrides/bundle.ts, recorded-inputs.ts",
    entry: "a theme override's server bundle (code, CSS, whether it is an island), with what it read and their hashes",
    key:
      "the override's site-relative file, the aliases, the compile settings (without the site folder) and the " +
      "Markdown compile it is given",
    alsoInvalid: READ,
    bound: "one per override drawn",
    pruning: "unused",
  },
  {
    name: "islands",
    module: "cli/islands/bundle.ts, site-islands.ts",
    entry: "an island's browser chunk, with what it read and their hashes; the islands' runtime",
    key:
      "a chunk: its island key and bundle options (base URL, aliases, shared modules' URLs, site data, dev); the " +
      "runtime: base URL and dev (it is made of docsite's files and packages only)",
    alsoInvalid: READ,
    bound: "one per island, and one runtime",
    pruning: "unused",
  },
  {
    name: "brand",
    module: "cli/brand/brand-css.ts",
    entry: "a customCss file bundled (CSS, its `url()` files, what it left out), with what it read and their hashes",
    key: "the file (site-relative, or in node_modules) and the import's aliases",
    alsoInvalid: `${READ}; the sheet, its \`@import\`s and \`url()\` files, Sass partials`,
    bound: "one per customCss file",
    pruning: "unused",
  },
  {
    name: FILE_HASHES_STORE,
    module: "file-hashes.ts",
    entry:
      "`memo`: the content hash of each file a build hashed (docsite's own packages, inputs entries recorded, the " +
      "site's static files an output update compares), with its path and stat, checked like an entry",
    key: "none: a memo of this machine's files; a file's hash is taken from it only while its stat is the same",
    alsoInvalid: "a file's inode, size, modification or change time differs (it is hashed again)",
    bound: "one file: the files the last build hashed or found unchanged",
    pruning: "rewritten",
  },
  {
    name: "output",
    module: "output-manifests.ts",
    entry: "the manifest of an output folder: each file's content hash, inode, size and mtime",
    key: "the output folder (relative to the site when inside it); not the toolchain: it records what the folder holds",
    alsoInvalid: "a file whose stat differs is written again",
    bound: "one per output folder",
    pruning: "never",
  },
];

const PRUNING_TEXT: Record<Pruning, string> = {
  unused: "unused after a full build",
  packs: `packs no index names, after ${PACK_GRACE_MS / 60_000} minutes`,
  never: "never (one per folder built into)",
  rewritten: "written anew, with only what it used, by a build that hashed a file",
};

/** After a full build: each store's files the build did not use, as its pruning says. */
export async function pruneStores(cache: BuildCache): Promise<void> {
  // The memo, with the hashes this build's inputs added (the identity wrote it with docsite's files already).
  if (cache.writable) saveFileHashes(join(cache.dir, FILE_HASHES_STORE, MEMO_FILE));
  await Promise.all(
    STORES.filter((s) => s.pruning === "unused" || s.pruning === "packs").map((s) =>
      cache.prune(s.name, s.pruning === "packs" ? PACK_GRACE_MS : 0),
    ),
  );
}

/** The README's table of the stores (cli/cache/README.md, "The stores"). */
export function storesTable(): string {
  const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
  const rows = STORES.map((s) =>
    [
      `\`${s.name}/\`${s.index ? ` + \`${s.index}\`` : ""} (\`${s.module}\`)`,
      s.entry,
      s.key,
      s.alsoInvalid,
      s.bound,
      PRUNING_TEXT[s.pruning],
    ]
      .map(cell)
      .join(" | "),
  );
  return [
    "| store (folder) | entry | key (besides the toolchain identity) | also invalid when | size bound | pruning |",
    "|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r} |`),
  ].join("\n");
}
