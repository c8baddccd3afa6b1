// The basic fixture with one of everything the build cache keeps or depends on: a partial, a project component that
// imports a package installed in the site folder (with npm's record of it), an image with its dark twin, besides the
// fixture's custom page, blog post, sidebars and strings. The cache tests edit, damage and move it.
import { expect } from "vitest";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import sharp from "sharp";
import { applyChanges } from "./site.ts";

export const png = (colour: string, width = 320) =>
  sharp({ create: { width, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** The site package `site-lib` at `version`, saying `words`, as npm installs it (with its record). */
export async function sitePackage(root: string, version: string, words: string): Promise<void> {
  const dir = join(root, "node_modules", "site-lib");
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "package.json"), JSON.stringify({ name: "site-lib", version, main: "index.js" }));
  await writeFile(join(dir, "index.js"), `exports.words = ${JSON.stringify(words)};\n`);
  await writeFile(
    join(root, "node_modules", ".package-lock.json"),
    JSON.stringify({
      name: "site",
      lockfileVersion: 3,
      requires: true,
      packages: { "node_modules/site-lib": { version, resolved: `https://registry.example/site-lib-${version}.tgz` } },
    }),
  );
}

/** Adds the partial, the component and its package, and the image to the fixture at `root`. */
export async function enrich(root: string): Promise<void> {
  const first = "content/en/docs/v1/guide/first.mdx";
  const second = "content/en/docs/v1/guide/second.mdx";
  await applyChanges(root, {
    "content/en/docs/v1/_shared.mdx": "A shared note from the partial.\n",
    "src/components/Badge.jsx": [
      'import { words } from "site-lib";',
      "export default function Badge({ label }) {",
      '  return <strong className="badge">{label}: {words}</strong>;',
      "}",
      "",
    ].join("\n"),
    [first]: `${await readFile(join(root, first), "utf8")}
import Shared from "../_shared.mdx";
import Badge from "@site/src/components/Badge.jsx";

<Shared />

<Badge label="Status" />
`,
    [second]: `${await readFile(join(root, second), "utf8")}\n![A square](./square.png)\n`,
  });
  await writeFile(join(root, "content/en/docs/v1/guide/square.png"), await png("#c00"));
  await writeFile(join(root, "content/en/docs/v1/guide/square-dark.png"), await png("#300"));
  await sitePackage(root, "1.0.0", "first words");
}

/** Every file under `dir` with its bytes, by relative path. */
export async function tree(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) out.set(relative(dir, join(e.parentPath, e.name)), await readFile(join(e.parentPath, e.name)));
  return out;
}

/** The files that differ between two trees (missing on either side, or other bytes); empty when they are equal. */
export async function treeDifferences(a: string, b: string): Promise<string[]> {
  const [ta, tb] = await Promise.all([tree(a), tree(b)]);
  const out: string[] = [];
  for (const [f, bytes] of ta) if (!tb.get(f)?.equals(bytes)) out.push(f);
  for (const f of tb.keys()) if (!ta.has(f)) out.push(f);
  return out.sort();
}

/** Fails, naming the files, when two trees differ (see treeDifferences). */
export async function expectSameTrees(a: string, b: string): Promise<void> {
  expect(await treeDifferences(a, b)).toEqual([]);
}
