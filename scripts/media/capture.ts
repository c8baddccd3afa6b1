// Captures the screenshots from finished Testplane runs: the HTML report (new UI, light and dark), its visual
// checks in four diff modes (cropped to the compared images), the GUI accepting a new reference, the static
// accepter in a static report, a scrollbar diff, the Quickstart's own report, and the CLI and REPL output rendered
// as a terminal; then the moving pictures (capture-motion.ts). Every picture is noted in pictures.json with what it
// shows and how large its text is, which tests/unit/media-pictures.test.ts checks for legibility.
import { cp, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { Page, BrowserContext } from "playwright-core";
import { launchChromium } from "../../tests/support/chromium.ts";
import { serveDir, startCommand, freePort, type TimedOutput } from "./procs.ts";
import { terminalPage } from "./terminal.ts";
import { replExcerpt } from "./repl.ts";
import { PANEL, PANEL_WINDOW, smallestText, widestLegible } from "./legibility.ts";
import type { Clip } from "./record.ts";
import {
  recordDiffModes,
  recordGuiAccept,
  recordStaticAccepter,
  recordTerminal,
  recordTimeTravel,
  type MotionOptions,
  type PictureMeta,
} from "./capture-motion.ts";

const here = dirname(fileURLToPath(import.meta.url));
export const OUT = join(here, "..", "..", "content", "media", "testplane");
type Mode = "light" | "dark";
const MODES: Mode[] = ["light", "dark"];
/** The window of the interface pictures (legibility.ts: one panel at the size the docs column shows it). */
const VIEWPORT = PANEL_WINDOW;
const SCALE = 2;
const LIMIT = 390 * 1024;
/** Terminal windows: narrow enough that 14 px text stays at least 12 px when the picture fills the docs column. */
const TERMINAL_WIDTH = 780;

/** What each picture is, for pictures.json (written at the end, merged with the last run's for --only). */
const notes = new Map<string, PictureMeta>();
const note = (file: string, meta: PictureMeta) => notes.set(file, meta);

/** Writes a PNG (palette-quantised: UI shots have few colours), shrinking it until it is under the limit. */
async function save(name: string, png: Buffer, meta?: PictureMeta): Promise<void> {
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
      // The dark twin is the same picture in the other colours: noted under the light one's name.
      if (meta && !name.endsWith("-dark"))
        note(`${name}.png`, { ...meta, cssWidth: Math.round(meta.cssWidth * (w / width)) });
      return;
    }
  }
}

/** Merges this run's notes into pictures.json, dropping entries whose files are gone. */
async function writeNotes(): Promise<void> {
  const file = join(OUT, "pictures.json");
  const old = existsSync(file) ? (JSON.parse(await readFile(file, "utf8")) as Record<string, PictureMeta>) : {};
  const all = { ...old, ...Object.fromEntries(notes) };
  const kept = Object.fromEntries(
    Object.entries(all)
      .filter(([name]) => existsSync(join(OUT, name)))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  await writeFile(file, `${JSON.stringify(kept, null, 2)}\n`);
}

const REPORT_SOURCE = "html-reporter report of the demo run";
const GUI_SOURCE = "testplane gui on the demo project";
/** A still of the window's panel area (PANEL), noted with the smallest text measured in it. */
async function panelShot(page: Page, name: string, source: string, clip: Clip = PANEL): Promise<void> {
  const textPx = await smallestText(page, clip);
  await save(name, await page.screenshot({ clip }), { kind: "ui", cssWidth: clip.width, textPx, source });
}

/** Scrolls the details panel so the last element showing `text` is near the top of the window. */
async function scrollToText(page: Page, text: string): Promise<void> {
  await page
    .getByText(text, { exact: true })
    .last()
    .evaluate((e) => e.scrollIntoView({ block: "start" }));
  await page.mouse.wheel(0, -48);
  await settle(page);
}

/** Hides the tree (the test's details alone) or the details (the tree alone). */
async function onePanel(page: Page, which: "details" | "tree"): Promise<void> {
  await page.locator(which === "details" ? "[data-qa=tree-collapse]" : "[data-qa=tree-full]").click();
  await settle(page);
}

const suffix = (mode: Mode) => (mode === "dark" ? "-dark" : "");

async function newContext(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  mode: Mode,
  viewport = VIEWPORT,
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport,
    deviceScaleFactor: SCALE,
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
  // Both panels again (the report keeps the last layout, and a picture before may have hidden the tree).
  await page.locator("[data-qa=tree-show]").click();
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

/**
 * A test's visual check on the Visual Checks page in each diff mode, cropped to the compared images and the mode
 * menu above them: the tree hidden, the viewport just wide enough for three images side by side at their own size.
 */
async function captureDiffModes(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  base: string,
  test: string,
  modes: Array<[label: string, file: string]>,
  /** The size of the smallest text in the compared screenshots (the demo shop's body text). */
  textPx = 16,
): Promise<void> {
  for (const mode of MODES) {
    const ctx = await newContext(browser, mode, { width: 960, height: 600 });
    const page = await ctx.newPage();
    await page.goto(`${base}new-ui.html`);
    await page.locator("[data-qa=visual-checks-page-menu-item]").click();
    await page.locator("[data-qa=tree-collapse]").click();
    const item = page.locator(`[data-list-item="${test}/chrome"]`);
    if (await item.count()) await item.first().click();
    for (const [label, file] of modes) {
      await chooseDiffMode(page, label);
      const clip = await comparedArea(page);
      await save(`${file}${suffix(mode)}`, await page.screenshot({ clip }), {
        kind: "diff",
        cssWidth: Math.round(clip.width),
        textPx,
        source: `${REPORT_SOURCE}: Visual Checks, ${label} mode`,
      });
    }
    await ctx.close();
  }
}

/** The mode menu and the images under it (and the onion-skin slider), with a margin. */
async function comparedArea(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const r = await page.evaluate(() => {
    const select = document.querySelectorAll("[data-qa=diff-mode-select]");
    const top = select[select.length - 1].getBoundingClientRect();
    const shown = [...document.querySelectorAll("img, .rc-slider")]
      .filter((e) => (e as HTMLElement).checkVisibility())
      .map((e) => e.getBoundingClientRect())
      .filter((b) => b.width > 60 && b.top >= top.bottom - 2 && b.left > 70);
    // The images in the first row under the menu (side by side, or stacked in one place), and the slider under them.
    const row = Math.min(...shown.map((b) => b.top));
    const parts = shown.filter((b) => b.top < row + 40 || b.height < 40);
    const left = Math.min(top.left, ...parts.map((b) => b.left));
    const right = Math.max(...parts.map((b) => b.right), top.right);
    const bottom = Math.max(...parts.map((b) => b.bottom));
    return { left, right, top: top.top, bottom };
  });
  const x = Math.max(0, r.left - 16);
  const y = Math.max(0, r.top - 12);
  return { x, y, width: Math.ceil(r.right + 16 - x), height: Math.ceil(r.bottom + 16 - y) };
}

async function captureReport(browser: Awaited<ReturnType<typeof launchChromium>>, reportDir: string): Promise<void> {
  const server = await serveDir(reportDir);
  try {
    for (const mode of MODES) {
      const ctx = await newContext(browser, mode);
      const page = await ctx.newPage();
      const s = suffix(mode);
      // The test's details alone (its suite path above its title), at the report's own text size.
      await openTest(page, server.url, "catalogue/product card looks right");
      await onePanel(page, "details");
      // The failed assertView step with its images: the expected one, then the actual and the diff.
      await scrollToText(page, "assertView");
      await panelShot(page, `report-failed-visual${s}`, REPORT_SOURCE);
      await openTest(page, server.url, "catalogue/shows stock status");
      await onePanel(page, "details");
      await panelShot(page, `report-retried${s}`, REPORT_SOURCE);
      await page.locator("[data-qa=retry-switcher]").first().click();
      await settle(page);
      // The first attempt's error: the stock text it got instead of the one it expected.
      await scrollToText(page, "Error");
      await panelShot(page, `report-retried-first-attempt${s}`, REPORT_SOURCE);
      await openTest(page, server.url, "login form/greets the user by name after sign-in");
      await onePanel(page, "details");
      // The steps that led to the failure, then the error under them.
      await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
      await page.mouse.wheel(0, 420);
      await settle(page);
      await panelShot(page, `report-failed-assertion${s}`, REPORT_SOURCE);
      await openTest(page, server.url, "login form/shows an error for a wrong password");
      await onePanel(page, "details");
      await panelShot(page, `report-passed${s}`, REPORT_SOURCE);
      await ctx.close();
    }
    // Visual checks page: the same failure in the diff modes readers switch between, cropped to the images.
    await captureDiffModes(browser, server.url, "catalogue/product card looks right", [
      ["SbS", "report-diff-sbs"],
      ["Swipe", "report-diff-swipe"],
      ["Only Diff", "report-diff-only-diff"],
    ]);
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
      const ctx = await newContext(browser, mode);
      const page = await ctx.newPage();
      await openTest(page, server.url, "catalogue/shows stock status");
      await onePanel(page, "details");
      // Rewound to the step that opened the page: the player shows the page as that step left it.
      await page.getByText("url", { exact: true }).first().click();
      await settle(page);
      await panelShot(page, `report-time-travel${s}`, REPORT_SOURCE);
      await ctx.close();
      const narrow = await newContext(browser, mode);
      const list = await narrow.newPage();
      await list.goto(`${server.url}new-ui.html`);
      await list.locator("[data-qa=sort-by-select]").click();
      await list.getByRole("option", { name: "Duration", exact: true }).click();
      await list.keyboard.press("Escape");
      // The tree alone, so each suite's and test's total and average time is in view.
      await onePanel(list, "tree");
      await panelShot(list, `report-sorted-by-duration${s}`, REPORT_SOURCE);
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
      const ctx = await newContext(browser, mode);
      const page = await ctx.newPage();
      await page.goto(`${server.url}new-ui.html`);
      const failed = page.locator('[data-list-item*="Default"][data-list-item$="/chrome"]').first();
      await failed.waitFor({ timeout: 20_000 });
      await failed.getByText("chrome", { exact: true }).click();
      await settle(page);
      await onePanel(page, "details");
      await panelShot(
        page,
        `storybook-report${suffix(mode)}`,
        "html-reporter report of testplane --storybook on the demo Storybook",
      );
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
    const ctx = await browser.newContext({
      viewport: { width: TERMINAL_WIDTH, height: 400 },
      deviceScaleFactor: SCALE,
    });
    const page = await ctx.newPage();
    await page.setContent(terminalPage(text, mode, title));
    const win = page.locator(".win");
    const { width } = (await win.boundingBox())!;
    const textPx = await smallestText(page, (await win.boundingBox())!);
    await save(`${name}${suffix(mode)}`, await win.screenshot({ omitBackground: true }), {
      kind: "terminal",
      cssWidth: Math.round(width),
      textPx,
      source: `terminal output of the demo run, drawn as a terminal: ${title}`,
    });
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
 * The GUI (`testplane gui`, its new interface at /new-ui) accepting a new reference: the tests before a run, and the
 * visual check after a run started with the toolbar's Run button and Accept. Accepting writes the reference into the
 * project's screens/, so they are put back afterwards.
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
        const ctx = await newContext(browser, mode);
        const page = await ctx.newPage();
        const s = suffix(mode);
        await page.goto(`http://127.0.0.1:${port}/new-ui`);
        const row = page.locator('[data-list-item="catalogue/product card looks right/chrome"]');
        await row.waitFor({ timeout: 60_000 });
        const run = page.locator("button", { hasText: /^Run$/ }).first();
        await onePanel(page, "tree");
        await run.hover();
        await page.waitForTimeout(800);
        await panelShot(page, `gui-start${s}`, GUI_SOURCE);
        opts.resetApp?.();
        await run.click();
        await page.waitForTimeout(1500);
        await waitForRunEnd(page);
        // The run, the failed check and Accept are in the moving picture (capture-motion.ts recordGuiAccept); the
        // still is the result.
        await page.locator("[data-qa=tree-full]").click();
        await row.getByText("chrome", { exact: true }).click();
        await settle(page);
        await onePanel(page, "details");
        await page
          .locator("[data-qa=go-visual-button]")
          .first()
          .evaluate((b: HTMLElement) => b.click());
        await settle(page);
        await page
          .getByRole("button", { name: /^Accept/ })
          .last()
          .click();
        await settle(page);
        // The Visual Checks page keeps a layout of its own: its check's details alone, once accepted.
        await page.locator("[data-qa=tree-show]").click();
        await onePanel(page, "details");
        await panelShot(page, `gui-accepted${s}`, GUI_SOURCE);
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

/**
 * The review loop of the CI guide: `testplane gui` started on a report folder that holds a finished run's results
 * (the main run's report, copied as a downloaded CI artifact would be unpacked), the failed visual check selected with
 * its Accept button in view. Nothing is run or accepted.
 */
async function captureGuiOnCiReport(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  opts: { project: string; testplane: string; env: Record<string, string> },
): Promise<void> {
  const ciReport = join(opts.project, "report-ci");
  await rm(ciReport, { recursive: true, force: true });
  await cp(join(opts.project, "report"), ciReport, { recursive: true });
  for (const mode of MODES) {
    const port = await freePort();
    const gui = await startCommand(opts.testplane, ["gui", "--hostname", "127.0.0.1", "-p", String(port), "-O"], {
      cwd: opts.project,
      env: { ...opts.env, REPORT_DIR: "report-ci" },
      ready: new RegExp(`127\\.0\\.0\\.1:${port}`),
    });
    try {
      const ctx = await newContext(browser, mode);
      const page = await ctx.newPage();
      await page.goto(`http://127.0.0.1:${port}/new-ui`);
      const row = page.locator('[data-list-item="catalogue/product card looks right/chrome"]');
      await row.waitFor({ timeout: 60_000 });
      await row.getByText("chrome", { exact: true }).click();
      await settle(page);
      await onePanel(page, "details");
      const accept = page.locator("button.g-button_view_action", { hasText: "Accept" }).last();
      await accept.scrollIntoViewIfNeeded();
      await settle(page);
      await panelShot(page, `gui-ci-report${suffix(mode)}`, GUI_SOURCE);
      await ctx.close();
    } finally {
      gui.stop();
    }
  }
}

/** The static accepter's staged image with the commit bar (from recordStaticAccepter; the dialog is in its clip). */
function staticAccepterStills(): (page: Page, stage: "staged" | "dialog") => Promise<void> {
  return async (page, stage) => {
    if (stage !== "staged") return;
    // The whole window (recordStaticAccepter's): the commit bar spans it, icon bar included.
    const { width, height } = page.viewportSize()!;
    await panelShot(
      page,
      "static-accepter-staged",
      "html-reporter static report of the demo run with staticImageAccepter on",
      { x: 0, y: 0, width, height },
    );
  };
}

/** The reviews box with a scrollbar against its reference without one, cropped to the compared images. */
async function captureScrollbarDiff(browser: Awaited<ReturnType<typeof launchChromium>>, reportDir: string) {
  const server = await serveDir(reportDir);
  try {
    await captureDiffModes(browser, server.url, "reviews/review list looks right", [["SbS", "report-scrollbar-diff"]]);
  } finally {
    server.stop();
  }
}

/**
 * The Quickstart's report (quickstart.ts) as its reader first sees it: `index.html` served over HTTP, which opens
 * html-reporter's classic interface (its "Try New UI" button leads to the new one), with the suite unfolded. The
 * classic interface has no dark theme of its own, so there is one picture.
 */
async function captureQuickstartReport(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  reportDir: string,
  locale: string,
) {
  const server = await serveDir(reportDir);
  try {
    // The classic interface's smallest text (the browser's count badge) is 10 px: a window narrow enough that the
    // picture, widened to the docs column, draws it at 12 px.
    const view = { width: widestLegible(10), height: 560 };
    const ctx = await newContext(browser, "light", view);
    const page = await ctx.newPage();
    await page.goto(server.url);
    await page.getByText("Try New UI").first().waitFor({ timeout: 20_000 });
    await settle(page);
    // Everything unfolded (the toolbar's Expand: All), so the two tests and their steps are in view.
    await page.getByText("Errors", { exact: true }).first().click();
    await page.getByRole("option", { name: "All", exact: true }).click();
    await settle(page);
    const name = locale === "en" ? "quickstart-report" : `quickstart-report-${locale}`;
    const source = `html-reporter report of the ${locale} Quickstart's own config and tests, index.html`;
    const textPx = await smallestText(page, { x: 0, y: 0, ...view });
    await save(name, await page.screenshot(), { kind: "ui", cssWidth: view.width, textPx, source });
    await ctx.close();
  } finally {
    server.stop();
  }
}

export async function capture(opts: {
  project: string;
  testplane: string;
  env: Record<string, string>;
  cliOutput: string;
  cliTimed?: TimedOutput;
  replTimed?: TimedOutput;
  /** The Quickstart's report per locale (quickstart.ts). */
  quickstartReports?: Record<string, string>;
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
    const scrollbars = join(opts.project, "report-scrollbars");
    if (want("scrollbar") && existsSync(scrollbars)) {
      console.log("capturing the scrollbar diff");
      await captureScrollbarDiff(browser, scrollbars);
    }
    for (const [locale, report] of Object.entries(opts.quickstartReports ?? {}))
      if (want("quickstart") && existsSync(report)) {
        console.log(`capturing the Quickstart's report (${locale})`);
        await captureQuickstartReport(browser, report, locale);
      }
    if (want("gui-ci")) {
      console.log("capturing the GUI on a report downloaded from CI");
      await captureGuiOnCiReport(browser, opts);
    }
    // Moving pictures: `--only=motion` records them all, `--only=motion-repl` (and so on) one.
    const motion: MotionOptions = { browser, out: OUT, savePoster: (n, png, meta) => save(n, png, meta), note };
    const wantMotion = (name: string) => want("motion") || want(`motion-${name}`);
    if (wantMotion("time-travel")) await recordTimeTravel(motion, join(opts.project, "report"));
    if (wantMotion("diff-modes")) await recordDiffModes(motion, join(opts.project, "report"));
    const accepter = join(opts.project, "report-accepter");
    if ((wantMotion("static-accepter") || want("static-accepter")) && existsSync(accepter))
      await recordStaticAccepter(motion, accepter, staticAccepterStills());
    if (wantMotion("repl") && opts.replOutput && opts.replTimed?.length)
      await recordTerminal(
        motion,
        "repl-session-replay",
        replExcerpt(opts.replOutput),
        opts.replTimed,
        "Terminal — testplane REPL",
      );
    if (wantMotion("cli") && opts.cliTimed?.length)
      await recordTerminal(
        motion,
        "cli-run-replay",
        cliExcerpt(opts.cliOutput, opts.project),
        opts.cliTimed,
        "Terminal — npx testplane",
        `${opts.project}/`,
      );
    if (wantMotion("gui")) await recordGuiAccept(motion, opts);
    await writeNotes();
  } finally {
    await browser.close();
  }
}
