// Evaluates a Docusaurus project's config or sidebars file as Docusaurus does: in a child process
// (config-runner.mjs) whose working directory is the site folder, with the site's own modules and installed packages
// loaded for real and a stand-in, named, for a package that is not installed. The child is bounded: a config that
// loops or waits too long is stopped after `timeoutMs`, one whose promise can never settle (the event loop emptied)
// fails at once, and either failure names the file. Values come back as JSON with `$`-tagged descriptors for what
// JSON cannot hold (functions with the module they came from, stand-ins, regular expressions, cycles).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { DocsiteError } from "../log.ts";
import { fromRoot } from "../boot/locations.ts";

export interface LoadedModule {
  value: unknown;
  /** Packages the file (or a module it loads) required that are not installed: stood in for. */
  stubbed: string[];
  /** Of those, the ones the site's own files required (a value of the config may come from them). */
  stubbedBySite?: string[];
}

export interface LoadOptions {
  /** The Docusaurus site folder: the working directory, and the root for locations in messages. */
  siteDir: string;
  /** Call an exported function and await its result (a config may export one; sidebars may not). */
  call?: boolean;
  /** How long the evaluation may take. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/** A function of the config: its name and, when it came from a module, which one and which export. */
export interface FunctionRef {
  $fn: string;
  /** The package name it was imported by, or the absolute path of the project file. */
  $module?: string;
  $export?: string;
  /** The file the module resolved to. */
  $file?: string;
  /** Its source text (Function.prototype.toString), when not too long. */
  $source?: string;
}

export const isStub = (v: unknown): v is { $stub: string } =>
  typeof v === "object" && v !== null && typeof (v as { $stub?: unknown }).$stub === "string";
export const isFunctionRef = (v: unknown): v is FunctionRef =>
  typeof v === "object" && v !== null && typeof (v as { $fn?: unknown }).$fn === "string";
export const isCycle = (v: unknown): v is { $cycle: string } =>
  typeof v === "object" && v !== null && typeof (v as { $cycle?: unknown }).$cycle === "string";

const RUNNER = fromRoot("cli", "import", "config-runner.mjs");

/** NODE_OPTIONS without loader and preload flags (a test runner's or tsx's must not load into the config). */
function childNodeOptions(value: string | undefined): string | undefined {
  if (!value) return value;
  const kept: string[] = [];
  const parts = value.split(/\s+/).filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (/^--(import|loader|experimental-loader|require)$/.test(p) || p === "-r") i++;
    else if (!/^--(import|loader|experimental-loader|require)=/.test(p)) kept.push(p);
  }
  return kept.join(" ");
}

interface RunnerError {
  message: string;
  stack?: string;
  file?: string;
  line?: number;
  column?: number;
}

/** The first place in the site's own files that the error's stack names (not node_modules, not docsite). */
function siteLocation(
  err: RunnerError,
  siteDir: string,
  file: string,
): { file: string; line?: number; column?: number } {
  if (err.file) return { file: err.file, line: err.line, column: err.column };
  for (const m of (err.stack ?? "").matchAll(/(?:\(|at )((?:file:\/\/)?\/[^():\s]+):(\d+):(\d+)/g)) {
    const f = m[1].replace(/^file:\/\//, "");
    if (f.startsWith(siteDir + sep) && !f.split(sep).includes("node_modules"))
      return { file: f, line: Number(m[2]), column: Number(m[3]) };
  }
  return { file };
}

export async function loadModule(fileName: string, opts: LoadOptions): Promise<LoadedModule> {
  const file = resolve(fileName);
  const rel = relative(process.cwd(), file) || file;
  if (file.endsWith(".json")) {
    try {
      return { value: JSON.parse(readFileSync(file, "utf8")), stubbed: [] };
    } catch (err) {
      throw new DocsiteError(`cannot be read as JSON: ${(err as Error).message}`, { file: rel }, "fix the file");
    }
  }
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const env = { ...process.env, NODE_ENV: "production" } as NodeJS.ProcessEnv;
  const nodeOptions = childNodeOptions(env.NODE_OPTIONS);
  if (nodeOptions) env.NODE_OPTIONS = nodeOptions;
  else delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, [RUNNER, JSON.stringify({ file, call: opts.call ?? false })], {
    cwd: resolve(opts.siteDir),
    env,
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  type Message =
    | { kind: "value"; value: unknown; stubbed: string[]; bySite?: string[] }
    | { kind: "error"; error: RunnerError; stubbed: string[] }
    | { kind: "unsettled" };
  let message: Message | undefined;
  child.on("message", (m: Message) => {
    message ??= m;
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, timeoutMs);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.on("error", (error) => resolve({ code: null, signal: null, error }));
    child.on("exit", (code, signal) => resolve({ code, signal }));
  });
  clearTimeout(timer);
  const what = opts.call ? "the config" : "the file";
  if (timedOut)
    throw new DocsiteError(
      `${what} did not finish evaluating within ${Math.round(timeoutMs / 1000)} s (a loop, or an await that takes too long, in it or in the function it exports)`,
      { file: rel },
      "fix the file so it finishes; a slow step (a network request?) can be given more time with --config-timeout <seconds>",
    );
  if (exit.error) throw new DocsiteError(`could not start Node to evaluate it: ${exit.error.message}`, { file: rel });
  if (message?.kind === "unsettled")
    throw new DocsiteError(
      `${what} exports a function whose promise never settles: nothing was left to wait for, yet it had not resolved`,
      { file: rel },
      "make the exported function resolve (or return the config object itself)",
    );
  if (message?.kind === "error") {
    const where = siteLocation(message.error, opts.siteDir, file);
    const missing = message.stubbed.length ? ` (packages not installed: ${message.stubbed.join(", ")})` : "";
    throw new DocsiteError(
      `${opts.call ? "the config" : "the file"} cannot be evaluated: ${message.error.message.split("\n")[0]}${missing}`,
      { ...where, file: relative(process.cwd(), where.file) || where.file },
      missing ? "install the project's packages (npm install in the Docusaurus folder) and import again" : undefined,
    );
  }
  if (message?.kind === "value")
    return { value: message.value, stubbed: message.stubbed, stubbedBySite: message.bySite ?? message.stubbed };
  const lastLines = stderr.trim().split("\n").slice(-3).join(" / ");
  throw new DocsiteError(
    `${what} stopped the evaluation without a result (${exit.signal ? `signal ${exit.signal}` : `process.exit(${exit.code})`})${lastLines ? `: ${lastLines}` : ""}`,
    { file: rel },
  );
}
