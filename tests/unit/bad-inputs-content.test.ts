// Bad inputs for `docsite build`, round 2 (issue #31): content nested too deeply, inline code the security policy
// refuses, and inputs that are wrong in quieter ways — each answered with a message naming the file and line. Each
// case runs the real CLI as a child process (or the build in this process where only the output matters).
import { describe, it, expect } from "vitest";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buildSite, editJson } from "../support/site.ts";
import { cli, expectFailure, repo, site } from "../support/bad-inputs.ts";

// Issue #31, item 2: a page nested thousands of levels deep is refused in seconds with its own message (it took
// minutes, or ended in "Maximum call stack size exceeded" with a hint about JSX).
describe("deep nesting: a limit with its own message", () => {
  const page = (body: string) => `---\ntitle: Deep\ndescription: X.\n---\n\n${body}`;
  const indented = (n: number) => Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}- a\n`).join("");
  for (const [name, body, line] of [
    ["5,000 levels of quotes", `${"> ".repeat(5000)}x\n`, 6],
    ["5,000 levels of list markers on one line", `${"- ".repeat(5000)}x\n`, 6],
    ["a list indented 1,000 levels", indented(1000), 106],
  ] as const)
    it(name, async () => {
      const r = await expectFailure({ "content/en/docs/v1/guide/deep.mdx": page(body) }, 1, [
        new RegExp(
          `content/en/docs/v1/guide/deep\\.mdx:${line} lists and quotes are nested \\d+ levels deep here, more than docsite compiles \\(100\\)`,
        ),
        /flatten the structure/,
      ]);
      expect(r.stderr).not.toMatch(/Maximum call stack|JSX tag/);
    });

  it("5,000 levels of JSX elements: the same kind of message, not a stack overflow", async () => {
    const r = await expectFailure(
      { "content/en/docs/v1/guide/deep.mdx": page(`${"<div>".repeat(5000)}x${"</div>".repeat(5000)}\n`) },
      1,
      [/deep\.mdx:6 the page nests its elements too deeply to compile/, /at most 100 levels deep/],
    );
    expect(r.stderr).not.toMatch(/Maximum call stack|write `<`/);
  });

  it("100 levels still compile; fenced code is not measured", async () => {
    const s = await site({
      "content/en/docs/v1/guide/deep.mdx": page(`${"> ".repeat(100)}x\n\n\`\`\`text\n${" ".repeat(400)}- x\n\`\`\`\n`),
    });
    try {
      await buildSite(s.root);
      expect(existsSync(join(s.root, "dist/docs/v1/guide/deep/index.html"))).toBe(true);
    } finally {
      await s.done();
    }
  });
});

// Issue #31, item 4: the policy allows docsite's own inline code only; content's inline scripts and handlers are
// refused by the browser and named by the build; an SVG image is not linked as a document of the site.
describe("security headers that mean something", () => {
  it("content's inline scripts and handlers: warnings at file:line, and no hash in the policy", async () => {
    const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
    const s = await site({
      "content/en/docs/v1/guide/raw.md":
        '---\ntitle: Raw\ndescription: X.\n---\n\nText\n\n<script>alert(1)</script>\n\n<div onclick="alert(3)">x</div>\n',
      "content/en/docs/v1/guide/demo.html":
        '<!doctype html><p onmouseover="alert(8)">demo</p><script>alert(9)</script>\n',
      "content/en/docs/v1/guide/jsx.mdx":
        '---\ntitle: Jsx\ndescription: X.\n---\n\nimport demo from "./demo.html";\n\n<script dangerouslySetInnerHTML={{__html: "alert(5)"}} />\n\n<button onClick="alert(7)">x</button>\n\n![Logo](/img/logo.svg)\n\n<a href={demo}>demo</a>\n',
    });
    try {
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(
        /content\/en\/docs\/v1\/guide\/raw\.md:8: inline <script> in content: the site's Content-Security-Policy allows only docsite's own inline code/,
      );
      expect(r.stderr).toMatch(/raw\.md:10: event handler attribute onclick in content/);
      expect(r.stderr).toMatch(/jsx\.mdx:8: inline <script> in content/);
      expect(r.stderr).toMatch(/jsx\.mdx:10: event handler attribute onclick in content/);
      expect(r.stderr).toMatch(/guide\/demo\.html: this HTML file, published as \S+demo\.html, has inline scripts/);
      expect(r.stderr.match(/raw\.md:8: inline <script>/g)).toHaveLength(1); // once, not once per locale
      const headers = await readFile(join(s.root, "dist/_headers"), "utf8");
      const scriptSrc = /script-src ([^;]*)/.exec(headers)![1];
      for (const bad of ["alert(1)", "alert(3)", "alert(5)", "alert(7)", "alert(8)", "alert(9)"])
        expect(scriptSrc, bad).not.toContain(sha(bad));
      // docsite's own inline scripts are still allowed: the head script of a page and the search page's.
      for (const page of ["dist/docs/v1/guide/raw/index.html", "dist/search/index.html"]) {
        const html = await readFile(join(s.root, page), "utf8");
        const own = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
          .map((m) => m[1])
          .filter((x) => !/alert\(/.test(x));
        expect(own.length, page).toBeGreaterThan(0);
        for (const code of own) expect(scriptSrc, page).toContain(sha(code));
      }
      // The SVG is shown, but not linked as a document of the site.
      const jsx = await readFile(join(s.root, "dist/docs/v1/guide/jsx/index.html"), "utf8");
      expect(jsx).toMatch(/<img src="\/assets\/img\/logo\.[0-9a-f]+\.svg"/);
      expect(jsx).not.toMatch(/<a [^>]*href="[^"]*\.svg"/);
    } finally {
      await s.done();
    }
  });
});

// Issue #31, item 5: inputs that are wrong say so, at their file and line.
describe("inputs that are wrong say so", () => {
  const post = (front: string) => `---\ntitle: Hello\ndescription: The first post.\n${front}\n---\n\nOne two three.\n`;

  it("dates that are not calendar dates: an error at the front matter line", async () => {
    for (const date of ["2024-02-30", "2024-13-45"])
      await expectFailure({ "content/en/blog/hello.mdx": post(`date: ${date}`) }, 1, [
        /content\/en\/blog\/hello\.mdx:4 front matter field "date" must be a calendar date like 2024-05-20/,
      ]);
    await expectFailure(
      { "content/en/docs/v1/guide/second.mdx": "---\ntitle: S\nlast_update:\n  date: 2023-02-29\n---\n\nText.\n" },
      1,
      [
        /second\.mdx:3 front matter field "last_update" must be a mapping with author \(a string\) and\/or date \(a calendar date/,
      ],
    );
  });

  it("a page that fails while rendering: the MDX line of the expression or component", async () => {
    const r = await expectFailure(
      {
        "content/en/docs/v1/guide/second.mdx":
          "---\ntitle: Second\ndescription: X.\n---\n\nText.\n\nMore.\n\n{[1, 2].map((x) => x.y.z)}\n",
        "content/en/docs/v1/guide/boom.mdx":
          '---\ntitle: Boom\ndescription: X.\n---\n\nimport Boom from "./boom.jsx";\n\nText.\n\n<Boom strict />\n',
        "content/en/docs/v1/guide/boom.jsx":
          'export default function Boom(p) { if (p.strict) throw new Error("Boom needs a name"); return null; }\n',
      },
      1,
      [
        /content\/en\/docs\/v1\/guide\/second\.mdx:10 rendering \/docs\/v1\/guide\/second\/ failed: Cannot read properties of undefined/,
        /content\/en\/docs\/v1\/guide\/boom\.mdx:10 rendering \/docs\/v1\/guide\/boom\/ failed: Boom needs a name/,
      ],
    );
    expect(r.stderr).not.toMatch(/at Boom/);
  });

  it("a truncated image, and an image path that leaves the project: errors at the page and line", async () => {
    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    const page = (src: string) => `---\ntitle: Img\ndescription: X.\n---\n\nText.\n\n![A picture](${src})\n`;
    await expectFailure(
      { "content/en/docs/v1/guide/second.mdx": page("./cut.png") },
      1,
      [/content\/en\/docs\/v1\/guide\/second\.mdx:8 cannot encode image content\/en\/docs\/v1\/guide\/cut\.png/],
      {
        edit: (root) => writeFile(join(root, "content/en/docs/v1/guide/cut.png"), png.subarray(0, png.length >> 1)),
      },
    );
    const outside = `outside-${process.pid}.png`;
    for (const src of [`../../../../../../${outside}`, `/../../${outside}`, `@site/../${outside}`])
      await expectFailure(
        { "content/en/docs/v1/guide/second.mdx": page(src) },
        1,
        [
          new RegExp(
            `second\\.mdx:8 image not found: ${src.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} leads outside the project folder`,
          ),
        ],
        {
          // The file exists beside the site: a path leaving the project is missing however it resolves.
          edit: (root) => writeFile(join(root, "..", outside), png),
        },
      );
    await rm(join(repo, "tests/fixtures", outside), { force: true });
  });

  it("warnings, each at its file and line: duplicate strings, unknown keys, no title, case twins, NFD names, layout ids", async () => {
    const s = await site({
      "content/en/docs/v1/guide/second.mdx":
        "---\ntitle: Second\ndescription: X.\ntitel: Typo\nsidebar_key: k\nparse_number_prefixes: true\nformat: mdx\nwrapperClassName: w\nauthor_url: https://x.example\n---\n\n## Setup {#setup}\n\n## Main {#main-content}\n\n## Установка {#установка}\n\n[a](#установка)\n",
      "content/en/docs/v1/guide/untitled.mdx": "---\ndescription: No title here.\n---\n\nJust text.\n",
      "content/en/docs/v1/guide/Twin.mdx": "---\ntitle: Twin\n---\n\nUpper.\n",
      "content/en/docs/v1/guide/twin.mdx": "---\ntitle: twin\n---\n\nLower.\n",
      "content/en/docs/v1/guide/cafe\u0301.mdx": "---\ntitle: Cafe\n---\n\nDecomposed.\n",
    });
    try {
      const ru = join(s.root, "i18n/ru.json");
      const text = await readFile(ru, "utf8");
      // The file's first key, defined again above it: the later (original) line is the one reported.
      const key = Object.keys(JSON.parse(text))[0];
      await writeFile(ru, text.replace(/^\{\n/, `{\n  ${JSON.stringify(key)}: "Дубль",\n`));
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(0);
      const dup = text.split("\n").findIndex((l) => l.includes(JSON.stringify(key))) + 2;
      expect(r.stderr).toContain(
        `i18n/ru.json:${dup}: interface string ${JSON.stringify(key)} is defined twice (first on line 2)`,
      );
      expect(r.stderr).toMatch(/guide\/second\.mdx:4: unknown front matter key "titel" \(did you mean "title"\?\)/);
      for (const documented of ["sidebar_key", "parse_number_prefixes", "format", "wrapperClassName", "author_url"])
        expect(r.stderr).not.toContain(`"${documented}"`);
      expect(r.stderr).toMatch(/guide\/untitled\.mdx:2: the page has no title/);
      expect(r.stderr).toMatch(
        /guide\/twin\.mdx: content\/en\/docs\/v1\/guide\/Twin\.mdx has the same name in another letter case/,
      );
      expect(r.stderr).toMatch(/guide\/cafe\u0301\.mdx: the file name is in Unicode's decomposed form \(NFD/);
      expect(r.stderr).toMatch(/guide\/second\.mdx:14: heading id "main-content" is also an id of the page layout/);
      // A non-ASCII {#id} is read as Docusaurus reads it, and the link to it holds.
      const html = await readFile(join(s.root, "dist/docs/v1/guide/second/index.html"), "utf8");
      expect(html).toContain('id="установка"');
      expect(r.stderr).not.toMatch(/установка.*(broken|not valid)/);
    } finally {
      await s.done();
    }
  });

  it("a baseUrl with a space, and an unknown setting at its own line with a suggestion", async () => {
    await expectFailure({}, 1, [/site\.config\.json:7 baseUrl "\/my docs\/" contains a space/, /"\/my%20docs\/"/], {
      edit: (root) =>
        editJson(root, "site.config.json", (c) => {
          c.baseUrl = "/my docs/";
        }),
    });
    await expectFailure(
      {},
      1,
      [/site\.config\.json:4 invalid setting \(root\): unknown setting "titel" \(did you mean "title"\?\)/],
      {
        edit: async (root) => {
          const p = join(root, "site.config.json");
          const lines = (await readFile(p, "utf8")).split("\n");
          lines.splice(3, 0, '  "titel": "Typo",'); // after "title", at the root
          await writeFile(p, lines.join("\n"));
        },
      },
    );
  });
});

describe("the layout's ids are all known to the heading check", () => {
  it("every literal id of the theme and the document shell is in theme/layout-ids.ts", async () => {
    const { LAYOUT_IDS } = await import("../../theme/layout-ids.ts");
    const { readdirSync } = await import("node:fs");
    const files = [
      ...readdirSync(join(repo, "theme"), { recursive: true, encoding: "utf8" })
        .filter((f) => /\.tsx$/.test(f))
        .map((f) => join(repo, "theme", f)),
      join(repo, "cli/render/html.ts"),
    ];
    const ids = new Set<string>();
    for (const f of files)
      for (const m of (await readFile(f, "utf8")).matchAll(/\bid="([A-Za-z_][\w-]*)"|\.id="([\w-]+)"/g))
        ids.add(m[1] ?? m[2]);
    expect(ids.size).toBeGreaterThan(3);
    for (const id of ids) expect(LAYOUT_IDS, id).toContain(id);
  });
});
