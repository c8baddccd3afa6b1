// The moving pictures: short recordings (record.ts) of the real report, GUI and terminal sessions the screenshot
// script ran — time travel playing back a recorded test, the diff viewer switching modes, the GUI running the tests
// and accepting a new reference, the static accepter committing from a static report, the REPL session and the CLI
// run as they happened. Each is an MP4 (< 500 KB) with a poster in content/media/testplane/, light theme only: the
// pictures are of tools whose colours the reader does not choose, and a dark twin would double the bytes.
import { cp, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { encodeRecording, startRecording, type Clip } from "./record.ts";
import { serveDir, startCommand, freePort, type TimedOutput } from "./procs.ts";
import { terminalPage, ansiToHtml } from "./terminal.ts";
import { replaySteps, timeLines } from "./terminal-motion.ts";
import { PANEL, PANEL_WINDOW, smallestText } from "./legibility.ts";

export interface MotionOptions {
  browser: Browser;
  out: string;
  /** Writes a poster PNG the way stills are written (capture.ts save), and notes the picture. */
  savePoster: (name: string, png: Buffer, meta: PictureMeta) => Promise<void>;
  note: (file: string, meta: PictureMeta) => void;
}

export interface PictureMeta {
  kind: "terminal" | "ui" | "diff" | "video" | "diagram";
  /** Width of what was captured, in CSS pixels of the page it shows. */
  cssWidth: number;
  /** Size of its smallest text in those CSS pixels, measured in the page (legibility.ts). */
  textPx: number;
  /** How it was made. */
  source: string;
}

async function settle(page: Page, ms = 600): Promise<void> {
  const size = page.viewportSize()!;
  await page.mouse.move(size.width - 2, size.height - 2);
  await page.waitForLoadState("networkidle", { timeout: 8_000 }).catch(() => undefined);
  await page.waitForTimeout(ms);
}

/** A smooth pointer move (the recording shows the pointer's effect, not the pointer itself). */
async function glide(page: Page, from: [number, number], to: [number, number], ms: number): Promise<void> {
  const steps = Math.max(2, Math.round(ms / 70));
  const start = Date.now();
  for (let i = 1; i <= steps; i++) {
    const k = i / steps;
    const ease = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
    await page.mouse.move(from[0] + (to[0] - from[0]) * ease, from[1] + (to[1] - from[1]) * ease);
    // Paced by the clock, so that a slow machine takes fewer steps rather than longer.
    const behind = start + (ms * i) / steps - Date.now();
    if (behind > 0) await page.waitForTimeout(behind);
  }
}

/** The bounding box of an element, in CSS pixels, grown by `pad`. */
async function boxOf(page: Page, selector: string, pad = 0): Promise<Clip> {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`no box for ${selector}`);
  return { x: Math.max(0, b.x - pad), y: Math.max(0, b.y - pad), width: b.width + 2 * pad, height: b.height + 2 * pad };
}

async function openTest(page: Page, base: string, path: string): Promise<void> {
  await page.goto(`${base}new-ui.html`);
  const row = page.locator(`[data-list-item="${path}/chrome"]`);
  await row.waitFor({ timeout: 20_000 });
  await row.getByText("chrome", { exact: true }).click();
  await page.locator("[data-qa=tree-collapse]").click();
  await settle(page);
}

async function finish(
  opts: MotionOptions,
  name: string,
  rec: Awaited<ReturnType<Awaited<ReturnType<typeof startRecording>>["stop"]>>,
  page: Page,
  clip: Clip,
  width: number,
  meta: Omit<PictureMeta, "kind" | "cssWidth">,
  /** The frames are screenshots of the clip already (not of the whole viewport). */
  framesAreClipped = false,
): Promise<void> {
  // The smallest text of the last frame too (a terminal's frames are drawn from the page as it ends).
  const textPx = Math.min(meta.textPx, await smallestText(page, clip));
  const full: PictureMeta = { kind: "video", cssWidth: Math.round(clip.width), ...meta, textPx };
  await encodeRecording(rec, join(opts.out, name), {
    clip: framesAreClipped ? undefined : clip,
    viewportWidth: page.viewportSize()!.width,
    width,
    // The poster is a still of the same thing: a terminal's poster is held to the terminal pictures' legibility.
    savePoster: (png) =>
      opts.savePoster(`${name}.poster`, png, { ...full, kind: framesAreClipped ? "terminal" : "ui" }),
  });
  opts.note(`${name}.mp4`, full);
}

/** The time-travel player playing back the retried test's recorded attempt, then jumping to steps picked in the list. */
export async function recordTimeTravel(opts: MotionOptions, reportDir: string): Promise<void> {
  const server = await serveDir(reportDir);
  const ctx = await opts.browser.newContext({ viewport: PANEL_WINDOW, deviceScaleFactor: 1.5 });
  try {
    const page = await ctx.newPage();
    await openTest(page, server.url, "catalogue/shows stock status");
    // The details panel (the tree is hidden): the steps and the player.
    const clip = PANEL;
    // The player's play button: the button left of its clock.
    const play = await page.evaluate(() => {
      const clock = [...document.querySelectorAll("*")].find(
        (e) => e.children.length === 0 && /^\d\d:\d\d$/.test(e.textContent?.trim() ?? ""),
      )!;
      const r = clock.getBoundingClientRect();
      const b = [...document.querySelectorAll("button")]
        .filter((x) => {
          const q = x.getBoundingClientRect();
          return Math.abs(q.y + q.height / 2 - (r.y + r.height / 2)) < 10 && q.right <= r.x + 2;
        })
        .pop()!;
      const q = b.getBoundingClientRect();
      return [q.x + q.width / 2, q.y + q.height / 2] as [number, number];
    });
    const rec = await startRecording(page);
    // Videos start on the action: a moment to see the page, not an idle second and a half.
    await page.waitForTimeout(300);
    await page.mouse.click(...play);
    await page.waitForTimeout(3200);
    rec.markPoster();
    const posterPx = await smallestText(page, clip);
    // Steps picked in the list: the player shows the page as each step left it.
    for (const step of ["setValue", "click", "url"]) {
      const item = page.getByText(step, { exact: true }).first();
      if (await item.count()) {
        await item.click();
        await page.waitForTimeout(1300);
      }
    }
    await page.mouse.click(...play);
    await page.waitForTimeout(2600);
    await finish(opts, "time-travel-playback", await rec.stop(), page, clip, 1280, {
      textPx: posterPx,
      source: "html-reporter report of the demo run: the retried test's recorded attempt played back",
    });
  } finally {
    await ctx.close();
    server.stop();
  }
}

/** The Visual Checks page switching between diff modes: side by side, swipe (dragged), onion skin, only diff. */
export async function recordDiffModes(opts: MotionOptions, reportDir: string): Promise<void> {
  const server = await serveDir(reportDir);
  const ctx = await opts.browser.newContext({
    viewport: { width: PANEL_WINDOW.width, height: 560 },
    deviceScaleFactor: 2,
  });
  try {
    const page = await ctx.newPage();
    await page.goto(`${server.url}new-ui.html`);
    await page.locator("[data-qa=visual-checks-page-menu-item]").click();
    await page.locator("[data-qa=tree-collapse]").click();
    const choose = async (label: string) => {
      await page.locator("[data-qa=diff-mode-select]").last().click();
      await page.waitForTimeout(500);
      await page.getByRole("option", { name: label, exact: true }).click();
      await page.mouse.move(PANEL_WINDOW.width - 2, 540);
      await page.waitForTimeout(900);
    };
    await choose("SbS");
    await settle(page);
    const title = await boxOf(page, "[data-qa=diff-mode-select]");
    // The panel's width, as the stills: the interface's text at its own size in the docs column.
    const clip = { x: PANEL.x, y: title.y - 14, width: PANEL.width, height: 370 };
    const rec = await startRecording(page);
    await page.waitForTimeout(900);
    rec.markPoster();
    const posterPx = await smallestText(page, clip);
    await choose("Swipe");
    // The swipe divider sits over the images: drag it to the right edge and back.
    const img = await page.locator("main img, img").evaluateAll(
      (els) =>
        els
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.width > 150 && r.y > 100)
          .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }))[0],
    );
    const midY = img.y + img.height / 2;
    const startX = img.x + img.width / 2;
    await page.mouse.move(startX, midY);
    await page.mouse.down();
    await glide(page, [startX, midY], [img.x + img.width - 4, midY], 800);
    await glide(page, [img.x + img.width - 4, midY], [img.x + 6, midY], 1200);
    await page.mouse.up();
    await page.waitForTimeout(500);
    await choose("Onion skin");
    const handle = await page.locator(".rc-slider-handle").last().boundingBox();
    if (handle) {
      const hx = handle.x + handle.width / 2;
      const hy = handle.y + handle.height / 2;
      await page.mouse.move(hx, hy);
      await page.mouse.down();
      await glide(page, [hx, hy], [hx - 120, hy], 800);
      await glide(page, [hx - 120, hy], [hx + 120, hy], 1200);
      await page.mouse.up();
    }
    await page.waitForTimeout(500);
    await choose("Only Diff");
    await page.waitForTimeout(1200);
    await choose("SbS");
    await page.waitForTimeout(800);
    await finish(opts, "diff-modes", await rec.stop(), page, clip, 1280, {
      textPx: posterPx,
      source: "html-reporter report of the demo run: Visual Checks, the diff mode menu",
    });
  } finally {
    await ctx.close();
    server.stop();
  }
}

/** The GUI: the Run button, the run (shortened), the failed check, Accept, "Reference updated". */
export async function recordGuiAccept(
  opts: MotionOptions,
  run: { project: string; testplane: string; env: Record<string, string>; resetApp?: () => void },
): Promise<void> {
  const screens = join(run.project, "screens");
  const kept = join(run.project, "screens.kept-motion");
  await rm(kept, { recursive: true, force: true });
  await cp(screens, kept, { recursive: true });
  const port = await freePort();
  await rm(join(run.project, "report-gui-motion"), { recursive: true, force: true });
  const gui = await startCommand(run.testplane, ["gui", "--hostname", "127.0.0.1", "-p", String(port), "-O"], {
    cwd: run.project,
    env: { ...run.env, REPORT_DIR: "report-gui-motion" },
    ready: new RegExp(`127\\.0\\.0\\.1:${port}`),
  });
  const ctx = await opts.browser.newContext({ viewport: PANEL_WINDOW, deviceScaleFactor: 1.5 });
  try {
    const page = await ctx.newPage();
    await page.goto(`http://127.0.0.1:${port}/new-ui`);
    const row = page.locator('[data-list-item="catalogue/product card looks right/chrome"]');
    await row.waitFor({ timeout: 60_000 });
    // The tree alone with its Run button, then the failed test's details alone: each at the GUI's own text size.
    await page.locator("[data-qa=tree-full]").click();
    await settle(page);
    const clip = PANEL;
    const startPx = await smallestText(page, clip);
    const rec = await startRecording(page);
    await page.waitForTimeout(300);
    const runButton = page.locator("button", { hasText: /^Run$/ }).first();
    await runButton.hover();
    await page.waitForTimeout(700);
    run.resetApp?.();
    await runButton.click();
    await page.waitForTimeout(2500);
    // The run itself takes tens of seconds: the clip keeps a moment of it.
    rec.pause(0.6);
    await page.waitForFunction(
      () => [...document.querySelectorAll("button")].some((b) => b.textContent?.trim() === "Run" && !b.disabled),
      null,
      { timeout: 180_000, polling: 500 },
    );
    await page.waitForTimeout(500);
    rec.resume();
    await page.waitForTimeout(900);
    await row.getByText("chrome", { exact: true }).click();
    await page.waitForTimeout(1500);
    // The details alone, then the Visual Checks page (its button can sit under the diff toolbar at this width).
    await page.locator("[data-qa=tree-collapse]").click();
    await page.mouse.move(PANEL_WINDOW.width - 2, PANEL_WINDOW.height - 2);
    await page.waitForTimeout(900);
    await page
      .locator("[data-qa=go-visual-button]")
      .first()
      .evaluate((b: HTMLElement) => b.click());
    await page.waitForTimeout(1600);
    const accept = page.getByRole("button", { name: /^Accept/ }).last();
    await accept.hover();
    await page.waitForTimeout(700);
    await accept.click();
    await page.mouse.move(PANEL_WINDOW.width - 2, PANEL_WINDOW.height - 2);
    await page.waitForTimeout(2200);
    rec.markPoster();
    const posterPx = await smallestText(page, clip);
    await page.waitForTimeout(600);
    await finish(opts, "gui-accept", await rec.stop(), page, clip, 1280, {
      textPx: Math.min(startPx, posterPx),
      source: "testplane gui on the demo project: Run, the failed visual check, Accept",
    });
  } finally {
    await ctx.close();
    gui.stop();
    await rm(screens, { recursive: true, force: true });
    await rename(kept, screens);
  }
}

/**
 * The static accepter in a static report (the demo run with `staticImageAccepter` on): Accept stages the image, the
 * bar offers Commit, the dialog shows the pull request and the message, and the report posts the image to the
 * service — here the script's own server, which answers 200 as a service does after pushing.
 */
export async function recordStaticAccepter(
  opts: MotionOptions,
  reportDir: string,
  still: (page: Page, stage: "staged" | "dialog") => Promise<void>,
): Promise<void> {
  const posted: string[] = [];
  const server = await serveDir(reportDir, (req, res) => {
    let body = "";
    req.on("data", (d) => {
      body += d;
    });
    req.on("end", () => {
      for (const m of body.matchAll(/name="image"; filename="([^"]+)"/g)) posted.push(m[1]);
      res.writeHead(200, { "content-type": "text/plain" }).end("committed");
    });
  });
  // The whole window, icon bar included, as wide as the docs column: the commit bar spans the window.
  const view = { width: PANEL.width, height: PANEL_WINDOW.height };
  const ctx = await opts.browser.newContext({ viewport: view, deviceScaleFactor: 2 });
  try {
    const page = await ctx.newPage();
    await openTest(page, server.url, "catalogue/product card looks right");
    const accept = page.locator("button.g-button_view_action", { hasText: "Accept" }).first();
    await accept.scrollIntoViewIfNeeded();
    await settle(page);
    const clip = { x: 0, y: 0, ...view };
    const rec = await startRecording(page);
    await page.waitForTimeout(300);
    await accept.hover();
    await page.waitForTimeout(600);
    await accept.click();
    await page.mouse.move(view.width - 10, 20);
    await page.waitForTimeout(1800);
    rec.markPoster();
    const posterPx = await smallestText(page, clip);
    await still(page, "staged");
    const commit = page.getByRole("button", { name: /^Commit/ }).first();
    await commit.hover();
    await page.waitForTimeout(500);
    await commit.click();
    await page.waitForTimeout(1800);
    await still(page, "dialog");
    const confirm = page.getByRole("dialog").getByRole("button", { name: /^Commit$/ });
    await confirm.hover();
    await page.waitForTimeout(500);
    await confirm.click();
    await page.mouse.move(view.width - 10, 20);
    await page.waitForTimeout(2600);
    if (!posted.length) throw new Error("the static accepter posted no image to the service");
    console.log(`  the report posted ${posted.join(", ")}`);
    await finish(opts, "static-accepter-commit", await rec.stop(), page, clip, 1280, {
      textPx: posterPx,
      source: "html-reporter static report of the demo run with staticImageAccepter on; the script answers its POST",
    });
  } finally {
    await ctx.close();
    server.stop();
  }
}

/** A terminal session replayed line by line at the pace it ran (terminal-motion.ts). */
export async function recordTerminal(
  opts: MotionOptions,
  name: string,
  excerpt: string,
  timed: TimedOutput,
  title: string,
  removePath = "",
): Promise<void> {
  const steps = replaySteps(timeLines(excerpt, timed, removePath));
  const ctx = await opts.browser.newContext({ viewport: { width: 780, height: 400 }, deviceScaleFactor: 2 });
  try {
    const page = await ctx.newPage();
    await page.setContent(terminalPage(excerpt, "light", title));
    // The window at its final size from the start, so the picture's frame does not grow.
    const height = await page.locator(".win").evaluate((w) => w.getBoundingClientRect().height);
    await page.setViewportSize({ width: 780, height: Math.ceil(height) + 32 });
    await page.locator(".win").evaluate((w, h) => w.setAttribute("style", `min-height:${h}px`), height);
    await page.locator("pre").evaluate((p) => {
      p.innerHTML = "";
    });
    // A frame per step, at the time the replay gives it: the clip's pace does not depend on how busy the machine
    // is (a screencast of this page would stretch wherever an update took long). Every other typed character.
    const win = page.locator(".win");
    const frames: Array<{ t: number; png: Buffer }> = [];
    let t = 0;
    let typed = 0;
    for (const step of steps) {
      t += step.wait / 1000;
      if (step.skippable && typed++ % 2 === 1) continue;
      await page.locator("pre").evaluate(
        (p, html) => {
          p.innerHTML = html;
        },
        ansiToHtml(step.text, "light"),
      );
      frames.push({ t, png: await win.screenshot() });
    }
    const rec = { frames, poster: frames.length - 1, duration: t + 3 };
    const clip = await boxOf(page, ".win");
    await finish(
      opts,
      name,
      rec,
      page,
      clip,
      // The frames' own width (2× the window): resampling text would blur it and bloat the palette poster.
      Math.round(clip.width * 2),
      { textPx: 14, source: `terminal output of the demo run, replayed at its own pace: ${title}` },
      true,
    );
  } finally {
    await ctx.close();
  }
}
