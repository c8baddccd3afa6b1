// Search synonyms (content/search-synonyms.json and the glossary), the keyboard-layout switch, and the query side
// that uses them: stop words, completions only for the last word, typos in the first letters.
import { describe, it, expect, afterEach } from "vitest";
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { glossaryPairs, loadSynonyms, readSynonymsFile } from "../../cli/search/synonyms.ts";
import { DocsiteError } from "../../cli/log.ts";
import { fixtureSite, removeSite, buildSite } from "../support/site.ts";
import { otherLayout } from "../../theme/search/layout.ts";
import { localEngine, parseQuery } from "../../theme/search/local-engine.ts";
import { fitTexts, localIndexFiles, type IndexedPage } from "../../cli/search/local-index.ts";

/** Every folder a test made (a test may make several). */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function site(synonyms: string | null, glossary?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "docsite-syn-"));
  dirs.push(dir);
  mkdirSync(join(dir, "content"));
  if (synonyms !== null) writeFileSync(join(dir, "content", "search-synonyms.json"), synonyms);
  if (glossary) writeFileSync(join(dir, "content", "GLOSSARY.md"), glossary);
  return dir;
}
function errorOf(fn: () => unknown): DocsiteError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DocsiteError) return e;
    throw e;
  }
  throw new Error("no error");
}

describe("synonyms file", () => {
  it("is optional, and reads phrase → alternatives per locale", () => {
    expect(readSynonymsFile(site(null), ["en", "ru"]).get("ru")?.size).toBe(0);
    const s = readSynonymsFile(site('{ "$comment": "x", "ru": { "куки": ["cookie"], "скрин": "скриншот" } }'), ["ru"]);
    expect([...s.get("ru")!]).toEqual([
      ["куки", ["cookie"]],
      ["скрин", ["скриншот"]],
    ]);
  });

  it("names the file and the line of what is wrong", () => {
    const bad = errorOf(() => readSynonymsFile(site('{\n  "ru": {\n    "куки": ["cookie"],\n  }\n}'), ["ru"]));
    expect(bad.where.file).toBe("content/search-synonyms.json");
    expect(bad.message).toMatch(/invalid JSON/);
    expect(bad.where.line).toBe(4);

    const locale = errorOf(() => readSynonymsFile(site('{\n  "ru": {},\n  "de": { "a": ["b"] }\n}'), ["en", "ru"]));
    expect(locale.message).toBe('unknown locale "de"');
    expect(locale.where.line).toBe(3);
    expect(locale.hint).toContain("en, ru");

    const empty = errorOf(() =>
      readSynonymsFile(site('{\n  "ru": {\n    "куки": [],\n    "env": [1]\n  }\n}'), ["ru"]),
    );
    expect(empty.message).toContain('"куки" (ru) must map to a non-empty list of words');
    expect(empty.where.line).toBe(3);

    const noWord = errorOf(() => readSynonymsFile(site('{ "ru": { "!!": ["x"] } }'), ["ru"]));
    expect(noWord.message).toContain("has no word");
  });

  it("adds the glossary's terms across languages, stemmed like the index", () => {
    const glossary =
      "| English | Русский | Notes |\n|---|---|---|\n| flaky test | нестабильный тест | x |\n" +
      "| config, configuration file | конфиг (`.conf`) / файл конфигурации | |\n";
    expect(glossaryPairs(glossary)).toEqual([
      [["flaky test"], ["нестабильный тест"]],
      [
        ["config", "configuration file"],
        ["конфиг", "файл конфигурации"],
      ],
    ]);
    const all = loadSynonyms(site('{ "ru": { "флаки": ["нестабильный тест"] } }', glossary), ["en", "ru"]);
    const ru = all.get("ru")!;
    expect(ru.флак).toEqual([["нестабильн", "тест"]]);
    expect(ru["flaki test"]).toEqual([["нестабильн", "тест"]]);
    expect(all.get("en")!["нестабильн тест"]).toEqual([["flaki", "test"]]);
  });
});

describe("fragment texts", () => {
  it("stay within their budget, the longest sections cut first at a word boundary", () => {
    const short = "короткий текст";
    const long = Array.from({ length: 400 }, (_, i) => `слово${i}`).join(" ");
    expect(fitTexts([short, long], 100_000)).toEqual([short, long]);
    const [a, b] = fitTexts([short, long, long], 1000);
    expect(a).toBe(short);
    expect(b.length).toBeLessThanOrEqual(495);
    expect(b.endsWith(" …")).toBe(true);
    expect(long.startsWith(b.slice(0, -2))).toBe(true);
    expect(b.slice(0, -2)).toMatch(/слово\d+$/);
  });
});

describe("synonyms at build time", () => {
  it("fail the build with the file and line when the file is broken", async () => {
    const root = await fixtureSite("search-local", {
      "content/search-synonyms.json": '{\n  "ru": {\n    "куки": "",\n  }\n}\n',
    });
    try {
      const err = await buildSite(root).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DocsiteError);
      expect((err as DocsiteError).where).toEqual({ file: "content/search-synonyms.json", line: 4 });
    } finally {
      await removeSite(root);
    }
  });
});

describe("query side", () => {
  it("switches keyboard layouts both ways", () => {
    expect(otherLayout("ыуеМфдгу")).toBe("setValue");
    expect(otherLayout("crhbyijn")).toBe("скриншот");
    expect(otherLayout(",scnhsq cnfhn")).toBe("быстрый старт");
    expect(otherLayout("gtht[dfn")).toBe("перехват");
  });

  it("drops stop words when other words remain and groups synonym phrases", () => {
    expect(parseQuery("как настроить браузер").stems).toEqual(["настро", "браузер"]);
    expect(parseQuery("как").stems).toEqual(["как"]);
    const q = parseQuery("флаки тесты в CI", { "флак тест": [["нестабильн", "тест"]] });
    expect(q.slots.length).toBe(2);
    expect(q.slots[0].alts.map((a) => a.lookups.map((l) => q.lookups[l].stem))).toEqual([
      ["флак", "тест"],
      ["нестабильн", "тест"],
    ]);
    // Only the last word may be a beginning the reader is still typing.
    expect(q.lookups.filter((l) => l.prefix).map((l) => l.stem)).toEqual(["ci"]);
  });

  const page = (url: string, title: string, text: string): IndexedPage => ({
    url,
    title,
    description: "",
    breadcrumbs: [],
    keywords: [],
    sections: [{ id: "", title: "", text }],
  });
  function engineOver(pages: IndexedPage[], synonyms = {}) {
    const files = localIndexFiles(pages, synonyms);
    const e = localEngine(async (f) => JSON.parse(files.get(f)!));
    return async (q: string) => {
      const r = await e.rank(q);
      return {
        urls: await Promise.all(r.pages.map(async (p) => (await e.fragment(p.page)).url)),
        searched: r.searched,
      };
    };
  }

  it("corrects typos in the first two letters through the tails index, and retries the other layout", async () => {
    const search = engineOver([
      page("/debug/", "Отладка тестов", "Как отлаживать тесты в браузере."),
      page("/shot/", "Скриншоты", "Скриншоты страниц и элементов."),
      page("/set/", "setValue", "Sets the value of an input."),
    ]);
    expect((await search("тладка")).urls[0]).toBe("/debug/");
    expect((await search("оттладка")).urls[0]).toBe("/debug/");
    expect((await search("ыкриншоты")).urls[0]).toBe("/shot/");
    expect(await search("ыуеМфдгу")).toEqual({ urls: ["/set/"], searched: "setValue" });
    expect((await search("zzzzqqq")).urls).toEqual([]);
  });

  it("answers a slang word through its synonym, and a repeated heading does not outrank the page's subject", async () => {
    const boiler = (url: string, title: string) => ({
      ...page(url, title, `Плагин ${title}.`),
      sections: [
        { id: "", title: "", text: `Плагин ${title}.` },
        { id: "env", title: "Переменные окружения", text: "Опции через переменные окружения." },
      ],
    });
    const search = engineOver(
      [
        boiler("/a/", "alpha"),
        boiler("/b/", "beta"),
        boiler("/c/", "gamma"),
        boiler("/d/", "delta"),
        {
          ...page("/env/", "Конфиг", "Где лежит конфиг."),
          sections: [
            { id: "", title: "", text: "Где лежит конфиг." },
            { id: "over", title: "Через переменные окружения", text: "Опции через переменные окружения." },
          ],
        },
        page("/cookies/", "getCookies", "Returns cookies."),
      ],
      { env: [["переменн", "окружен"]], кук: [["cooki"]] },
    );
    expect((await search("переменные окружения")).urls[0]).toBe("/env/");
    expect((await search("env")).urls[0]).toBe("/env/");
    expect((await search("куки")).urls).toEqual(["/cookies/"]);
  });
});
