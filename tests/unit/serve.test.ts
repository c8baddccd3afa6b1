import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { Server } from "node:http";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fixtureSite, removeSite, buildSite, applyChanges, editJson } from "../support/site.ts";
import { serve } from "../../cli/server/serve.ts";
import { fragmentFile, type Manifest } from "../../theme/search/local-format.ts";
import { checkDist, checkUrl } from "../../cli/links/check-dist.ts";

let root: string;
let server: Server;
let base: string;
const get = (p: string) => fetch(base + p, { redirect: "manual" });

beforeAll(async () => {
  root = await fixtureSite();
  await buildSite(root);
  server = await serve({ dir: join(root, "dist"), port: 0 });
  const a = server.address() as { port: number; address: string };
  expect(a.address).toBe("127.0.0.1");
  base = `http://127.0.0.1:${a.port}`;
});
afterAll(async () => {
  server.close();
  await removeSite(root);
});

describe("docsite serve", () => {
  it("serves clean URLs with a trailing slash", async () => {
    const r = await get("/ru/docs/v1/guide/first/");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/html");
    expect(await r.text()).toContain("Первое руководство");
  });

  it("redirects *.html, index.html and slash-less folders to the clean path", async () => {
    for (const [from, to] of [
      ["/ru/docs/v1/index.html", "/ru/docs/v1/"],
      ["/ru/docs/v1/guide/first.html", "/ru/docs/v1/guide/first/"],
      ["/ru/docs/v1/guide/first", "/ru/docs/v1/guide/first/"],
    ]) {
      const r = await get(from);
      expect(r.status, from).toBe(301);
      expect(r.headers.get("location"), from).toBe(to);
    }
  });

  it("answers unknown paths with the locale's 404 page and status 404", async () => {
    const ru = await get("/ru/no/such/page/");
    expect(ru.status).toBe(404);
    expect(await ru.text()).toContain("Страница не найдена");
    const en = await get("/no-such-page/");
    expect(en.status).toBe(404);
    expect(await en.text()).toContain("Page not found");
  });

  it("caches hashed assets forever and pages never", async () => {
    const html = await (await get("/")).text();
    const asset = /src="(\/assets\/entry\.[A-Z0-9]+\.js)"/.exec(html)![1];
    expect((await get(asset)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get("/ru/")).headers.get("cache-control")).toContain("max-age=0");
    // The search index: hashed shards and fragments for good, the manifest that names them revalidated.
    const manifest = await get("/search-index/ru/v1/index.json");
    expect(manifest.headers.get("cache-control")).toContain("max-age=0");
    const { shards, pages } = (await manifest.json()) as Manifest;
    for (const f of [shards[0][1], fragmentFile(0, pages.hash)])
      expect((await get(`/search-index/ru/v1/${f}`)).headers.get("cache-control"), f).toBe(
        "public, max-age=31536000, immutable",
      );
  });

  it("does not serve the build's output stamp", async () => {
    await writeFile(join(root, "dist", ".docsite-output"), "stamp\n");
    expect((await get("/.docsite-output")).status).toBe(404);
  });

  it("never leaves its folder", async () => {
    for (const p of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/..%2fsite.config.json",
      "/assets/../../site.config.json",
    ]) {
      const r = await get(p);
      expect([400, 404], p).toContain(r.status);
      expect(await r.text(), p).not.toContain('"name"');
    }
  });
});

describe("serving across rebuilds", () => {
  it("serves the new files after dist/ is rebuilt, without a restart", async () => {
    await applyChanges(root, {
      "content/en/docs/v1/guide/first.mdx":
        "---\ntitle: Rebuilt guide\ndescription: After a rebuild.\n---\n\nNew text.\n",
    });
    await buildSite(root);
    const r = await get("/docs/v1/guide/first/");
    expect(await r.text()).toContain("Rebuilt guide");
    const entry = /src="(\/assets\/entry\.[A-Z0-9]+\.js)"/.exec(await (await get("/")).text())![1];
    expect((await get(entry)).status).toBe(200);
  });
});

describe("docsite check-links on dist", () => {
  it("finds no broken link in a good build, and finds one that is planted", async () => {
    const ok = await checkDist(join(root, "dist"));
    expect(ok.pages).toBeGreaterThan(10);
    expect(ok.problems).toEqual([]);
    await writeFile(
      join(root, "dist/ru/planted.html"),
      '<a href="/ru/docs/v1/missing/">x</a><a href="/ru/docs/v1/#nope">y</a>',
    );
    const bad = await checkDist(join(root, "dist"));
    expect(bad.problems).toEqual([
      { page: "/ru/planted.html", url: "/ru/docs/v1/missing/", kind: "link" },
      { page: "/ru/planted.html", url: "/ru/docs/v1/#nope", kind: "anchor" },
    ]);
  });
});

describe("docsite check-links --url", () => {
  it("crawls a served site from its root and reports broken links and anchors", async () => {
    const ok = await checkUrl(`${base}/`);
    expect(ok.pages).toBeGreaterThan(10);
    expect(ok.problems.filter((p) => !p.page.endsWith("planted.html"))).toEqual([]);
  });
});

describe("_redirects with a space or a non-ASCII letter in a redirect's from", () => {
  let site: string;
  let other: Server;
  beforeAll(async () => {
    site = await fixtureSite();
    await editJson(site, "site.config.json", (c) => {
      c.redirects = {
        rules: [
          { from: "/old page", to: "/docs/v1/" },
          { from: "/старое", to: "/docs/v1/guide/first/" },
        ],
      };
    });
    await buildSite(site);
    other = await serve({ dir: join(site, "dist"), port: 0 });
  });
  afterAll(async () => {
    other.close();
    await removeSite(site);
  });

  it("writes each from percent-encoded, so every line keeps its three fields", async () => {
    const lines = (await readFile(join(site, "dist/_redirects"), "utf8"))
      .split("\n")
      .filter((l) => l && !l.startsWith("#"));
    for (const line of lines) expect(line.split(" "), line).toHaveLength(3);
    expect(lines).toContain("/old%20page/ /docs/v1/ 301");
    expect(lines).toContain(`${encodeURI("/старое/")} /docs/v1/guide/first/ 301`);
  });

  it("serve still answers them with a 301, however the request escapes the path", async () => {
    const at = `http://127.0.0.1:${(other.address() as { port: number }).port}`;
    for (const [from, to] of [
      ["/old%20page/", "/docs/v1/"],
      ["/old%20page", "/docs/v1/"],
      [encodeURI("/старое/"), "/docs/v1/guide/first/"],
      [encodeURI("/старое/").toLowerCase(), "/docs/v1/guide/first/"],
    ]) {
      const r = await fetch(at + from, { redirect: "manual" });
      expect(r.status, from).toBe(301);
      expect(r.headers.get("location"), from).toBe(to);
    }
  });
});
