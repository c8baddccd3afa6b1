// `trailingSlash` as Docusaurus has it, on tests/fixtures/docusaurus-trailing-false imported and built: with
// `false`, pages are written as `x.html` (the site's and locales' homes stay `index.html`) and every URL the site
// publishes is slash-less; with `true` (and unset) pages stay folders. `serve`, `dev` and `check-links` take both
// forms. The URL rules themselves are tested first.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fg from "fast-glob";
import type { AddressInfo } from "node:net";
import { cleanPath, withoutSlash } from "../../theme/clean-path.ts";
import { publicPath, publishHrefs } from "../../cli/routes/public-url.ts";
import { outputFileOf } from "../../cli/content/paths.ts";
import type { SiteConfig } from "../../cli/config/types.ts";
import { checkDist } from "../../cli/links/check-dist.ts";
import { serve } from "../../cli/server/serve.ts";
import { writeFile } from "node:fs/promises";
import { dev, startDev } from "../../cli/server/dev.ts";
import { slashlessSite } from "../support/slashless-site.ts";
import { openDevEvents } from "../support/dev-events.ts";
import { bundleClient } from "../../cli/client/bundle.ts";
import { gzipSync } from "node:zlib";

const config = (trailingSlash: boolean, baseUrl = "/") =>
  ({
    url: "https://site.example",
    baseUrl,
    trailingSlash,
    i18n: { defaultLocale: "en", locales: ["en", "ru"], localeConfigs: {} },
  }) as unknown as SiteConfig;

describe("the URL rules", () => {
  it("withoutSlash drops a page's trailing slash, keeps query, hash and the homes' slash", () => {
    const homes = ["/", "/ru/"];
    expect(withoutSlash("/docs/intro/", homes)).toBe("/docs/intro");
    expect(withoutSlash("/docs/intro/?q=a/#x/", homes)).toBe("/docs/intro?q=a/#x/");
    expect(withoutSlash("/docs/intro#x", homes)).toBe("/docs/intro#x");
    expect(withoutSlash("/", homes)).toBe("/");
    expect(withoutSlash("/ru/", homes)).toBe("/ru/");
    expect(withoutSlash("/ru/docs/", homes)).toBe("/ru/docs");
  });

  it("cleanPath: *.html is the folder page, or with trailingSlash false the slash-less page", () => {
    expect(cleanPath("/docs/x.html")).toBe("/docs/x/");
    expect(cleanPath("/docs/x.html", false)).toBe("/docs/x");
    expect(cleanPath("/ru/index.html", false)).toBe("/ru/");
    expect(cleanPath("/ru/404.html", false)).toBe("/ru/404.html");
    expect(cleanPath("/docs/x", false)).toBe("/docs/x");
  });

  it("output files: folders with trailingSlash true, x.html with false, homes index.html in both", () => {
    for (const [path, folder, file] of [
      ["/docs/intro/", "docs/intro/index.html", "docs/intro.html"],
      ["/docs/", "docs/index.html", "docs.html"],
      ["/ru/docs/my%20page/", "ru/docs/my page/index.html", "ru/docs/my page.html"],
      ["/", "index.html", "index.html"],
      ["/ru/", "ru/index.html", "ru/index.html"],
      ["/ru/404.html", "ru/404.html", "ru/404.html"],
    ]) {
      expect(outputFileOf(config(true), path)).toBe(folder);
      expect(outputFileOf(config(false), path)).toBe(file);
    }
    expect(outputFileOf(config(false, "/base/"), "/base/")).toBe("index.html");
    expect(outputFileOf(config(false, "/base/"), "/base/ru/x/")).toBe("ru/x.html");
  });

  it("publishHrefs rewrites the site's own hrefs only, and nothing with trailingSlash true", () => {
    const html =
      '<a href="/docs/x/">a</a><a href="/docs/x/#h">b</a><link rel="canonical" href="https://site.example/docs/x/">' +
      '<a href="https://other.example/docs/x/">c</a><a href="//cdn.example/x/">d</a><a href="../rel/">e</a>' +
      '<a href="/">home</a><a href="/ru/">ru</a><a data-href="/docs/y/">f</a><a href="mailto:a@b.c">g</a>';
    expect(publishHrefs(config(true), html)).toBe(html);
    const out = publishHrefs(config(false), html);
    expect(out).toContain('href="/docs/x">a<');
    expect(out).toContain('href="/docs/x#h"');
    expect(out).toContain('href="https://site.example/docs/x"');
    expect(out).toContain('href="https://other.example/docs/x/"');
    expect(out).toContain('href="//cdn.example/x/"');
    expect(out).toContain('href="../rel/"');
    expect(out).toContain('href="/">home');
    expect(out).toContain('href="/ru/">ru');
    expect(out).toContain('data-href="/docs/y/"');
    expect(publicPath(config(false, "/base/"), "/base/")).toBe("/base/");
    expect(publicPath(config(false, "/base/"), "/base/x/")).toBe("/base/x");
  });
});

let work: string;
let site: Awaited<ReturnType<typeof slashlessSite>>;
const read = (p: string) => readFile(join(site.dist, p), "utf8");
const hrefsOf = (html: string) => [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]);
/** A URL of the site that ends with a slash and is not a home: what trailingSlash false must never publish. */
const slashed = (u: string) => {
  const path = u.replace(/^https:\/\/slashless\.example/, "").split(/[?#]/)[0];
  return path.startsWith("/") && !path.startsWith("//") && path.endsWith("/") && path !== "/" && path !== "/ru/";
};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-trailing-"));
  site = await slashlessSite(work, "false");
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("trailingSlash: false", () => {
  it("the import carries it over, and reports nothing about it as left out", async () => {
    const cfg = JSON.parse(await readFile(join(site.out, "site.config.json"), "utf8"));
    expect(cfg.trailingSlash).toBe(false);
    expect(site.report.skipped.join("\n")).not.toMatch(/trailingSlash/);
  });

  it("writes pages as x.html, a page that is also a folder beside it, homes as index.html", async () => {
    const files = (await fg("**/*.html", { cwd: site.dist })).sort();
    for (const f of [
      "index.html",
      "ru/index.html",
      "docs.html",
      "docs/guide/setup.html",
      "docs/next.html",
      "docs/next/guide.html",
      "docs/next/guide/setup.html",
      "ru/docs/next.html",
      "blog.html",
      "blog/page/2.html",
      "blog/2024/05/01/hello.html",
      "blog/tags/news.html",
      "search.html",
      "404.html",
      "ru/404.html",
    ])
      expect(files).toContain(f);
    expect(files.filter((f) => f.endsWith("/index.html") && f !== "ru/index.html")).toEqual([]);
  });

  it("every internal href, canonical, alternate and og:url of every page is slash-less (homes excepted)", async () => {
    const files = await fg("**/*.html", { cwd: site.dist });
    let internal = 0;
    for (const f of files) {
      const html = await read(f);
      const hrefs = hrefsOf(html).filter((h) => h.startsWith("/") || h.startsWith("https://slashless.example"));
      internal += hrefs.length;
      expect(hrefs.filter(slashed), f).toEqual([]);
      const og = /property="og:url" content="([^"]*)"/.exec(html)?.[1];
      if (og) expect(slashed(og), `${f} og:url ${og}`).toBe(false);
    }
    expect(internal).toBeGreaterThan(500);
    const setup = await read("docs/next/guide/setup.html");
    expect(setup).toContain('<link rel="canonical" href="https://slashless.example/docs/next/guide/setup">');
    expect(setup).toContain('hreflang="ru" href="https://slashless.example/ru/docs/next/guide/setup"');
    expect(setup).toContain('href="/docs/next#details"'); // ../intro.md#details, the version's root doc
  });

  it("content links written with a slash, without one or to a file all publish the slash-less URL", async () => {
    const intro = /<article[\s\S]*<\/article>/.exec(await read("docs/next.html"))?.[0] ?? "";
    expect(intro).toContain('href="/docs/next/guide/setup">by file');
    expect(intro).toContain('href="/docs/next/guide/setup">with a slash');
    expect(intro).toContain('href="/docs/next/guide/setup#install">without one');
    expect(intro).toContain('href="/docs/next/guide">guide overview');
    // Sidebar, navbar (version and locale switchers), footer and prev/next of the same page.
    const page = await read("docs/next.html");
    // The guide category is collapsed on the intro (its items are drawn where it is open): its label's link here.
    expect(page).toMatch(/class="menu__link[^"]*" href="\/docs\/next\/guide"/);
    expect(await read("docs/next/guide.html")).toMatch(/class="menu__link[^"]*" href="\/docs\/next\/guide\/setup"/);
    expect(page).toContain('href="/docs">1.0<');
    expect(page).toContain('href="/ru/docs/next"');
    expect(page).toMatch(/class="footer__group"[\s\S]*?href="\/docs\/next\/guide\/setup">Setup</);
    expect(page).toMatch(/class="pagination-nav__link[^"]*" href="\/docs\/next\/guide"/);
  });

  it("sitemaps, feeds and the search index carry the slash-less URLs", async () => {
    for (const f of ["sitemap.xml", "ru/sitemap.xml"]) {
      const locs = [...(await read(f)).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(locs.length).toBeGreaterThan(10);
      expect(locs.filter(slashed)).toEqual([]);
    }
    expect(await read("sitemap.xml")).toContain("<loc>https://slashless.example/docs/next/guide/setup</loc>");
    const rss = await read("blog/rss.xml");
    expect(rss).toContain("<link>https://slashless.example/blog</link>");
    expect(rss).toContain("<link>https://slashless.example/blog/2024/05/01/hello</link>");
    expect(rss).toContain('href="https://slashless.example/blog/rss.xml"');
    const atom = await read("blog/atom.xml");
    expect(atom).toContain('<link href="https://slashless.example/blog/2024/05/01/hello"/>');
    const index = (await fg("search-index/en/current/**/*.json", { cwd: site.dist })).map((f) => read(f));
    const urls = (await Promise.all(index)).join("\n").match(/"\/docs\/next[^"]*"/g) ?? [];
    expect(urls).toContain('"/docs/next/guide/setup"');
    expect(urls.filter((u) => u.endsWith('/"'))).toEqual([]);
    expect(JSON.parse(await read("search-index/ru/config.json")).searchPage).toBe("/ru/search");
  });

  it("check-links resolves the slash-less links, and a link in either form, against dist/", async () => {
    const result = await checkDist(site.dist);
    expect(result.problems).toEqual([]);
    expect(result.links).toBeGreaterThan(500);
  });

  it("serve answers /x from x.html and redirects /x/ and /x.html to it with 308", async () => {
    const server = await serve({ dir: site.dist, port: 0 });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const get = (p: string) => fetch(origin + p, { redirect: "manual" });
      for (const p of ["/docs/next/guide/setup", "/docs", "/docs/next", "/docs/next/guide", "/", "/ru/"]) {
        const r = await get(p);
        expect(r.status, p).toBe(200);
        expect(r.headers.get("content-type")).toMatch(/^text\/html/);
      }
      expect(await (await get("/docs/next/guide")).text()).toContain("<h1>Guide overview</h1>");
      for (const [from, to] of [
        ["/docs/next/guide/setup/", "/docs/next/guide/setup"],
        ["/docs/next/guide/setup.html", "/docs/next/guide/setup"],
        ["/docs/next/guide/setup/?a=1", "/docs/next/guide/setup?a=1"],
        ["/docs/", "/docs"],
        ["/ru/docs/next/", "/ru/docs/next"],
      ]) {
        const r = await get(from);
        expect(r.status, from).toBe(308);
        expect(r.headers.get("location"), from).toBe(to);
      }
      expect((await get("/ru")).status).toBe(301); // a home is a folder
      expect((await get("/docs/next/missing")).status).toBe(404);
      expect((await get("/ru/docs/next/missing/")).status).toBe(404);
      expect((await get("/docs/next/..%2f..%2f..%2fpackage.json")).status).toBe(400);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("dev serves /x and redirects /x/ and /x.html to it with 308", async () => {
    const srv = await dev({ root: site.out, port: 0, quiet: true });
    try {
      const origin = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
      const get = (p: string) => fetch(origin + p, { redirect: "manual" });
      const page = await get("/docs/next/guide/setup");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("<h1>Setup</h1>");
      expect(html).toContain('<link rel="canonical" href="https://slashless.example/docs/next/guide/setup">');
      expect((await get("/docs")).status).toBe(200);
      for (const [from, to] of [
        ["/docs/next/guide/setup/", "/docs/next/guide/setup"],
        ["/docs/next/guide/setup.html", "/docs/next/guide/setup"],
        ["/ru/docs/next/?q=1", "/ru/docs/next?q=1"],
      ]) {
        const r = await get(from);
        expect(r.status, from).toBe(308);
        expect(r.headers.get("location"), from).toBe(to);
      }
      expect((await get("/ru/")).status).toBe(200);
      expect((await get("/docs/next/nope")).status).toBe(404);
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
    }
  });
  it("dev pushes a saved page's new content under its slash-less address", async () => {
    const running = await startDev({ root: site.out, port: 0, quiet: true, idleMs: 60_000 });
    await running.watching;
    const origin = `http://127.0.0.1:${(running.server.address() as AddressInfo).port}`;
    expect((await fetch(`${origin}/docs/next/guide/setup`)).status).toBe(200);
    const events = await openDevEvents(origin);
    try {
      const file = join(site.out, "content/en/docs/current/guide/setup.md");
      await writeFile(file, (await readFile(file, "utf8")).replace("Install it.", "Install it again."));
      const event = (await events.next((e) => e.type === "page")) as { path: string; html: string };
      expect(event.path).toBe("/docs/next/guide/setup");
      expect(event.html).toContain("Install it again.");
    } finally {
      await events.close();
      await new Promise<void>((r) => running.server.close(() => r()));
    }
  });
});

describe("the client bundle", () => {
  // The flag is baked in by a build: a folder-URL site (this one) ships no slash-less code, so first-load JS stays
  // what it was before trailingSlash false existed; the dev bundle keeps both and reads the page's attribute.
  it("carries the slash-less URL code only when the site has slash-less URLs", async () => {
    const entryOf = async (trailingSlash: boolean | undefined) => {
      const b = await bundleClient({ baseUrl: "/", trailingSlash });
      const file = b.entry.slice(1);
      return new TextDecoder().decode(b.files.get(file));
    };
    const [folder, slashless, dev] = await Promise.all([entryOf(true), entryOf(false), entryOf(undefined)]);
    const rules = (js: string) => js.split('endsWith("/index.html")').length - 1;
    expect(rules(folder)).toBe(1);
    expect(rules(slashless)).toBe(2);
    expect(rules(dev)).toBe(2);
    expect(folder).not.toContain("data-trailing-slash");
    expect(slashless).not.toContain("data-trailing-slash");
    expect(dev).toContain("data-trailing-slash");
    expect(gzipSync(folder).length).toBeLessThan(gzipSync(slashless).length);
  });
});

describe("trailingSlash: true and unset", () => {
  it("keep folder pages and links with the slash, as before", async () => {
    for (const setting of ["true", "undefined"] as const) {
      const s = await slashlessSite(work, setting, setting);
      const cfg = JSON.parse(await readFile(join(s.out, "site.config.json"), "utf8"));
      expect(cfg.trailingSlash, setting).toBe(true);
      expect(existsSync(join(s.dist, "docs/next/guide/setup/index.html"))).toBe(true);
      expect(existsSync(join(s.dist, "docs/next/guide/setup.html"))).toBe(false);
      const html = await readFile(join(s.dist, "docs/next/index.html"), "utf8");
      expect(html).toContain('href="/docs/next/guide/setup/#install"');
      expect(html).toContain('<link rel="canonical" href="https://slashless.example/docs/next/">');
      expect(html).not.toContain("data-trailing-slash");
      expect((await checkDist(s.dist)).problems).toEqual([]);
    }
  });
});
