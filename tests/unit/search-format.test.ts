// The search UI's own small helpers: the ICU subset formatter, and turning provider text into escaped segments.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { format, translator } from "../../theme/search/format.ts";
import { markedSegments, decodeEntities } from "../../theme/search/text.ts";
import { highlight, excerpt } from "../../theme/search/excerpt.ts";
import { queryStems } from "../../theme/search/local-engine.ts";
import { words } from "../../theme/search/words.ts";

/** docsite's own strings (the search UI's are among them): theme/i18n/<locale>.json. */
const load = (l: string) =>
  JSON.parse(readFileSync(new URL(`../../theme/i18n/${l}.json`, import.meta.url), "utf8")) as Record<string, string>;

describe("search strings", () => {
  it("formats placeholders and Russian plurals", () => {
    expect(format("Hello {name}", { name: "мир" })).toBe("Hello мир");
    const ru = translator(load("ru"), "ru");
    expect(ru("theme.SearchModal.seeAll", { count: 1 })).toBe("Показать единственный результат");
    expect(ru("theme.SearchModal.seeAll", { count: 3 })).toBe("Показать все 3 результата");
    expect(ru("theme.SearchModal.seeAll", { count: 5 })).toBe("Показать все 5 результатов");
    expect(ru("theme.SearchModal.seeAll", { count: 21 })).toBe("Показать все 21 результат");
    expect(ru("theme.SearchModal.seeAll", { count: 0 })).toBe("Ничего не найдено");
    expect(ru("theme.SearchPage.documentsFound", { count: 172 })).toBe("Найдено 172 документа");
    const en = translator(load("en"), "en");
    expect(en("theme.SearchModal.seeAll", { count: 12 })).toBe("See all 12 results");
  });

  it("has every search key in both locales", () => {
    const keys = (l: string) =>
      Object.keys(load(l))
        .filter((k) => /^theme\.Search(Modal|Page)\./.test(k))
        .sort();
    expect(keys("en").length).toBeGreaterThan(20);
    expect(keys("ru")).toEqual(keys("en"));
  });
});

describe("result text", () => {
  it("keeps only <mark> from provider HTML and decodes entities into plain text", () => {
    expect(markedSegments("a <mark>b</mark> &lt;img src=x onerror=alert(1)&gt; <b>c</b>")).toEqual([
      { text: "a ", mark: false },
      { text: "b", mark: true },
      { text: " <img src=x onerror=alert(1)> c", mark: false },
    ]);
    expect(decodeEntities("&#x41;&#66;&amp;&unknown;")).toBe("AB&&unknown;");
  });

  it("highlights title words sharing a stem with the query", () => {
    const marked = (text: string, q: string) =>
      highlight(text, queryStems(q))
        .filter((s) => s.mark)
        .map((s) => s.text);
    expect(marked("Как запускать тесты", "запуск")).toEqual(["запускать"]);
    expect(marked("Запуск тестов", "запускать")).toEqual(["Запуск"]);
    expect(marked("Настройка assertView", "view")).toEqual(["assertView"]);
    expect(marked("Ёлки и елки", "ёлка")).toEqual(["Ёлки", "елки"]);
    // Markup-looking text stays text: segments only split it, the page renders them as text nodes.
    const segs = highlight("<b>bold</b>", queryStems("bold"));
    expect(segs.map((s) => s.text).join("")).toBe("<b>bold</b>");
    expect(segs.filter((s) => s.mark).map((s) => s.text)).toEqual(["bold"]);
  });

  it("cuts a snippet around the densest run of matches", () => {
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `слово${i}`).join(" ");
    const text = `${filler(40)} затем браузер открывает страницу и браузер ждёт ${filler(40)}`;
    const segs = excerpt(text, queryStems("браузеры"), 12);
    const joined = segs.map((s) => s.text).join("");
    expect(segs[0]).toEqual({ text: "… ", mark: false });
    expect(segs.at(-1)).toEqual({ text: " …", mark: false });
    expect(segs.filter((s) => s.mark).map((s) => s.text)).toEqual(["браузер", "браузер"]);
    expect(words(joined)).toHaveLength(12);
    expect(joined).toContain("затем браузер открывает");
    // Nothing matched: the start of the text, unmarked.
    expect(excerpt("Короткий текст без совпадений", queryStems("браузер"))).toEqual([
      { text: "Короткий текст без совпадений", mark: false },
    ]);
  });
});
