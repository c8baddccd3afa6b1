// The first-screen comparison of the real-site check (scripts/first-screen.ts): the verdicts drawn from two builds'
// measurements of one page, without a browser.
import { describe, it, expect } from "vitest";
import {
  compareScreens,
  compareSequences,
  headingKey,
  pickDocPages,
  sameColour,
  screensTable,
  type FirstScreen,
} from "../../scripts/first-screen.ts";
import type { ExpectedPage } from "../../scripts/docusaurus-urls.ts";

const screen = (over: Partial<FirstScreen> = {}): FirstScreen => ({
  url: "/docs/intro/",
  width: 1280,
  height: 800,
  h1Top: 120,
  h1Text: "Intro",
  firstScreenHeadings: ["Intro", "Install"],
  headings: ["Intro", "Install", "Usage"],
  logo: "/img/logo.svg",
  logoSize: [32, 32],
  navbarBackground: "255,255,255",
  navbarLink: "28,30,33",
  contentLink: "46,133,85",
  bodyBackground: "255,255,255",
  overflowX: 0,
  cspViolations: [],
  ...over,
});

describe("heading keys", () => {
  it("leave out Docusaurus' zero-width permalink text, a trailing #, case and spacing", () => {
    expect(headingKey("Getting\u200b  started\u200b")).toBe("getting started");
    expect(headingKey("Install #")).toBe("install");
    expect(headingKey("Install")).toBe(headingKey("install\u200b"));
  });
});

describe("colours", () => {
  it("are the same within a few units per channel, in rgb() or bare numbers", () => {
    expect(sameColour("rgb(46, 133, 85)", "46,133,85")).toBe(true);
    expect(sameColour("46,133,85", "50,130,90")).toBe(true);
    expect(sameColour("46,133,85", "37,194,160")).toBe(false);
    expect(sameColour(undefined, undefined)).toBe(true);
    expect(sameColour("0,0,0", undefined)).toBe(false);
  });
});

describe("heading sequences", () => {
  it("name what is missing, what is extra and a change of order", () => {
    expect(compareSequences(["A", "B"], ["a", "b\u200b"]).same).toBe(true);
    const d = compareSequences(["A", "B", "C"], ["A", "D", "B"]);
    expect(d).toMatchObject({ same: false, missing: ["c"], extra: ["d"], reordered: false });
    expect(compareSequences(["A", "B"], ["B", "A"])).toMatchObject({ same: false, reordered: true });
  });
});

describe("the verdict for one page at one viewport", () => {
  it("finds nothing to say when both builds draw the same first screen", () => {
    const v = compareScreens(screen(), screen({ h1Top: 130 }));
    expect(v.differs).toEqual([]);
    expect(v).toMatchObject({ logoSame: true, coloursSame: true, h1: { aboveFold: true, docsite: 130 } });
  });

  it("flags an h1 docsite draws below the fold where Docusaurus draws it on the first screen", () => {
    const v = compareScreens(screen(), screen({ h1Top: 900 }));
    expect(v.h1.aboveFold).toBe(false);
    expect(v.differs[0]).toMatch(/h1 below the fold/);
    // Docusaurus' own h1 below the fold asks nothing of docsite.
    expect(compareScreens(screen({ h1Top: 900 }), screen({ h1Top: 1000 })).h1.aboveFold).toBe(true);
    expect(compareScreens(screen(), screen({ h1Top: undefined })).h1.aboveFold).toBe(false);
  });

  it("compares logos by name without the builds' hashes, and colours as seen", () => {
    const v = compareScreens(
      screen({ logo: "/assets/images/logo-0123abcd.png" }),
      screen({ logo: "/assets/img/logo.0123456789.png", navbarBackground: "36,41,46" }),
    );
    expect(v.logoSame).toBe(true);
    expect(v.coloursSame).toBe(false);
    expect(v.colourDiffs).toEqual(["navbar background 36,41,46 vs 255,255,255"]);
    expect(compareScreens(screen(), screen({ logo: undefined })).logoSame).toBe(false);
  });

  it("does not count a navbar link one build folds into its menu as a colour difference", () => {
    expect(compareScreens(screen(), screen({ navbarLink: undefined })).coloursSame).toBe(true);
  });

  it("reports sections out of order, sideways overflow and CSP violations", () => {
    const v = compareScreens(
      screen(),
      screen({
        headings: ["Intro", "Usage", "Install"],
        overflowX: 40,
        cspViolations: ["script-src-elem inline"],
      }),
    );
    expect(v.sections.same).toBe(false);
    expect(v.csp).toBe(1);
    expect(v.differs).toEqual(["sections: another order", "docsite 40 px wider", "CSP: script-src-elem inline"]);
    const table = screensTable([v]);
    expect(table.split("\n")).toHaveLength(3);
    expect(table).toContain("| /docs/intro/ | 1280 | 120 / 120 | yes | no | yes | yes | 40 / 0 | 1 |");
  });
});

describe("the doc pages a check opens", () => {
  it("are the first, middle and last of the version at the docs' root that both builds published", () => {
    const page = (url: string, version: string): ExpectedPage => ({
      kind: "doc",
      instance: "default",
      version,
      locale: "en",
      source: "",
      url,
    });
    const docs = [
      page("/docs/next/a/", "current"),
      page("/docs/next/b/", "current"),
      page("/docs/next/c/", "current"),
      page("/docs/next/d/", "current"),
      page("/docs/x/", "2.0"),
      page("/docs/y/", "2.0"),
      page("/docs/w/", "2.0"),
      page("/docs/z/", "2.0"),
      page("/docs/gone/", "2.0"),
    ];
    const both = new Set(docs.map((p) => p.url).filter((u) => u !== "/docs/gone/"));
    expect(pickDocPages(docs, both)).toEqual(["/docs/w/", "/docs/y/", "/docs/z/"]);
    expect(pickDocPages(docs.slice(0, 2), both)).toEqual(["/docs/next/a/", "/docs/next/b/"]);
    // Compared at the address served under trailingSlash: true, listed without the slash.
    const bare = docs.map((p) => ({ ...p, url: p.url.replace(/\/$/, "") }));
    expect(pickDocPages(bare, both)).toEqual(["/docs/w/", "/docs/y/", "/docs/z/"]);
  });
});
