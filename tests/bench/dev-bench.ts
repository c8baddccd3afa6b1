// `docsite dev` timings for `npm run bench`: from start (empty cache) to the first page served, and in Chromium
// from saving an edited page to the new text in the open page's DOM; then a broken save, the error overlay, and
// the fix that takes it away.
import { rm, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dev } from "../../cli/server/dev.ts";
import { launchChromium } from "../support/chromium.ts";
import { table } from "./measure.ts";

export interface DevRuns {
  firstPageMs: number;
  editToDomMs: number[];
  errorShownMs: number;
  errorGoneMs: number;
}

export async function benchDev(root: string, pagePath: string, file: string): Promise<DevRuns> {
  await rm(join(root, ".docsite", "cache"), { recursive: true, force: true });
  const t0 = performance.now();
  const server = await dev({ root, port: 0, quiet: true });
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  for (;;) {
    const res = await fetch(origin + pagePath);
    await res.text();
    if (res.status === 200) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const firstPageMs = performance.now() - t0;
  const original = await readFile(join(root, file), "utf8");
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(origin + pagePath);
    const saveAndWait = async (text: string, predicate: string): Promise<number> => {
      const start = performance.now();
      await writeFile(join(root, file), text);
      await page.waitForFunction(predicate, undefined, { polling: "raf", timeout: 60_000 });
      return performance.now() - start;
    };
    const editToDomMs: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const marker = `bench-edit-${i}-${Date.now()}`;
      editToDomMs.push(
        await saveAndWait(
          `${original}\n\n${marker}\n`,
          `document.body?.textContent?.includes(${JSON.stringify(marker)})`,
        ),
      );
      await new Promise((r) => setTimeout(r, 300));
    }
    const errorShownMs = await saveAndWait(
      `${original}\n\n<div>unclosed\n`,
      `document.title.startsWith("docsite: build error") || !!document.querySelector("[data-docsite-error]")`,
    );
    const errorGoneMs = await saveAndWait(
      `${original}\n\nfixed-${Date.now()}\n`,
      `!document.title.startsWith("docsite: build error") && !document.querySelector("[data-docsite-error]") && document.body?.textContent?.includes("fixed-")`,
    );
    return { firstPageMs, editToDomMs, errorShownMs, errorGoneMs };
  } finally {
    await writeFile(join(root, file), original);
    await browser.close();
    await new Promise<void>((r) => server.close(() => r()));
  }
}

export function devTable(r: DevRuns): string {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const sorted = [...r.editToDomMs].sort((a, b) => a - b);
  return [
    "\n## docsite dev (Chromium)\n",
    table(
      ["step", "time"],
      [
        ["start (empty cache) → first page served", ms(r.firstPageMs)],
        [`saved edit → new text in the DOM, median of ${sorted.length}`, ms(sorted[Math.floor(sorted.length / 2)])],
        ["saved edit → new text in the DOM, slowest", ms(sorted[sorted.length - 1])],
        ["broken save → error overlay shown", ms(r.errorShownMs)],
        ["fixed save → overlay gone, page back", ms(r.errorGoneMs)],
      ],
      ["---", "---:"],
    ),
  ].join("\n");
}
