// Processes the screenshot script starts: chromedriver on a free 127.0.0.1 port, Testplane runs, a static server.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { createReadStream, existsSync, statSync } from "node:fs";
import { extname, join, normalize } from "node:path";

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = net.createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => ok(port));
    });
  });
}

async function waitForHttp(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Started {
  url: string;
  stop(): void;
}

/** Starts chromedriver on a free port; `stop` kills exactly that process. */
export async function startChromedriver(bin: string): Promise<Started> {
  const port = await freePort();
  const child = spawn(bin, [`--port=${port}`, "--allowed-ips=127.0.0.1"], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/status`, 15_000);
  return { url, stop: () => child.kill() };
}

/** Output as it arrived: milliseconds since the start, and the text. */
export type TimedOutput = Array<[number, string]>;

/**
 * Runs a command and returns its exit code and output (stdout and stderr interleaved), and the output with the time
 * each piece arrived (for the moving terminal pictures).
 */
export function run(
  cmd: string,
  args: string[],
  opts: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<{ code: number; output: string; timed: TimedOutput }> {
  return new Promise((ok, fail) => {
    const child: ChildProcess = spawn(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env } });
    let output = "";
    const timed: TimedOutput = [];
    const start = Date.now();
    const onData = (d: Buffer) => {
      output += d;
      timed.push([Date.now() - start, String(d)]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    const timer = setTimeout(() => child.kill(), opts.timeoutMs ?? 300_000);
    child.on("error", fail);
    child.on("close", (code) => {
      clearTimeout(timer);
      ok({ code: code ?? 1, output, timed });
    });
  });
}

/** Starts a long-running command and resolves once `ready` matches its output. */
export function startCommand(
  cmd: string,
  args: string[],
  opts: { cwd: string; env?: Record<string, string>; ready: RegExp; timeoutMs?: number },
): Promise<{ output: () => string; stop(): void }> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env } });
    let output = "";
    const timer = setTimeout(() => {
      child.kill();
      fail(new Error(`${cmd} ${args.join(" ")} did not start:\n${output}`));
    }, opts.timeoutMs ?? 120_000);
    const onData = (d: Buffer) => {
      output += d;
      if (opts.ready.test(output)) {
        clearTimeout(timer);
        ok({ output: () => output, stop: () => child.kill() });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", fail);
  });
}

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".db": "application/octet-stream",
  ".wasm": "application/wasm",
};

/** Serves a folder on 127.0.0.1 (the HTML report); `post` answers POST requests (the static accepter's service). */
export async function serveDir(
  dir: string,
  post?: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<Started> {
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && post) return post(req, res);
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.close() };
}
