// The page `docsite dev` answers with when a page cannot be drawn: the problem, where it is, and that the page
// reloads by itself once the file is fixed.
import { plain } from "./problem-board.ts";
import { escapeHtml } from "../render/html.ts";
import { DocsiteError, formatError, location } from "../log.ts";

export function errorPage(err: unknown): string {
  const text = plain(formatError(err));
  const where = err instanceof DocsiteError ? location(err.where) : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>docsite: build error</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#1e1e1e;color:#eee}main{max-width:900px;margin:40px auto;padding:0 20px}h1{color:#ff6b6b;font-size:20px}pre{white-space:pre-wrap;background:#2b2b2b;padding:16px;border-radius:6px}</style></head>
<body><main><h1>Build error${where ? ` in ${escapeHtml(where)}` : ""}</h1><pre>${escapeHtml(text)}</pre><p>Fix the file and save: this page reloads by itself.</p></main></body></html>`;
}
