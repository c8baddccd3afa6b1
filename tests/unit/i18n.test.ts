import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createStrings,
  convertPipePlural,
  loadStrings,
  missingTranslations,
  themeDefaults,
  THEME_LOCALES,
} from "../../cli/i18n/strings.ts";
import type { SiteConfig } from "../../cli/config/types.ts";
import { missingTranslationLines } from "../../cli/i18n/missing.ts";

/** This site's strings over docsite's defaults, as loadStrings merges them. */
const load = (l: string) => ({
  ...themeDefaults(l),
  ...JSON.parse(readFileSync(new URL(`../../i18n/${l}.json`, import.meta.url), "utf8")),
});

describe("interface strings", () => {
  it("turns a|b|c plural strings into ICU plurals by the locale's categories", () => {
    expect(convertPipePlural("{count} минута|{count} минуты|{count} минут", "ru")).toBe(
      "{count, plural, one {{count} минута} few {{count} минуты} many {{count} минут} other {{count} минут}}",
    );
    expect(convertPipePlural("One min|{count} min", "en")).toBe("{count, plural, one {One min} other {{count} min}}");
    expect(convertPipePlural("no plural here", "en")).toBe("no plural here");
  });

  it("keeps a | in a message without {count} as text (a copyright, a Docusaurus label)", () => {
    expect(convertPipePlural("© 2026 Jest | OpenJS Foundation | Terms", "en")).toBe(
      "© 2026 Jest | OpenJS Foundation | Terms",
    );
    const en = createStrings("en", { "footer.copyright": "Docs | Company", "x.plural": "one|{count} many" });
    expect(en.t("footer.copyright")).toBe("Docs | Company");
    expect(en.t("x.plural", { count: 1 })).toBe("one");
    expect(en.t("x.plural", { count: 3 })).toBe("3 many");
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

  it("ships docsite's own strings with the theme, the same keys in every translated locale", () => {
    const en = Object.keys(themeDefaults("en")).sort();
    expect(en.length).toBeGreaterThan(100);
    for (const l of THEME_LOCALES) expect(Object.keys(themeDefaults(l)).sort(), l).toEqual(en);
    // This site's files repeat none of docsite's strings: a theme key there is an override with its own text.
    for (const l of ["en", "ru"]) {
      const site = JSON.parse(readFileSync(new URL(`../../i18n/${l}.json`, import.meta.url), "utf8"));
      expect(
        Object.keys(site).filter((k) => site[k] === themeDefaults(l)[k]),
        l,
      ).toEqual([]);
    }
  });

  it("picks the theme's translation by locale, then by language, else English", () => {
    expect(themeDefaults("ru")["theme.TOC.title"]).not.toBe(themeDefaults("en")["theme.TOC.title"]);
    expect(themeDefaults("ru-RU")).toBe(themeDefaults("ru"));
    expect(themeDefaults("pt-BR")).toBe(themeDefaults("en"));
  });

  describe("a site's files over docsite's defaults", () => {
    const site = async (files: Record<string, object>) => {
      const root = await mkdtemp(join(tmpdir(), "docsite-i18n-"));
      await mkdir(join(root, "i18n"));
      for (const [l, m] of Object.entries(files)) await writeFile(join(root, "i18n", `${l}.json`), JSON.stringify(m));
      const locales = Object.keys(files);
      const config = { rootDir: root, i18n: { defaultLocale: locales[0], locales } } as unknown as SiteConfig;
      return { root, strings: loadStrings(config) };
    };

    it("needs only the site's own keys; an override wins; gaps are counted among the site's keys only", async () => {
      const { root, strings } = await site({
        en: { "footer.docs": "Docs", "theme.TOC.title": "Contents" },
        fr: { "footer.docs": "Documentation" },
        ru: {},
      });
      try {
        expect(strings.get("en")!.t("theme.TOC.title")).toBe("Contents");
        expect(strings.get("ru")!.t("theme.TOC.title")).toBe(themeDefaults("ru")["theme.TOC.title"]);
        // No translation of the theme into French: English.
        expect(strings.get("fr")!.t("theme.NotFound.title")).toBe(themeDefaults("en")["theme.NotFound.title"]);
        expect(strings.get("fr")!.t("footer.docs")).toBe("Documentation");
        // theme.TOC.title, overridden in en only, is no gap: ru has docsite's.
        expect(missingTranslations(strings)).toEqual([
          { locale: "ru", key: "footer.docs", from: "en" },
          { locale: "ru", key: "footer.docs", from: "fr" },
        ]);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    });

    it("reports an invalid override at its line in the site's file", async () => {
      const root = await mkdtemp(join(tmpdir(), "docsite-i18n-"));
      try {
        await mkdir(join(root, "i18n"));
        await writeFile(join(root, "i18n", "en.json"), '{\n  "a": "b",\n  "theme.TOC.title": "On {this"\n}\n');
        const config = { rootDir: root, i18n: { defaultLocale: "en", locales: ["en"] } } as unknown as SiteConfig;
        expect(() => loadStrings(config)).toThrow(/"theme\.TOC\.title" is not a valid ICU message/);
        const err = (() => {
          try {
            loadStrings(config);
          } catch (e) {
            return e as { where: { line: number } };
          }
        })();
        expect(err?.where.line).toBe(3);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    });
  });
});

describe("missing translations", () => {
  const gap = (locale: string, kind: "doc" | "string", n: number) => ({
    locale,
    kind,
    message: `${kind} ${n} has no ${locale} translation`,
  });
  it("are one line per locale: the gaps named when few, counted when many; every one with verbose", () => {
    const gaps = [
      ...Array.from({ length: 149 }, (_, i) => gap("ja", "doc", i)),
      gap("ja", "string", 1),
      gap("ja", "string", 2),
      gap("ru", "string", 1),
      gap("ru", "doc", 7),
    ];
    const lines = missingTranslationLines(gaps, "en");
    expect(lines).toEqual([
      "ja: 149 docs and 2 interface strings have no ja translation; the en text is shown (docsite build --verbose lists each)",
      "string 1 has no ru translation; doc 7 has no ru translation",
    ]);
    expect(missingTranslationLines(gaps, "en", true)).toHaveLength(153);
  });
});
