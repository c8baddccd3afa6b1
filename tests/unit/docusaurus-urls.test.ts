// The real-site check's model of Docusaurus URLs (scripts/docusaurus-urls.ts).
import { describe, it, expect } from "vitest";
import { expectedBlogSlug, expectedDocSlug, joinUrl, stripNumberPrefix } from "../../scripts/docusaurus-urls.ts";

describe("Docusaurus URL rules", () => {
  it("strips number prefixes but not dates or versions", () => {
    expect(stripNumberPrefix("01-intro")).toBe("intro");
    expect(stripNumberPrefix("2 . setup")).toBe("setup");
    expect(stripNumberPrefix("2021-01-01-post")).toBe("2021-01-01-post");
    expect(stripNumberPrefix("1.2-notes")).toBe("1.2-notes");
    expect(stripNumberPrefix("intro")).toBe("intro");
  });

  it("doc slugs: folder index files, number prefixes, id and slug front matter", () => {
    expect(expectedDocSlug("intro.md", {})).toBe("/intro");
    expect(expectedDocSlug("guide/index.md", {})).toBe("/guide/");
    expect(expectedDocSlug("guide/README.mdx", {})).toBe("/guide/");
    expect(expectedDocSlug("02-guide/02-guide.md", {})).toBe("/guide/");
    expect(expectedDocSlug("02-guide/03-setup.md", {})).toBe("/guide/setup");
    // The folder-named index is matched as written: "guide.md" in "02-guide/" is an ordinary doc.
    expect(expectedDocSlug("02-guide/guide.md", {})).toBe("/guide/guide");
    expect(expectedDocSlug("guide/setup.md", { id: "install" })).toBe("/guide/install");
    expect(expectedDocSlug("guide/setup.md", { slug: "/start" })).toBe("/start");
    expect(expectedDocSlug("guide/setup.md", { slug: "start" })).toBe("/guide/start");
    expect(expectedDocSlug("guide/setup.md", { slug: "../start" })).toBe("/start");
    expect(expectedDocSlug("intro.md", { slug: "/" })).toBe("/");
  });

  it("blog slugs: dated files and folders, front matter slug, undated files", () => {
    expect(expectedBlogSlug("2024-05-20-launch.md", {})).toBe("2024/05/20/launch");
    expect(expectedBlogSlug("2024-05-20-launch/index.mdx", {})).toBe("2024/05/20/launch");
    // Docusaurus' `/${slugDate}/${folder}${text}`: the folders before the date come after it.
    expect(expectedBlogSlug("releases/2024-05-20-launch.md", {})).toBe("2024/05/20/releases/launch");
    expect(expectedBlogSlug("welcome.mdx", {})).toBe("welcome");
    expect(expectedBlogSlug("2024-05-20-launch.md", { slug: "hello" })).toBe("hello");
  });

  it("joins URL parts with single slashes", () => {
    expect(joinUrl("/", "docs", "", "/intro")).toBe("/docs/intro");
    expect(joinUrl("/ru/", "", "", "/")).toBe("/ru/");
  });
});
