// Draws the docs' flow diagrams as SVG, per language, with a `-dark` sibling for dark mode (the image stage
// shows the sibling when the site is dark). `npm run media` runs it; `tsx scripts/media/diagrams.ts` alone too.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const OUT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "content", "media", "diagrams");

const PALETTE = {
  light: { bg: "#ffffff", fg: "#1c2128", muted: "#57606a", box: "#f3f5f8", line: "#8c959f", accent: "#2f6fed" },
  dark: { bg: "#171b21", fg: "#e6edf3", muted: "#9ba6b2", box: "#22272e", line: "#6e7681", accent: "#4c8dff" },
};
type Mode = keyof typeof PALETTE;

const TEXT = {
  en: {
    arch: {
      title: "One Testplane run",
      main: "Main process",
      mainSub: "reads config, sends tests out",
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
        "3-up, swipe, onion skin",
        "or reject and fix",
        "commit it to git",
      ],
    },
  },
  ru: {
    arch: {
      title: "Один запуск Testplane",
      main: "Главный процесс",
      mainSub: "читает конфиг, раздаёт тесты",
      worker: "Воркер",
      workerSub: "выполняет файлы тестов",
      browser: "Браузер (chrome)",
      session: "Сессия",
      tests: "тест → тест → тест",
      limit: "sessionsPerBrowser = 2 · testsPerSession = 3",
    },
    accept: {
      steps: ["Тест запущен", "assertView сравнивает", "Разница в отчёте", "Принять в GUI", "Эталон обновлён"],
      subs: [
        "снят скриншот",
        "с эталоном",
        "3-up, swipe, onion skin",
        "или отклонить и исправить",
        "закоммитьте в git",
      ],
    },
  },
};
type Lang = keyof typeof TEXT;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

function svg(w: number, h: number, mode: Mode, body: string, label: string): string {
  const c = PALETTE[mode];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}">
<style>
text{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;fill:${c.fg}}
.m{fill:${c.muted};font-size:13px}.t{font-size:14.5px;font-weight:600}.h{font-size:17px;font-weight:700}
.box{fill:${c.box};stroke:${c.line};stroke-width:1.5}.acc{fill:none;stroke:${c.accent};stroke-width:2}
.ln{stroke:${c.line};stroke-width:1.5;fill:none}.ar{fill:${c.line}}
</style>
<rect width="100%" height="100%" fill="${c.bg}"/>
<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path class="ar" d="M0 0L10 5L0 10z"/></marker></defs>
${body}
</svg>
`;
}

function architecture(lang: Lang, mode: Mode): string {
  const t = TEXT[lang].arch;
  let b = `<text class="h" x="24" y="34">${esc(t.title)}</text>`;
  b += `<rect class="box" x="24" y="56" width="262" height="70" rx="8"/><text class="t" x="40" y="84">${esc(t.main)}</text>`;
  b += `<text class="m" x="40" y="106">${esc(t.mainSub)}</text>`;
  for (let w = 0; w < 2; w++) {
    const y = 160 + w * 150;
    b += `<path class="ln" d="M140 126V${y + 35}H${300}" marker-end="url(#a)"/>`;
    b += `<rect class="box" x="304" y="${y}" width="180" height="70" rx="8"/><text class="t" x="320" y="${y + 28}">${esc(t.worker)} ${w + 1}</text>`;
    b += `<text class="m" x="320" y="${y + 50}">${esc(t.workerSub)}</text>`;
  }
  b += `<rect class="box" x="540" y="150" width="336" height="310" rx="10"/><text class="t" x="560" y="178">${esc(t.browser)}</text>`;
  for (let s = 0; s < 2; s++) {
    const y = 200 + s * 120;
    b += `<rect class="acc" x="560" y="${y}" width="296" height="92" rx="8"/><text class="t" x="576" y="${y + 28}">${esc(t.session)} ${s + 1}</text>`;
    b += `<text class="m" x="576" y="${y + 56}">${esc(t.tests)}</text>`;
    b += `<path class="ln" d="M484 ${195 + s * 150}H${520}V${y + 46}H556" marker-end="url(#a)"/>`;
  }
  b += `<text class="m" x="560" y="486">${esc(t.limit)}</text>`;
  return svg(900, 510, mode, b, t.title);
}

function acceptFlow(lang: Lang, mode: Mode): string {
  const t = TEXT[lang].accept;
  let b = "";
  const w = 206;
  t.steps.forEach((step, i) => {
    const x = 16 + i * (w + 18);
    b += `<rect class="${i === 3 ? "box acc" : "box"}" x="${x}" y="20" width="${w}" height="84" rx="8"/>`;
    b += `<text class="t" x="${x + 12}" y="52">${esc(step)}</text><text class="m" x="${x + 12}" y="78">${esc(t.subs[i])}</text>`;
    if (i < t.steps.length - 1) b += `<path class="ln" d="M${x + w + 1} 62H${x + w + 16}" marker-end="url(#a)"/>`;
  });
  return svg(16 + 5 * (w + 18), 124, mode, b, t.steps.join(" → "));
}

export async function drawDiagrams(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  for (const lang of Object.keys(TEXT) as Lang[]) {
    for (const mode of Object.keys(PALETTE) as Mode[]) {
      const s = mode === "dark" ? "-dark" : "";
      await writeFile(join(OUT, `architecture-${lang}${s}.svg`), architecture(lang, mode));
      await writeFile(join(OUT, `accept-flow-${lang}${s}.svg`), acceptFlow(lang, mode));
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await drawDiagrams();
