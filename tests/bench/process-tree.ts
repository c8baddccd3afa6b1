// Memory and CPU of a process with its children, for the bench: a build runs worker threads (counted in its own
// RSS and CPU), and child processes — the image encoder and esbuild's service — whose memory is in use at the
// same time and must count too. Linux (/proc); elsewhere only the process itself.
import { readFileSync, readdirSync } from "node:fs";

const rssKb = (pid: string): number => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0; // ended meanwhile
  }
};

const childrenOf = (pid: string): string[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").split(" ").filter(Boolean),
    );
  } catch {
    return [];
  }
};

/** RSS in bytes of process `pid` (default: this one) and all its descendants, summed. */
export function treeRss(pid = String(process.pid)): number {
  if (process.platform !== "linux") return process.memoryUsage().rss;
  let kb = rssKb(pid);
  for (const child of childrenOf(pid)) kb += treeRss(child) / 1024;
  return kb * 1024;
}

/** CPU milliseconds (user+sys) of this process's children that have ended and been waited for. */
export function endedChildrenCpuMs(): number {
  if (process.platform !== "linux") return 0;
  // Fields after the command name (which may hold spaces, hence the last ")"): cutime and cstime are 16 and 17.
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // clock ticks; 100 per second on Linux
}
