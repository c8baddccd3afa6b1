import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { createStrings, convertPipePlural, missingTranslations } from "../../cli/i18n/strings.ts";

const load = (l: string) => JSON.parse(readFileSync(new URL(`../../i18n/${l}.json`, import.meta.url), "utf8"));

describe("interface strings", () => {
  it("turns a|b|c plural strings into ICU plurals by the locale's categories", () => {
    expect(convertPipePlural("{count} минута|{count} минуты|{count} минут", "ru")).toBe(
      "{count, plural, one {{count} минута} few {{count} минуты} many {{count} минут} other {{count} минут}}",
    );
    expect(convertPipePlural("One min|{count} min", "en")).toBe("{count, plural, one {One min} other {{count} min}}");
    expect(convertPipePlural("no plural here", "en")).toBe("no plural here");
  });

  it("formats Russian reading time with correct plural forms", () => {
    const ru = createStrings("ru", load("ru"));
    const rt = (n: number) => ru.t("theme.blog.post.readingTime.plurals", { count: n });
    expect(rt(1)).toBe("1 минута чтения");
    expect(rt(2)).toBe("2 минуты чтения");
    expect(rt(5)).toBe("5 минут чтения");
    expect(rt(21)).toBe("21 минута чтения");
    expect(rt(11)).toBe("11 минут чтения");
  });

  it("fills placeholders", () => {
    const en = createStrings("en", load("en"));
    expect(en.t("footer.copyright", { year: 2026 })).toContain("2026");
    expect(en.t("theme.colorToggle.ariaLabel", { mode: "dark mode" })).toBe(
      "Switch between dark and light mode (currently dark mode)",
    );
  });

  it("names the file when a key is missing", () => {
    const s = createStrings("ru", {}, "i18n/ru.json");
    expect(() => s.t("theme.nothing")).toThrow(/missing interface string "theme.nothing"/);
  });

  it("has every key in both locales", () => {
    const map = new Map([
      ["en", createStrings("en", load("en"))],
      ["ru", createStrings("ru", load("ru"))],
    ]);
    expect(missingTranslations(map)).toEqual([]);
    const gap = new Map([
      ["en", createStrings("en", { a: "x", b: "y" })],
      ["ru", createStrings("ru", { a: "х" })],
    ]);
    expect(missingTranslations(gap)).toEqual([{ locale: "ru", key: "b", from: "en" }]);
  });

  it("keeps every message valid ICU, with no placeholder quoted away", () => {
    for (const l of ["en", "ru"]) {
      const s = createStrings(l, load(l));
      for (const key of Object.keys(s.messages)) {
        let text = "";
        expect(
          () =>
            (text = s.t(key, {
              count: 3,
              year: 2026,
              mode: "m",
              label: "l",
              baseUrl: "/",
              heading: "h",
              title: "t",
              siteTitle: "S",
              versionLabel: "v1",
              tagName: "tg",
              atDate: " on d",
              byUser: " by u",
              date: "d",
              user: "u",
            })),
          key,
        ).not.toThrow();
        // ICU quotes with apostrophes: '{label}' prints "{label}" literally. Write ’ or '' for an apostrophe.
        expect(text, key).not.toMatch(/\{\w+\}/);
      }
    }
  });
});
