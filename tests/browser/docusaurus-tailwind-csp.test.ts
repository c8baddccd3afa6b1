// The Content-Security-Policy docsite writes (dist/_headers, applied by `docsite serve`) never changes how an
// imported site's page looks: the page's own inline styles (MDX `style={…}`) and the styles its islands put into the
// page in the browser (a `<style>` element, an SVG drawn from markup holding one) all apply, with no violation.
// tests/fixtures/docusaurus-tailwind4, imported and built with its Tailwind packages linked in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { mkdir, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus } from "../../cli/import/index.ts";
import { buildSite } from "../support/site.ts";
import { serveDir } from "../support/served.ts";
import { launchChromium } from "../support/chromium.ts";

const here = dirname(fileURLToPath(import.meta.url));
const repoModules = join(here, "..", "..", "node_modules");
let work: string;
let browser: Browser;
let served: { base: string; close: () => Promise<void> };
let headers: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "docsite-tailwind-csp-"));
  const site = join(work, "site");
  await importDocusaurus(join(here, "..", "fixtures", "docusaurus-tailwind4"), site);
  for (const name of ["postcss", "tailwindcss", "@tailwindcss/postcss"]) {
    await mkdir(dirname(join(site, "node_modules", name)), { recursive: true });
    await symlink(join(repoModules, name), join(site, "node_modules", name), "dir");
  }
  await buildSite(site, { outDir: join(work, "dist") });
  headers = await readFile(join(work, "dist", "_headers"), "utf8");
  served = await serveDir(join(work, "dist"));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
  await rm(work, { recursive: true, force: true });
});

describe("security headers of an imported site with inline styles", () => {
  it("the page under docsite serve looks as on a plain static host: 0 CSP violations, every style applied", async () => {
    const ctx = await browser.newContext();
    await ctx.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.__csp.push(`${e.effectiveDirective} ${e.blockedURI || "inline"} ${e.sample}`),
      );
    });
    const page = await ctx.newPage();
    const res = await page.goto(`${served.base}/docs/intro`);
    expect(res?.headers()["content-security-policy"]).toContain("style-src 'self' 'unsafe-inline'");
    // The island has run: its SVG is drawn once it mounted.
    await page.waitForSelector("#glow-svg circle");
    const look = await page.evaluate(() => ({
      injected: getComputedStyle(document.getElementById("glow") as Element).color,
      svg: getComputedStyle(document.querySelector("#glow-svg circle") as Element).fill,
      attr: getComputedStyle(document.getElementById("inline-style") as Element).color,
    }));
    expect(look).toEqual({ injected: "rgb(1, 2, 3)", svg: "rgb(4, 5, 6)", attr: "rgb(102, 51, 153)" });
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    // Scripts stay as strict as before: only docsite's own inline code, by hash.
    expect(res?.headers()["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    await ctx.close();
  });

  it("_headers says why style-src allows inline styles", () => {
    expect(headers).toMatch(/# style-src allows inline styles: src\/components\/Glow\/index\.jsx put styles/);
  });
});
