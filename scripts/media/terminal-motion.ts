// The moving terminal pictures: when each line of a terminal excerpt (capture.ts cliExcerpt, repl.ts replExcerpt)
// appeared in the real run, from the output recorded with its arrival times (procs.ts TimedOutput). The replay keeps
// the order and the rhythm of the run, with long waits shortened (a browser starting, a test running) and
// commands — typed by a person in a real session, sent at once through the REPL's port here — shown at typing speed.
import type { TimedOutput } from "./procs.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal output has ANSI codes
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

export interface TerminalLine {
  /** The line as the excerpt has it (with its colour codes). */
  text: string;
  /** Milliseconds into the run when it appeared (0 for lines the excerpt added, such as the command). */
  at: number;
  /** Shown a character at a time: a command someone types. */
  typed: boolean;
}

/** Where in the run each excerpt line appeared; a line starting with `$ ` or `> ` is typed. */
export function timeLines(excerpt: string, timed: TimedOutput, removePath = ""): TerminalLine[] {
  const chunks = timed.map(([at, text]) => ({ at, text: plain(removePath ? text.replaceAll(removePath, "") : text) }));
  const starts: number[] = [];
  let full = "";
  for (const c of chunks) {
    starts.push(full.length);
    full += c.text;
  }
  const timeAt = (offset: number) => {
    let i = 0;
    while (i + 1 < starts.length && starts[i + 1] <= offset) i++;
    return chunks[i]?.at ?? 0;
  };
  let from = 0;
  let last = 0;
  return excerpt.split("\n").map((text) => {
    const p = plain(text);
    const typed = p.startsWith("$ ") || p.startsWith("> ");
    // A command typed at the prompt: its echo is what the output holds.
    const needle = (typed ? p.slice(2) : p).trim();
    const found = needle && !p.startsWith("$ ") ? full.indexOf(needle, from) : -1;
    if (found === -1) return { text, at: last, typed };
    from = found + needle.length;
    last = timeAt(found + needle.length - 1);
    return { text, at: last, typed };
  });
}

export interface ReplayStep {
  /** Milliseconds to wait before showing `text`. */
  wait: number;
  /** The whole terminal text from now on. */
  text: string;
  /** A character of a command on its way: a replay running late may skip it (the line's end is never skipped). */
  skippable?: boolean;
}

/**
 * The steps of the replay: the text after each change and the wait before it. Waits between lines follow the run,
 * shortened to at most `maxGap` ms (and at least `minGap`); typed lines appear `typeMs` a character.
 */
export function replaySteps(
  lines: TerminalLine[],
  opts: { maxGap?: number; minGap?: number; typeMs?: number } = {},
): ReplayStep[] {
  const maxGap = opts.maxGap ?? 1400;
  const minGap = opts.minGap ?? 120;
  const typeMs = opts.typeMs ?? 38;
  const steps: ReplayStep[] = [];
  let shown = "";
  let prevAt = 0;
  lines.forEach((line, i) => {
    const gap = i === 0 ? 300 : Math.min(maxGap, Math.max(minGap, line.at - prevAt));
    prevAt = line.at;
    const head = i === 0 ? "" : `${shown}\n`;
    if (!line.typed) {
      shown = head + line.text;
      steps.push({ wait: gap, text: shown });
      return;
    }
    // The prompt first, then the command a character at a time.
    const promptLen = 2;
    steps.push({ wait: gap, text: head + line.text.slice(0, promptLen) });
    for (let n = promptLen + 1; n <= line.text.length; n++)
      steps.push({
        wait: n === promptLen + 1 ? 350 : typeMs,
        text: head + line.text.slice(0, n),
        skippable: n < line.text.length,
      });
    shown = head + line.text;
  });
  return steps;
}
