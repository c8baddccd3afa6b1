// Content checks for every page of the Testplane site, in both locales. Thresholds (characters of body text in
// the Russian file, front matter excluded) are deliberately modest floors that catch stubs, not style rules:
//   command pages 2,000 · expect pages 2,000 · config 1,500 · guides 3,000 · plugins 1,500 · reference 2,500 ·
//   migrations 1,500 · HTML reporter 1,500 · visual testing 2,500 · overview/quickstart/CLI/MCP 2,500 · blog 1,500.
import { describe, it, expect } from "vitest";
import { readFileSync, existsSync } from "node:fs";
import fg from "fast-glob";
import { splitFrontMatter } from "../../cli/content/frontmatter.ts";

const root = new URL("../../", import.meta.url).pathname;
const docs = fg.sync("content/ru/docs/v8/**/*.mdx", { cwd: root }).sort();
const blog = fg.sync("content/ru/blog/*.mdx", { cwd: root }).sort();

interface Section {
  id: string;
  depth: number;
  lines: string[];
}
interface Parsed {
  data: Record<string, unknown>;
  body: string;
  ids: string[];
  sections: Section[];
}

function parse(file: string): Parsed {
  const { data, body } = splitFrontMatter(readFileSync(root + file, "utf8"), file);
  const sections: Section[] = [{ id: "", depth: 1, lines: [] }];
  let fence: string | null = null;
  for (const line of body.split("\n")) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f) fence = fence ? (line.trim().startsWith(fence) ? null : fence) : f[1];
    const h = !fence && !f ? /^(#{2,3})\s+.*\{#([A-Za-z0-9_-]+)\}\s*$/.exec(line) : null;
    if (h) sections.push({ id: h[2], depth: h[1].length, lines: [] });
    else sections[sections.length - 1].lines.push(line);
  }
  return { data, body, ids: sections.slice(1).map((s) => s.id), sections };
}

/** Lines of a ## section including its ### subsections. */
function section(p: Parsed, id: string): string {
  const i = p.sections.findIndex((s) => s.id === id);
  if (i < 0) return "";
  const out = [...p.sections[i].lines];
  for (let j = i + 1; j < p.sections.length && p.sections[j].depth > p.sections[i].depth; j++)
    out.push(...p.sections[j].lines);
  return out.join("\n");
}

const codeBlocks = (text: string) => (text.match(/^\s*```[a-z]/gm) ?? []).length;
const hasTable = (text: string) => /^\|.*\|\s*$\n^\|\s*:?-{3,}/m.test(text);

function minLength(file: string): number {
  if (
    file.includes("/commands/browser/") ||
    file.includes("/commands/element/") ||
    file.includes("/commands/mock/") ||
    file.includes("/commands/expect/")
  )
    return 2000;
  if (file.includes("/guides/")) return 3000;
  if (file.includes("/reference/") || file.includes("/visual-testing/")) return 2500;
  if (
    file.includes("/config/") ||
    file.includes("/plugins/") ||
    file.includes("/migrations/") ||
    file.includes("/html-reporter/")
  )
    return 1500;
  return 2500;
}

describe("every route of the spec has a page in both locales", () => {
  const routes = readFileSync(root + "tests/content/spec-routes.txt", "utf8")
    .split("\n")
    .filter(
      (l) =>
        l.startsWith("/ru/docs/v8/") || (l.startsWith("/ru/blog/") && l !== "/ru/blog/" && l !== "/ru/blog/archive/"),
    );
  it.each(routes)("%s", (route) => {
    const rest = route.replace(/^\/ru\//, "").replace(/\/$/, "");
    const rel = rest.startsWith("docs/v8") ? rest.replace(/^docs\/v8\/?/, "docs/v8/") : rest;
    const candidates = rel === "docs/v8/" ? ["docs/v8/index.mdx"] : [`${rel}.mdx`, `${rel}/index.mdx`];
    for (const locale of ["ru", "en"]) {
      expect(
        candidates.some((c) => existsSync(`${root}content/${locale}/${c}`)),
        `${locale}: ${candidates.join(" or ")}`,
      ).toBe(true);
    }
  });
});

describe.each([...docs, ...blog])("%s", (ruFile) => {
  const enFile = ruFile.replace("content/ru/", "content/en/");
  const ru = parse(ruFile);
  const en = existsSync(root + enFile) ? parse(enFile) : null;

  it("has an English twin with the same heading ids", () => {
    expect(en, enFile).not.toBeNull();
    expect(en!.ids).toEqual(ru.ids);
  });

  it("has a title and a description in both locales", () => {
    for (const p of [ru, en!]) {
      expect(typeof p.data.title === "string" && p.data.title.length > 0).toBe(true);
      expect(typeof p.data.description === "string" && (p.data.description as string).length >= 20).toBe(true);
    }
  });

  it("is not a stub", () => {
    const floor = ruFile.includes("/blog/") ? 1500 : minLength(ruFile);
    expect(ru.body.length, "ru body length").toBeGreaterThanOrEqual(floor);
    expect(en!.body.length, "en body length").toBeGreaterThanOrEqual(floor * 0.7);
    for (const p of [ru, en!])
      expect(p.body).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|coming soon|будет дописан|lorem/i);
  });

  const isCommand = /\/commands\/(browser|element|mock)\//.test(ruFile);
  if (isCommand) {
    it("is a complete command page: usage, parameters when it takes any, two examples", () => {
      for (const p of [ru, en!]) {
        const usage = section(p, "usage");
        expect(codeBlocks(usage), "code block under #usage").toBeGreaterThanOrEqual(1);
        const takesArgs = /\w\((?!\s*\))[^)]/.test(
          usage
            .split("\n")
            .filter((l) => !l.trim().startsWith("//"))
            .join("\n"),
        );
        if (takesArgs) expect(hasTable(section(p, "parameters")), "table under #parameters").toBe(true);
        expect(codeBlocks(section(p, "examples")), "code blocks under #examples").toBeGreaterThanOrEqual(2);
      }
    });
  } else if (ruFile.includes("/commands/expect/")) {
    it("has at least two examples", () => {
      for (const p of [ru, en!]) expect(codeBlocks(p.body)).toBeGreaterThanOrEqual(2);
    });
  } else if (/\/(config|guides|plugins|reference|migrations)\//.test(ruFile)) {
    it("has at least one code block", () => {
      for (const p of [ru, en!]) expect(codeBlocks(p.body)).toBeGreaterThanOrEqual(1);
    });
  }
});

it("covers the whole site: 176 doc pages and 8 blog posts per locale", () => {
  expect(docs.length).toBe(176);
  expect(blog.length).toBe(8);
  expect(fg.sync("content/en/docs/v8/**/*.mdx", { cwd: root }).length).toBe(docs.length);
});
