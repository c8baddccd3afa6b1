// Lets the browser run other tasks (input, rendering) before the caller goes on, so work split at these points
// never adds up to one long task. `scheduler.yield()` resumes ahead of other queued tasks where it exists; a
// MessageChannel message is the fallback, since nested `setTimeout(0)` calls are clamped to 4 ms each.
type Scheduler = { yield?: () => Promise<void> };

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
