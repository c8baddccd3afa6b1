// `docsite dev`: serves at once and compiles only the pages asked for; a saved page is compiled again alone and
// its new HTML pushed to open pages; problems (bad MDX, bad front matter, unknown components, broken links) are
// pushed as a list that empties when they are fixed; a config edit reloads open pages.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus } from "../../cli/import/index.ts";
import http from "node:http";
import { join } from "node:path";
import { fixtureSite, removeSite, applyChanges, editJson } from "../support/site.ts";
import { dev, startDev, type DevServer } from "../../cli/server/dev.ts";
import { createLogger } from "../../cli/log.ts";
import { fragmentFile, type Manifest } from "../../theme/search/local-format.ts";
import { LiveChannel, type LiveEvent } from "../../cli/dev/live-channel.ts";
import net from "node:net";
import { openDevEvents } from "../support/dev-events.ts";

const FIRST = "content/ru/docs/v1/guide/first.mdx";
const FIRST_URL = "/ru/docs/v1/guide/first/";

let root: string;
let running: DevServer;
let base: string;
let original: string;
/** What the server printed. */
const logged: string[] = [];

beforeAll(async () => {
  root = await fixtureSite();
  original = await readFile(join(root, FIRST), "utf8");
  // No background compile here (a minute of idleness first): the tests see exactly what requests compile.
  const quiet = createLogger({ quiet: true });
  running = await startDev({
    root,
    port: 0,
    logger: { ...quiet, info: (line: string) => void logged.push(line) },
    idleMs: 60_000,
  });
  await running.watching;
  const a = running.server.address() as { port: number; address: string };
  expect(a.address).toBe("127.0.0.1");
  base = `http://127.0.0.1:${a.port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => running.server.close(() => r()));
  await removeSite(root);
});

/** An open page's event stream, as the browser's dev client reads it. */
const openEvents = () => openDevEvents(base);

/** The status of a request sent as it is (fetch would resolve `%2e%2e` before sending). */
function rawStatus(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { port } = running.server.address() as { port: number };
    const req = http.get({ host: "127.0.0.1", port, path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
  });
}

const problemsIn = (e: LiveEvent) => (e.type === "problems" ? e.problems : []);

describe("docsite dev", () => {
  it("serves the first page compiling only that page, with the live script", async () => {
    const page = await fetch(base + FIRST_URL);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Первое руководство");
    expect(html).toContain('<script type="module" src="/__docsite/live.js"></script>');
    // The sidebar lists every doc (from front matter) though no other page was compiled.
    expect(html).toContain("/ru/docs/v1/guide/second/");
    expect(running.site.compileLog).toEqual([`ru|${FIRST}`]);
    expect(running.site.pendingPlans().length).toBeGreaterThan(2);

    const live = await fetch(`${base}/__docsite/live.js`);
    expect(live.headers.get("content-type")).toMatch(/javascript/);
    expect(await live.text()).toContain("EventSource");
    const entry = /src="(\/assets\/entry\.[A-Z0-9]+\.js)"/.exec(html)![1];
    expect((await fetch(base + entry)).status).toBe(200);
    expect((await fetch(`${base}/ru/nothing/`)).status).toBe(404);
  });

  it("keeps serve's request rules", async () => {
    expect(await rawStatus("/ru/docs/v1/%2e%2e/%2e%2e/site.config.json")).toBe(400);
    expect((await fetch(base + FIRST_URL, { method: "POST" })).status).toBe(405);
    expect((await fetch(`${base}/__docsite/image/site.config.json`)).status).toBe(404);
  });

  it("pushes a saved page's new content, compiling only that page", async () => {
    const events = await openEvents();
    try {
      const before = running.site.compileLog.length;
      await applyChanges(root, {
        [FIRST]: original.replace("## Install {#install}", "## Установка на свежую машину {#install}"),
      });
      const e = await events.next((x) => x.type === "page" && x.path === FIRST_URL);
      expect(e.type === "page" && e.html).toContain("Установка на свежую машину");
      expect(running.site.compileLog.slice(before)).toEqual([`ru|${FIRST}`]);
      // One line in the terminal: the file, what happened, how long it took.
      await expect
        .poll(() => logged.find((l) => l.startsWith(`${FIRST}: `)))
        .toMatch(/: 1 of 1 page\(s\) updated in place in \d+ ms$/);
      // The next request serves the new content from memory.
      expect(await (await fetch(base + FIRST_URL)).text()).toContain("Установка на свежую машину");
      expect(running.site.compileLog.length).toBe(before + 1);
    } finally {
      await events.close();
    }
  });

  it("lists a broken save's file, line and message, keeps the last good page, and clears it when fixed", async () => {
    const events = await openEvents();
    try {
      await applyChanges(root, { [FIRST]: `${original}\n<Tabs>\n` });
      const shown = problemsIn(await events.next((e) => problemsIn(e).length > 0));
      expect(shown).toHaveLength(1);
      expect(shown[0].file).toBe(FIRST);
      expect(shown[0].line).toBeGreaterThan(10);
      expect(shown[0].message).toContain("MDX syntax error");
      const page = await fetch(base + FIRST_URL);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Первое руководство");

      await applyChanges(root, { [FIRST]: `${original}\nfixed-text\n` });
      await events.next((e) => e.type === "problems" && e.problems.length === 0);
      await events.next((e) => e.type === "page" && e.html.includes("fixed-text"));
    } finally {
      await events.close();
    }
  });

  it("keeps the last good page when one save changes the front matter and breaks the body", async () => {
    const events = await openEvents();
    try {
      const edited = original.replace("description: Показывает", "description: Теперь показывает");
      await applyChanges(root, { [FIRST]: `${edited}\n<Tabs>\n` });
      const shown = problemsIn(await events.next((e) => problemsIn(e).length > 0));
      expect(shown[0]).toMatchObject({ file: FIRST, message: expect.stringContaining("MDX syntax error") });
      // The table is made again (the front matter changed), and the page still shows its last code that compiled.
      const page = await fetch(base + FIRST_URL);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Old versions are not supported.");

      await applyChanges(root, { [FIRST]: original });
      await events.next((e) => e.type === "problems" && e.problems.length === 0);
    } finally {
      await events.close();
    }
  });

  it("lists bad front matter and an unknown component, each with its file and line", async () => {
    const events = await openEvents();
    try {
      await applyChanges(root, { [FIRST]: original.replace("sidebar_position: 1", "sidebar_position: [1") });
      const yaml = problemsIn(await events.next((e) => problemsIn(e).length > 0));
      expect(yaml[0]).toMatchObject({ file: FIRST, line: expect.any(Number) });

      await applyChanges(root, { [FIRST]: `${original}\n<Unknown />\n` });
      const unknown = problemsIn(
        await events.next((e) => problemsIn(e).some((p) => p.message.includes("unknown component <Unknown>"))),
      );
      expect(unknown).toEqual([expect.objectContaining({ file: FIRST, line: expect.any(Number) })]);

      await applyChanges(root, { [FIRST]: original });
      await events.next((e) => e.type === "problems" && e.problems.length === 0);
    } finally {
      await events.close();
    }
  });

  it("reports a page's broken link when the page compiles", async () => {
    const events = await openEvents();
    try {
      await applyChanges(root, { [FIRST]: `${original}\n[nowhere](/docs/v1/no-such-page/)\n` });
      const found = problemsIn(await events.next((e) => problemsIn(e).length > 0));
      expect(found[0]).toMatchObject({ file: FIRST, message: expect.stringContaining("broken link") });
      await applyChanges(root, { [FIRST]: original });
      await events.next((e) => e.type === "problems" && e.problems.length === 0);
    } finally {
      await events.close();
    }
  });

  it("reloads open pages when the config or a title changes", async () => {
    const events = await openEvents();
    try {
      await editJson(root, "site.config.json", (c) => {
        c.title = "Dev Title Changed";
      });
      await events.next((e) => e.type === "reload");
      expect(await (await fetch(base + FIRST_URL)).text()).toContain("Dev Title Changed");

      // A title shows in the sidebar of every page: a reload, and other pages show the new title.
      await applyChanges(root, { [FIRST]: original.replace("title: Первое руководство", "title: Новое имя") });
      await events.next((e) => e.type === "reload");
      expect(await (await fetch(`${base}/ru/docs/v1/`)).text()).toContain("Новое имя");
      await applyChanges(root, { [FIRST]: original });
      await events.next((e) => e.type === "reload");
    } finally {
      await events.close();
    }
  });

  it("serves the search index, compiling the pages not compiled yet", async () => {
    const manifest = await fetch(`${base}/search-index/ru/v1/index.json`);
    expect(manifest.status).toBe(200);
    expect(running.site.pendingPlans()).toEqual([]);
    const { pages, shards } = (await manifest.json()) as Manifest;
    expect(pages.count).toBeGreaterThan(0);
    expect((await fetch(`${base}/search-index/ru/v1/${shards[0][1]}`)).status).toBe(200);
    expect((await fetch(`${base}/search-index/ru/v1/${fragmentFile(0, pages.hash)}`)).status).toBe(200);
  });
});

describe("docsite dev's background compile", () => {
  it("compiles every page once the server is idle", async () => {
    const site = await fixtureSite();
    const bg = await startDev({ root: site, port: 0, quiet: true, idleMs: 50 });
    try {
      await bg.ready;
      const end = Date.now() + 20_000;
      while (bg.site.pendingPlans().length && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(bg.site.pendingPlans()).toEqual([]);
      expect(new Set(bg.site.compileLog).size).toBe(bg.site.compileLog.length);
    } finally {
      await new Promise<void>((r) => bg.server.close(() => r()));
      await removeSite(site);
    }
  });
});

describe("docsite dev with a file name that has a space", () => {
  it("serves the page at its encoded URL", async () => {
    const site = await fixtureSite("basic", {
      "content/ru/docs/v1/guide/two words.mdx": "---\ntitle: Два слова\n---\n\nСтраница с пробелом в имени файла.\n",
    });
    const srv = await dev({ root: site, port: 0, quiet: true });
    try {
      const { port } = srv.address() as { port: number };
      const page = await fetch(`http://127.0.0.1:${port}/ru/docs/v1/guide/two%20words/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Два слова");
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
      await removeSite(site);
    }
  });
});

describe("docsite dev's images", () => {
  it("shows the original file with its width and height, and serves no other file under that path", async () => {
    const site = await fixtureSite("basic", {
      "content/ru/docs/v1/guide/pictured.mdx": "---\ntitle: С картинкой\n---\n\n![Логотип](/img/logo.svg)\n",
    });
    const srv = await dev({ root: site, port: 0, quiet: true });
    try {
      const origin = `http://127.0.0.1:${(srv.address() as { port: number }).port}`;
      const html = await (await fetch(`${origin}/ru/docs/v1/guide/pictured/`)).text();
      const img = /<img [^>]*src="(\/__docsite\/image\/static\/img\/logo\.svg)"[^>]*>/.exec(html);
      expect(img).not.toBeNull();
      expect(img![0]).toMatch(/width="\d+"/);
      expect(img![0]).toMatch(/height="\d+"/);
      const file = await fetch(origin + img![1]);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect((await fetch(`${origin}/__docsite/image/static/img/favicon.svg`)).status).toBe(404);
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
      await removeSite(site);
    }
  });
});

describe("docsite dev on a project imported from Docusaurus", () => {
  it("serves generated-index pages (no content file) and docs of the dialect", async () => {
    const work = await mkdtemp(join(tmpdir(), "docsite-dev-import-"));
    const out = join(work, "site");
    await importDocusaurus(join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-site"), out);
    const srv = await dev({ root: out, port: 0, quiet: true });
    try {
      const origin = `http://127.0.0.1:${(srv.address() as { port: number }).port}`;
      const index = await fetch(`${origin}/docs/category/reference/`);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain("<h1>Reference</h1>");
      const more = await fetch(`${origin}/docs/more-things/`);
      expect(more.status).toBe(200);
      expect(await more.text()).toContain("<h1>More things</h1>");
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe("live-update clients that never read", () => {
  it("are dropped once they leave more than a bound unread, so saves cannot pile up in memory", async () => {
    const channel = new LiveChannel();
    const server = http.createServer((req, res) => channel.attach(req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const { port } = server.address() as { port: number };
    const request = "GET /__docsite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    // The stalled client sends its request and never reads.
    let stalledClosed = false;
    const stalled = net.connect(port, "127.0.0.1", () => stalled.write(request));
    stalled.pause();
    stalled.on("close", () => (stalledClosed = true));
    stalled.on("error", () => {});
    // The reading client takes every event as it comes.
    let got = "";
    let arrived: () => void = () => {};
    const reader = net.connect(port, "127.0.0.1", () => reader.write(request));
    reader.on("data", (d: Buffer) => {
      got = (got + d.toString()).slice(-1_000_000);
      arrived();
    });
    try {
      while (channel.count < 2) await new Promise((r) => setTimeout(r, 20));
      const html = "x".repeat(256 * 1024);
      // 200 pages of 256 KB: 50 MB, far beyond a socket's buffers and the bound.
      for (let i = 0; i < 200 && channel.count === 2; i++) {
        const marker = `save-${i}-`;
        const seen = new Promise<void>((r) => {
          arrived = () => got.includes(marker) && r();
        });
        channel.send({ type: "page", path: "/x/", html: marker + html });
        await seen;
      }
      expect(channel.count).toBe(1);
      // The server closed the stalled client's connection (not just forgot it): reading now, the client gets to its end.
      stalled.resume();
      while (!stalledClosed) await new Promise((r) => setTimeout(r, 20));
      expect(reader.destroyed).toBe(false);
    } finally {
      stalled.destroy();
      reader.destroy();
      channel.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
