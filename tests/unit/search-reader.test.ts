// The query side of issue 39 on small fixtures: typos of frequent words, Cyrillic spellings of the pages' English
// terms (derived from the fixture's own content), intent (a page titled or headed as the query asks), and blog posts
// for "why / when / what's new" questions.
import { describe, it, expect } from "vitest";
import { localIndexFiles, type IndexedPage } from "../../cli/search/local-index.ts";
import { translitMap, loanSynonyms } from "../../cli/search/translit-map.ts";
import { localEngine, editsOf } from "../../theme/search/local-engine.ts";
import { soundKey, latinKeys } from "../../theme/search/translit.ts";
import { stem } from "../../theme/search/words.ts";

const page = (
  url: string,
  title: string,
  text: string,
  headings: Array<[string, string]> = [],
  post = false,
): IndexedPage => ({
  url,
  title,
  description: "",
  breadcrumbs: [],
  keywords: [],
  sections: [{ id: "", title: "", text }, ...headings.map(([h, t], i) => ({ id: `h${i}`, title: h, text: t }))],
  ...(post ? { post: true } : {}),
});

function engineOver(pages: IndexedPage[]) {
  const files = localIndexFiles(pages);
  const e = localEngine(async (f) => JSON.parse(files.get(f)!));
  return async (q: string) => Promise.all((await e.rank(q)).pages.map(async (p) => (await e.fragment(p.page)).url));
}

describe("sound keys", () => {
  it("give a Cyrillic spelling and its English word the same key", () => {
    for (const [ru, en] of [
      ["таймаут", "timeout"],
      ["ассерт", "assert"],
      ["селектор", "selector"],
      ["фикстур", "fixture"],
      ["сетвалью", "setvalue"],
      ["браузер", "browser"],
    ])
      expect(latinKeys(en), `${ru} ~ ${en}`).toContain(soundKey(ru));
    expect(soundKey("таймаут")).not.toBe(soundKey("тест"));
    expect(soundKey("123")).toBe("");
  });

  it("map the fixture's own English words, and its loanwords to them", () => {
    const pages = [
      page("/a/", "Таймауты", "Опция timeout и selector элемента задают ожидание на странице."),
      page("/b/", "Ожидание", "Ещё один timeout, ещё один selector для поиска элемента."),
      page("/c/", "Однажды", "Слово onlyonce встречается здесь один раз."),
    ];
    // An English edition gets no map: its readers do not spell English in Cyrillic.
    expect(translitMap([page("/en/", "Timeouts", "The timeout option and another timeout.")])).toEqual({});
    const map = translitMap(pages);
    expect(map[soundKey("таймаут")]).toBe(stem("timeout"));
    expect(map[soundKey("селектор")]).toBe(stem("selector"));
    // A word on one page only, named by no title or heading, is left out.
    expect(Object.values(map)).not.toContain(stem("onlyonce"));
    expect(loanSynonyms(["таймаут", "селектор", "стол"], map)).toEqual({
      таймаут: [[stem("timeout")]],
      селектор: [[stem("selector")]],
    });
  });
});

describe("Cyrillic spellings of English terms", () => {
  it("find the page through the sound of an inflected slang word the index does not have", async () => {
    const search = engineOver([
      page("/assert/", "Проверки", "Используйте assert и assertView для проверки.", [["assertView", "Снимает экран."]]),
      page("/other/", "Другое", "assert встречается здесь тоже, как и слово проверка, и timeout."),
      page("/time/", "Ожидание", "Опция timeout задаёт время ожидания. timeout в миллисекундах."),
    ]);
    expect((await search("ассерты"))[0]).toBe("/assert/");
    expect((await search("таймаутов"))[0]).toBe("/time/");
    expect((await search("ассертвью"))[0]).toBe("/assert/");
    // Not a word of the site in any spelling: nothing.
    expect(await search("фываолдж")).toEqual([]);
  });
});

describe("typos", () => {
  it("lists one-edit words with the first two letters kept", () => {
    const e = editsOf("browsres");
    expect(e.has("browsers")).toBe(true);
    expect(e.has("rbowsres")).toBe(false);
    expect(editsOf("tets").size).toBe(0);
  });

  it("correct a slip in a frequent term before stemming, and leave short words alone", async () => {
    const filler = Array.from({ length: 6 }, (_, i) =>
      page(`/f${i}/`, `Page ${i}`, "Accessibility matters: check the accessibility of every page."),
    );
    const search = engineOver([
      ...filler,
      page("/a11y/", "Accessibility", "How to check the accessibility of a page."),
      page("/acc/", "Accessor", "An accessor."),
      page("/mock/", "mock", "Mocks a request."),
    ]);
    // "accessibilty" stems to accessibilti, one edit from nothing; fixed before stemming it is "accessibility".
    expect((await search("accessibilty"))[0]).toBe("/a11y/");
    // Four letters: no fuzzy match ("mokc" is not corrected to mock).
    expect(await search("mokc")).toEqual([]);
  });
});

describe("intent", () => {
  it("ranks the page titled or headed as the query above pages that merely carry the word in a plugin name", async () => {
    const search = engineOver([
      page("/plugins/retry-limiter/", "retry-limiter", "Plugin retry-limiter limits retry. Retry retry retry."),
      page("/plugins/retry-progressive/", "testplane-retry-progressive", "Retry progressive: retry on errors."),
      page("/config/browsers/", "browsers", "Browser options.", [
        ["retry", "How many times to retry a failed test."],
        ["windowSize", "The window size."],
      ]),
      page("/reference/events/", "Events", "Events.", [["RETRY", "Emitted on retry. Retry retry retry."]]),
    ]);
    expect((await search("retry"))[0]).toBe("/config/browsers/");
    expect((await search("browsers"))[0]).toBe("/config/browsers/");
  });

  it("lists a page with one of a two-word question's words: the verb the reader asks with is not on it", async () => {
    const search = engineOver([
      page("/config/plugins/", "Plugins", "The plugins option: each plugin is a module with its options."),
      page("/guides/scrollbars/", "Hide scrollbars", "Connect the plugin to hide scrollbars."),
      page("/guides/other/", "Other", "Nothing about it here."),
    ]);
    const found = await search("how to connect a plugin");
    expect(found).toContain("/config/plugins/");
    expect(found).not.toContain("/guides/other/");
    // A page with both words still comes first.
    expect(found[0]).toBe("/guides/scrollbars/");
  });

  it("ranks the section with all of an intent's words above a page strong in most of them", async () => {
    const search = engineOver([
      // Three of the four words, in the title and again and again in the text.
      page(
        "/guides/reports/",
        "Report failed tests",
        "A failed test in the report. Report failed tests, report tests.",
      ),
      page("/config/browsers/", "Browsers", "Options of a browser.", [
        ["screenshotOnFail", "Take a screenshot of the page when a test failed, for the report."],
      ]),
    ]);
    expect(await search("screenshot failed test report")).toEqual(["/config/browsers/", "/guides/reports/"]);
  });

  it("prefers the blog post for a why / when / what's new question, and only then", async () => {
    const pages = [
      page("/guides/migrate/", "Migrating from hermione to testplane", "Rename hermione to testplane in the config."),
      page("/guides/rename/", "Renaming hermione settings", "Hermione was renamed: rename hermione settings."),
      page("/blog/rebranding/", "Hermione is now Testplane", "Hermione was renamed to testplane.", [], true),
    ];
    const search = engineOver(pages);
    expect((await search("why was hermione renamed"))[0]).toBe("/blog/rebranding/");
    expect((await search("почему hermione renamed"))[0]).toBe("/blog/rebranding/");
    expect((await search("hermione renamed"))[0]).not.toBe("/blog/rebranding/");
    // "when" as a condition is no history question; "when was" is.
    expect((await search("hermione renamed when"))[0]).not.toBe("/blog/rebranding/");
    expect((await search("when was hermione renamed"))[0]).toBe("/blog/rebranding/");
  });
});

describe("words of an identifier typed apart, and slips found as other forms", () => {
  it("finds the section headed by the identifier two English words make together", async () => {
    const search = engineOver([
      page(
        "/commands/url/",
        "url",
        "Opens a page by its url. A relative url is resolved against the base of the site.",
      ),
      page("/guides/base/", "Base images", "The url of a base image, and the base url of each image of a page."),
      page("/config/browsers/", "Browsers", "Options of a browser.", [
        ["baseUrl", "The address of the site under test: relative paths are resolved against it."],
        ["gridUrl", "The address of the grid."],
      ]),
    ]);
    expect((await search("set the base url"))[0]).toBe("/config/browsers/");
    // Written as one word, or as the words alone, nothing changes.
    expect((await search("baseurl"))[0]).toBe("/config/browsers/");
    expect((await search("url"))[0]).toBe("/commands/url/");
  });

  it("weighs down an English other form more than one edit from a misspelt word", async () => {
    const select = (name: string) =>
      page(`/commands/${name}/`, name, `Selects an option of a select element: select, select and select again.`);
    const mentions = Array.from({ length: 4 }, (_, i) =>
      page(`/guides/g${i}/`, `Guide ${i}`, "Find the element by its selector, then click it."),
    );
    const search = engineOver([
      ...mentions,
      select("selectByIndex"),
      select("selectByValue"),
      select("selectByText"),
      page("/selectors/", "Selectors", "How to write a selector for an element."),
    ]);
    // "selectros" stems to selectro: one swap from selector, a cut of select.
    expect((await search("selectros"))[0]).toBe("/selectors/");
  });

  it("lets a one-word query found only as other forms of its word name the page titled so", async () => {
    const filler = ["tabs", "windows", "logs"].map((what) =>
      page(
        `/guides/${what}/`,
        `Browser ${what}`,
        "The browser opens; the browser waits; a browser closes the browser tab.",
      ),
    );
    const search = engineOver([...filler, page("/config/browsers/", "browsers", "Options of each browser.")]);
    // "browsres" stems to browsr: browser answers it as another form, and the page titled browsers is meant.
    expect((await search("browsres"))[0]).toBe("/config/browsers/");
  });
});

describe("Cyrillic spellings of English names", () => {
  it("key a name to the word without a spoken final vowel before a longer name on more pages", () => {
    const pages = [
      page("/a/", "WebDriver", "Протокол WebDriver и клиент WebdriverIO."),
      ...Array.from({ length: 3 }, (_, i) =>
        page(`/io${i}/`, `Клиент ${i}`, "Клиент WebdriverIO управляет браузером."),
      ),
    ];
    // Both say vabdravar; «вебдрайверио» would keep its «ио», so «вебдрайвер» means webdriver.
    expect(translitMap(pages)[soundKey("вебдрайвер")]).toBe(stem("webdriver"));
  });

  it("keep what the sound of a word found over one word of the other keyboard layout", async () => {
    const search = engineOver([
      page("/webdriver/", "WebDriver и CDP", "Протокол WebDriver против CDP: чем отличается WebDriver."),
      page("/other/", "Другое", "Ещё раз про WebDriver и браузер."),
      // «вебдрайвер» typed in the other layout is "dt,lhfqdth": this page has "dt".
      page("/html/", "Списки", "Элемент dt списка определений."),
    ]);
    expect((await search("вебдрайвер"))[0]).toBe("/webdriver/");
  });
});

describe("a slip in a Russian loanword", () => {
  it("finds the page titled with the loanword's English original", async () => {
    const search = engineOver([
      page("/config/plugins/", "plugins", "Секция plugins конфига: как подключить плагин.", [
        ["Опции плагина", "Плагин получает опции."],
      ]),
      page("/reporter/plugins/", "Плагины отчёта", "Плагины отчёта: плагин добавляет вкладку, плагин меняет отчёт."),
      page("/guides/plugin/", "Тесты", "Плагин экспортирует функцию, плагин получает опции, plugin их читает."),
    ]);
    // «плагинв» is answered by плагин only as another form; плагин ~ plugin, and the page titled plugins is meant.
    expect((await search("плагинв"))[0]).toBe("/config/plugins/");
  });
});
