import { describe, it, expect } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import * as runtime from "react/jsx-runtime";
import { run } from "@mdx-js/mdx";
import { compileSource, linkRewriter } from "../../cli/mdx/compile.ts";
import { splitFrontMatter } from "../../cli/content/frontmatter.ts";
import { parseCodeMeta } from "../../cli/mdx/rehype-code.ts";
import { DocsiteError } from "../../cli/log.ts";
import { SiteProvider } from "../../theme/context.tsx";
import { mdxComponents } from "../../theme/mdx/components.tsx";
import { createStrings, themeDefaults } from "../../cli/i18n/strings.ts";
import { readFileSync } from "node:fs";

const file = "content/ru/docs/v8/guides/example.mdx";
const rewrite = linkRewriter({
  file,
  localeBase: "/ru/",
  baseUrl: "/",
  routeOfContentFile: (f) => "/ru/" + f.replace(/^content\/ru\/|\.mdx$/g, "") + "/",
});
const compile = (body: string, bodyOffset = 0) => compileSource({ file, body, bodyOffset, rewriteLink: rewrite });
const strings = createStrings("ru", {
  ...themeDefaults("ru"),
  ...JSON.parse(readFileSync(new URL("../../i18n/ru.json", import.meta.url), "utf8")),
});

/** The page's HTML; `render`: renderToString writes what a build writes (with React's `<!-- -->` between texts). */
async function html(body: string, render = renderToStaticMarkup): Promise<string> {
  const c = await compile(body);
  const { default: Content } = await run(c.code, { ...(runtime as any), baseUrl: import.meta.url });
  return render(
    createElement(SiteProvider, {
      i18n: { locale: "ru", t: strings.t },
      layout: {} as any,
      children: createElement(Content as any, { components: mdxComponents }),
    }),
  );
}

describe("MDX pipeline", () => {
  it("takes heading ids from {#id} and builds the TOC", async () => {
    const c = await compile("## Параметры {#parameters}\n\n### Вложенный раздел\n\n#### Глубже {#deep}\n");
    expect(c.headings).toEqual([
      { depth: 2, id: "parameters", text: "Параметры" },
      { depth: 3, id: "вложенный-раздел", text: "Вложенный раздел" },
      { depth: 4, id: "deep", text: "Глубже" },
    ]);
    const out = await html("## Параметры {#parameters}\n");
    expect(out).toContain('<h2 id="parameters" class="anchor">Параметры<a class="hash-link" href="#parameters"');
  });

  it("renders :::admonitions with default and custom titles", async () => {
    const out = await html(
      ":::tip[Совет дня]\nТекст.\n:::\n\n:::warning\nОсторожно.\n:::\n\n:::note Заголовок через пробел\nx\n:::\n",
    );
    expect(out).toContain('class="admonition admonition--tip"');
    expect(out).toContain("Совет дня");
    expect(out).toContain('class="admonition admonition--warning"');
    expect(out).toContain("Внимание");
    expect(out).toContain("Заголовок через пробел");
  });

  it("highlights code at build time with a title and marked lines", async () => {
    const out = await html('```javascript title="tests/login.js" {2}\nconst a = 1;\nawait browser.url("/");\n```\n');
    expect(out).toContain('<div class="code-block__title">tests/login.js</div>');
    expect(out).toContain('<span class="hljs-keyword">const</span>');
    const lines = out.match(/<span class="line[^"]*">/g)!;
    expect(lines).toEqual(['<span class="line">', '<span class="line line-hl">']);
    expect(parseCodeMeta('title="a b.ts" {1,3-5}')).toEqual({ title: "a b.ts", highlight: new Set([1, 3, 4, 5]) });
  });

  it("hands a code block's lines to <code> as HTML, with its class names and line counter", async () => {
    // Through the pipeline: class names, the line numbers' counter and escaped text on the <code> element.
    const out = await html("```js showLineNumbers=5 {2}\nconst a = '<b>' && 1;\nx();\n```\n", renderToString);
    expect(out).toContain(
      '<code class="hljs language-js code--numbered" style="counter-reset:line 4"><span class="line">' +
        '<span class="hljs-keyword">const</span> a = <span class="hljs-string">&#x27;&lt;b&gt;&#x27;</span> &amp;&amp; ',
    );
    expect(out).toContain(
      '<span class="line line-hl"><span class="hljs-title function_">x</span>();<!-- -->\n</span></code>',
    );
  });

  it("renders Tabs with every panel in the HTML and the first one selected", async () => {
    const out = await html(
      '<Tabs groupId="pm">\n<TabItem value="npm" label="npm">\n\nnpm i\n\n</TabItem>\n<TabItem value="yarn" label="Yarn">\n\nyarn add\n\n</TabItem>\n</Tabs>\n',
    );
    expect(out).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*data-value="npm"/);
    expect(out).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*data-value="yarn"/);
    expect(out).toContain("npm i");
    expect(out).toContain("yarn add");
    expect(out).toMatch(/data-inactive=""[^>]*>.*yarn add/s);
  });

  it("passes <details> through and keeps a:b text that looks like a directive", async () => {
    const out = await html(
      "<details>\n<summary>Ещё</summary>\n\nСкрытый текст.\n\n</details>\n\nСоотношение 16:9 и key:value.\n",
    );
    expect(out).toContain("<details><summary>Ещё</summary>");
    // A text of plain elements is written with React's separators between adjacent texts (cli/mdx/react-html.ts).
    expect(out.replaceAll("<!-- -->", "")).toContain("Соотношение 16:9 и key:value.");
  });

  it("marks external links: new tab, rel without opener or referrer, icon and a hidden hint; site links stay plain", async () => {
    const out = await html(
      "[WebdriverIO](https://webdriver.io/docs/api/browser/url) и [url](/docs/v8/commands/browser/url/)\n",
    );
    const external = /<a href="https:\/\/webdriver\.io\/docs\/api\/browser\/url"([^>]*)>(.*?)<\/a>/.exec(out);
    expect(external, out).not.toBeNull();
    expect(external![1]).toContain('target="_blank"');
    expect(external![1]).toContain('rel="noopener noreferrer external"');
    expect(external![2]).toMatch(/^WebdriverIO<svg[^>]*aria-hidden="true"/);
    expect(external![2]).toContain('<span class="visually-hidden"> (откроется в новой вкладке)</span>');
    const internal = /<a href="\/ru\/docs\/v8\/commands\/browser\/url\/"([^>]*)>(.*?)<\/a>/.exec(out);
    expect(internal, out).not.toBeNull();
    expect(internal![1]).not.toContain("target");
    expect(internal![2]).toBe("url");
  });

  it("localizes site links and resolves relative .mdx links, remembering their lines", async () => {
    const c = await compile(
      "Line one\n\n[a](/docs/v8/quickstart/#install) [b](../commands/browser/url.mdx#usage) [c](https://example.com) [d](/img/x.png)\n",
      4,
    );
    expect(c.links).toEqual([
      { url: "/ru/docs/v8/quickstart/#install", line: 7, text: "a" },
      { url: "/ru/docs/v8/commands/browser/url/#usage", line: 7, text: "b" },
      { url: "https://example.com", line: 7, text: "c" },
      { url: "/img/x.png", line: 7, text: "d" },
    ]);
  });

  it("keeps words of table cells and list items apart in the extracted text, and leaves code out", async () => {
    const c = await compile(
      "## Options {#options}\n\n| Name | Default |\n|---|---|\n| `timeout` | 3000 |\n\n- first\n- second\n\n```js\nconst secret = 1;\n```\n",
    );
    expect(c.sections[0].text).toBe("Name Default timeout 3000 first second");
  });

  it("joins a paragraph's inline parts as written: no space before punctuation after code or links", async () => {
    const c = await compile("Use `matrix`. See [the guide](https://example.com/), then **bold**, line  \nbreak.\n");
    expect(c.sections[0].text).toBe("Use matrix. See the guide, then bold, line break.");
  });

  it("extracts section text and counts prose words without code", async () => {
    const c = await compile(
      "Intro words here.\n\n## Part {#part}\n\nOne two three.\n\n```js\nlots of code words here\n```\n",
    );
    expect(c.sections.map((s) => s.id)).toEqual(["", "part"]);
    expect(c.wordCount).toBe(6);
  });

  it("reports the line of an unclosed JSX tag, whose position is only in the parser's message", async () => {
    const err = await compile("ok\n\n<Tabs>\n", 4).catch((e) => e);
    expect(err.where).toMatchObject({ file, line: 7, column: 1 });
  });

  it("reports MDX syntax errors with the file line (front matter included)", async () => {
    const err = await compile("ok\n\nbad { brace\n", 4).catch((e) => e);
    expect(err).toBeInstanceOf(DocsiteError);
    expect(err.where.file).toBe(file);
    expect(err.where.line).toBeGreaterThanOrEqual(7);
    expect(err.message).toMatch(/MDX syntax error/);
  });
});

describe("front matter", () => {
  it("splits and reports the body offset", () => {
    const r = splitFrontMatter("---\ntitle: X\ndescription: Y\n---\n\nBody\n", "a.mdx");
    expect(r.data).toEqual({ title: "X", description: "Y" });
    expect(r.bodyOffset).toBe(4);
    expect(r.body.split("\n")[1]).toBe("Body");
  });

  it("names the line of invalid YAML", () => {
    try {
      splitFrontMatter("---\ntitle: X\ndescription: [unclosed\n---\nBody", "a.mdx");
      throw new Error("expected failure");
    } catch (err) {
      expect(err).toBeInstanceOf(DocsiteError);
      expect((err as DocsiteError).where).toMatchObject({ file: "a.mdx" });
      expect((err as DocsiteError).where.line).toBeGreaterThanOrEqual(3);
    }
  });

  it("checks field types and unclosed blocks", () => {
    expect(() => splitFrontMatter("---\ntitle: X\nsidebar_position: first\n---\n", "a.mdx")).toThrow(
      /sidebar_position" must be a number/,
    );
    expect(() => splitFrontMatter("---\ntitle: X\n", "a.mdx")).toThrow(/not closed/);
  });
});

describe("compile cache", () => {
  it("gives a cached page with its code read when asked, so a later removal of the entry does not lose it", async () => {
    const { mkdtemp, readdir, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { BuildCache } = await import("../../cli/cache/cache.ts");
    const { CompiledPages } = await import("../../cli/cache/compiled-pages.ts");
    const root = await mkdtemp(join(tmpdir(), "docsite-mdx-cache-"));
    try {
      const store = new CompiledPages(BuildCache.forSite(root), { settings: "ru" }, root);
      const page = { file, body: "# Кэш\n\nТекст страницы.\n", bodyOffset: 0, locale: "ru" };
      expect(store.get(page)).toBeUndefined();
      const fresh = await compileSource({ ...page, rewriteLink: rewrite });
      expect(await store.put(page, fresh)).toBe(true);
      const cached = store.get(page, true);
      // A build beside the dev server prunes the entry: the page already holds its code.
      await rm(join(root, ".docsite"), { recursive: true });
      expect(cached?.code).toBe(fresh.code);
      expect(await readdir(root)).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
