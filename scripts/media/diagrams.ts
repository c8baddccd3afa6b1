// Draws the docs' diagrams as SVG, per language, with a `-dark` sibling for dark mode (the image stage shows the
// sibling when the site is dark). `npm run media` runs it; `tsx scripts/media/diagrams.ts` alone too.
//
// Every box is a <g class="box"> holding its <rect> and its <text> lines; boxes are sized from their text (an
// estimate per character), and tests/browser/diagrams.test.ts checks in Chromium that no text runs out of its box.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const OUT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "content", "media", "diagrams");

const PALETTE = {
  light: {
    bg: "#ffffff",
    fg: "#1c2128",
    muted: "#57606a",
    box: "#f3f5f8",
    line: "#8c959f",
    accent: "#2f6fed",
    soft: "#eaf1fe",
    warn: "#9a6700",
  },
  dark: {
    bg: "#171b21",
    fg: "#e6edf3",
    muted: "#9ba6b2",
    box: "#22272e",
    line: "#6e7681",
    accent: "#4c8dff",
    soft: "#1c2a44",
    warn: "#e3b341",
  },
};
type Mode = keyof typeof PALETTE;
type Lang = "en" | "ru";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** Text classes: title (t), muted line (m), heading (h), code (c: monospace event and option names). */
type Cls = "t" | "m" | "h" | "c";
const SIZE: Record<Cls, number> = { t: 14.5, m: 13, h: 17, c: 13 };

/**
 * Width of a line of text, estimated from its characters (generous: boxes are sized from it, and the browser test
 * fails a diagram whose text overflows anyway). Monospace is 0.6 em a character in the fonts the stack names.
 */
export function textWidth(s: string, cls: Cls): number {
  const size = SIZE[cls];
  if (cls === "c") return s.length * size * 0.62;
  let em = 0;
  for (const ch of s) {
    if (/[A-Z]/.test(ch)) em += 0.66;
    else if (/[а-яё]/.test(ch)) em += 0.6;
    else if (/[А-ЯЁ]/.test(ch)) em += 0.7;
    else if (/[mwMWшщжюыф]/.test(ch)) em += 0.82;
    else if (/[ilj.,:;'|!ı ]/.test(ch)) em += 0.3;
    else if (/[→·=]/.test(ch)) em += 0.7;
    else em += 0.56;
  }
  return em * size * (cls === "t" || cls === "h" ? 1.15 : 1.04);
}

function svg(w: number, h: number, mode: Mode, body: string, label: string): string {
  const c = PALETTE[mode];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}">
<style>
text{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;fill:${c.fg}}
.m{fill:${c.muted};font-size:13px}.t{font-size:14.5px;font-weight:600}.h{font-size:17px;font-weight:700}
.c{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:13px}
.box>rect{fill:${c.box};stroke:${c.line};stroke-width:1.5}.acc>rect{stroke:${c.accent};stroke-width:2}
.soft>rect{fill:${c.soft};stroke:${c.accent};stroke-width:1.5}.frame{fill:none;stroke:${c.line};stroke-width:1.2;stroke-dasharray:5 4}
.ln{stroke:${c.line};stroke-width:1.5;fill:none}.dash{stroke-dasharray:5 4}.ar{fill:${c.line}}.acl{stroke:${c.accent}}
.w{fill:${c.warn}}
</style>
<rect width="100%" height="100%" fill="${c.bg}"/>
<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path class="ar" d="M0 0L10 5L0 10z"/></marker></defs>
${body}
</svg>
`;
}

interface Line {
  text: string;
  cls: Cls;
}
const L = (text: string, cls: Cls = "m"): Line => ({ text, cls });

/** The width a box needs for its lines (padding included). */
const boxWidth = (lines: Line[], pad = 16) =>
  Math.ceil(Math.max(...lines.map((l) => textWidth(l.text, l.cls))) + 2 * pad);
const LINE_GAP = 22;
const boxHeight = (lines: Line[]) => 20 + lines.length * LINE_GAP;

/** A box at (x, y), `w` wide (at least what its text needs), with its lines; `extra` classes (acc, soft). */
function box(x: number, y: number, w: number, lines: Line[], extra = ""): { svg: string; w: number; h: number } {
  const width = Math.max(w, boxWidth(lines));
  const h = boxHeight(lines);
  let s = `<g class="box ${extra}"><rect x="${x}" y="${y}" width="${width}" height="${h}" rx="8"/>`;
  lines.forEach((l, i) => {
    s += `<text class="${l.cls}" x="${x + 14}" y="${y + 28 + i * LINE_GAP}">${esc(l.text)}</text>`;
  });
  return { svg: `${s}</g>`, w: width, h };
}

const arrow = (d: string, cls = "ln") => `<path class="${cls}" d="${d}" marker-end="url(#a)"/>`;
const label = (x: number, y: number, text: string, cls: Cls = "m", anchor = "start") =>
  `<text class="${cls}" x="${x}" y="${y}" text-anchor="${anchor}">${esc(text)}</text>`;

const TEXT = {
  en: {
    arch: {
      title: "One Testplane run",
      main: "Main process",
      mainSub: "reads the config, hands tests to workers",
      worker: "Worker",
      workerSub: "runs test files",
      browser: "Browser (chrome)",
      session: "Session",
      tests: "test → test → test",
      limit: "sessionsPerBrowser = 2 · testsPerSession = 3",
    },
    accept: {
      steps: ["Test runs", "assertView compares", "Diff in the report", "Accept in the GUI", "Reference updated"],
      subs: [
        "screenshot taken",
        "with the reference",
        "SbS, swipe, onion skin",
        "or reject and fix",
        "commit it to git",
      ],
    },
    protocols: {
      title: "How Testplane reaches the browser",
      testplane: "Testplane",
      wdio: "WebdriverIO",
      rows: [
        {
          name: "WebDriver (default)",
          via: "an HTTP request per command",
          middle: ["Driver or grid", "chromedriver, geckodriver,", "safaridriver, Selenium Grid"],
          browser: ["Browser", "Chrome, Firefox,", "Safari, Edge"],
          note: "+ a CDP connection to Chromium, when it can find one: mock, throttle, isolation",
        },
        {
          name: "CDP (devtools)",
          via: "WebSocket",
          middle: null,
          browser: ["Chrome", "on the same machine,", "started by Testplane,", "no driver"],
          note: "Chromium-based browsers only; gridUrl is ignored",
        },
        {
          name: "WebDriver BiDi",
          via: "HTTP + a WebSocket",
          middle: ["Driver or grid", "that supports BiDi"],
          browser: ["Browser", "Chrome 128+, Firefox 119+"],
          note: "webSocketUrl: true in desiredCapabilities",
        },
      ],
    },
    events: {
      title: "Events of a run, in order",
      master: "Main process",
      worker: "Worker process",
      perTest: "for each test attempt",
      newSession: "when the test needs a new session",
      suiteFirst: "before a suite's first test",
      suiteLast: "after a suite's last test",
      sessionEnd: "when a session closes",
      readEach: "for each test file",
      workerStart: "when a worker starts",
      workerRead: "for each file a worker reads",
      newBrowser: "when a worker creates a browser",
      updateRef: "with --update-refs, when a reference is written",
      runs: "runs the test",
      outcome: "one of",
    },
    ci: {
      title: "What a pull request run leaves behind",
      pr: ["Pull request", "push → workflow run"],
      log: ["Job log", "each test's result", "and the totals line"],
      summary: ["Job summary", "failed tests listed by", "gh-actions-testplane"],
      artifact: ["Artifact", "testplane-report.zip:", "download, unpack, then", "npx http-server"],
      comment: ["Comment on the PR", "a link to the report", "published to GitHub Pages"],
      drawn: "A diagram, not a screenshot of GitHub",
    },
  },
  ru: {
    arch: {
      title: "Один запуск Testplane",
      main: "Главный процесс",
      mainSub: "читает конфиг, передаёт тесты воркерам",
      worker: "Воркер",
      workerSub: "выполняет файлы тестов",
      browser: "Браузер (chrome)",
      session: "Сессия",
      tests: "тест → тест → тест",
      limit: "sessionsPerBrowser = 2 · testsPerSession = 3",
    },
    accept: {
      steps: ["Тест запущен", "assertView сравнивает", "Разница в отчёте", "Принять в GUI", "Эталон обновлён"],
      subs: ["снят скриншот", "с эталоном", "SbS, swipe, onion skin", "или отклонить и исправить", "закоммитьте в git"],
    },
    protocols: {
      title: "Как Testplane управляет браузером",
      testplane: "Testplane",
      wdio: "WebdriverIO",
      rows: [
        {
          name: "WebDriver (по умолчанию)",
          via: "HTTP-запрос на каждую команду",
          middle: ["Драйвер или грид", "chromedriver, geckodriver,", "safaridriver, Selenium Grid"],
          browser: ["Браузер", "Chrome, Firefox,", "Safari, Edge"],
          note: "+ CDP-соединение с Chromium, если его удаётся найти: mock, throttle, isolation",
        },
        {
          name: "CDP (devtools)",
          via: "WebSocket",
          middle: null,
          browser: ["Chrome", "на той же машине,", "запускает Testplane,", "без драйвера"],
          note: "только браузеры на Chromium; gridUrl не используется",
        },
        {
          name: "WebDriver BiDi",
          via: "HTTP + WebSocket",
          middle: ["Драйвер или грид", "с поддержкой BiDi"],
          browser: ["Браузер", "Chrome 128+, Firefox 119+"],
          note: "webSocketUrl: true в desiredCapabilities",
        },
      ],
    },
    events: {
      title: "События запуска по порядку",
      master: "Главный процесс",
      worker: "Процесс-воркер",
      perTest: "для каждой попытки теста",
      newSession: "когда тесту нужна новая сессия",
      suiteFirst: "перед первым тестом набора",
      suiteLast: "после последнего теста набора",
      sessionEnd: "когда сессия закрывается",
      readEach: "для каждого файла тестов",
      workerStart: "при запуске воркера",
      workerRead: "для каждого файла, который читает воркер",
      newBrowser: "когда воркер создаёт браузер",
      updateRef: "с --update-refs, когда записан эталон",
      runs: "выполняет тест",
      outcome: "одно из",
    },
    ci: {
      title: "Что остаётся после запуска в пул-реквесте",
      pr: ["Пул-реквест", "push → запуск workflow"],
      log: ["Лог задачи", "результат каждого теста", "и строка итогов"],
      summary: ["Сводка задачи", "упавшие тесты — список", "от gh-actions-testplane"],
      artifact: ["Артефакт", "testplane-report.zip:", "скачать, распаковать,", "затем npx http-server"],
      comment: ["Комментарий в PR", "ссылка на отчёт", "на GitHub Pages"],
      drawn: "Схема, а не скриншот GitHub",
    },
  },
};

/**
 * The widest a diagram may be: the docs column of a 1280 px window is about 670 CSS px, and a picture no wider than it
 * is drawn at its own size, so its 13 px text stays 13 px (tests/browser/diagrams.test.ts holds ≥ 12 px).
 */
export const MAX_WIDTH = 670;

function architecture(lang: Lang, mode: Mode): string {
  const t = TEXT[lang].arch;
  let b = label(24, 34, t.title, "h");
  const main = box(24, 56, 262, [L(t.main, "t"), L(t.mainSub)]);
  b += main.svg;
  const workerW = Math.max(...[1, 2].map((n) => boxWidth([L(`${t.worker} ${n}`, "t"), L(t.workerSub)])));
  // The workers hang under the main box, the browser to their right: narrow enough for the docs column.
  const wx = 24 + 36;
  const wxEnd = wx + workerW;
  const browserX = wxEnd + 48;
  for (let w = 0; w < 2; w++) {
    const y = 160 + w * 150;
    b += arrow(`M${wx - 18} ${56 + main.h}V${y + 35}H${wx - 4}`);
    b += box(wx, y, workerW, [L(`${t.worker} ${w + 1}`, "t"), L(t.workerSub)]).svg;
  }
  const sessionW = Math.max(220, boxWidth([L(t.tests)]) + 20, boxWidth([L(`${t.session} 1`, "t")]));
  const browserW = sessionW + 40;
  b += `<g class="box"><rect x="${browserX}" y="150" width="${browserW}" height="310" rx="10"/>${label(browserX + 20, 178, t.browser, "t")}</g>`;
  for (let s = 0; s < 2; s++) {
    const y = 200 + s * 120;
    b += box(browserX + 20, y, sessionW, [L(`${t.session} ${s + 1}`, "t"), L(t.tests)], "acc").svg;
    b += arrow(`M${wxEnd} ${195 + s * 150}H${wxEnd + 20}V${y + 46}H${browserX + 16}`);
  }
  // The limits under the whole drawing, from the left edge: the line is longer than the browser box.
  b += label(24, 490, t.limit);
  const width = Math.max(24 + main.w + 24, browserX + browserW + 24, 24 + textWidth(t.limit, "m") + 24);
  return svg(Math.ceil(width), 510, mode, b, t.title);
}

/** The steps in rows of as many as fit the docs column, each row's last step leading down to the next row's first. */
function acceptFlow(lang: Lang, mode: Mode): string {
  const t = TEXT[lang].accept;
  const lines = t.steps.map((step, i) => [L(step, "t"), L(t.subs[i])]);
  const w = Math.max(150, ...lines.map((l) => boxWidth(l)));
  const h = boxHeight(lines[0]);
  const gap = 28;
  const rowGap = 34;
  const rowWidth = (n: number) => 16 + n * w + (n - 1) * gap + 16;
  let perRow = t.steps.length;
  while (perRow > 1 && rowWidth(perRow) > MAX_WIDTH) perRow--;
  const place = (i: number) => ({
    x: 16 + (i % perRow) * (w + gap),
    y: 16 + Math.floor(i / perRow) * (h + rowGap),
  });
  let b = "";
  lines.forEach((l, i) => {
    const { x, y } = place(i);
    b += box(x, y, w, l, i === 3 ? "acc" : "").svg;
    if (i === t.steps.length - 1) return;
    const next = place(i + 1);
    if (next.y === y) b += arrow(`M${x + w + 1} ${y + h / 2}H${next.x - 4}`);
    else b += arrow(`M${x + w / 2} ${y + h + 1}V${y + h + rowGap / 2}H${next.x + w / 2}V${next.y - 4}`);
  });
  const rows = Math.ceil(t.steps.length / perRow);
  return svg(
    rowWidth(Math.min(perRow, t.steps.length)),
    16 + rows * h + (rows - 1) * rowGap + 16,
    mode,
    b,
    t.steps.join(" → "),
  );
}

/** WebDriver, CDP and BiDi: what sits between Testplane and the browser, and over what. */
function protocols(lang: Lang, mode: Mode): string {
  const t = TEXT[lang].protocols;
  let b = label(24, 34, t.title, "h");
  const tpLines = [L(t.testplane, "t"), L(t.wdio)];
  const tpW = boxWidth(tpLines);
  const middleW = Math.max(
    ...t.rows.map((r) => (r.middle ? boxWidth(r.middle.map((m, i) => L(m, i ? "m" : "t"))) : 0)),
  );
  const browserW = Math.max(...t.rows.map((r) => boxWidth(r.browser.map((m, i) => L(m, i ? "m" : "t")))));
  const x0 = 24;
  const arrowW = 26;
  const xMid = x0 + tpW + arrowW;
  const xBro = xMid + middleW + arrowW;
  let y = 60;
  let width = xBro + browserW + 24;
  for (const row of t.rows) {
    // The protocol and what it travels over, as the row's heading; the chain of boxes under it.
    b += label(x0, y + 14, row.name, "t");
    b += label(x0 + textWidth(row.name, "t") + 12, y + 14, `— ${row.via}`);
    width = Math.max(width, x0 + textWidth(row.name, "t") + 12 + textWidth(`— ${row.via}`, "m") + 24);
    y += 26;
    const h = Math.max(
      boxHeight(row.browser.map((m) => L(m))),
      row.middle ? boxHeight(row.middle.map((m) => L(m))) : 0,
    );
    b += box(x0, y, tpW, tpLines).svg;
    const cy = y + 31;
    const end = row.middle ? xMid : xBro;
    b += arrow(`M${x0 + tpW} ${cy}H${end - 4}`, "ln acl");
    if (row.middle) {
      b += box(
        xMid,
        y,
        middleW,
        row.middle.map((m, i) => L(m, i ? "m" : "t")),
      ).svg;
      b += arrow(`M${xMid + middleW} ${cy}H${xBro - 4}`);
    }
    b += box(
      xBro,
      y,
      browserW,
      row.browser.map((m, i) => L(m, i ? "m" : "t")),
      "soft",
    ).svg;
    const noteY = y + Math.max(h, boxHeight(tpLines)) + 20;
    b += label(x0, noteY, row.note);
    width = Math.max(width, x0 + textWidth(row.note, "m") + 24);
    y = noteY + 26;
  }
  return svg(Math.ceil(width), y, mode, b, t.title);
}

/** The events of a run in the order they come: the main process, then what a worker emits under it. */
function eventOrder(lang: Lang, mode: Mode): string {
  const t = TEXT[lang].events;
  let b = label(24, 34, t.title, "h");
  // Main process column: [event(s), note]
  const before: Array<[string, string?]> = [
    ["CLI"],
    ["INIT"],
    ["BEFORE_FILE_READ → AFTER_FILE_READ", t.readEach],
    ["AFTER_TESTS_READ"],
    ["RUNNER_START"],
    ["BEGIN"],
  ];
  const perTest: Array<[string, string?]> = [
    ["SESSION_START", t.newSession],
    ["SUITE_BEGIN", t.suiteFirst],
    ["TEST_BEGIN"],
    ["TEST_ASSIGNED_TO_WORKER"],
    ["TEST_PASS | TEST_FAIL | RETRY", t.outcome],
    ["TEST_END"],
    ["SUITE_END", t.suiteLast],
  ];
  const after: Array<[string, string?]> = [["SESSION_END", t.sessionEnd], ["END"], ["RUNNER_END"]];
  const x = 40;
  const rowH = 30;
  const colW = Math.ceil(
    Math.max(
      ...[...before, ...perTest, ...after].map(([e, n]) => textWidth(e, "c") + (n ? textWidth(n, "m") + 28 : 0)),
      textWidth(t.master, "t"),
    ) + 60,
  );
  let y = 66;
  b += label(x, y, t.master, "t");
  y += 14;
  let items = "";
  const item = (e: string, note: string | undefined, indent: number) => {
    const cy = y + rowH / 2;
    let s = `<circle cx="${x + indent + 6}" cy="${cy - 4}" r="4" class="ar"/>`;
    s += label(x + indent + 20, cy, e, "c");
    if (note) s += label(x + indent + 20 + textWidth(e, "c") + 14, cy, note, "m");
    y += rowH;
    return s;
  };
  const lineTop = y + rowH / 2 - 4;
  for (const [e, n] of before) items += item(e, n, 0);
  const loopTop = y + 4;
  items += label(x + 20, y + 22, t.perTest, "m");
  y += 30;
  for (const [e, n] of perTest) items += item(e, n, 20);
  const loopBottom = y + 6;
  items += `<rect class="frame" x="${x + 10}" y="${loopTop}" width="${colW - 10}" height="${loopBottom - loopTop}" rx="8"/>`;
  y += 12;
  for (const [e, n] of after) items += item(e, n, 0);
  // The time line under the dots, drawn first.
  b += `<path class="ln" d="M${x + 6} ${lineTop}V${y - rowH / 2 - 4}"/>${items}`;
  // The worker's events under the main process, indented: the main process hands it the test.
  const worker: Array<[string, string]> = [
    ["INIT", ""],
    ["BEFORE_FILE_READ → AFTER_FILE_READ", t.workerRead],
    ["AFTER_TESTS_READ", ""],
    ["NEW_BROWSER", t.newBrowser],
    ["UPDATE_REFERENCE", t.updateRef],
  ];
  const wx = x + 60;
  let wy = y + 30;
  b += label(wx, wy, t.worker, "t");
  wy += 14;
  const wColW = Math.ceil(
    Math.max(...worker.map(([e, n]) => Math.max(textWidth(e, "c"), textWidth(n, "m"))), textWidth(t.worker, "t")) + 40,
  );
  const startLabel = ["NEW_WORKER_PROCESS", t.workerStart] as const;
  const workerTop = wy;
  b += box(wx, wy, wColW, [L(startLabel[0], "c"), L(startLabel[1])], "soft").svg;
  wy += boxHeight([L(""), L("")]) + 16;
  for (const [e, n] of worker) {
    const lines = n ? [L(e, "c"), L(n)] : [L(e, "c")];
    b += box(wx, wy, wColW, lines).svg;
    wy += boxHeight(lines) + 12;
  }
  // The master hands the test to a worker: from TEST_ASSIGNED_TO_WORKER's row, right of the loop, down to the worker.
  const assignedRow = 80 + before.length * rowH + 30 + 3 * rowH + rowH / 2 - 4;
  const side = Math.max(x + colW + 20, wx + wColW + 20);
  b += arrow(`M${x + colW + 4} ${assignedRow}H${side}V${workerTop + 30}H${wx + wColW + 6}`, "ln dash");
  b += label(side - 8, assignedRow - 8, t.runs, "m", "end");
  const width = Math.max(side + 24, wx + wColW + 24);
  return svg(Math.ceil(width), wy + 8, mode, b, t.title);
}

/** A GitHub Actions run of a pull request: where its results end up. A drawing, said so in the picture. */
function ciOutputs(lang: Lang, mode: Mode): string {
  const t = TEXT[lang].ci;
  let b = label(24, 34, t.title, "h");
  const lines = (a: string[]) => a.map((s, i) => L(s, i ? "m" : "t"));
  const pr = lines(t.pr);
  const prW = boxWidth(pr);
  b += box(24, 120, prW, pr, "acc").svg;
  const outs = [t.log, t.summary, t.artifact, t.comment].map(lines);
  const outW = Math.max(...outs.map((o) => boxWidth(o)));
  const ox = 24 + prW + 70;
  let y = 56;
  for (const o of outs) {
    b += box(ox, y, outW, o, "soft").svg;
    b += arrow(
      `M${24 + prW} ${120 + boxHeight(pr) / 2}C${ox - 30} ${120 + boxHeight(pr) / 2} ${ox - 40} ${y + 30} ${ox - 4} ${y + 30}`,
    );
    y += boxHeight(o) + 14;
  }
  b += label(24, y + 10, t.drawn, "m");
  const width = Math.max(ox + outW + 24, 24 + textWidth(t.drawn, "m") + 24);
  return svg(Math.ceil(width), y + 26, mode, b, t.title);
}

export const DIAGRAMS = {
  architecture,
  "accept-flow": acceptFlow,
  protocols,
  "event-order": eventOrder,
  "ci-outputs": ciOutputs,
};

export async function drawDiagrams(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  for (const lang of Object.keys(TEXT) as Lang[]) {
    for (const mode of Object.keys(PALETTE) as Mode[]) {
      const s = mode === "dark" ? "-dark" : "";
      for (const [name, draw] of Object.entries(DIAGRAMS))
        await writeFile(join(OUT, `${name}-${lang}${s}.svg`), draw(lang, mode));
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await drawDiagrams();
