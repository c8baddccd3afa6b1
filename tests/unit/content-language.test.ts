// Content rules that hold across pages (issue #30): every install command pins Testplane 8 and html-reporter 11,
// source links pin one Testplane tag, the pages a reader starts from say which Testplane they describe, English
// prose is plain American English, Russian prose avoids the known calques, and the pages of the "visual tests in CI"
// task link each other. Prose checks skip code (fenced and inline) and image lines: identifiers, quoted error
// messages and alt texts are not prose of ours (alt texts belong to the pictures work).
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import fg from "fast-glob";
import { extractCodeBlocks } from "../support/code-blocks.ts";

const root = new URL("../../", import.meta.url).pathname;
const pages = fg.sync("content/{en,ru}/**/*.mdx", { cwd: root }).sort();
const read = (file: string) => readFileSync(root + file, "utf8");

/** The Testplane tag every source link pins; the one the pages are checked against. */
const SOURCE_TAG = "v8.47.3";

/** Prose lines of a page: outside code fences, not images, with inline code removed. Line numbers are 1-based. */
function proseLines(text: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let fence: string | null = null;
  text.split("\n").forEach((raw, i) => {
    const f = /^\s*(`{3,}|~{3,})/.exec(raw);
    if (f) {
      if (fence === null) fence = f[1];
      else if (raw.trim().startsWith(fence)) fence = null;
      return;
    }
    if (fence !== null) return;
    // A picture's words are its alt text and title (what a screen reader says, what the caption shows), not its path.
    if (/^\s*!\[/.test(raw) || raw.includes("<img")) {
      const words = [
        ...raw.matchAll(/!\[([^\]]*)\]\([^)\s]*(?:\s+"((?:[^"\\]|\\.)*)")?\)/g),
        ...raw.matchAll(/\b(?:alt|title)="([^"]*)"/g),
      ].flatMap((m) => m.slice(1).filter(Boolean));
      if (words.length) out.push({ line: i + 1, text: words.join(" ") });
      return;
    }
    out.push({ line: i + 1, text: raw.replace(/`[^`]*`/g, "``") });
  });
  return out;
}

/** Shell lines of a page's bash/sh/shell blocks. */
function shellLines(file: string): Array<{ line: number; text: string }> {
  return extractCodeBlocks(file, read(file))
    .filter((b) => ["bash", "sh", "shell", "console"].includes(b.lang))
    .flatMap((b) => b.code.split("\n").map((text, i) => ({ line: b.line + 1 + i, text })));
}

const INSTALL = /^\s*(?:sudo\s+)?(?:npm\s+(?:install|i|add)|yarn\s+add|pnpm\s+(?:add|install))\b(.*)$/;

/** Package names an install line installs, with the version spec if any ("testplane@8" → ["testplane", "8"]). */
function installedPackages(args: string): Array<[string, string | undefined]> {
  return args
    .split(/\s+/)
    .filter((w) => w && !w.startsWith("-"))
    .map((w) => {
      const at = w.lastIndexOf("@");
      return at > 0 ? [w.slice(0, at), w.slice(at + 1)] : [w, undefined];
    });
}

describe("install commands pin Testplane 8", () => {
  it.each(pages)("%s", (file) => {
    const problems: string[] = [];
    for (const { line, text } of shellLines(file)) {
      const m = INSTALL.exec(text);
      if (m) {
        for (const [name, version] of installedPackages(m[1])) {
          if (name === "testplane" && version !== "8")
            problems.push(`${file}:${line}: testplane@8, not "${text.trim()}"`);
          if (name === "html-reporter" && version !== "11")
            problems.push(`${file}:${line}: html-reporter@11, not "${text.trim()}"`);
        }
      }
      const init = /npm\s+init\s+testplane(@\S+)?/.exec(text);
      if (init && !file.includes("/blog/") && init[1] !== "@3")
        problems.push(`${file}:${line}: npm init testplane@3 (the wizard line for Testplane 8), not "${text.trim()}"`);
    }
    // The wizard installs the newest testplane: a page that runs it must also pin testplane@8 afterwards.
    if (/npm\s+init\s+testplane/.test(read(file)) && !read(file).includes("testplane@8"))
      problems.push(`${file}: runs the create-testplane wizard but never pins testplane@8`);
    expect(problems).toEqual([]);
  });

  it("the landing page's install line pins Testplane 8 and html-reporter 11", () => {
    const codes = [...read("content/pages/index.tsx").matchAll(/<code>([^<]*)<\/code>/g)].map((m) => m[1]);
    const installs = codes.filter((c) => /\b(npm|yarn|pnpm)\b/.test(c));
    expect(installs.length).toBeGreaterThan(0);
    for (const line of installs) {
      expect(line).not.toMatch(/npm\s+init\s+testplane/);
      const m = INSTALL.exec(line);
      expect(m, line).not.toBeNull();
      expect(Object.fromEntries(installedPackages(m![1]))).toMatchObject({ testplane: "8", "html-reporter": "11" });
    }
  });

  it("the check catches an unpinned install and an unpinned wizard", () => {
    const bad = "npm install --save-dev testplane html-reporter";
    const [[, testplaneVersion], [, reporterVersion]] = installedPackages(INSTALL.exec(bad)![1]);
    expect([testplaneVersion, reporterVersion]).toEqual([undefined, undefined]);
    expect(installedPackages(INSTALL.exec("pnpm add -D testplane@8")![1])).toEqual([["testplane", "8"]]);
    expect(INSTALL.exec("npm install -D @testplane/chunks")).not.toBeNull();
    expect(installedPackages("@testplane/chunks")).toEqual([["@testplane/chunks", undefined]]);
  });
});

describe("Testplane source links pin one tag", () => {
  it(`every github.com/gemini-testing/testplane blob/tree link pins ${SOURCE_TAG} (or names the changelog on master)`, () => {
    const problems: string[] = [];
    for (const file of pages) {
      for (const m of read(file).matchAll(
        /github\.com\/gemini-testing\/testplane\/(?:blob|tree)\/([^/\s)]+)\/([^\s)#"]*)/g,
      )) {
        const ok = m[1] === SOURCE_TAG || (m[1] === "master" && m[2] === "CHANGELOG.md");
        if (!ok) problems.push(`${file}: ${m[0]}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the pages a reader starts from say which Testplane they describe", () => {
  const statement = (file: string) => {
    const text = read(file);
    return {
      testplane8: /Testplane 8\b/.test(text),
      checkedAgainst: text.includes("8.47.3"),
      whereNineLives: text.includes("github.com/gemini-testing/testplane-docs"),
    };
  };
  it.each([
    "content/en/docs/v8/quickstart/index.mdx",
    "content/ru/docs/v8/quickstart/index.mdx",
    "content/en/docs/v8/index.mdx",
    "content/ru/docs/v8/index.mdx",
  ])("%s", (file) => {
    expect(statement(file)).toEqual({ testplane8: true, checkedAgainst: true, whereNineLives: true });
  });

  it("the versions page says v8 documents Testplane 8, in both locales", () => {
    for (const locale of ["en", "ru"]) {
      const strings = JSON.parse(read(`i18n/${locale}.json`)) as Record<string, string>;
      expect(strings["theme.versions.currentDescription"]).toMatch(/Testplane 8\b/);
      expect(strings["theme.versions.currentDescription"]).toContain("testplane-docs");
    }
  });
});

/**
 * English prose: US spelling and no calques from Russian. Each entry is a pattern and what to write instead; the
 * list holds the words the audits found, not every British spelling there is.
 */
const englishRules: Array<[RegExp, string]> = [
  [/\bhand(y|ier|iest)\b/i, "useful, simpler, or say what it helps with"],
  [/\bconvenient(ly)?\b/i, "easy, simple, or say why"],
  [/\b(test )?stands?\b(?! (for|out|in|by|alone)\b)/i, "test environment (a 'stand' is a calque)"],
  [/\bneighbou?rs?\b(?= *:|(?: are| is)?\b.*\bcommand)/i, "related commands / similar commands"],
  [/\bits (closest )?neighbou?rs\b/i, "related commands / similar commands"],
  [/\b\w*our(s|ed|ing)?\b/, "US spelling (-or): behavior, color, favor, neighbor"],
  [
    /\b((organis|recognis|initialis|customis|optimis|serialis|normalis|minimis|prioritis|summaris|visualis|authoris|utilis|finalis|realis|standardis|synchronis|parallelis|memoris|categoris)(e|ed|es|ing|ation|ations|er|ers)|analys(e|ed|ing))\b/i,
    "US spelling (-ize, -yze): organize, initialize, analyze",
  ],
  [/\b(cancell(ed|ing)|labell(ed|ing)|modell(ed|ing)|travell(ed|ing))\b/i, "US spelling: canceled, labeled, modeled"],
  [/\b(centre|catalogue|licence|artefact|whilst|amongst)\b/i, "US spelling: center, catalog, license, artifact"],
];
/** -our words that are English everywhere. */
const englishAllowed =
  /^(our|ours|your|yours|four|hour|hours|tour|tours|pour|sour|flour|devour|detour|contour|ourselves)$/i;

function englishProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const { line, text: prose } of proseLines(text)) {
    // links and anchors carry identifiers, not prose
    const words = prose
      .replace(/\]\([^)]*\)/g, "]")
      .replace(/\{#[^}]*\}/g, "")
      .replace(/<[^>]+>/g, " ");
    for (const [pattern, advice] of englishRules) {
      const m = new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`);
      const hit = [...words.matchAll(m)].find((x) => !englishAllowed.test(x[0]));
      if (hit) {
        problems.push(`${file}:${line}: "${hit[0]}" → ${advice}`);
        break; // one finding per line is enough to point at it
      }
    }
  }
  return problems;
}

/** Russian prose: ё in «репортёр», and no calques the audits found. */
const russianRules: Array<[RegExp, string]> = [
  [/репортер/i, "«репортёр» пишется с ё (глоссарий)"],
  [/генератор\w* событий/i, "EventEmitter / «источник событий»"],
  [/раздат\w*|разда[её]т\w* (отч|папк|стати|артефакт)|раздава\w* (отч|папк)/i, "«открыть через HTTP-сервер»"],
];
function russianProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const { line, text: prose } of proseLines(text)) {
    for (const [pattern, advice] of russianRules) {
      const m = pattern.exec(prose);
      if (m) problems.push(`${file}:${line}: «${m[0]}» → ${advice}`);
    }
  }
  return problems;
}

describe("plain English and Russian without calques", () => {
  it.each(pages.filter((p) => p.startsWith("content/en/")))("%s", (file) => {
    expect(englishProblems(file, read(file))).toEqual([]);
  });
  it.each(pages.filter((p) => p.startsWith("content/ru/")))("%s", (file) => {
    expect(russianProblems(file, read(file))).toEqual([]);
  });

  it("the interface strings and the init templates follow the same rules (en)", () => {
    const strings = (file: string) =>
      Object.entries(JSON.parse(read(file)) as Record<string, string>)
        .map(([key, text]) => `${key}: ${text}`)
        .join("\n");
    const problems = [
      ...englishProblems("i18n/en.json", strings("i18n/en.json")),
      ...englishProblems("theme/i18n/en.json", strings("theme/i18n/en.json")),
      ...fg
        .sync("cli/init/templates/en/**/*.{md,mdx,json}", { cwd: root })
        .flatMap((f) => englishProblems(f, f.endsWith(".json") ? strings(f) : read(f))),
    ];
    expect(problems).toEqual([]);
  });

  it("the rules catch what the audits found, and leave code, images and ordinary words alone", () => {
    expect(
      englishProblems(
        "x.mdx",
        '![The catalogue page](x.png "How a run is organised")\n<img src="y.png" alt="Colour" />',
      ),
    ).toHaveLength(2);
    const bad = [
      "A handy way to pass data.",
      "It is convenient to keep them apart.",
      "Start the test stand first.",
      "How it differs from its neighbours:",
      "The behaviour of the report.",
      "How a run is organised.",
      "The run was cancelled.",
    ].join("\n");
    expect(englishProblems("x.mdx", bad)).toHaveLength(7);
    const fine = [
      "Our tests run in four browsers; otherwise use `handy` in code.",
      "```js\nconst convenient = 1; // handy\n```",
      "![A picture](organised-colour.png)",
      "Pixels differ from their neighbors; it stands for the state. A precise, concise exercise.",
      "The browser stands out; the `CancelledError` class.",
    ].join("\n");
    expect(englishProblems("x.mdx", fine)).toEqual([]);
    expect(
      russianProblems("x.mdx", "Плагин для репортера.\nЭто генератор событий.\nНужно раздать отчёт."),
    ).toHaveLength(3);
    expect(russianProblems("x.mdx", "Репортёр и `html-reporter`.\nГлавный процесс раздаёт тесты воркерам.")).toEqual(
      [],
    );
  });
});

describe("the pages of 'visual tests in CI' link each other, in both locales", () => {
  const pagesOfTheTask = {
    visual: "/docs/v8/visual-testing/visual-testing-intro/",
    ci: "/docs/v8/guides/how-to-run-on-github/",
    accepter: "/docs/v8/html-reporter/static-accepter/",
    gui: "/docs/v8/html-reporter/html-reporter-commands/",
  } as const;
  const files: Record<keyof typeof pagesOfTheTask, string> = {
    visual: "docs/v8/visual-testing/visual-testing-intro.mdx",
    ci: "docs/v8/guides/how-to-run-on-github.mdx",
    accepter: "docs/v8/html-reporter/static-accepter.mdx",
    gui: "docs/v8/html-reporter/html-reporter-commands.mdx",
  };
  /** The last section of a page: "Next steps" or "See also". */
  const lastSection = (text: string) => {
    const m = /\n## [^\n]*\{#(next-steps|see-also)\}[^\n]*\n([\s\S]*)$/.exec(text);
    return m ? m[2] : "";
  };
  for (const locale of ["en", "ru"]) {
    for (const [from, file] of Object.entries(files)) {
      it(`${locale}: ${from} links the other three in its closing section`, () => {
        const section = lastSection(read(`content/${locale}/${file}`));
        const missing = Object.entries(pagesOfTheTask)
          .filter(([to]) => to !== from)
          .filter(([, route]) => !section.includes(`](${route}`))
          .map(([to]) => to);
        expect(missing).toEqual([]);
      });
    }
  }

  it("the CI guide shows references made in the CI environment and the review loop, in both locales", () => {
    for (const locale of ["en", "ru"]) {
      const text = read(`content/${locale}/${files.ci}`);
      expect(text).toContain("{#references-in-ci}");
      expect(text).toContain("{#review-loop}");
      expect(text).toMatch(/container: node:20-bookworm/);
      // The container gets a node_modules of its own (Linux builds never replace the host's) and hands its files back.
      expect(text).toMatch(/docker run [^\n]*-v \/work\/node_modules[\s\S]{0,80}node:20-bookworm/);
      expect(text).toMatch(/chown -R "\$HOST_IDS" testplane\/screens/);
      expect(text).toContain("npx testplane --update-refs");
      expect(text).toContain("npx testplane gui");
      expect(text).toContain("git add testplane/screens");
    }
  });
});
