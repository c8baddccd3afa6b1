import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { readFile, readdir, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fixtureSite, removeSite, buildSite, applyChanges, editJson } from "../support/site.ts";
import type { BuildResult } from "../../cli/pipeline/build.ts";
import { DocsiteError } from "../../cli/log.ts";

let root: string;
let result: BuildResult;
const read = (p: string) => readFile(join(root, "dist", p), "utf8");

beforeAll(async () => {
  root = await fixtureSite();
  result = await buildSite(root);
});
afterAll(() => removeSite(root));

describe("route table and output", () => {
  it("renders every route kind in both locales", async () => {
    const paths = result.table.routes.map((r) => r.path).sort();
    for (const base of ["/", "/ru/"]) {
      for (const p of [
        "",
        "blog/",
        "blog/archive/",
        "blog/hello/",
        "search/",
        "versions/",
        "docs/",
        "docs/v1/",
        "docs/v1/guide/first/",
        "docs/v1/guide/second/",
        "404.html",
      ]) {
        expect(paths, base + p).toContain(base + p);
      }
    }
    for (const f of [
      "index.html",
      "ru/index.html",
      "ru/blog/index.html",
      "ru/blog/archive/index.html",
      "ru/blog/hello/index.html",
      "ru/search/index.html",
      "ru/versions/index.html",
      "ru/docs/index.html",
      "ru/docs/v1/index.html",
      "ru/docs/v1/guide/first/index.html",
      "404.html",
      "ru/404.html",
    ]) {
      expect(existsSync(join(root, "dist", f)), f).toBe(true);
    }
  });

  it("leads /docs/ to the latest version root", async () => {
    const html = await read("ru/docs/index.html");
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/ru/docs/v1/">');
    expect(html).toContain('href="/ru/docs/v1/"');
  });

  it("writes a complete head: lang, canonical, hreflang alternates, Open Graph", async () => {
    const html = await read("ru/docs/v1/guide/first/index.html");
    expect(html).toMatch(/<html lang="ru" dir="ltr"/);
    expect(html).toContain("<title>Первое руководство | Fixture</title>");
    expect(html).toContain('<meta name="description" content="Показывает возможности MDX.">');
    expect(html).toContain('<link rel="canonical" href="https://fixture.example/ru/docs/v1/guide/first/">');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://fixture.example/docs/v1/guide/first/">');
    expect(html).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://fixture.example/docs/v1/guide/first/">',
    );
    expect(html).toContain('<meta property="og:locale" content="ru">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('name="keywords"');
    // Front matter keywords and image, as Docusaurus reads them.
    expect(await read("ru/search/index.html")).toMatch(/<meta name="description" content="[^"]+">/);
    const post = await read("ru/blog/hello/index.html");
    expect(post).toContain('<meta name="keywords" content="выпуск, новости">');
    expect(post).toContain('<meta property="og:image" content="https://fixture.example/img/logo.svg">');
    expect(post).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it("shows the default locale's page where a translation is missing, and says so", async () => {
    const route = result.table.byPath.get("/ru/docs/v1/guide/second/");
    expect(route).toMatchObject({ kind: "doc", untranslated: true });
    expect(await read("ru/docs/v1/guide/second/index.html")).toContain("Эта страница ещё не переведена");
    expect(result.warnings.some((w) => w.includes("no ru translation") && w.includes("guide/second"))).toBe(true);
  });

  it("builds the sidebar with ordering, the active page and prev/next", async () => {
    const html = await read("ru/docs/v1/guide/first/index.html");
    expect(html).toMatch(
      /<a class="menu__link menu__link--active" href="\/ru\/docs\/v1\/guide\/first\/" aria-current="page">/,
    );
    expect(html.indexOf("/ru/docs/v1/guide/first/")).toBeLessThan(html.indexOf("/ru/docs/v1/guide/second/"));
    expect(html).toMatch(/rel="prev"[\s\S]*Документация фикстуры/);
    expect(html).toMatch(/rel="next"[\s\S]*Second guide/);
    expect(html).toContain('data-sidebar="ru|v1|main"');
  });

  it("renders blog lists with reading time in Russian plural forms, the archive by year, and feeds", async () => {
    const list = await read("ru/blog/index.html");
    expect(list).toContain("1 минута чтения");
    expect(await read("ru/blog/archive/index.html")).toContain("<h2>2024</h2>");
    const rss = await read("ru/blog/rss.xml");
    expect(rss).toContain("<link>https://fixture.example/ru/blog/hello/</link>");
    expect(await read("blog/atom.xml")).toContain("<id>https://fixture.example/blog/hello/</id>");
  });

  it("writes sitemaps per locale, robots.txt, and the 404 page", async () => {
    const sm = await read("ru/sitemap.xml");
    expect(sm).toContain("<loc>https://fixture.example/ru/docs/v1/</loc>");
    expect(sm).not.toContain("404");
    expect(sm).not.toContain("/ru/docs/</loc>");
    expect(await read("robots.txt")).toContain("Sitemap: https://fixture.example/ru/sitemap.xml");
    expect(await read("404.html")).toContain("Page not found");
    expect(await read("ru/404.html")).toContain("Страница не найдена");
  });

  it("emits content-hashed, minified client assets referenced from every page", async () => {
    const assets = await readdir(join(root, "dist", "assets"));
    expect(assets.some((a) => /^entry\.[A-Z0-9]{8}\.js$/.test(a))).toBe(true);
    expect(assets.some((a) => /^main\.[A-Z0-9]{8}\.css$/.test(a))).toBe(true);
    const html = await read("index.html");
    const entry = /<script type="module" src="\/assets\/(entry\.[A-Z0-9]+\.js)"><\/script>/.exec(html)![1];
    expect(assets).toContain(entry);
  });

  it("keeps pages readable without JavaScript: content, links and tab panels are in the HTML", async () => {
    const html = await read("docs/v1/guide/first/index.html");
    expect(html).toContain("npm text");
    expect(html).toContain("yarn text");
    expect(html).toContain('class="no-js"');
  });

  it("does not apply the colour mode on pages that opt out (the landing page)", async () => {
    const home = await read("index.html");
    expect(home).toContain('data-theme-fixed=""');
    expect(home).not.toContain("color-mode-setting");
    expect(await read("docs/v1/index.html")).toContain('localStorage.getItem("color-mode-setting")');
  });

  it("reuses compiled pages from the cache on an unchanged rebuild", async () => {
    expect(result.compileStats.compiled).toBeGreaterThan(0);
    const again = await buildSite(root);
    expect(again.compileStats).toEqual({
      compiled: 0,
      cached: result.compileStats.compiled + result.compileStats.cached,
    });
    await applyChanges(root, {
      "content/en/blog/hello.mdx":
        (await readFile(join(root, "content/en/blog/hello.mdx"), "utf8")) + "\nOne more line.\n",
    });
    const third = await buildSite(root);
    expect(third.compileStats.compiled).toBe(1);
  });
});

describe("blog pagination", () => {
  it("splits the list into pages with newer/older links and keeps every post in the archive", async () => {
    const posts: Record<string, string> = {};
    for (let i = 1; i <= 5; i++)
      posts[`content/en/blog/post-${i}.mdx`] =
        `---\ntitle: Post ${i}\ndescription: Number ${i}.\ndate: 2025-0${i}-01\n---\n\nText ${i}.\n`;
    const r = await fixtureSite("basic", posts);
    try {
      await editJson(r, "site.config.json", (c) => {
        c.blog.postsPerPage = 2;
      });
      const res = await buildSite(r);
      const lists = res.table.routes.filter((x) => x.kind === "blogList" && x.locale === "en").map((x) => x.path);
      expect(lists).toEqual(["/blog/", "/blog/page/2/", "/blog/page/3/"]);
      const first = await readFile(join(r, "dist/blog/index.html"), "utf8");
      expect(first.indexOf("Post 5")).toBeLessThan(first.indexOf("Post 4"));
      expect(first).toContain('href="/blog/page/2/"');
      const second = await readFile(join(r, "dist/blog/page/2/index.html"), "utf8");
      expect(second).toContain("Newer entries");
      expect(second).toContain("Older entries");
      const archive = await readFile(join(r, "dist/blog/archive/index.html"), "utf8");
      for (const n of [1, 2, 3, 4, 5]) expect(archive).toContain(`Post ${n}`);
      expect(archive).toContain("<h2>2024</h2>");
    } finally {
      await removeSite(r);
    }
  });
});

describe("unlisted and draft pages", () => {
  it("marks unlisted pages noindex, keeps them out of sitemap and sidebar, and drops drafts", async () => {
    const r = await fixtureSite("basic", {
      "content/en/docs/v1/guide/secret.mdx": "---\ntitle: Secret\ndescription: Hidden.\nunlisted: true\n---\n\nText.\n",
      "content/en/docs/v1/guide/wip.mdx": "---\ntitle: WIP\ndescription: Not ready.\ndraft: true\n---\n\nText.\n",
    });
    try {
      const res = await buildSite(r);
      const html = await readFile(join(r, "dist/docs/v1/guide/secret/index.html"), "utf8");
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html).toContain("This page is unlisted.");
      expect(await readFile(join(r, "dist/sitemap.xml"), "utf8")).not.toContain("secret");
      expect(await readFile(join(r, "dist/docs/v1/index.html"), "utf8")).not.toContain('href="/docs/v1/guide/secret/"');
      expect(res.table.byPath.has("/docs/v1/guide/wip/")).toBe(false);
    } finally {
      await removeSite(r);
    }
  });
});

describe("link checking", () => {
  it("fails the build on a broken link, naming file and line", async () => {
    const r = await fixtureSite("basic", {
      "content/ru/docs/v1/guide/first.mdx":
        "---\ntitle: Первое\ndescription: X.\n---\n\nТекст.\n\nСм. [нет такой](/docs/v1/missing/).\n",
    });
    try {
      const err = await buildSite(r).catch((e) => e);
      expect(err).toBeInstanceOf(DocsiteError);
      expect(err.message).toContain("content/ru/docs/v1/guide/first.mdx:8: broken link to /ru/docs/v1/missing/");
      // The hint's example is a page of this site.
      expect(err.hint).toMatch(/a page of this site, e\.g\. \/docs\/v1\/[a-z/]*\)/);
    } finally {
      await removeSite(r);
    }
  });

  it("only warns about a broken anchor and a duplicate route", async () => {
    const r = await fixtureSite("basic", {
      "content/en/docs/v1/index.mdx":
        "---\ntitle: Start\ndescription: X.\n---\n\nSee [setup](/docs/v1/guide/second/#nope).\n",
      "content/en/docs/v1/guide/copy.mdx":
        "---\ntitle: Copy\ndescription: Same slug.\nslug: /guide/first\n---\n\nText.\n",
    });
    try {
      const res = await buildSite(r);
      expect(
        res.warnings.some((w) =>
          w.includes("content/en/docs/v1/index.mdx:6: broken anchor: /docs/v1/guide/second/ has no #nope"),
        ),
      ).toBe(true);
      expect(res.warnings.some((w) => w.startsWith("duplicate route /docs/v1/guide/first/"))).toBe(true);
    } finally {
      await removeSite(r);
    }
  });

  it("follows the configured severities", async () => {
    const r = await fixtureSite("basic", {
      "content/en/docs/v1/guide/first.mdx": "---\ntitle: First\ndescription: X.\n---\n\n[x](/nowhere/)\n",
    });
    try {
      await editJson(r, "site.config.json", (c) => {
        c.onBrokenLinks = "warn";
      });
      const res = await buildSite(r);
      expect(res.warnings.some((w) => w.includes("broken link to /nowhere/"))).toBe(true);
    } finally {
      await removeSite(r);
    }
  });
});

describe("atomic output", () => {
  it("leaves the previous dist/ untouched when a build fails", async () => {
    const r = await fixtureSite();
    try {
      await buildSite(r);
      const before = await snapshot(join(r, "dist"));
      await applyChanges(r, {
        "content/en/docs/v1/guide/first.mdx": "---\ntitle: Broken\ndescription: X.\n---\n\n<Tabs>\n",
      });
      await expect(buildSite(r)).rejects.toThrow(/MDX syntax error/);
      expect(await snapshot(join(r, "dist"))).toEqual(before);
      expect((await readdir(r)).filter((f) => f.startsWith("dist."))).toEqual([]);
    } finally {
      await removeSite(r);
    }
  });
});

async function snapshot(dir: string, prefix = ""): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, await snapshot(p, `${prefix}${e.name}/`));
    else out[prefix + e.name] = (await stat(p)).mtimeMs;
  }
  return out;
}
