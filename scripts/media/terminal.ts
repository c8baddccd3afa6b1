// Renders terminal output with ANSI colours as an HTML page, so Playwright can screenshot what a reader would see
// in a terminal. Light and dark palettes; only the SGR codes Testplane prints (colours, bold, dim, underline).
const PALETTES = {
  light: {
    bg: "#fbfbfc",
    fg: "#1f2329",
    chrome: "#e8eaee",
    c: ["#1f2329", "#c0262d", "#1a7f37", "#9a6700", "#0a58ca", "#8250df", "#0e7490", "#6e7781"],
  },
  dark: {
    bg: "#15181d",
    fg: "#e6edf3",
    chrome: "#262b33",
    c: ["#8b949e", "#ff7b72", "#56d364", "#e3b341", "#79c0ff", "#d2a8ff", "#56d4dd", "#b1bac4"],
  },
};

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function ansiToHtml(text: string, mode: "light" | "dark"): string {
  const pal = PALETTES[mode];
  let out = "";
  let style: { color?: string; bold?: boolean; dim?: boolean; underline?: boolean } = {};
  let open = false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC
  for (const part of text.split(/(\x1b\[[0-9;]*m)/)) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: see above
    const m = /^\x1b\[([0-9;]*)m$/.exec(part);
    if (!m) {
      out += escapeHtml(part);
      continue;
    }
    for (const code of (m[1] || "0").split(";").map(Number)) {
      if (code === 0) style = {};
      else if (code === 1) style.bold = true;
      else if (code === 2) style.dim = true;
      else if (code === 4) style.underline = true;
      else if (code === 22) style.bold = style.dim = false;
      else if (code === 24) style.underline = false;
      else if (code >= 30 && code <= 37) style.color = pal.c[code - 30];
      else if (code >= 90 && code <= 97) style.color = pal.c[code - 90];
      else if (code === 39) style.color = undefined;
    }
    if (open) out += "</span>";
    const css = [
      style.color && `color:${style.color}`,
      style.bold && "font-weight:700",
      style.dim && "opacity:.7",
      style.underline && "text-decoration:underline",
    ].filter(Boolean);
    open = css.length > 0;
    if (open) out += `<span style="${css.join(";")}">`;
  }
  if (open) out += "</span>";
  return out;
}

export function terminalPage(text: string, mode: "light" | "dark", title: string): string {
  const pal = PALETTES[mode];
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;padding:16px;background:transparent;font:14px/1.45 "DejaVu Sans Mono",monospace}
.win{background:${pal.bg};color:${pal.fg};border-radius:10px;overflow:hidden;box-shadow:0 0 0 1px ${pal.chrome}}
.bar{background:${pal.chrome};padding:8px 12px;font:14px system-ui,sans-serif;color:${pal.fg};opacity:.85}
pre{margin:0;padding:14px 16px;white-space:pre-wrap;font:inherit}
</style></head><body><div class="win"><div class="bar">${escapeHtml(title)}</div><pre>${ansiToHtml(text, mode)}</pre></div>
</body></html>`;
}
