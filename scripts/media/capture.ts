// Captures the screenshots from a finished Testplane run: the HTML report (new UI, light and dark), its visual
// checks in four diff modes, the GUI accepting a new reference, and the CLI output rendered as a terminal.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { Page, BrowserContext } from "playwright-core";
import { launchChromium } from "../../tests/support/chromium.ts";
import { serveDir, startCommand, freePort } from "./procs.ts";
import { terminalPage } from "./terminal.ts";

const here = dirname(fileURLToPath(import.meta.url));
export const OUT = join(here, "..", "..", "content", "media", "testplane");
type Mode = "light" | "dark";
const MODES: Mode[] = ["light", "dark"];
/** Readers see the docs column at ≤ 860 CSS px; 2× pixels keep small UI text sharp on dense screens. */
const VIEWPORT = { width: 1100, height: 680 };
const SCALE = 2;
const LIMIT = 390 * 1024;

/** Writes a PNG (palette-quantised: UI shots have few colours), shrinking it until it is under the limit. */
async function save(name: string, png: Buffer): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const { width = 0 } = await sharp(png).metadata();
  for (let w = width; ; w = Math.round(w * 0.85)) {
    const out = await sharp(png)
      .resize({ width: w })
      .png({ palette: true, quality: 92, effort: 8, compressionLevel: 9 })
      .toBuffer();
    if (out.length <= LIMIT || w < 600) {
      await writeFile(join(OUT, `${name}.png`), out);
      console.log(`  ${name}.png ${w}px ${(out.length / 1024).toFixed(0)} KB`);
      return;
    }
  }
}

const suffix = (mode: Mode) => (mode === "dark" ? "-dark" : "");

async function newContext(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  mode: Mode,
  viewport = VIEWPORT,
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport,
    deviceScaleFactor: viewport === VIEWPORT ? SCALE : 1.5,
    colorScheme: mode,
  });
  await ctx.addInitScript((theme) => {
    localStorage.setItem("html-reporter:app.theme", JSON.stringify(theme));
  }, mode);
  return ctx;
}

async function settle(page: Page): Promise<void> {
  const size = page.viewportSize() ?? VIEWPORT;
  await page.mouse.move(size.width - 2, size.height - 2);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(700);
}

async function openTest(page: Page, base: string, path: string): Promise<void> {
  await page.goto(`${base}new-ui.html`);
  const row = page.locator(`[data-list-item="${path}/chrome"]`);
  await row.waitFor({ timeout: 20_000 });
  await row.getByText("chrome", { exact: true }).click();
  await settle(page);
}

async function chooseDiffMode(page: Page, label: string): Promise<void> {
  await page.locator("[data-qa=diff-mode-select]").last().click();
  await page.getByRole("option", { name: label, exact: true }).click();
  await settle(page);
}

async function captureReport(browser: Awaited<ReturnType<typeof launchChromium>>, reportDir: string): Promise<void> {
  const server = await serveDir(reportDir);
  try {
    for (const mode of MODES) {
      const ctx = await newContext(browser, mode);
      const page = await ctx.newPage();
      const s = suffix(mode);
      await openTest(page, server.url, "catalogue/product card looks right");
      await save(`report-failed-visual${s}`, await page.screenshot());
      await openTest(page, server.url, "catalogue/shows stock status");
      await save(`report-retried${s}`, await page.screenshot());
      await page.locator("[data-qa=retry-switcher]").first().click();
      await settle(page);
      await save(`report-retried-first-attempt${s}`, await page.screenshot());
      await openTest(page, server.url, "login form/greets the user by name after sign-in");
      await save(`report-failed-assertion${s}`, await page.screenshot());
      await openTest(page, server.url, "login form/shows an error for a wrong password");
      await save(`report-passed${s}`, await page.screenshot());
      // Visual checks page: the same failure in the diff modes readers switch between.
      await openTest(page, server.url, "catalogue/product card looks right");
      await page.locator("[data-qa=go-visual-button]").first().click();
      await settle(page);
      for (const [label, file] of [
        ["SbS", "3-up"],
        ["Swipe", "swipe"],
        ["Onion skin", "onion-skin"],
        ["Only Diff", "only-diff"],
      ]) {
        await chooseDiffMode(page, label);
        await save(`report-diff-${file}${s}`, await page.screenshot());
      }
      await ctx.close();
    }
  } finally {
    server.stop();
  }
}

/** The interesting part of a run's output: one line per test result and the totals, paths made relative. */
export function cliExcerpt(output: string, project: string): string {
  const lines = output.replaceAll(`${project}/`, "").split("\n");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: output has ANSI codes
  const plain = (l: string) => l.replace(/\x1b\[[0-9;]*m/g, "");
  const picked = lines.filter((l) => /^\[\d\d:\d\d:\d\d/.test(plain(l)) && !/you may install/.test(plain(l)));
  return `$ npx testplane\n${picked.join("\n")}`;
}

async function captureCli(browser: Awaited<ReturnType<typeof launchChromium>>, text: string): Promise<void> {
  for (const mode of MODES) {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 400 }, deviceScaleFactor: SCALE });
    const page = await ctx.newPage();
    await page.setContent(terminalPage(text, mode, "Terminal — npx testplane"));
    await save(`cli-run${suffix(mode)}`, await page.locator(".win").screenshot({ omitBackground: true }));
    await ctx.close();
  }
}

async function captureGui(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  opts: { project: string; testplane: string; env: Record<string, string> },
): Promise<void> {
  const port = await freePort();
  const gui = await startCommand(opts.testplane, ["gui", "--hostname", "127.0.0.1", "-p", String(port), "-O"], {
    cwd: opts.project,
    env: opts.env,
    ready: new RegExp(`127\\.0\\.0\\.1:${port}`),
  });
  try {
    const base = `http://127.0.0.1:${port}/`;
    for (const mode of MODES) {
      // Wider than the report shots: the GUI's visual-check toolbar (with Accept) needs the room.
      const ctx = await newContext(browser, mode, { width: 1440, height: 820 });
      const page = await ctx.newPage();
      await page.goto(`${base}new-ui.html`);
      await settle(page);
      await save(`gui-start${suffix(mode)}`, await page.screenshot());
      // The GUI over the last run's results: the failed visual check it offers to accept. (Accepting needs a run
      // started from the GUI itself; that flow is drawn as a diagram in the docs instead.)
      await openTest(page, base, "catalogue/product card looks right");
      await page.locator("[data-qa=go-visual-button]").first().click();
      await settle(page);
      await save(`gui-visual-failed${suffix(mode)}`, await page.screenshot());
      await ctx.close();
    }
  } finally {
    gui.stop();
  }
}

export async function capture(opts: {
  project: string;
  testplane: string;
  env: Record<string, string>;
  cliOutput: string;
}): Promise<void> {
  const browser = await launchChromium();
  try {
    console.log("capturing the CLI output");
    await captureCli(browser, cliExcerpt(opts.cliOutput, opts.project));
    console.log("capturing the HTML report");
    await captureReport(browser, join(opts.project, "report"));
    console.log("capturing the GUI");
    await captureGui(browser, opts);
  } finally {
    await browser.close();
  }
}
