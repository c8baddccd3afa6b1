import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { parseConfig, lineOfPointer } from "../../cli/config/load.ts";
import { DocsiteError } from "../../cli/log.ts";

const valid = readFileSync(new URL("../../site.config.json", import.meta.url), "utf8");
const mutate = (edit: (c: any) => void) => {
  const c = JSON.parse(valid);
  edit(c);
  return JSON.stringify(c, null, 2);
};
const errorOf = (text: string): DocsiteError => {
  try {
    parseConfig(text, "site.config.json");
  } catch (err) {
    return err as DocsiteError;
  }
  throw new Error("expected the config to be rejected");
};

describe("site.config.json validation", () => {
  it("accepts the site's own config and fills defaults", () => {
    const cfg = parseConfig(valid, "site.config.json");
    expect(cfg.i18n.defaultLocale).toBe("en");
    expect(cfg.i18n.localeConfigs.ru.label).toBe("Русский");
    expect(cfg.docs.versions[0]).toMatchObject({ name: "v8", isLast: true, status: "current" });
    expect(cfg.onBrokenLinks).toBe("throw");
    expect(cfg.onBrokenAnchors).toBe("warn");
    expect(cfg.onDuplicateRoutes).toBe("warn");
    expect(cfg.colorMode).toEqual({ defaultMode: "light", disableSwitch: false, respectPrefersColorScheme: false });
    expect(cfg.navbar.logo).toMatchObject({ width: 28, height: 28 });
  });

  it("names an unknown setting and its line", () => {
    const text = mutate((c) => {
      c.colorMode.defaultTheme = "dark";
    });
    const err = errorOf(text);
    expect(err).toBeInstanceOf(DocsiteError);
    expect(err.message).toContain('unknown setting "defaultTheme"');
    expect(err.where.file).toBe("site.config.json");
    // The line of the unknown key itself, not of the object around it (issue #31).
    expect(text.split("\n")[err.where.line! - 1]).toContain('"defaultTheme"');
  });

  it("lists the allowed values of an enum", () => {
    const err = errorOf(
      mutate((c) => {
        c.onBrokenLinks = "explode";
      }),
    );
    expect(err.message).toContain("/onBrokenLinks");
    expect(err.message).toContain('"throw", "warn", "ignore"');
  });

  it("reports a missing required setting", () => {
    const err = errorOf(
      mutate((c) => {
        delete c.url;
      }),
    );
    expect(err.message).toContain('missing required setting "url"');
  });

  it("reports invalid JSON with the line", () => {
    const text = valid.replace('"title": "Testplane",', '"title": "Testplane",,');
    const err = errorOf(text);
    expect(err.message).toContain("not valid JSON");
    expect(err.where.line).toBe(3);
  });

  it("rejects an unknown navbar item type with the allowed ones", () => {
    const text = mutate((c) => {
      c.navbar.items[2].type = "dropdownMenu";
    });
    const err = errorOf(text);
    expect(err.message).toContain('unknown navbar item type "dropdownMenu"');
    expect(err.hint).toContain("docSidebar");
    expect(text.split("\n")[err.where.line! - 1]).toContain("dropdownMenu");
  });

  it("requires the default locale to be one of the locales", () => {
    const err = errorOf(
      mutate((c) => {
        c.i18n.defaultLocale = "de";
      }),
    );
    expect(err.message).toContain('defaultLocale "de" is not in i18n.locales');
  });

  it("requires exactly one latest docs version", () => {
    const err = errorOf(
      mutate((c) => {
        c.docs.versions[0].isLast = false;
      }),
    );
    expect(err.message).toContain('exactly one docs version must have "isLast": true');
  });

  it("checks URL and label shapes", () => {
    expect(
      errorOf(
        mutate((c) => {
          c.baseUrl = "docs";
        }),
      ).message,
    ).toContain("/baseUrl");
    expect(
      errorOf(
        mutate((c) => {
          c.footer.links[0].items[0].label = "Overview";
        }),
      ).message,
    ).toContain("/footer/links/0/items/0/label");
  });

  it("finds the line of a JSON pointer", () => {
    const text = '{\n  "a": {\n    "b": [\n      1,\n      2\n    ]\n  }\n}';
    expect(lineOfPointer(text, "/a/b")).toBe(3);
    expect(lineOfPointer(text, "/a/b/1")).toBe(5);
  });
});
