// Content plugin options the import follows or names (docs/migration.md, "Options of the docs, blog and pages
// plugins"): the docs plugin's `disableVersioning` (Docusaurus then publishes the current docs alone, whatever
// versions.json lists: the import plans the same versions, cli/import/docs-instances.ts), and the pages' options it
// does not follow, each named with what the reader misses.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planVersions } from "../../cli/import/docs-instances.ts";
import { unreadOptions } from "../../cli/import/content-plugins.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsite-disable-versioning-"));
  await mkdir(join(dir, "docs"), { recursive: true });
  await mkdir(join(dir, "versioned_docs", "version-1.0"), { recursive: true });
  await writeFile(join(dir, "versions.json"), JSON.stringify(["1.0"]));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("disableVersioning", () => {
  it("plans the current docs alone, as the latest version at the route base", () => {
    const { versions } = planVersions(dir, [{ id: "default", options: { disableVersioning: true } }]);
    expect(versions.map((v) => [v.docusaurusName, v.path, v.isLast])).toEqual([["current", "", true]]);
  });

  it("leaves the listed versions in when it is not set", () => {
    const { versions } = planVersions(dir, [{ id: "default", options: {} }]);
    expect(versions.map((v) => v.docusaurusName)).toEqual(["current", "1.0"]);
  });

  it("is an option the import follows, so the report does not name it", () => {
    expect(unreadOptions("docs", "docs", { disableVersioning: true })).toEqual([]);
  });
});

describe("options named in the report", () => {
  it("says what the pages' routeBasePath and any recmaPlugins change", () => {
    expect(unreadOptions("pages", "pages", { routeBasePath: "/extra", recmaPlugins: [() => {}] })).toEqual([
      "pages.routeBasePath: not followed (the pages are published at the site root)",
      "pages.recmaPlugins: not followed (not run)",
    ]);
  });
});
