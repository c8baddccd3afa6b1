// Captures the screenshots from a finished Testplane run: the HTML report (new UI, light and dark), its visual
// checks in four diff modes, the GUI accepting a new reference, and the CLI output rendered as a terminal.
import { cp, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { Page, BrowserContext } from "playwright-core";
import { launchChromium } from "../../tests/support/chromium.ts";
import { serveDir, startCommand, freePort } from "./procs.ts";
import { terminalPage } from "./terminal.ts";
import { replExcerpt } from "./repl.ts";

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
  // The time-travel player keeps requests going on some views: wait for quiet, but not forever.
  await page.waitForLoadState("networkidle", { timeout: 8_000 }).catch(() => undefined);
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

/**
 * The time-travel player: the retried test's second attempt was recorded (`timeTravel: "retries-only"` in the demo
 * config), shown with the details panel alone so the player has room. Then the suites sorted by duration, the
 * report's view of where the run's time went.
 */
async function captureTimeTravelAndDuration(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  reportDir: string,
): Promise<void> {
  const server = await serveDir(reportDir);
  try {
    for (const mode of MODES) {
      const s = suffix(mode);
      const ctx = await newContext(browser, mode, { width: 1440, height: 820 });
      const page = await ctx.newPage();
      await openTest(page, server.url, "catalogue/shows stock status");
      await page.locator("[data-qa=tree-collapse]").click();
      await settle(page);
      // Rewound to the step that opened the page: the player shows the page as that step left it.
      await page.getByText("url", { exact: true }).first().click();
      await settle(page);
      await save(`report-time-travel${s}`, await page.screenshot());
      await ctx.close();
      const narrow = await newContext(browser, mode);
      const list = await narrow.newPage();
      await list.goto(`${server.url}new-ui.html`);
      await list.locator("[data-qa=sort-by-select]").click();
      await list.getByRole("option", { name: "Duration", exact: true }).click();
      await list.keyboard.press("Escape");
      // The tree alone, so each suite's and test's total and average time is in view.
      await list.locator("[data-qa=tree-full]").click();
      await settle(list);
      await save(`report-sorted-by-duration${s}`, await list.screenshot());
      await narrow.close();
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

/**
 * html-reporter's report of the @testplane/storybook run: the story tree with an Autoscreenshot test per story, and
 * the restyled product card's failed check.
 */
async function captureStorybook(browser: Awaited<ReturnType<typeof launchChromium>>, reportDir: string): Promise<void> {
  const server = await serveDir(reportDir);
  try {
    for (const mode of MODES) {
      const ctx = await newContext(browser, mode, { width: 1440, height: 820 });
      const page = await ctx.newPage();
      await page.goto(`${server.url}new-ui.html`);
      const failed = page.locator('[data-list-item*="Default"][data-list-item$="/chrome"]').first();
      await failed.waitFor({ timeout: 20_000 });
      await failed.getByText("chrome", { exact: true }).click();
      await settle(page);
      await save(`storybook-report${suffix(mode)}`, await page.screenshot());
      await ctx.close();
    }
  } finally {
    server.stop();
  }
}

/** Renders terminal text as a terminal window, in light and dark. */
async function captureTerminal(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  name: string,
  text: string,
  title: string,
): Promise<void> {
  for (const mode of MODES) {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 400 }, deviceScaleFactor: SCALE });
    const page = await ctx.newPage();
    await page.setContent(terminalPage(text, mode, title));
    await save(`${name}${suffix(mode)}`, await page.locator(".win").screenshot({ omitBackground: true }));
    await ctx.close();
  }
}

/** Waits until the GUI's toolbar offers "Run" again, i.e. the run started from the GUI has finished. */
async function waitForRunEnd(page: Page): Promise<void> {
  await page.waitForFunction(
    () => [...document.querySelectorAll("button")].some((b) => b.textContent?.trim() === "Run" && !b.disabled),
    null,
    { timeout: 180_000, polling: 500 },
  );
}

/**
 * The GUI (`testplane gui`, its new interface at /new-ui) accepting a new reference: the tests before a run, a run
 * started with the toolbar's Run button, the failed visual check with its Accept button, and the check after
 * Accept. Accepting writes the reference into the project's screens/, so they are put back afterwards.
 */
async function captureGui(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  opts: { project: string; testplane: string; env: Record<string, string>; resetApp?: () => void },
): Promise<void> {
  const screens = join(opts.project, "screens");
  const kept = join(opts.project, "screens.kept");
  await rm(kept, { recursive: true, force: true });
  await cp(screens, kept, { recursive: true });
  try {
    for (const mode of MODES) {
      await rm(screens, { recursive: true, force: true });
      await cp(kept, screens, { recursive: true });
      await rm(join(opts.project, "report-gui"), { recursive: true, force: true });
      const port = await freePort();
      const gui = await startCommand(opts.testplane, ["gui", "--hostname", "127.0.0.1", "-p", String(port), "-O"], {
        cwd: opts.project,
        env: { ...opts.env, REPORT_DIR: "report-gui" },
        ready: new RegExp(`127\\.0\\.0\\.1:${port}`),
      });
      try {
        // Wider than the report shots: the GUI's visual-check toolbar (with Accept) needs the room.
        const ctx = await newContext(browser, mode, { width: 1440, height: 820 });
        const page = await ctx.newPage();
        const s = suffix(mode);
        await page.goto(`http://127.0.0.1:${port}/new-ui`);
        const row = page.locator('[data-list-item="catalogue/product card looks right/chrome"]');
        await row.waitFor({ timeout: 60_000 });
        const run = page.locator("button", { hasText: /^Run$/ }).first();
        await settle(page);
        await run.hover();
        await page.waitForTimeout(800);
        await save(`gui-start${s}`, await page.screenshot());
        opts.resetApp?.();
        await run.click();
        await page.waitForTimeout(1500);
        await waitForRunEnd(page);
        await row.getByText("chrome", { exact: true }).click();
        await settle(page);
        await save(`gui-run-failed${s}`, await page.screenshot());
        await page.locator("[data-qa=go-visual-button]").first().click();
        await settle(page);
        await save(`gui-visual-failed${s}`, await page.screenshot());
        await page
          .getByRole("button", { name: /^Accept/ })
          .last()
          .click();
        await settle(page);
        await save(`gui-accepted${s}`, await page.screenshot());
        await ctx.close();
      } finally {
        gui.stop();
      }
    }
  } finally {
    await rm(screens, { recursive: true, force: true });
    await rename(kept, screens);
  }
}

export async function capture(opts: {
  project: string;
  testplane: string;
  env: Record<string, string>;
  cliOutput: string;
  /** Puts the demo shop back as the main run saw it (restyled, the flaky stock API failing once). */
  resetApp?: () => void;
  /** The @testplane/storybook project (storybook.ts), whose report-storybook/ is captured when present. */
  storybook?: string;
  /** Output of the REPL session (repl.ts), when there was one. */
  replOutput?: string;
}): Promise<void> {
  const browser = await launchChromium();
  // `--only=gui,repl` re-captures some groups (for work on the captures themselves).
  const only = process.argv
    .find((a) => a.startsWith("--only="))
    ?.slice("--only=".length)
    .split(",");
  const want = (group: string) => !only || only.includes(group);
  try {
    if (want("cli")) {
      console.log("capturing the CLI output");
      await captureTerminal(browser, "cli-run", cliExcerpt(opts.cliOutput, opts.project), "Terminal — npx testplane");
    }
    if (want("repl") && opts.replOutput) {
      console.log("capturing the REPL session");
      await captureTerminal(browser, "repl-session", replExcerpt(opts.replOutput), "Terminal — testplane REPL");
    }
    if (want("report")) {
      console.log("capturing the HTML report");
      await captureReport(browser, join(opts.project, "report"));
    }
    if (want("time-travel")) {
      console.log("capturing the time-travel player and the tests by duration");
      await captureTimeTravelAndDuration(browser, join(opts.project, "report"));
    }
    const storybookReport = opts.storybook && join(opts.storybook, "report-storybook");
    if (want("storybook") && storybookReport && existsSync(storybookReport)) {
      console.log("capturing the Storybook plugin's report");
      await captureStorybook(browser, storybookReport);
    }
    if (want("gui")) {
      console.log("capturing the GUI: a run started from it, and accepting a new reference");
      await captureGui(browser, opts);
    }
  } finally {
    await browser.close();
  }
}
