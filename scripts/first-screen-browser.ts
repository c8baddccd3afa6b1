// The browser half of the first-screen comparison (`docusaurus-check --screens`): serves docsite's build with
// `docsite serve` (the real CLI, with its CSP) and the Docusaurus build with a small static server, both on
// 127.0.0.1, opens each page in headless Chromium at each viewport, measures it (scripts/first-screen.ts says what)
// and saves a screenshot of the first screen of both beside each other's name.
import { spawn, type ChildProcess } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../tests/support/chromium.ts";
import type { FirstScreen } from "./first-screen.ts";
import { contentType } from "../cli/server/mime.ts";

/** The file a static host (as Docusaurus' docs describe) answers for a path: `x/index.html`, `x.html`, `x`. */
function staticFile(dir: string, baseUrl: string, pathname: string): string | undefined {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (!rel.startsWith(baseUrl)) return undefined;
  rel = rel.slice(baseUrl.length);
  if (rel.split("/").includes("..")) return undefined;
  const base = join(dir, rel);
  for (const f of [base, join(base, "index.html"), `${base.replace(/\/$/, "")}.html`])
    if (existsSync(f) && statSync(f).isFile()) return f;
  return undefined;
}

/** Serves a Docusaurus build folder at its base URL on 127.0.0.1 (a free port); its 404.html for what is not there. */
export function serveStatic(dir: string, baseUrl: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const file = staticFile(dir, baseUrl, new URL(req.url ?? "/", "http://x").pathname);
    const notFound = join(dir, "404.html");
    const send = file ?? (existsSync(notFound) ? notFound : undefined);
    res.statusCode = file ? 200 : 404;
    if (!send) return res.end("not found");
    res.setHeader("content-type", contentType(send));
    createReadStream(send).pipe(res);
  });
  return new Promise((done, failed) => {
    server.once("error", failed);
    server.listen(0, "127.0.0.1", () => {
      const a = server.address();
      done({ server, origin: `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}` });
    });
  });
}

/** A free port on 127.0.0.1, for `docsite serve --port`. */
function freePort(): Promise<number> {
  return new Promise((done, failed) => {
    const s = createServer();
    s.once("error", failed);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => done(typeof a === "object" && a ? a.port : 0));
    });
  });
}

/** `docsite serve --root <site>` through the real CLI; resolves once it prints its address. */
export async function docsiteServe(bin: string, root: string): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [bin, "serve", "--root", root, "--port", String(port)], {
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let said = "";
  return new Promise((done, failed) => {
    const read = (chunk: Buffer) => {
      said += chunk.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(said);
      if (m) done({ child, origin: `http://127.0.0.1:${m[1]}` });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) =>
      failed(new Error(`docsite serve --root ${root} ended (exit ${code}): ${said.trim()}`)),
    );
  });
}

// Runs in the page (a string, so no helper the TypeScript runner adds to functions reaches the browser).
const MEASURE = `(() => {
  const vw = innerWidth, vh = innerHeight;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none" && Number(s.opacity) > 0;
  };
  const outside = "nav, aside, footer, .navbar, [role=banner], .menu, .theme-doc-sidebar-container, .table-of-contents, .sidebar, .toc, [data-navbar], .mobile-menu";
  const text = (el) => (el.innerText || el.textContent || "").replace(/\\s+/g, " ").trim();
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  // The colour a reader sees: the element's colour over every ancestor's background, as rgb numbers.
  const layers = (el, prop) => {
    const out = [];
    for (let e = el; e; e = e.parentElement) {
      const c = getComputedStyle(e)[prop];
      out.push(c);
      prop = "backgroundColor";
    }
    out.push("rgb(255, 255, 255)");
    return out;
  };
  const seen = (el, prop) => {
    if (!el) return undefined;
    const stack = layers(el, prop).reverse();
    ctx.clearRect(0, 0, 1, 1);
    for (const c of stack) { ctx.fillStyle = "#000"; ctx.fillStyle = c; ctx.fillRect(0, 0, 1, 1); }
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return d[0] + "," + d[1] + "," + d[2];
  };
  const all = (sel) => [...document.querySelectorAll(sel)];
  const h1 = all("h1").find(visible);
  const headings = all("h1, h2, h3").filter((h) => !h.closest(outside) && visible(h));
  const navbar = all(".navbar, header").find(visible);
  // The brand's image, else (a swizzled Navbar/Logo) the first image of the navbar's left third.
  const logo = all(".navbar__brand img, .navbar__brand svg, .navbar__logo img, .navbar__logo svg").find(visible) ||
    (navbar ? [...navbar.querySelectorAll("img, svg")].find((e) => visible(e) && e.getBoundingClientRect().left < vw / 3) : undefined);
  const navLink = all(".navbar__items .navbar__link, .navbar .navbar__link").find((a) => visible(a) && a.getBoundingClientRect().top < 120);
  const main = document.querySelector("article .markdown, .markdown, article, main") || document.body;
  // A link on the page (not a skip link kept off-screen until focused).
  const onPage = (a) => { const r = a.getBoundingClientRect(); return r.left >= 0 && r.top + scrollY >= 0 && !/skip/i.test(a.className + " " + a.getAttribute("href")); };
  const contentLink = [...main.querySelectorAll("a[href]")].find((a) => visible(a) && onPage(a) && !a.closest(outside) && !a.classList.contains("hash-link") && !a.closest("h1,h2,h3,h4,.button,[class*=button],[class*=card]"));
  const lr = logo && logo.getBoundingClientRect();
  return {
    url: location.pathname,
    width: vw,
    height: vh,
    h1Top: h1 ? h1.getBoundingClientRect().top + scrollY : undefined,
    h1Text: h1 ? text(h1) : undefined,
    firstScreenHeadings: headings.filter((h) => h.getBoundingClientRect().top + scrollY < vh).map(text),
    headings: headings.map(text),
    logo: logo ? (logo.tagName.toLowerCase() === "svg" ? "inline-svg" : logo.getAttribute("src") || "") : undefined,
    logoSize: lr ? [Math.round(lr.width), Math.round(lr.height)] : undefined,
    navbarBackground: navbar ? seen(navbar, "backgroundColor") : undefined,
    navbarLink: navLink ? seen(navLink, "color") : undefined,
    contentLink: contentLink ? seen(contentLink, "color") : undefined,
    contentLinkText: contentLink ? text(contentLink).slice(0, 60) : undefined,
    bodyBackground: seen(document.body, "backgroundColor"),
    overflowX: Math.max(0, document.documentElement.scrollWidth - vw),
    cspViolations: (window.__cspViolations || []).slice(),
  };
})()`;

const RECORD_CSP = `window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(e.violatedDirective + " " + (e.blockedURI || "inline") + (e.sourceFile ? " (" + e.sourceFile.split("/").pop() + ":" + e.lineNumber + ")" : ""));
});`;

/**
 * MEASURE once the page stays put: a page that moves on by itself (a script sending the reader to another address,
 * as jest's docs pages do) destroys the context an evaluation runs in; it is measured where it ends up.
 */
async function measureSettled(page: Page): Promise<FirstScreen> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.evaluate("document.fonts ? document.fonts.ready.then(() => true) : true");
      return (await page.evaluate(MEASURE)) as FirstScreen;
    } catch (err) {
      if (attempt >= 3 || !/context was destroyed|navigat/i.test((err as Error).message)) throw err;
      await page.waitForLoadState("load", { timeout: 120_000 });
      await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => undefined);
    }
  }
}

export interface ScreenJob {
  /** Path of the page under the site (with the base URL). */
  path: string;
  width: number;
  height: number;
}

/** Opens each page on one origin at each viewport, light colour scheme, and measures it after it has loaded. */
export async function measureAll(
  origin: string,
  jobs: ScreenJob[],
  shots: string,
  side: "docsite" | "docusaurus",
  browser?: Browser,
): Promise<FirstScreen[]> {
  mkdirSync(shots, { recursive: true });
  const own = browser ?? (await launchChromium());
  const out: FirstScreen[] = [];
  try {
    for (const job of jobs) {
      const context = await own.newContext({
        viewport: { width: job.width, height: job.height },
        colorScheme: "light",
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      await page.addInitScript(RECORD_CSP);
      const logged: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) logged.push(m.text().slice(0, 160));
      });
      await page.goto(origin + job.path, { waitUntil: "load", timeout: 120_000 });
      // Web fonts and islands settle the layout; the first screen is what a reader sees once they have.
      await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => undefined);
      const m = await measureSettled(page);
      // Violations reported only to the console (before the listener, or from a worker) count as well.
      for (const c of logged) if (!m.cspViolations.some((v) => c.includes(v.split(" ")[1]))) m.cspViolations.push(c);
      const name = `${job.path.replace(/^\/|\/$/g, "").replace(/[^a-zA-Z0-9.-]+/g, "_") || "home"}-${job.width}`;
      await page.screenshot({ path: join(shots, `${name}-${side}.png`) });
      out.push(m);
      await context.close();
    }
  } finally {
    if (!browser) await own.close();
  }
  return out;
}
