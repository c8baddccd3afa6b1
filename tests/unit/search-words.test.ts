// How the local index cuts and matches words: the rules the index writer and the browser engine share.
import { describe, it, expect } from "vitest";
import { words, stem, termsOf, joined, matchWeight, matchRange, oneEditApart } from "../../theme/search/words.ts";
import { shardsFor } from "../../theme/search/local-engine.ts";

const terms = (text: string) => words(text).flatMap(termsOf);

describe("search words", () => {
  it("splits text into lower-cased words with their offsets, folding ё and skipping one-letter words", () => {
    expect(words("Ёжик и browser.url()").map((w) => [w.text, w.start, w.end])).toEqual([
      ["ежик", 0, 4],
      ["browser", 7, 14],
      ["url", 15, 18],
    ]);
  });

  it("stems by script: Russian words, English words, and identifiers with digits kept whole", () => {
    expect(["запуск", "запуска", "запускаются"].map(stem)).toEqual(["запуск", "запуск", "запуска"]);
    expect(["screenshots", "running"].map(stem)).toEqual(["screenshot", "run"]);
    expect(stem("es2022")).toBe("es2022");
    // A Russian page's English words get the English stemmer, not the Russian one that would leave them alone.
    expect(terms("браузеры browsers")).toEqual(["браузер", "browser"]);
  });

  it("indexes camelCase identifiers whole and by their parts", () => {
    expect(terms("assertView")).toEqual(["assertview", "assert", "view"]);
    expect(terms("sessionsPerBrowser")).toEqual(["sessionsperbrows", "session", "per", "browser"]);
  });

  it("pairs neighbouring words written with a dot or a hyphen", () => {
    expect(joined("Вызовите this.browser.url() из html-reporter, а не browser url")).toEqual([
      "this.browser",
      "browser.url",
      "html-reporter",
    ]);
  });

  it("matches the same term, longer words while typing, and other forms Snowball cut differently", () => {
    expect(matchWeight("запуск", "запуск")).toBe(1);
    expect(matchWeight("запускаем", "запуск")).toBeGreaterThan(0.5);
    expect(matchWeight("запуст", stem("запускать"))).toBeGreaterThan(0); // запускать → запуска; запустить → запуст
    expect(matchWeight(stem("обновлять"), stem("обновление"))).toBeGreaterThan(0);
    // While typing, two letters are enough to match longer words, though less than the word itself.
    expect(matchWeight("забор", "за")).toBeGreaterThan(0);
    expect(matchWeight("забор", "за")).toBeLessThan(matchWeight("за", "за"));
    // Not a match: a different word sharing a short start.
    expect(matchWeight("запрос", "запуск")).toBe(0);
  });

  it("gives the term range to read, and the shards that cover it", () => {
    expect(matchRange("за")).toEqual(["за", "за\uffff"]);
    const [lo, hi] = matchRange("запуска");
    expect(lo).toBe("запус");
    for (const t of ["запуск", "запуст", "запускающий"]) expect(t >= lo && t <= hi, t).toBe(true);
    const shards: Array<[string, string]> = [
      ["а", "s0"],
      ["запрос", "s1"],
      ["запуст", "s2"],
      ["к", "s3"],
    ];
    expect(shardsFor(shards, lo, hi)).toEqual([1, 2]);
    expect(shardsFor(shards, "я", "я\uffff")).toEqual([3]);
    expect(shardsFor(shards, "0", "0")).toEqual([]);
  });

  it("tells words one typo apart", () => {
    for (const [a, b] of [
      ["браузер", "браузр"],
      ["браузер", "браузерр"],
      ["браузер", "браузор"],
      ["браузер", "брауезр"],
      ["браузер", "браузер"],
    ]) {
      expect(oneEditApart(a, b), `${a} ${b}`).toBe(true);
      expect(oneEditApart(b, a), `${b} ${a}`).toBe(true);
    }
    for (const [a, b] of [
      ["браузер", "браз"],
      ["браузер", "бруазре"],
      ["браузер", "браузерам"],
    ])
      expect(oneEditApart(a, b), `${a} ${b}`).toBe(false);
  });
});
