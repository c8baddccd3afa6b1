// `docsite dev`'s memory under many saves of a large page while live-update clients are connected that never read
// (a tab in the background of a suspended laptop, a stuck proxy): the real command is started, `clients` such
// clients open the event stream, the page is saved `saves` times with ~`pageKB` KB of text (each save waits until a
// reading client got the new page), and the server's RSS (from /proc) is printed at the start, after the saves, and
// after the stalled clients are gone. Run alone: `tsx tests/bench/dev-memory.ts <site> <content file> <page path>
// [saves] [clients] [pageKB]`, or as the `devmemory` section of `npm run bench`.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import net from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { table } from "./measure.ts";

const BIN = resolve(fileURLToPath(import.meta.url), "..", "..", "..", "bin", "docsite.js");

export interface DevMemory {
  saves: number;
  clients: number;
  pageKB: number;
  /** RSS in MB: after the first page was served, after the saves, after the stalled clients closed. */
  start: number;
  afterSaves: number;
  afterClose: number;
  /** Stalled clients the server had dropped by the end of the saves. */
  dropped: number;
}

const rssMB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An event-stream client that sends its request and then never reads (its socket paused, its buffer small). */
function stalledClient(port: number): Promise<{ socket: net.Socket; closedByServer: () => boolean }> {
  return new Promise((ok, fail) => {
    let closed = false;
    const socket = net.connect({ port, host: "127.0.0.1" }, () => {
      socket.write("GET /__docsite/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n");
      socket.pause();
      ok({ socket, closedByServer: () => closed });
    });
    socket.on("close", () => {
      closed = true;
    });
    socket.on("error", () => {
      closed = true;
    });
    socket.once("error", fail);
  });
}

/** A client that reads the event stream; `waitFor(text)` resolves once an event holding `text` arrived. */
function readingClient(port: number) {
  let seen = "";
  const waiting: Array<{ text: string; done: () => void }> = [];
  const socket = net.connect({ port, host: "127.0.0.1" }, () =>
    socket.write("GET /__docsite/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"),
  );
  let closed = false;
  socket.on("close", () => {
    closed = true;
  });
  socket.on("data", (d: Buffer) => {
    // The last chunk and a short tail before it (a marker may span two chunks): this process's memory stays flat.
    const text = seen + d.toString();
    for (const w of waiting.splice(0))
      if (text.includes(w.text)) w.done();
      else waiting.push(w);
    seen = text.slice(-256);
  });
  return {
    socket,
    closed: () => closed,
    waitFor: (text: string) => new Promise<void>((done) => waiting.push({ text, done })),
  };
}

async function startDev(root: string): Promise<{ child: ChildProcess; port: number }> {
  // DEV_MEMORY_NODE_ARGS: Node options for the server alone (`--max-old-space-size=160`: a leak ends in an OOM).
  const nodeArgs = (process.env.DEV_MEMORY_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, BIN, "dev", "--root", root, "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const port = await new Promise<number>((ok, fail) => {
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) ok(Number(m[1]));
    });
    child.on("exit", (code) => fail(new Error(`docsite dev exited with ${code}: ${out}`)));
  });
  return { child, port };
}

/** Paragraphs of plain text, about `kb` KB. */
const filler = (kb: number) =>
  Array.from(
    { length: Math.ceil((kb * 1024) / 200) },
    (_, i) => `Paragraph ${i} of filler text that makes the page large enough to matter for the memory of dev.\n`,
  ).join("\n");

export async function benchDevMemory(
  root: string,
  file: string,
  pagePath: string,
  { saves = 200, clients = 10, pageKB = 300 } = {},
): Promise<DevMemory> {
  const abs = resolve(root, file);
  const original = await readFile(abs, "utf8");
  const body = filler(pageKB);
  await writeFile(abs, `${original}\n\n${body}`);
  const { child, port } = await startDev(root);
  const pid = child.pid!;
  const stalled: Array<Awaited<ReturnType<typeof stalledClient>>> = [];
  try {
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}${pagePath}`);
      await res.text();
      if (res.status === 200) break;
      await sleep(50);
    }
    const reader = readingClient(port);
    for (let i = 0; i < clients; i++) stalled.push(await stalledClient(port));
    await sleep(1500); // the watcher starts after the first page
    const start = rssMB(pid);
    for (let i = 1; i <= saves; i++) {
      const marker = `dev-memory-save-${i}-${Date.now()}`;
      const seen = reader.waitFor(marker);
      await writeFile(abs, `${original}\n\n${marker}\n\n${body}`);
      // A save the server never pushes (a dropped reading client, a missed file event) ends the run, saying so.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        seen,
        new Promise((_, fail) => {
          timer = setTimeout(
            () => fail(new Error(`save ${i}: no page event after 120 s (reading client closed: ${reader.closed()})`)),
            120_000,
          );
        }),
      ]).finally(() => clearTimeout(timer));
    }
    const afterSaves = rssMB(pid);
    // A paused socket sees its end only when it reads: the clients read now, and those the server closed end.
    for (const c of stalled) c.socket.resume();
    await sleep(2000);
    const dropped = stalled.filter((c) => c.closedByServer()).length;
    for (const c of stalled) c.socket.destroy();
    reader.socket.destroy();
    await sleep(3000);
    const afterClose = rssMB(pid);
    return { saves, clients, pageKB, start, afterSaves, afterClose, dropped };
  } finally {
    for (const c of stalled) c.socket.destroy();
    await writeFile(abs, original);
    child.kill("SIGTERM");
  }
}

export function devMemoryTable(r: DevMemory): string {
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  return [
    `\n## docsite dev memory: ${r.saves} saves of a ${r.pageKB} KB page, ${r.clients} live-update clients that never read\n`,
    table(
      ["moment", "server RSS"],
      [
        ["first page served, clients connected", mb(r.start)],
        [
          `after ${r.saves} saves (${r.dropped} of ${r.clients} stalled clients dropped by the server)`,
          mb(r.afterSaves),
        ],
        ["3 s after every client closed", mb(r.afterClose)],
      ],
      ["---", "---:"],
    ),
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [site, file, pagePath, saves, clients, pageKB] = process.argv.slice(2);
  if (!site || !file || !pagePath) {
    console.error("usage: tsx tests/bench/dev-memory.ts <site> <content file> <page path> [saves] [clients] [pageKB]");
    process.exit(2);
  }
  const r = await benchDevMemory(resolve(site), file, pagePath, {
    saves: saves ? Number(saves) : undefined,
    clients: clients ? Number(clients) : undefined,
    pageKB: pageKB ? Number(pageKB) : undefined,
  });
  console.log(devMemoryTable(r));
}
