// The media-heavy site for `npm run bench` (BENCH_ONLY=media), generated at bench time with no network: 300 MDX
// pages beside 100 screenshots of several sizes (PNG drawn like an application's UI: bars, lists, text, cards, code),
// 20 photos (JPEG with smooth light, texture and grain, as a camera gives) and 5 animated GIFs of realistic size
// (screen recordings: a cursor moving, a panel scrolling, a progress bar). Everything comes from one seeded
// generator, so every run makes the same bytes; the site is kept under .docsite/ and made again only when this
// file's generator version changes.
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import sharp from "sharp";
import { mulberry32 } from "../support/seeded.ts";

/** Bumped whenever the generator changes what it writes. */
const VERSION = "media-site-2";
export const MEDIA_PAGES = 300;
const SCREENSHOTS = 100;
const PHOTOS = 20;
const GIFS = 5;

/** The seeded numbers the fixture is drawn from: the same site on every machine. */
function seeded(seed: number) {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  return { next, int, pick };
}
type Rng = ReturnType<typeof seeded>;

const WORDS =
  "test browser screenshot report suite retry config plugin session assert element click wait selector page run fail pass diff baseline update option timeout viewport region ignore compare accept reject history filter group search tree status duration worker chrome firefox safari mobile desktop local remote grid".split(
    " ",
  );
const words = (r: Rng, n: number) => Array.from({ length: n }, () => r.pick(WORDS)).join(" ");
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** An application window as SVG, `w`×`h` CSS pixels drawn at `scale` (2 for a high-DPR screenshot). */
function uiSvg(r: Rng, w: number, h: number, scale: number, dark = r.next() < 0.3): string {
  const bg = dark ? "#1f2124" : "#ffffff";
  const panel = dark ? "#2a2d31" : "#f4f5f7";
  const fg = dark ? "#e6e6e6" : "#222831";
  const muted = dark ? "#9aa0a6" : "#6b7280";
  const accent = r.pick(["#3b82f6", "#10b981", "#8b5cf6", "#f59e0b", "#ef4444", "#0ea5e9"]);
  const parts: string[] = [`<rect width="${w}" height="${h}" fill="${bg}"/>`];
  const text = (x: number, y: number, s: string, size = 13, fill = fg, weight = 400, family = "DejaVu Sans") =>
    parts.push(
      `<text x="${x}" y="${y}" font-family="${family}" font-size="${size}" font-weight="${weight}" fill="${fill}">${esc(s)}</text>`,
    );
  // Title bar and navigation.
  parts.push(`<rect width="${w}" height="44" fill="${dark ? "#16181b" : "#fafafa"}"/>`);
  parts.push(`<rect y="44" width="${w}" height="1" fill="${dark ? "#333" : "#e5e7eb"}"/>`);
  parts.push(`<circle cx="22" cy="22" r="10" fill="${accent}"/>`);
  text(40, 27, r.pick(["Testplane", "HTML Reporter", "Dashboard", "Test runner"]), 15, fg, 700);
  for (let i = 0, x = 200; i < 5 && x < w - 120; i++) {
    const label = r.pick(WORDS);
    text(x, 27, label, 13, i === 0 ? accent : muted);
    x += label.length * 8 + 28;
  }
  // Sidebar: a tree of items with one selected.
  const side = Math.min(260, Math.floor(w / 4));
  parts.push(`<rect y="45" width="${side}" height="${h - 45}" fill="${panel}"/>`);
  const selected = r.int(2, 10);
  for (let i = 0, y = 72; y < h - 10; i++, y += 26) {
    if (i === selected)
      parts.push(`<rect x="6" y="${y - 17}" width="${side - 12}" height="24" rx="4" fill="${accent}" opacity="0.18"/>`);
    const indent = r.next() < 0.4 ? 28 : 14;
    parts.push(
      `<circle cx="${indent}" cy="${y - 5}" r="4" fill="${r.pick(["#22c55e", "#ef4444", "#a3a3a3", "#eab308"])}"/>`,
    );
    text(indent + 12, y, words(r, r.int(1, 3)).slice(0, Math.floor(side / 8) - 4), 12, i === selected ? accent : fg);
  }
  // Main column: heading, toolbar, cards, a table, a code block.
  const x0 = side + 28;
  const cw = w - x0 - 28;
  let y = 84;
  text(x0, y, words(r, r.int(2, 4)), 22, fg, 700);
  y += 22;
  for (let i = 0, bx = x0; i < 4 && bx < x0 + cw - 100; i++) {
    const label = r.pick(["Run", "Accept", "Retry", "Filter", "Expand all", "Collapse", "Show diff"]);
    const bw = label.length * 8 + 24;
    parts.push(
      `<rect x="${bx}" y="${y}" width="${bw}" height="28" rx="6" fill="${i === 0 ? accent : panel}" stroke="${dark ? "#444" : "#d1d5db"}"/>`,
    );
    text(bx + 12, y + 19, label, 12, i === 0 ? "#fff" : fg);
    bx += bw + 10;
  }
  y += 48;
  const cols = cw > 900 ? 3 : cw > 500 ? 2 : 1;
  const cardW = (cw - (cols - 1) * 16) / cols;
  for (let row = 0; row < 2 && y < h - 200; row++) {
    for (let c = 0; c < cols; c++) {
      const cx = x0 + c * (cardW + 16);
      parts.push(
        `<rect x="${cx}" y="${y}" width="${cardW}" height="110" rx="8" fill="${panel}" stroke="${dark ? "#3a3d42" : "#e5e7eb"}"/>`,
      );
      text(cx + 14, y + 26, words(r, 2), 14, fg, 600);
      text(cx + 14, y + 50, words(r, r.int(3, 6)).slice(0, Math.floor(cardW / 7.5)), 12, muted);
      const pill = r.pick(["passed", "failed", "skipped", "retried"]);
      const pc = { passed: "#16a34a", failed: "#dc2626", skipped: "#737373", retried: "#d97706" }[pill];
      parts.push(
        `<rect x="${cx + 14}" y="${y + 70}" width="${pill.length * 8 + 16}" height="22" rx="11" fill="${pc}" opacity="0.9"/>`,
      );
      text(cx + 22, y + 86, pill, 12, "#fff");
      // A small chart in some cards.
      if (r.next() < 0.5) {
        const pts = Array.from({ length: 12 }, (_, k) => `${cx + cardW - 150 + k * 12},${y + 95 - r.int(5, 60)}`);
        parts.push(`<polyline points="${pts.join(" ")}" fill="none" stroke="${accent}" stroke-width="2"/>`);
      }
    }
    y += 126;
  }
  // A table of results.
  for (let i = 0; i < 8 && y < h - 140; i++, y += 30) {
    parts.push(`<rect x="${x0}" y="${y}" width="${cw}" height="30" fill="${i === 0 ? panel : i % 2 ? bg : panel}"/>`);
    const cells =
      i === 0
        ? ["Test", "Browser", "Duration", "Status"]
        : [
            words(r, 3),
            r.pick(["chrome", "firefox", "safari"]),
            `${r.int(1, 59)}.${r.int(0, 9)} s`,
            r.pick(["ok", "fail", "flaky"]),
          ];
    for (const [k, cell] of cells.entries())
      text(
        x0 + 12 + k * (cw / 4),
        y + 20,
        cell.slice(0, Math.floor(cw / 4 / 7.5)),
        12,
        i === 0 ? muted : fg,
        i === 0 ? 600 : 400,
      );
  }
  // A code block with highlighted tokens.
  if (y < h - 60) {
    const ch = Math.min(h - y - 20, 220);
    parts.push(`<rect x="${x0}" y="${y + 10}" width="${cw}" height="${ch}" rx="6" fill="#0f172a"/>`);
    const colours = ["#93c5fd", "#fca5a5", "#86efac", "#fde68a", "#e2e8f0", "#c4b5fd"];
    for (let ly = y + 34; ly < y + ch; ly += 19) {
      let lx = x0 + 16 + r.int(0, 3) * 16;
      for (let t = 0; t < r.int(2, 6) && lx < x0 + cw - 80; t++) {
        const tok = r.pick([
          "const",
          "await",
          "browser",
          "assertView",
          "(",
          ")",
          "=>",
          "it",
          "'plain'",
          "expect",
          "url",
        ]);
        text(lx, ly, tok, 13, r.pick(colours), 400, "DejaVu Sans Mono");
        lx += tok.length * 8 + 8;
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w * scale}" height="${h * scale}" viewBox="0 0 ${w} ${h}">${parts.join("")}</svg>`;
}

/** A screenshot as PNG: sizes as people take them (a window, a dialog, a full screen; half of them at DPR 2). */
async function screenshot(r: Rng): Promise<Buffer> {
  const [w, h] = r.pick([
    [1280, 800],
    [1440, 900],
    [1200, 760],
    [960, 600],
    [760, 480],
    [1600, 1000],
    [640, 420],
  ] as const);
  const scale = r.next() < 0.5 ? 2 : 1;
  return sharp(Buffer.from(uiSvg(r, w, h, scale)))
    .png()
    .toBuffer();
}

/** A photo: smooth light and colour, texture at a middle scale, and per-pixel grain, as JPEG from a camera. */
async function photo(r: Rng): Promise<Buffer> {
  const [w, h] = r.pick([
    [1600, 1067],
    [2400, 1600],
    [3000, 2000],
    [1920, 1280],
  ] as const);
  const field = (fw: number, fh: number, ch: number, f: (x: number, y: number, c: number) => number) => {
    const b = Buffer.alloc(fw * fh * ch);
    for (let y = 0; y < fh; y++)
      for (let x = 0; x < fw; x++) for (let c = 0; c < ch; c++) b[(y * fw + x) * ch + c] = f(x, y, c);
    return b;
  };
  // Sky above, ground below, in a palette of the scene.
  const sky = [r.int(90, 200), r.int(130, 210), r.int(180, 250)];
  const ground = [r.int(40, 140), r.int(60, 150), r.int(20, 90)];
  const horizon = r.int(3, 6);
  // Brightness varies by area (shared by the channels), hue a little.
  const lit = Array.from({ length: 12 * 8 }, () => r.int(-35, 35));
  const base = field(12, 8, 3, (x, y, c) => {
    const t = y < horizon ? sky[c] - y * 6 : ground[c] + (y - horizon) * 4;
    return Math.max(0, Math.min(255, t + lit[y * 12 + x] + r.int(-10, 10)));
  });
  const light = await sharp(base, { raw: { width: 12, height: 8, channels: 3 } })
    .resize(w, h, { kernel: "cubic", fit: "fill" })
    .raw()
    .toBuffer();
  const detail = await sharp(
    field(200, 133, 1, () => r.int(60, 196)),
    { raw: { width: 200, height: 133, channels: 1 } },
  )
    .resize(w, h, { kernel: "cubic", fit: "fill" })
    .raw()
    .toBuffer();
  // Grain on a quarter of the pixels' grid, smoothed: sensor noise, not salt and pepper.
  const gw = Math.ceil(w / 2);
  const gh = Math.ceil(h / 2);
  const grain = await sharp(
    field(gw, gh, 1, () => 128 + Math.round((r.next() + r.next() + r.next() - 1.5) * 40)),
    {
      raw: { width: gw, height: gh, channels: 1 },
    },
  )
    .resize(w, h, { fit: "fill" })
    .raw()
    .toBuffer();
  const out = Buffer.alloc(w * h * 3);
  for (let i = 0, p = 0; p < w * h; p++) {
    const shade = (detail[p] - 128) * 0.45 + (grain[p] - 128) * 0.5;
    for (let c = 0; c < 3; c++, i++) out[i] = Math.max(0, Math.min(255, light[i] + shade));
  }
  return sharp(out, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: r.int(82, 92) })
    .toBuffer();
}

/** A screen recording as an animated GIF: a UI frame with a scrolling panel, a moving cursor and a progress bar. */
async function recording(r: Rng, w: number, h: number, frames: number): Promise<Buffer> {
  const { data } = await sharp(Buffer.from(uiSvg(r, w, h, 1, false)))
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const all = Buffer.alloc(w * h * 3 * frames);
  const side = Math.min(260, Math.floor(w / 4));
  const rect = (buf: Buffer, off: number, x: number, y: number, rw: number, rh: number, rgb: number[]) => {
    for (let yy = Math.max(0, y); yy < Math.min(h, y + rh); yy++)
      for (let xx = Math.max(0, x); xx < Math.min(w, x + rw); xx++) {
        const i = off + (yy * w + xx) * 3;
        buf[i] = rgb[0];
        buf[i + 1] = rgb[1];
        buf[i + 2] = rgb[2];
      }
  };
  let cx = w / 2;
  let cy = h / 2;
  for (let f = 0; f < frames; f++) {
    const off = f * w * h * 3;
    // The main column scrolls up a few pixels a frame (rows move, as in a real recording); the sidebar stays.
    const scroll = Math.floor(f * 4) % Math.max(1, h - 200);
    for (let y = 0; y < h; y++) {
      const src = y < 46 ? y : 46 + ((y - 46 + scroll) % (h - 46));
      data.copy(all, off + y * w * 3, y * w * 3, y * w * 3 + side * 3);
      data.copy(all, off + y * w * 3 + side * 3, src * w * 3 + side * 3, (src + 1) * w * 3);
    }
    rect(all, off, side + 20, h - 18, Math.floor(((w - side - 40) * (f + 1)) / frames), 6, [59, 130, 246]);
    cx = Math.max(10, Math.min(w - 20, cx + r.int(-18, 18)));
    cy = Math.max(50, Math.min(h - 30, cy + r.int(-12, 12)));
    rect(all, off, cx, cy, 3, 18, [0, 0, 0]);
    rect(all, off, cx, cy, 12, 3, [0, 0, 0]);
  }
  return sharp(all, { raw: { width: w, height: h * frames, channels: 3, pageHeight: h }, limitInputPixels: false })
    .gif({ delay: 100, loop: 0 })
    .toBuffer();
}

const GIF_SIZES: Array<[number, number, number]> = [
  [1280, 800, 40],
  [1440, 900, 60],
  [960, 600, 36],
  [1100, 700, 80],
  [800, 500, 30],
];

function pageText(r: Rng, n: number, images: string[]): string {
  const para = () => `${words(r, r.int(25, 60)).replace(/^./, (c) => c.toUpperCase())}.`;
  const parts = [`---\ntitle: ${words(r, 3)} (${n})\ndescription: ${words(r, 8)}.\n---\n`, para()];
  for (let s = 0; s < r.int(2, 4); s++) {
    parts.push(`## ${words(r, 2)} ${n}-${s}`, para());
    if (images[s]) parts.push(images[s]);
    if (r.next() < 0.5) parts.push(Array.from({ length: r.int(3, 6) }, () => `- ${words(r, r.int(4, 10))}`).join("\n"));
    if (r.next() < 0.6)
      parts.push(
        "```ts\n" +
          Array.from(
            { length: r.int(4, 12) },
            () => `await browser.${r.pick(["url", "click", "assertView"])}("${words(r, 2)}");`,
          ).join("\n") +
          "\n```",
      );
    if (r.next() < 0.2) parts.push(`:::note\n\n${para()}\n\n:::`);
  }
  for (const extra of images.slice(4)) parts.push(extra);
  return `${parts.join("\n\n")}\n`;
}

/**
 * Makes (or reuses) the media site at `to`: the `basic` test fixture's config, theme strings and custom page, with the
 * generated pages under its guide folder and the media beside them.
 */
export async function mediaSite(repo: string, to: string): Promise<string> {
  const marker = join(to, ".generated");
  const made = await readFile(marker, "utf8").catch(() => "");
  if (made === VERSION) return to;
  await rm(to, { recursive: true, force: true });
  await cp(join(repo, "tests", "fixtures", "basic"), to, { recursive: true });
  await cp(join(repo, "i18n"), join(to, "i18n"), { recursive: true });
  const dir = join(to, "content", "en", "docs", "v1", "guide", "media");
  await mkdir(join(dir, "img"), { recursive: true });
  const r = seeded(20261128);
  const shots: string[] = [];
  for (let i = 0; i < SCREENSHOTS; i++) {
    const name = `screen-${String(i).padStart(3, "0")}.png`;
    await writeFile(join(dir, "img", name), await screenshot(r));
    shots.push(name);
  }
  const photos: string[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const name = `photo-${String(i).padStart(2, "0")}.jpg`;
    await writeFile(join(dir, "img", name), await photo(r));
    photos.push(name);
  }
  const gifs: string[] = [];
  for (let i = 0; i < GIFS; i++) {
    const [w, h, frames] = GIF_SIZES[i];
    const name = `recording-${i}.gif`;
    await writeFile(join(dir, "img", name), await recording(r, w, h, frames));
    gifs.push(name);
  }
  const image = (file: string, what: string) => `![${what} ${file.replace(/\.\w+$/, "")}](./img/${file})`;
  for (let n = 0; n < MEDIA_PAGES; n++) {
    const images: string[] = [];
    // Every screenshot on a page of its own, a quarter of them shown again elsewhere (as docs reuse pictures); the
    // photos and recordings on pages of their own; the other pages text and code only.
    if (n < SCREENSHOTS) images.push(image(shots[n], "Screenshot of"));
    else if (n < SCREENSHOTS + PHOTOS) images.push(image(photos[n - SCREENSHOTS], "Photo"));
    else if (n < SCREENSHOTS + PHOTOS + GIFS) images.push(image(gifs[n - SCREENSHOTS - PHOTOS], "Recording of"));
    else if (n < SCREENSHOTS + PHOTOS + GIFS + 25) images.push(image(shots[(n * 7) % SCREENSHOTS], "Again:"));
    await writeFile(join(dir, `page-${String(n).padStart(3, "0")}.mdx`), pageText(r, n, images));
  }
  await writeFile(marker, VERSION);
  return to;
}

/**
 * The media rows of `npm run bench`: the media site built cold (no `.docsite/cache`) and again with no change, each as
 * a new `docsite build` process (wall, CPU of the process and its children, the tree's peak RSS), with the build's
 * image line. The CLI bundle is made by an untimed build first.
 */
export async function benchMedia(repo: string): Promise<string> {
  const { timedCli, timedText } = await import("./build-bench.ts");
  const { loadavg, tmpdir } = await import("node:os");
  const { mkdtemp } = await import("node:fs/promises");
  const root = await mediaSite(repo, join(repo, ".docsite", "bench-media-site"));
  const outDir = join(tmpdir(), "docsite-bench-media-dist");
  const cliCache = await mkdtemp(join(tmpdir(), "docsite-bench-cli-"));
  const load0 = loadavg()[0];
  try {
    await timedCli(root, outDir, cliCache);
    await rm(join(root, ".docsite"), { recursive: true, force: true });
    const cold = await timedCli(root, outDir, cliCache);
    const warm = await timedCli(root, outDir, cliCache);
    const imageLine = (t: { stdout?: string }) =>
      /images: ([^(]*)/.exec(stripVTControlCharacters(t.stdout ?? ""))?.[1].trim() ?? "";
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    return [
      `\n## Build: media site (${MEDIA_PAGES} pages, ${SCREENSHOTS} screenshots, ${PHOTOS} photos, ${GIFS} GIFs; generated, seeded)\n`,
      `load average ${load0.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end\n`,
      "| build, new `docsite build` process | wall, CPU | peak RSS (tree) | images |",
      "|---|---:|---:|---|",
      `| cold (no .docsite) | ${timedText(cold)} | ${mb(cold.peakRss)} | ${imageLine(cold)} |`,
      `| no change | ${timedText(warm)} | ${mb(warm.peakRss)} | ${imageLine(warm)} |`,
    ].join("\n");
  } finally {
    await rm(cliCache, { recursive: true, force: true });
  }
}
