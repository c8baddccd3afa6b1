// A real REPL session for the screenshots: `testplane --repl-before-test` on one demo test, with commands typed
// through the REPL's TCP port (`--repl-port`), the way a second terminal would. Testplane echoes what a client
// types to its own output, so that output is the whole session as a reader would see it in the terminal.
import { spawn } from "node:child_process";
import net from "node:net";
import { freePort, type TimedOutput } from "./procs.ts";

/** What the session types, one REPL line each; `.exit` leaves the REPL and lets the test run on. */
export const REPL_INPUT = [
  'await browser.url("/")',
  "await browser.getTitle()",
  'await browser.$("input[name=email]").setValue("anna@example.com")',
  'await browser.$("input[name=email]").getValue()',
  'await browser.$$("label").map((label) => label.getText())',
  ".exit",
];

export const REPL_TEST = "login form signs in with valid credentials";

export async function replSession(opts: {
  testplane: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<{ code: number; output: string; timed: TimedOutput }> {
  const port = await freePort();
  const args = ["--config", "testplane.config.cjs", "--repl-before-test", "--repl-port", String(port)];
  const child = spawn(opts.testplane, [...args, "--grep", REPL_TEST], {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
  });
  let output = "";
  const timed: TimedOutput = [];
  const start = Date.now();
  let exited: number | null = null;
  const onData = (d: Buffer) => {
    output += d;
    timed.push([Date.now() - start, String(d)]);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const done = new Promise<number>((ok) => child.on("close", (code) => ok((exited = code ?? 1))));
  const until = Date.now() + (opts.timeoutMs ?? 180_000);
  const waitFor = async (test: () => boolean, what: string) => {
    while (!test()) {
      if (exited !== null) throw new Error(`testplane exited (${exited}) while waiting for ${what}:\n${output}`);
      if (Date.now() > until) {
        child.kill();
        throw new Error(`REPL session timed out waiting for ${what}:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: output has ANSI codes
  const plain = () => output.replace(/\x1b\[[0-9;]*m/g, "");
  const prompts = () => plain().match(/^> /gm)?.length ?? 0;
  try {
    await waitFor(() => prompts() > 0, "the REPL prompt");
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((ok, fail) => socket.once("connect", ok).once("error", fail));
    for (const line of REPL_INPUT) {
      const before = prompts();
      socket.write(`${line}\n`);
      if (line === ".exit") break;
      await waitFor(() => prompts() > before, `the answer to ${line}`);
    }
    socket.destroy();
    return { code: await done, output, timed };
  } finally {
    if (exited === null) child.kill();
  }
}

/** The session from the REPL's welcome line to the run's totals: commands, their answers, then the test's result. */
export function replExcerpt(output: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: output has ANSI codes
  const plain = (l: string) => l.replace(/\x1b\[[0-9;]*m/g, "");
  const lines = output.split("\n");
  const start = lines.findIndex((l) => plain(l).includes("REPL mode"));
  const end = lines.findIndex((l, i) => i > start && plain(l).includes("Total:"));
  const session = lines.slice(Math.max(start, 0), end === -1 ? undefined : end + 1);
  return `$ npx testplane --repl-before-test --grep "${REPL_TEST}"\n${session.join("\n")}`;
}
