// The search index's term counts of each page, worked out as the page comes back from the compile thread rather than
// in the index step (search/local-index.ts: primeCounts). On a cold build this thread mostly waits for the compile
// then; the index step, which runs after the render with nothing beside it, is left the assembly.
//
// One page per turn of the event loop: the compile thread's next batch is sent from this thread when it finishes one,
// and a page's counts (well under a millisecond) never hold that message up for long.
import { dropPrimedCounts, primeCounts, sectionFieldTexts, type IndexedPage } from "./local-index.ts";

export class EarlyCounts {
  private readonly queue: string[][] = [];
  private scheduled = false;
  private stopped = false;
  /** Pages counted so far. */
  counted = 0;

  /** A compiled page's sections, to count when this thread is free. */
  add(sections: IndexedPage["sections"]): void {
    if (this.stopped) return;
    this.queue.push(sectionFieldTexts(sections));
    this.schedule();
  }

  /** No more counting ahead: the index step counts what is left. What was counted stays until `drop`. */
  stop(): void {
    this.stopped = true;
    this.queue.length = 0;
  }

  /** Stops, and lets go of the counts (after the index step, or when the build ends without one). */
  drop(): void {
    this.stop();
    dropPrimedCounts();
  }

  private schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const texts = this.queue.shift();
      if (!texts || this.stopped) return;
      primeCounts(texts);
      this.counted++;
      if (this.queue.length) this.schedule();
    });
  }
}
