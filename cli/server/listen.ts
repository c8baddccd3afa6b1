// Starting to listen, for `serve` and `dev`: a port that is taken or needs privileges is the user's to change, so it
// is one clear line (exit 1), not Node's unhandled 'error' event and its stack trace.
import type { Server } from "node:http";
import { DocsiteError, type Logger } from "../log.ts";

export function listen(server: Server, port: number, host = "127.0.0.1"): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      if (err.code === "EADDRINUSE")
        reject(
          new DocsiteError(
            `port ${port} on ${host} is already in use`,
            {},
            "pass another --port (--port 0 takes any free one), or stop the server that uses it",
            err,
          ),
        );
      else if (err.code === "EACCES")
        reject(
          new DocsiteError(
            `port ${port} on ${host} needs privileges this process does not have`,
            {},
            "pass a port above 1023",
            err,
          ),
        );
      else reject(err);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

/**
 * A logger whose lines wait until the server listens (`release`), or are dropped (`drop`): the dev server starts
 * loading the site while it opens its port, and a taken port is then the only thing said.
 */
export function heldLogger(logger: Logger): { logger: Logger; release(): void; drop(): void } {
  let queue: Array<() => void> | null = [];
  const hold =
    <A extends unknown[]>(fn: (...a: A) => void) =>
    (...a: A) => {
      if (queue) queue.push(() => fn(...a));
      else fn(...a);
    };
  return {
    logger: {
      info: hold(logger.info),
      warn: hold(logger.warn),
      error: hold(logger.error),
      step: logger.step,
      progress: logger.progress,
    },
    release() {
      const q = queue ?? [];
      queue = null;
      for (const say of q) say();
    },
    drop() {
      queue = [];
    },
  };
}
