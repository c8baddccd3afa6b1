// File events for the dev server, in order and at once (no debounce): changes that arrive while a batch is being
// handled are taken together next. A file is read once per save: a save that truncates first shows an empty file
// for a moment (its content follows in a next event), the two events of one save are one change, and events of
// quick saves that merged are caught by looking at the file again a moment later.
import { statSync } from "node:fs";
import type { WatchEvent } from "./watch-tree.ts";

/** `size:mtime` of a file, or null when it is gone. */
export const signature = (p: string): string | null => {
  try {
    const s = statSync(p);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
};

const isEmpty = (p: string) => signature(p)?.startsWith("0:") ?? false;

/** How long an empty file is given to get its content before it is taken as empty. */
export const EMPTY_WAIT_MS = 500;

export type Batch = Array<[file: string, event: WatchEvent]>;

export class ChangeQueue {
  private readonly pending = new Map<string, WatchEvent>();
  /** Size and modification time of each file when it was last handled. */
  private readonly seen = new Map<string, string>();
  private draining = false;
  private closed = false;

  constructor(
    private readonly apply: (batch: Batch) => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** True while a batch is being handled. */
  get busy(): boolean {
    return this.draining;
  }

  push(event: WatchEvent, file: string): void {
    if (event === "change" && isEmpty(file)) this.queueWhenWritten(file, performance.now());
    else this.queue(event, file);
    if (event === "change")
      setTimeout(() => {
        if (!this.closed && signature(file) !== this.seen.get(file)) this.queue(event, file);
      }, 250);
  }

  close(): void {
    this.closed = true;
    this.pending.clear();
  }

  /**
   * An empty file is most likely a save under way (truncated, not written yet): it is handled once it has content,
   * or as it is after EMPTY_WAIT_MS (a file emptied on purpose). On a loaded machine the write can come well after
   * the truncation; a page read empty would make the table again instead of patching the open page.
   */
  private queueWhenWritten(file: string, since: number): void {
    setTimeout(() => {
      if (isEmpty(file) && performance.now() - since < EMPTY_WAIT_MS) this.queueWhenWritten(file, since);
      else this.queue("change", file);
    }, 25);
  }

  private queue(event: WatchEvent, file: string): void {
    if (this.closed) return;
    this.pending.set(file, this.pending.get(file) === "add" ? "add" : event);
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.pending.size) {
        const batch: Batch = [];
        for (const [file, event] of this.pending) {
          const sig = signature(file);
          // Handled already: the second event of one save.
          if (event === "change" && sig !== null && this.seen.get(file) === sig) continue;
          if (sig !== null) this.seen.set(file, sig);
          batch.push([file, event]);
        }
        this.pending.clear();
        if (batch.length) await this.apply(batch);
      }
    } catch (err) {
      this.onError(err);
    } finally {
      this.draining = false;
    }
  }
}
