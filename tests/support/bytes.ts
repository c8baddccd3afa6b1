// Measures what a page makes the browser download on first load: its HTML, the CSS it links or inlines, and the
// JavaScript it loads eagerly (module scripts, modulepreloads and their static imports). Gzip level 9, as static
// hosts serve.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, posix } from "node:path";

export const gz = (data: string | Uint8Array) => gzipSync(data, { level: 9 }).length;

function staticImports(js: string): string[] {
  const out: string[] = [];
  for (const m of js.matchAll(/(?:^|[;}\s])import\s*(?:[\w${}\s,*]+from\s*)?["']([^"']+)["']/g)) out.push(m[1]);
  return out;
}

export function firstLoad(
  dist: string,
  pagePath: string,
): { html: number; css: number; js: number; jsFiles: string[] } {
  const file = pagePath.endsWith(".html") ? pagePath : posix.join(pagePath, "index.html");
  const html = readFileSync(join(dist, file), "utf8");
  const css = [...html.matchAll(/<link rel="stylesheet" href="(\/[^"]+)"/g)].map((m) => m[1]);
  const roots = [
    ...[...html.matchAll(/<script type="module" src="(\/[^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link rel="modulepreload" href="(\/[^"]+)"/g)].map((m) => m[1]),
  ];
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const js = readFileSync(join(dist, url), "utf8");
    for (const imp of staticImports(js)) queue.push(posix.join(posix.dirname(url), imp));
  }
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  return {
    html: gz(html),
    css: css.reduce((n, u) => n + gz(readFileSync(join(dist, u))), 0) + (inlineCss ? gz(inlineCss) : 0),
    js: [...seen].reduce((n, u) => n + gz(readFileSync(join(dist, u))), 0) + (inline ? gz(inline) : 0),
    jsFiles: [...seen],
  };
}
