// The Quickstart runs for real: its testplane.config.ts and its first test file (for English also step 7's
// screenshot check: it fails without a reference and passes after --update-refs), taken from the page as a reader
// copies them, run with Testplane against a page served on 127.0.0.1 that stands in for example.com, in Debian's
// Chromium driven by Debian's chromedriver. For this machine a small wrapper config overrides only where the browser
// comes from (gridUrl, the Chromium binary and its flags), the site address (baseUrl) and the plugins (html-reporter
// is not a dependency of this repository: it needs a native SQLite build).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fg from "fast-glob";
import { extractCodeBlocks, metaTitle, root, type CodeBlock } from "../support/code-blocks.ts";

const pages = ["content/en/docs/v8/quickstart/index.mdx", "content/ru/docs/v8/quickstart/index.mdx"];
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromedriver = process.env.CHROMEDRIVER_PATH ?? "/usr/bin/chromedriver";

/** The page's first block with this title and language. */
function block(blocks: CodeBlock[], title: string, lang: string): CodeBlock {
  const found = blocks.find((b) => metaTitle(b.meta) === title && b.lang === lang);
  if (!found) throw new Error(`${blocks[0]?.file}: no ${lang} block titled ${title}`);
  return found;
}

/** The blocks under the heading with this {#id}, up to the next heading of the same or a higher level. */
function sectionBlocks(page: string, id: string): CodeBlock[] {
  const text = readFileSync(root + page, "utf8");
  const lines = text.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^#{2,3} .*\\{#${id}\\}\\s*$`).test(l));
  if (start < 0) throw new Error(`${page}: no heading {#${id}}`);
  const depth = /^#+/.exec(lines[start])![0].length;
  let end = lines.findIndex((l, i) => i > start && /^#{2,3} /.test(l) && /^#+/.exec(l)![0].length <= depth);
  if (end < 0) end = lines.length;
  return extractCodeBlocks(page, text).filter((b) => b.line > start + 1 && b.line <= end);
}

/** The stand-in for example.com: the heading, the link and the title the Quickstart's test checks. */
const examplePage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Example Domain</title></head>
<body><div><h1>Example Domain</h1>
<p>This domain is for use in documentation examples without needing permission.</p>
<p><a href="https://www.iana.org/help/example-domains">Learn more</a></p></div></body></html>`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForDriver(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`chromedriver exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/status`);
      const body = (await res.json()) as { value?: { ready?: boolean } };
      if (body.value?.ready) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`chromedriver did not become ready at ${url} within 20 s:\n${output()}`);
}

function run(
  cmd: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" } });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${cmd} ${args.join(" ")} did not finish within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

const available = existsSync(chromium) && existsSync(chromedriver);

describe("the Quickstart runs with Testplane", () => {
  let dir = "";
  let server: Server;
  let driver: ChildProcess;
  let driverLog = "";
  let baseUrl = "";
  let gridUrl = "";

  beforeAll(async () => {
    if (!available) throw new Error(`need ${chromium} and ${chromedriver} (apt-get install chromium chromium-driver)`);
    server = createServer((req, res) => {
      if (req.url === "/" || req.url?.startsWith("/?")) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(examplePage);
      } else res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const address = server.address();
    if (!address || typeof address !== "object") throw new Error("page server has no port");
    baseUrl = `http://127.0.0.1:${address.port}`;

    const port = await freePort();
    gridUrl = `http://127.0.0.1:${port}`;
    driver = spawn(chromedriver, [`--port=${port}`, "--allowed-ips=127.0.0.1"], { stdio: ["ignore", "pipe", "pipe"] });
    driver.stdout?.on("data", (d) => (driverLog += d));
    driver.stderr?.on("data", (d) => (driverLog += d));
    await waitForDriver(gridUrl, driver, () => driverLog);

    dir = mkdtempSync(join(tmpdir(), "docsite-quickstart-"));
  });

  afterAll(async () => {
    driver?.kill();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A project folder holding the page's config, the given test file and the wrapper config for this machine. */
  function project(page: string, name: string, testFile: CodeBlock): string {
    const folder = join(dir, `${page.split("/")[1]}-${name}`);
    mkdirSync(join(folder, "testplane-tests"), { recursive: true });
    symlinkSync(join(root, "node_modules"), join(folder, "node_modules"), "dir");
    writeFileSync(join(folder, "package.json"), JSON.stringify({ name: "shop-tests", private: true }));
    const blocks = extractCodeBlocks(page, readFileSync(root + page, "utf8"));
    writeFileSync(join(folder, "testplane.config.ts"), block(blocks, "testplane.config.ts", "typescript").code);
    writeFileSync(join(folder, "testplane-tests", "home.testplane.ts"), testFile.code);
    writeFileSync(
      join(folder, "testplane.local.config.ts"),
      `import pageConfig from "./testplane.config";

const chrome = pageConfig.browsers.chrome;

export default {
    ...pageConfig,
    gridUrl: ${JSON.stringify(gridUrl)},
    baseUrl: ${JSON.stringify(baseUrl)},
    plugins: {},
    browsers: {
        chrome: {
            ...chrome,
            desiredCapabilities: {
                ...chrome.desiredCapabilities,
                "goog:chromeOptions": {
                    binary: ${JSON.stringify(chromium)},
                    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
                },
            },
        },
    },
};
`,
    );
    return folder;
  }

  /** Runs Testplane in a project; returns its exit code, the flat reporter's totals and the whole output. */
  async function testplane(folder: string, ...args: string[]) {
    const cli = join(root, "node_modules", "testplane", "bin", "testplane");
    const { code, out } = await run(
      process.execPath,
      [cli, "--config", "testplane.local.config.ts", ...args],
      folder,
      100_000,
    );
    const summary = /Total: (\d+) Passed: (\d+) Failed: (\d+)/.exec(out);
    if (!summary) throw new Error(`no summary in Testplane's output:\n${out}`);
    return { code, total: Number(summary[1]), passed: Number(summary[2]), failed: Number(summary[3]), out };
  }

  const testFiles = (page: string) =>
    extractCodeBlocks(page, readFileSync(root + page, "utf8")).filter(
      (b) => metaTitle(b.meta) === "testplane-tests/home.testplane.ts" && b.lang === "typescript",
    );

  it.each(pages)("%s: its config and first tests pass in Chromium", { timeout: 120_000 }, async (page) => {
    const [firstTest] = testFiles(page);
    const { out, ...result } = await testplane(project(page, "first-test", firstTest));
    const count = (firstTest.code.match(/^\s*it\(/gm) ?? []).length;
    expect(result, out).toEqual({ code: 0, total: count, passed: count, failed: 0 });
  });

  // One locale is enough here: three Testplane runs take about 40 s on a loaded machine.
  it.each(pages.slice(0, 1))(
    "%s: the screenshot check fails without a reference, then passes after --update-refs",
    {
      timeout: 150_000,
    },
    async (page) => {
      const screenshotTest = testFiles(page).find((b) => b.code.includes("assertView("));
      if (!screenshotTest) throw new Error(`${page}: no home.testplane.ts block with assertView`);
      const folder = project(page, "screenshot", screenshotTest);

      const first = await testplane(folder);
      expect({ code: first.code, failed: first.failed }, first.out).toEqual({ code: 1, failed: 1 });
      const update = await testplane(folder, "--update-refs");
      expect({ code: update.code, failed: update.failed }, update.out).toEqual({ code: 0, failed: 0 });
      // the page says references live in testplane/screens by default
      const references = fg.sync("testplane/screens/**/content-block.png", { cwd: folder });
      expect(references).toHaveLength(1);
      const again = await testplane(folder);
      expect({ code: again.code, passed: again.passed, failed: again.failed }, again.out).toEqual({
        code: 0,
        passed: 1,
        failed: 0,
      });
    },
  );

  // "Run without downloading a browser": the page's own config (gridUrl at the chromedriver the page starts, the
  // distribution's Chromium as the binary) with only baseUrl and plugins overridden. The driver runs on the port the
  // page's `chromedriver --port=…` command names; the config must name the same port.
  async function runVariant(page: string, id: string) {
    const blocks = sectionBlocks(page, id);
    const config = blocks.find((b) => b.lang === "typescript" && metaTitle(b.meta) === "testplane.config.ts");
    if (!config) throw new Error(`${page}: no testplane.config.ts under {#${id}}`);
    const start = sectionBlocks(page, "without-download")
      .concat(blocks)
      .map((b) => /chromedriver --port=(\d+)/.exec(b.code))
      .find(Boolean);
    if (!start) throw new Error(`${page}: no "chromedriver --port=…" command under {#without-download}`);
    const port = Number(start[1]);
    expect(config.code, "the config's gridUrl names the port the page starts chromedriver on").toContain(
      `gridUrl: "http://127.0.0.1:${port}"`,
    );
    const binary = /binary: "([^"]+)"/.exec(config.code)?.[1];
    expect(binary, "the config names a browser binary").toBeTruthy();
    expect(existsSync(binary!), `${binary} exists on this machine`).toBe(true);

    const folder = join(dir, `${page.split("/")[1]}-${id}`);
    mkdirSync(join(folder, "testplane-tests"), { recursive: true });
    symlinkSync(join(root, "node_modules"), join(folder, "node_modules"), "dir");
    writeFileSync(join(folder, "package.json"), JSON.stringify({ name: "shop-tests", private: true }));
    writeFileSync(join(folder, "testplane.config.ts"), config.code);
    writeFileSync(join(folder, "testplane-tests", "home.testplane.ts"), testFiles(page)[0].code);
    writeFileSync(
      join(folder, "testplane.local.config.ts"),
      `import pageConfig from "./testplane.config";

export default { ...pageConfig, baseUrl: ${JSON.stringify(baseUrl)}, plugins: {} };
`,
    );
    const own = spawn(chromedriver, [`--port=${port}`, "--allowed-ips=127.0.0.1"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    own.stdout?.on("data", (d) => (log += d));
    own.stderr?.on("data", (d) => (log += d));
    try {
      await waitForDriver(`http://127.0.0.1:${port}`, own, () => log);
      return await testplane(folder);
    } finally {
      own.kill();
      await new Promise((r) => (own.exitCode !== null ? r(null) : own.once("exit", r)));
    }
  }

  it.each(pages)(
    "%s: the container-as-root config runs in the installed Chromium",
    { timeout: 120_000 },
    async (page) => {
      const { out, ...result } = await runVariant(page, "container-as-root");
      const count = (testFiles(page)[0].code.match(/^\s*it\(/gm) ?? []).length;
      expect(result, out).toEqual({ code: 0, total: count, passed: count, failed: 0 });
    },
  );

  // As root the installed-browser config (no --no-sandbox) must fail the way the troubleshooting entry says; as a
  // regular user it must pass.
  it.each(pages.slice(0, 1))(
    "%s: the installed-browser config runs (or, as root, fails as the page warns)",
    { timeout: 120_000 },
    async (page) => {
      const { out, ...result } = await runVariant(page, "installed-browser");
      if (process.getuid?.() === 0) {
        expect(result.failed, out).toBeGreaterThan(0);
        // the message the page's troubleshooting entry quotes
        const summary = /<summary>(session not created: Chrome instance exited)/.exec(
          readFileSync(root + page, "utf8"),
        );
        expect(summary, "the troubleshooting entry quotes the error").not.toBeNull();
        expect(out).toContain(summary![1]);
      } else {
        expect({ code: result.code, failed: result.failed }, out).toEqual({ code: 0, failed: 0 });
      }
    },
  );
});
