// A site whose bundles and compiles read outside its own files, and the edits the build cache must see there
// (issue 37): a monorepo's shared module (`../../shared/label.js`), a linked workspace package (a symlink in
// node_modules to a folder outside), a package file edited without npm's record changing (a hand fix,
// patch-package), a Sass package's partial, files added that an MDX import now resolves to, an environment variable
// content reads. The Docusaurus fixture docusaurus-sass with a doc that uses an island, a helper found without its
// extension, a component reading outside the site, and the variable; imported into `<mono>/website`.
// tests/unit/cache-differential.test.ts builds it in its process, tests/package/installed-cache.test.ts with docsite
// installed from its tarball.
import { cp, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { expect } from "vitest";

export const repo = join(import.meta.dirname, "..", "..");
const fixture = join(repo, "tests", "fixtures", "docusaurus-sass");
/** The environment variable the doc prints. */
export const GREETING = "DOCSITE_DIFF_GREETING";
/** Its value for the first build. */
export const FIRST_GREETING = "hello one";
/** What the first build shows. */
export const FIRST_SHOWS = "shared label one";

const write = async (file: string, text: string) => {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
};
const edit = async (file: string, from: string, to: string) => {
  const text = await readFile(file, "utf8");
  expect(text, file).toContain(from);
  await writeFile(file, text.replace(from, to));
};

/** The Docusaurus project to import, at `project`. */
export async function readsProject(project: string): Promise<void> {
  await cp(fixture, project, { recursive: true });
  await write(
    join(project, "docs", "reads.mdx"),
    [
      "# Reads",
      "",
      'import Shout from "@site/src/components/Shout";',
      'import Helper from "@site/src/components/helper";',
      'import Label from "@site/src/components/Label";',
      'import Widget from "@site/src/widgets/Widget";',
      "",
      "<Shout />",
      "",
      "<Widget />",
      "",
      "<Helper />",
      "",
      "<Label />",
      "",
      `Greeting: {process.env.${GREETING} ?? "none"}.`,
      "",
    ].join("\n"),
  );
}

/**
 * What the imported site at `site` (`<mono>/website`) reads besides its own files: the fixture's packages, the
 * monorepo's shared module and workspace package (linked into node_modules), an installed package with npm's record;
 * the components (an island and a server component) and a React page that read them.
 */
export async function readsSite(site: string): Promise<void> {
  const mono = dirname(site);
  await cp(join(fixture, "node_modules"), join(site, "node_modules"), { recursive: true });
  await write(join(mono, "shared", "label.js"), 'export const label = "shared label one";\n');
  await write(join(mono, "packages", "ui", "package.json"), JSON.stringify({ name: "ui", main: "index.js" }));
  await write(join(mono, "packages", "ui", "index.js"), 'export const ui = "workspace ui one";\n');
  await symlink(join("..", "..", "packages", "ui"), join(site, "node_modules", "ui"));
  await write(join(site, "node_modules", "plain-lib", "package.json"), '{"name":"plain-lib","main":"index.js"}');
  await write(join(site, "node_modules", "plain-lib", "index.js"), 'exports.words = "installed words one";\n');
  await write(
    join(site, "node_modules", ".package-lock.json"),
    JSON.stringify({ name: "site", lockfileVersion: 3, packages: { "node_modules/plain-lib": { version: "1.0.0" } } }),
  );
  const components = join(site, "src", "components");
  // An island (state) reading the shared module and the workspace package.
  await write(
    join(components, "Shout.jsx"),
    [
      'import { useState } from "react";',
      'import { label } from "../../../shared/label.js";',
      'import { ui } from "ui";',
      "export default function Shout() {",
      "  const [n, setN] = useState(0);",
      "  return <button onClick={() => setN(n + 1)}>{label} {ui} {n}</button>;",
      "}",
      "",
    ].join("\n"),
  );
  // A server component (no state) reading outside the site and an installed package.
  await write(
    join(components, "Label.jsx"),
    [
      'import { label } from "../../../shared/label.js";',
      'import { ui } from "ui";',
      'import { words } from "plain-lib";',
      "export default function Label() {",
      "  return <em>{label} / {ui} / {words}</em>;",
      "}",
      "",
    ].join("\n"),
  );
  await write(join(components, "helper.js"), "export default function Helper() { return <b>helper from js</b>; }\n");
  await write(
    join(site, "src", "widgets", "Widget", "index.js"),
    "export default function Widget() { return <i>widget from its folder</i>; }\n",
  );
  // A React page drawing both.
  await write(
    join(site, "src", "pages", "mono.jsx"),
    [
      'import Shout from "@site/src/components/Shout";',
      'import Label from "@site/src/components/Label";',
      'import { label } from "../../../shared/label.js";',
      "export default function Mono() {",
      "  return <main><p>page: {label}</p><Label /><Shout /></main>;",
      "}",
      "",
    ].join("\n"),
  );
}

export interface ReadsEdit {
  /** What the edit is, as a test names it. */
  title: string;
  /** Makes the edit in the site at `site`; returns the environment the builds after it run with, if it changes. */
  apply(site: string): Promise<Record<string, string> | undefined>;
  /** A text the output holds after it (an island's chunk counts). */
  shows: string;
}

/** The edits, in the order they are made (each keeps the ones before). */
export const READS_EDITS: readonly ReadsEdit[] = [
  {
    title: "an edit of a module outside the site (an island, a React page and an MDX component import it)",
    apply: async (site) =>
      void (await edit(join(site, "..", "shared", "label.js"), "shared label one", "shared label two (edited)")),
    shows: "shared label two (edited)",
  },
  {
    title: "an edit inside a linked workspace package (a symlink in node_modules to a folder outside)",
    apply: async (site) =>
      void (await edit(
        join(site, "..", "packages", "ui", "index.js"),
        "workspace ui one",
        "workspace ui two (edited)",
      )),
    shows: "workspace ui two (edited)",
  },
  {
    title: "an edit of a package's file that leaves npm's record as it was",
    apply: async (site) =>
      void (await edit(
        join(site, "node_modules", "plain-lib", "index.js"),
        "installed words one",
        "patched words two",
      )),
    shows: "patched words two",
  },
  {
    // The fixture's Card stylesheet `@use`s tiny-tokens/colors (its own node_modules, recorded by npm or not).
    title: "an edit of a Sass package's partial that leaves npm's record as it was",
    apply: async (site) =>
      void (await edit(join(site, "node_modules", "tiny-tokens", "_colors.scss"), "#abcdef", "#fedcba")),
    shows: "#fedcba",
  },
  {
    // `@site/src/components/helper` was helper.js; a helper.jsx beside it comes first (mdx/modules.ts: findScript).
    title: "a file added beside an MDX import's module that the import now resolves to",
    apply: async (site) =>
      void (await write(
        join(site, "src", "components", "helper.jsx"),
        "export default function Helper() { return <b>helper from jsx</b>; }\n",
      )),
    shows: "helper from jsx",
  },
  {
    // `@site/src/widgets/Widget` was Widget/index.js; a Widget.jsx beside the folder comes first (the page reads
    // nothing else in src/widgets/).
    title: "a file added beside the folder whose index an MDX import resolved to",
    apply: async (site) =>
      void (await write(
        join(site, "src", "widgets", "Widget.jsx"),
        "export default function Widget() { return <i>widget from its own file</i>; }\n",
      )),
    shows: "widget from its own file",
  },
  {
    title: "a change of an environment variable content reads",
    apply: async () => ({ [GREETING]: "hello two (changed)" }),
    shows: "hello two (changed)",
  },
];
