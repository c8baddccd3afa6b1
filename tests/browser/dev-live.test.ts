// `docsite dev` in Chromium: a saved page's new content is put in place without a reload and at the same scroll
// position; a broken save shows an overlay naming file and line, which goes by itself when the file is fixed;
// a config change reloads the page.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { Browser, Page } from "playwright-core";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { launchChromium } from "../support/chromium.ts";
import { fixtureSite, removeSite, applyChanges, editJson } from "../support/site.ts";
import { startDev, type DevServer } from "../../cli/server/dev.ts";

const FIRST = "content/ru/docs/v1/guide/first.mdx";

let browser: Browser;
let page: Page;
let root: string;
let running: DevServer;
let original: string;

beforeAll(async () => {
  root = await fixtureSite();
  // A long page, so that there is something to scroll.
  const paragraphs = Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of a long page.\n`).join("\n");
  original = `${await readFile(join(root, FIRST), "utf8")}\n${paragraphs}`;
  await applyChanges(root, { [FIRST]: original });
  running = await startDev({ root, port: 0, quiet: true, idleMs: 60_000 });
  await running.ready;
  await running.watching;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
  const { port } = running.server.address() as { port: number };
  await page.goto(`http://127.0.0.1:${port}/ru/docs/v1/guide/first/`);
  await page.waitForFunction(() => document.querySelector("script[src='/__docsite/live.js']"));
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => running.server.close(() => r()));
  await removeSite(root);
});

describe("docsite dev in the browser", () => {
  it("puts a saved page's new content in place, without a reload, keeping the scroll position", async () => {
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
      scrollTo(0, 600);
    });
    const y = await page.evaluate(() => scrollY);
    expect(y).toBeGreaterThan(500);
    await applyChanges(root, { [FIRST]: original.replace("Paragraph 3 of", "Edited paragraph 3 of") });
    await page.waitForFunction(() =>
      document.getElementById("main-content")?.textContent?.includes("Edited paragraph"),
    );
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.evaluate(() => scrollY)).toBe(y);
    // The sidebar stayed as it was (the patch carries none).
    expect(await page.locator("[data-sidebar]").count()).toBe(1);
  });

  it("shows an overlay naming file, line and message, which goes when the file is fixed", async () => {
    await applyChanges(root, { [FIRST]: `${original}\n<div>unclosed\n` });
    const overlay = page.locator("[data-docsite-error]");
    await overlay.waitFor({ state: "visible" });
    const text = await overlay.textContent();
    expect(text).toMatch(new RegExp(`${FIRST.replace(/\./g, "\\.")}:\\d+`));
    expect(text).toContain("MDX syntax error");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Close");
    await applyChanges(root, { [FIRST]: `${original}\nFixed again.\n` });
    await overlay.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.getElementById("main-content")?.textContent?.includes("Fixed again."));
  });

  it("reloads the page when the config changes", async () => {
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await editJson(root, "site.config.json", (c) => {
      c.title = "Reloaded Title";
    });
    await page.waitForFunction(() => document.title.includes("Reloaded Title"));
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined();
  });
});
