// The developer-facing failures of the spec (§8) are build errors that name the file and the fix.
import { describe, it, expect } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { fixtureSite, removeSite, buildSite, editJson } from "../support/site.ts";
import { DocsiteError } from "../../cli/log.ts";
import { useT } from "../../theme/context.tsx";

async function failure(changes: Record<string, string | null>, editConfig?: (c: any) => void): Promise<DocsiteError> {
  const root = await fixtureSite("basic", changes);
  try {
    if (editConfig) await editJson(root, "site.config.json", editConfig);
    const err = await buildSite(root).then(
      () => null,
      (e) => e,
    );
    if (!err) throw new Error("expected the build to fail");
    return err;
  } finally {
    await removeSite(root);
  }
}

describe("developer-facing build errors", () => {
  it("a page module without a default export", async () => {
    const err = await failure({
      "content/pages/about.tsx": "export const meta = {};\nexport function About() { return null; }\n",
    });
    expect(err).toBeInstanceOf(DocsiteError);
    expect(err.message).toBe("page module has no default export");
    expect(err.where.file).toMatch(/content\/pages\/about\.tsx$/);
    expect(err.hint).toContain("export the page component as default");
  });

  it("an unknown navbar item type", async () => {
    const err = await failure({}, (c) => {
      c.navbar.items.push({ type: "fancyMenu", position: "left" });
    });
    expect(err.message).toContain('unknown navbar item type "fancyMenu"');
    expect(err.where.file).toContain("site.config.json");
    expect(err.where.line).toBeGreaterThan(1);
  });

  it("a doc-sidebar navbar item whose sidebar has no link", async () => {
    const err = await failure({ "content/sidebars.json": JSON.stringify({ main: ["index"], empty: [] }) }, (c) => {
      c.navbar.items.push({ type: "docSidebar", sidebarId: "empty", label: "theme.navbar.ui" });
    });
    expect(err.message).toContain('points to sidebar "empty", which has no link');
  });

  it("a sidebar that names a doc id that does not exist", async () => {
    const err = await failure({ "content/sidebars.json": '{\n  "main": [\n    "index",\n    "guide/frist"\n  ]\n}\n' });
    // The nearest id is offered, and the hint's examples are ids of this site, not of another one.
    expect(err.message).toBe(
      'sidebar references doc id "guide/frist", which does not exist (did you mean "guide/first"?)',
    );
    expect(err.hint).toMatch(
      /^doc ids are file paths inside the version folder without extension \(e\.g\. "guide\/[a-z]+" or "[a-z]+"\)$/,
    );
    expect(err.where).toEqual({ file: "content/sidebars.json", line: 4 });
  });

  it("a sidebar that names a draft: nothing is shown and the build succeeds", async () => {
    const root = await fixtureSite("basic", {
      "content/en/docs/v1/guide/wip.mdx": "---\ntitle: WIP\ndescription: Draft.\ndraft: true\n---\n\nText.\n",
      "content/sidebars.json": JSON.stringify({ main: ["index", "guide/wip", "guide/first"] }),
    });
    try {
      const r = await buildSite(root);
      expect(r.table.sidebars.get("en|v1|main")!.map((n) => (n.type === "html" ? "" : n.label))).toEqual([
        "Fixture docs",
        "First guide",
      ]);
    } finally {
      await removeSite(root);
    }
  });

  it("a theme hook used outside its provider", () => {
    const Orphan = () => {
      useT();
      return null;
    };
    expect(() => renderToStaticMarkup(createElement(Orphan))).toThrow(/useT\(\) was called outside <SiteProvider>/);
  });

  it("an invalid site.config.json stops before anything is written", async () => {
    const err = await failure({}, (c) => {
      c.colorMode.defaultMode = "sepia";
    });
    expect(err.message).toContain("/colorMode/defaultMode: must be one of");
  });

  it("malformed front matter names file and line", async () => {
    const err = await failure({
      "content/en/docs/v1/guide/first.mdx": "---\ntitle: First\nsidebar_position: [1\n---\n\nText\n",
    });
    expect(err.message).toContain("front matter is not valid YAML");
    expect(err.where.file).toBe("content/en/docs/v1/guide/first.mdx");
    expect(err.where.line).toBe(3);
  });

  it("a missing interface string names the locale file", async () => {
    const root = await fixtureSite();
    try {
      await editJson(root, "i18n/ru.json", (m) => {
        delete m["footer.resources"];
      });
      await editJson(root, "site.config.json", (c) => {
        c.onMissingTranslations = "throw";
      });
      const err = await buildSite(root).catch((e) => e);
      expect(err.message).toContain('missing translation "footer.resources"');
      expect(err.where.file).toBe("i18n/ru.json");
    } finally {
      await removeSite(root);
    }
  });
});
