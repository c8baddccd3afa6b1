// A page's event stream from `docsite dev` (`/__docsite/events`), read as the browser's dev client reads it.
import { expect } from "vitest";
import type { LiveEvent } from "../../cli/dev/live-channel.ts";

export interface DevEvents {
  /** Waits for the first event (from now or queued) that `match` accepts; earlier ones are dropped. */
  next(match: (e: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  close(): Promise<void>;
}

export async function openDevEvents(origin: string): Promise<DevEvents> {
  const res = await fetch(`${origin}/__docsite/events`);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queue: LiveEvent[] = [];
  return {
    async next(match, ms = 20_000) {
      const end = Date.now() + ms;
      for (;;) {
        while (queue.length) {
          const e = queue.shift()!;
          if (process.env.DEBUG_EVENTS) console.log(JSON.stringify(e).slice(0, 300));
          if (match(e)) return e;
        }
        if (Date.now() > end) throw new Error("no matching event in time");
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("no matching event in time")), end - Date.now()),
        );
        const { value, done } = await Promise.race([reader.read(), timeout]);
        if (done) throw new Error("event stream closed");
        buffer += decoder.decode(value, { stream: true });
        for (let at = buffer.indexOf("\n\n"); at >= 0; at = buffer.indexOf("\n\n")) {
          const frame = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const data = frame.split("\n").find((l) => l.startsWith("data: "));
          if (data) queue.push(JSON.parse(data.slice(6)) as LiveEvent);
        }
      }
    },
    close: () => reader.cancel(),
  };
}
