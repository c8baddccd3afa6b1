// Anchor text (issue 39): what other pages call a page when they link to it finds that page, and the section a link
// to an anchor points at; generic texts, addresses, the page's own title and its own links say nothing.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fixtureSite, removeSite, buildSite } from "../support/site.ts";
import { localEngine } from "../../theme/search/local-engine.ts";
import {
  incomingLinkTexts,
  LINK_TEXTS_PER_PAGE,
  LINK_TEXTS_PER_SECTION,
  type LinkingPage,
} from "../../cli/search/link-texts.ts";

const RETRIES = `---
title: Retries
description: How many times a failed test is started once more.
---

The retry option sets how many times a failed test is started once more.

## Only for some errors {#should-retry}

shouldRetry decides for each error whether the test is started once more.
`;

const FLAKY = `---
title: Unstable tests
description: Tests that fail now and then.
---

A test that fails now and then can [rerun automatically](./retries.mdx); read about it [here](./retries.mdx).

To [rerun selectively](./retries.mdx#should-retry), decide per error.
`;

describe("link texts in a built site", () => {
  let root: string;
  beforeAll(async () => {
    root = await fixtureSite("search-local", {
      "content/en/docs/v1/guide/retries.mdx": RETRIES,
      "content/en/docs/v1/guide/flaky.mdx": FLAKY,
    });
    await buildSite(root);
  });
  afterAll(() => removeSite(root));

  /** The browser's engine over the built English bundle: result URLs, with the anchors of heading results. */
  const search = async (q: string) => {
    const dir = join(root, "dist", "search-index", "en", "v1");
    const e = localEngine(async (file) => JSON.parse(readFileSync(join(dir, file), "utf8")));
    return Promise.all(
      (await e.rank(q)).pages.map(async (r) => {
        const f = await e.fragment(r.page);
        return { url: f.url, anchors: r.sections.filter((s) => s.index > 0).map((s) => f.sections[s.index][0]) };
      }),
    );
  };

  it("finds a page by the words another page links to it with, which the page itself never uses", async () => {
    const hits = await search("rerun automatically");
    // The linking page has the words in its prose; the linked page has them only as the link's text, and that
    // counts more than prose: it is what the page is about in another author's words.
    expect(hits.map((h) => h.url)).toEqual(["/docs/v1/guide/retries/", "/docs/v1/guide/flaky/"]);
  });

  it("gives a link to an anchor's text to that section", async () => {
    const hits = await search("selectively");
    const retries = hits.find((h) => h.url === "/docs/v1/guide/retries/");
    expect(retries?.anchors).toEqual(["should-retry"]);
  });

  it("adds no snippet text: the linked page's fragment holds its own words only", () => {
    const dir = join(root, "dist", "search-index", "en", "v1", "f");
    const retries = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .find((f) => f.includes('"/docs/v1/guide/retries/"'));
    expect(retries).toContain("shouldRetry");
    expect(retries).not.toContain("rerun");
  });
});

const page = (path: string, title: string, links: LinkingPage["links"], anchors: string[] = []): LinkingPage => ({
  path,
  title,
  anchors: new Set(anchors),
  links,
});

describe("incomingLinkTexts", () => {
  it("resolves site and relative links, with or without the trailing slash, to the page and its section", () => {
    const texts = incomingLinkTexts([
      page("/docs/a/", "A", [
        { url: "/docs/b", text: "bee page" },
        { url: "../c/#part", text: "sea part" },
        { url: "../c/#nowhere", text: "sea anywhere" },
        { url: "https://example.com/docs/b/", text: "elsewhere" },
      ]),
      page("/docs/b/", "B", []),
      page("/docs/c/", "C", [], ["part"]),
    ]);
    expect(texts.get("/docs/b/")).toEqual([{ anchor: "", text: "bee page" }]);
    expect(texts.get("/docs/c/")).toEqual([
      { anchor: "part", text: "sea part" },
      { anchor: "", text: "sea anywhere" },
    ]);
  });

  it("leaves out generic texts, addresses, the target's title, a page's links to itself and repeats", () => {
    const texts = incomingLinkTexts([
      page("/a/", "A", [
        { url: "/b/", text: "here" },
        { url: "/b/", text: "Здесь" },
        { url: "/b/", text: "this page" },
        { url: "/b/", text: "Docs" },
        { url: "/b/", text: "https://site.example/b/" },
        { url: "/b/", text: "/b/" },
        { url: "/b/", text: "The  Bee   Guide" },
        { url: "/b/", text: "what bees do" },
        { url: "/b/", text: "What bees do" },
        { url: "/a/", text: "myself" },
        { url: "/b/" },
      ]),
      page("/b/", "The bee guide", []),
    ]);
    expect(texts.get("/b/")).toEqual([{ anchor: "", text: "what bees do" }]);
    expect(texts.has("/a/")).toBe(false);
  });

  it("keeps the texts most pages use, a few a section and a bounded number a page", () => {
    const sections = Array.from({ length: 20 }, (_, i) => `s${i}`);
    const names = ["ant", "bee", "cat", "dog", "eel", "fox"];
    const linking = names.map((name, n) =>
      page(`/p${n}/`, `Page ${name}`, [
        // Every page links with "popular"; page n also with a text of its own.
        { url: "/hub/", text: "popular" },
        { url: "/hub/", text: `rare ${name}` },
        ...sections.map((s) => ({ url: `/hub/#${s}`, text: `option ${s} ${name}` })),
      ]),
    );
    const texts = incomingLinkTexts([...linking, page("/hub/", "Hub", [], sections)]).get("/hub/")!;
    const intro = texts.filter((t) => t.anchor === "");
    expect(intro[0].text).toBe("popular");
    expect(intro).toHaveLength(LINK_TEXTS_PER_SECTION);
    expect(texts).toHaveLength(LINK_TEXTS_PER_PAGE);
  });
});
