// The dev server's push channel (Server-Sent Events): new content for an open page, a reload when the layout
// changed, and the current list of problems (the browser shows an overlay while it is not empty).
import type http from "node:http";

/** A problem shown in the overlay: where it is and what to do. */
export interface LiveProblem {
  file: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
}

export type LiveEvent =
  /** The page at `path` has new content: the full HTML, the browser takes what changed from it. */
  | { type: "page"; path: string; html: string }
  /** The layout (config, sidebars, strings, theme) changed: open pages load again. */
  | { type: "reload" }
  | { type: "problems"; problems: LiveProblem[] };

/** What a live-update client may leave unread before it is dropped: a few pages' worth of events. */
export const MAX_UNREAD_BYTES = 4 * 1024 * 1024;

export class LiveChannel {
  private readonly clients = new Set<http.ServerResponse>();
  private problems: LiveProblem[] = [];

  /** Keeps the response open as an event stream; the client first gets the current problems. */
  attach(req: http.IncomingMessage, res: http.ServerResponse): void {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      Connection: "keep-alive",
    });
    res.write(": connected\n\n");
    res.write(frame({ type: "problems", problems: this.problems }));
    this.clients.add(res);
    req.on("close", () => this.clients.delete(res));
  }

  send(event: LiveEvent): void {
    const data = frame(event);
    for (const c of this.clients) {
      // A client that has not read what it was sent before (a stalled tab, a stuck proxy) would hold every later
      // page in this process's memory: it is dropped instead. Its browser reconnects once it reads again.
      if (c.writableLength > MAX_UNREAD_BYTES) {
        this.clients.delete(c);
        c.destroy();
        continue;
      }
      c.write(data);
    }
  }

  /** Sends the problem list when it differs from the last one sent. */
  setProblems(problems: LiveProblem[]): void {
    const same = JSON.stringify(problems) === JSON.stringify(this.problems);
    this.problems = problems;
    if (!same) this.send({ type: "problems", problems });
  }

  get count(): number {
    return this.clients.size;
  }

  close(): void {
    for (const c of this.clients) c.end();
    this.clients.clear();
  }
}

/** One SSE message: JSON on a single `data:` line (JSON never holds a raw line break). */
const frame = (event: LiveEvent): string => `data: ${JSON.stringify(event)}\n\n`;
