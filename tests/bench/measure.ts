// Measuring helpers for the bench: wall time, CPU time of this process (all its threads, so worker threads
// count) and of the child processes that ended meanwhile (the image encoder), peak RSS of the process and its
// children sampled while a step runs, and the Markdown table rows the bench prints.
import { endedChildrenCpuMs, treeRss } from "./process-tree.ts";
export interface Measured<T> {
  value: T;
  wallMs: number;
  cpuMs: number;
  peakRss: number;
}

export async function measure<T>(fn: () => Promise<T>): Promise<Measured<T>> {
  let peakRss = treeRss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, treeRss());
  }, 10);
  const cpu0 = process.cpuUsage();
  const children0 = endedChildrenCpuMs();
  const t0 = performance.now();
  try {
    const value = await fn();
    const cpu = process.cpuUsage(cpu0);
    peakRss = Math.max(peakRss, treeRss());
    const cpuMs = (cpu.user + cpu.system) / 1000 + endedChildrenCpuMs() - children0;
    return { value, wallMs: performance.now() - t0, cpuMs, peakRss };
  } finally {
    clearInterval(sampler);
  }
}

export const row = (cells: Array<string | number>): string => `| ${cells.join(" | ")} |`;
export const sec = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export function table(head: string[], rows: Array<Array<string | number>>, align?: string[]): string {
  return [row(head), row(align ?? head.map(() => "---")), ...rows.map(row)].join("\n");
}
