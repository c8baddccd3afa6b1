// `docsite dev`: pages render on request, edits show up without a restart, build errors show in the browser.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { Server } from "node:http";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fixtureSite, removeSite, applyChanges } from "../support/site.ts";
import { dev } from "../../cli/server/dev.ts";
import { fragmentFile, type Manifest } from "../../theme/search/local-format.ts";

let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = await fixtureSite();
  server = await dev({ root, port: 0, quiet: true });
  const a = server.address() as { port: number; address: string };
  expect(a.address).toBe("127.0.0.1");
  base = `http://127.0.0.1:${a.port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await removeSite(root);
});

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("condition not met in time");
}

describe("docsite dev", () => {
  it("serves pages, assets and a 404 with the live-reload script", async () => {
    const page = await fetch(`${base}/ru/docs/v1/guide/first/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Первое руководство");
    expect(html).toContain('new EventSource("/__docsite/events")');
    const entry = /src="(\/assets\/entry\.[A-Z0-9]+\.js)"/.exec(html)![1];
    expect((await fetch(base + entry)).status).toBe(200);
    expect((await fetch(`${base}/ru/nothing/`)).status).toBe(404);
  });

  it("serves the search index, built on first use", async () => {
    const manifest = await fetch(`${base}/search-index/ru/v1/index.json`);
    expect(manifest.status).toBe(200);
    const { pages, shards } = (await manifest.json()) as Manifest;
    expect(pages.count).toBeGreaterThan(0);
    expect((await fetch(`${base}/search-index/ru/v1/${shards[0][1]}`)).status).toBe(200);
    expect((await fetch(`${base}/search-index/ru/v1/${fragmentFile(0, pages.hash)}`)).status).toBe(200);
  });

  it("rebuilds on change, tells the browser to reload, and shows build errors in the page", async () => {
    const events = await fetch(`${base}/__docsite/events`);
    const reader = events.body!.getReader();
    const file = join(root, "content/ru/docs/v1/guide/first.mdx");
    const original = await readFile(file, "utf8");

    await applyChanges(root, {
      "content/ru/docs/v1/guide/first.mdx": original.replace(
        "## Install {#install}",
        "## Установка на свежую машину {#install}",
      ),
    });
    await until(async () =>
      (await (await fetch(`${base}/ru/docs/v1/guide/first/`)).text()).includes("Установка на свежую машину"),
    );
    let got = "";
    while (!got.includes("data: reload")) got += new TextDecoder().decode((await reader.read()).value);

    await applyChanges(root, { "content/ru/docs/v1/guide/first.mdx": original + "\n<Tabs>\n" });
    await until(async () => (await fetch(`${base}/ru/docs/v1/`)).status === 500);
    const error = await (await fetch(`${base}/ru/docs/v1/`)).text();
    expect(error).toContain("Build error in content/ru/docs/v1/guide/first.mdx:");
    expect(error).toContain("MDX syntax error");

    await applyChanges(root, { "content/ru/docs/v1/guide/first.mdx": original });
    await until(async () => (await fetch(`${base}/ru/docs/v1/`)).status === 200);
    await reader.cancel();
  });
});
