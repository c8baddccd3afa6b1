// The build's printed stages: every stage has a line with its time, the image stage one of its own (encoded, cached,
// passed through) that says what it ran beside; on a terminal a stage over a second shows a live line in place
// (done of total, elapsed), in CI or a pipe only whole lines. `dev` shows its background compile the same way.
import { describe, it, expect, afterAll, vi } from "vitest";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import sharp from "sharp";
import { createLogger, PROGRESS_AFTER_MS } from "../../cli/log.ts";
import { fixtureSite, removeSite, applyChanges } from "../support/site.ts";
import { build } from "../../cli/pipeline/build.ts";
import { startDev } from "../../cli/server/dev.ts";

/** A stream that records what is written; `isTTY` as a terminal's stderr has it. */
function recorder(isTTY: boolean) {
  const chunks: string[] = [];
  return {
    isTTY,
    write: (s: string) => {
      chunks.push(s);
      return true;
    },
    // Escapes off (colours, and the erase of a live line: "\r" alone marks a redraw in place).
    text: () => stripVTControlCharacters(chunks.join("")),
  };
}

function loggerOn(isTTY: boolean, now?: () => number) {
  const out = recorder(isTTY);
  const err = recorder(isTTY);
  return { out, err, logger: createLogger({ streams: { out, err }, now }) };
}

const LIVE = "\r";

describe("the live line of a long stage", () => {
  it("on a terminal: nothing for the first second, then done/total and elapsed in place, cleared by any line", () => {
    vi.stubEnv("CI", "");
    let t = 0;
    const { out, err, logger } = loggerOn(true, () => t);
    logger.progress("compiling", 0, 10);
    t = 500;
    logger.progress("compiling", 3, 10);
    expect(err.text()).toBe("");
    t = PROGRESS_AFTER_MS + 200;
    logger.progress("compiling", 4, 10);
    expect(err.text()).toBe(`${LIVE}compiling 4/10 · 1.2 s`);
    logger.warn("a warning");
    // The live line is wiped, the warning written, and the live line drawn again below it.
    expect(err.text()).toBe(`${LIVE}compiling 4/10 · 1.2 s${LIVE}warn a warning\n${LIVE}compiling 4/10 · 1.2 s`);
    logger.progress("compiling", 10, 10);
    expect(err.text().endsWith(LIVE)).toBe(true);
    const end = err.text().length;
    logger.step("next")();
    expect(err.text().length).toBe(end);
    expect(out.text()).toMatch(/^✓ next \d+ ms\n$/);
    vi.unstubAllEnvs();
  });

  it("without a terminal, or in CI: whole lines only", () => {
    let t = 0;
    for (const [tty, ci] of [
      [false, ""],
      [true, "true"],
    ] as const) {
      vi.stubEnv("CI", ci);
      const { out, err, logger } = loggerOn(tty, () => t);
      logger.progress("compiling", 0, 10);
      t += 5000;
      logger.progress("compiling", 5, 10);
      logger.warn("w");
      logger.step("compile 10 pages")("(beside it: images)");
      expect(err.text()).toBe("warn w\n");
      expect(out.text()).toMatch(/^✓ compile 10 pages \(beside it: images\) \d+ ms\n$/);
      vi.unstubAllEnvs();
    }
  });
});

const sites: string[] = [];
afterAll(async () => {
  for (const s of sites) await removeSite(s);
});

const PAGE = "content/en/docs/v1/guide/pictures.mdx";

/** The basic fixture with a page showing a screenshot, a small PNG, an animated GIF and an SVG. */
async function siteWithImages(): Promise<string> {
  const root = await fixtureSite("basic", {
    [PAGE]:
      "---\ntitle: Pictures\n---\n\n![A wide screenshot](./shots/wide.png)\n\n![A small icon](./shots/small.png)\n\n" +
      "![A spinner](./shots/spin.gif)\n\n![A logo](/img/logo.svg)\n",
  });
  sites.push(root);
  const dir = join(root, "content/en/docs/v1/guide/shots");
  await mkdir(dir, { recursive: true });
  const bars = (w: number, h: number) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#fafafa"/>` +
        Array.from(
          { length: 30 },
          (_, i) => `<rect x="${(i * 53) % 300}" y="${i * 30}" width="${w / 3}" height="12" fill="#468"/>`,
        ).join("") +
        "</svg>",
    );
  await sharp(bars(1600, 900)).png().toFile(join(dir, "wide.png"));
  await sharp(bars(400, 300)).png({ palette: true }).toFile(join(dir, "small.png"));
  const frame = (c: string) =>
    sharp({ create: { width: 60, height: 40, channels: 3, background: c } })
      .png()
      .toBuffer();
  await sharp([await frame("red"), await frame("blue")], { join: { animated: true } })
    .gif()
    .toFile(join(dir, "spin.gif"));
  await applyChanges(root, {
    "static/img/logo.svg":
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  });
  return root;
}

describe("a build's stage lines", () => {
  it("name the image work (encoded, cached, passed through) and what ran beside it; live lines only on a terminal", async () => {
    const root = await siteWithImages();
    // A fast clock: every stage counts as long, so a terminal's live lines show even on this small site.
    const fast = () => performance.now() * 1000;
    vi.stubEnv("CI", "");
    try {
      const tty = loggerOn(true, fast);
      const cold = await build({ root, outDir: join(root, "dist"), logger: tty.logger });
      const lines = tty.out.text();
      for (const stage of [
        "config and content index",
        "compile",
        "custom pages",
        "client bundle",
        "render",
        "write dist/",
      ])
        expect(lines).toContain(`✓ ${stage}`);
      const imageLine =
        /✓ images: (\d+) encoded, (\d+) cached, of which (\d+) passed through as they are \(([^)]*)\) \d+ ms/.exec(
          lines,
        );
      expect(imageLine, lines).not.toBeNull();
      // wide.png and the GIF's frames are encoded; small.png, the GIF (smaller than its WebP) and the SVG pass.
      expect(cold.imageStats.encoded).toBe(4);
      expect(Number(imageLine![1])).toBe(cold.imageStats.encoded);
      expect(Number(imageLine![3])).toBe(cold.imageStats.passed);
      expect(cold.imageStats.passed).toBeGreaterThanOrEqual(2);
      expect(cold.imageStats.passed).toBeLessThan(4);
      expect(imageLine![4]).toContain("beside the client bundle");
      expect(tty.err.text()).toMatch(/\rcompiling \d+\/\d+ · \d+\.\d s/);

      const plain = loggerOn(false, fast);
      const warm = await build({ root, outDir: join(root, "dist"), logger: plain.logger });
      expect(warm.imageStats.encoded).toBe(0);
      expect(plain.out.text()).toMatch(
        new RegExp(`✓ images: 0 encoded, 4 cached, of which ${cold.imageStats.passed} passed through`),
      );
      expect(plain.err.text()).not.toContain("\r");
      expect(plain.out.text()).not.toContain("\r");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("dev's background compile", () => {
  it("shows the same live line on a terminal while the pages compile", async () => {
    const root = await fixtureSite();
    sites.push(root);
    vi.stubEnv("CI", "");
    const tty = loggerOn(true, () => performance.now() * 1000);
    const running = await startDev({ root, port: 0, idleMs: 20, logger: tty.logger });
    try {
      await running.ready;
      for (let i = 0; i < 300 && !tty.out.text().includes("all pages compiled"); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(tty.out.text()).toContain("all pages compiled");
      expect(tty.err.text()).toMatch(/\rcompiling in the background \d+\/\d+ · \d+\.\d s/);
    } finally {
      await new Promise<void>((r) => running.server.close(() => r()));
      vi.unstubAllEnvs();
    }
  });
});
