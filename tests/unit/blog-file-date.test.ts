// A post's date and URL from its path, as Docusaurus' blog plugin reads them (DATE_FILENAME_REGEX): the last date
// anywhere in the path, written with "-" or "/", the folders before it moved after it in the URL. A blog whose
// include picks posts from a folder (`posts/2024-01-01-hello.md`) then has its dates and URLs.
import { describe, it, expect } from "vitest";
import { blogSlugAndDate } from "../../cli/content/blog-meta.ts";

describe("a post's date and slug from its path", () => {
  it.each([
    ["2024-01-05-first", "2024/01/05/first", "2024-01-05"],
    ["2024-02-10-folder-post/index", "2024/02/10/folder-post", "2024-02-10"],
    ["posts/2024-01-01-hello", "2024/01/01/posts/hello", "2024-01-01"],
    ["2024/05/20/launch", "2024/05/20/launch", "2024-05-20"],
    ["2024-1-5-short", "2024/1/5/short", "2024-01-05"],
    ["plain", "plain", undefined],
    ["news/plain", "news/plain", undefined],
  ])("%s → /%s (%s)", (path, slug, date) => {
    expect(blogSlugAndDate(path, undefined)).toEqual(date ? { slug, date } : { slug });
  });

  it("keeps the date of a path under a front matter slug", () => {
    expect(blogSlugAndDate("posts/2024-01-01-hello", "/welcome/")).toEqual({ slug: "welcome", date: "2024-01-01" });
  });
});
