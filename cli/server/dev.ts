// `docsite dev`: listens at once, loads the site lazily (cli/dev/dev-site.ts: config, content, front matter, route
// table and sidebars; no page compiled), compiles a page when it is first requested (cli/dev/dev-pages.ts), and
// compiles the rest in the background while the server is idle (cli/dev/warm-up.ts). A saved page is compiled again
// alone and its new HTML pushed to the open browser, which puts the content in place (theme/client/dev-live.ts); a
// layout change (config, strings, sidebars, front matter, theme) reloads open pages (cli/dev/apply-changes.ts).
// Problems show in an overlay and the terminal; the server keeps running whatever fails (server/dev-requests.ts).
// This file starts and stops those parts.
import http from "node:http";
import { join } from "node:path";
import { existsSync } from "node:fs";
import type { DevSite } from "../dev/dev-site.ts";
import { DevPages } from "../dev/dev-pages.ts";
import { watchTree, type TreeWatcher, type WatchEvent } from "../dev/watch-tree.ts";
import { ChangeQueue } from "../dev/change-queue.ts";
import { ProblemBoard } from "../dev/problem-board.ts";
import { LiveChannel } from "../dev/live-channel.ts";
import { bundleLiveClient, withLiveScript, LIVE_EVENTS } from "../dev/live-client.ts";
import { WarmUp, type Activity } from "../dev/warm-up.ts";
import { changeHandler } from "../dev/apply-changes.ts";
import { errorPage } from "../dev/error-page.ts";
import { devResponder } from "./dev-requests.ts";
import { createLogger, formatError, type Logger } from "../log.ts";
import { heldLogger, listen } from "./listen.ts";
import { configuredHost, hostAllowed, refuseHost } from "./host-check.ts";

/** The background compile waits until no request or edit came for this long. */
const IDLE_MS = 1000;
/**
 * What `dev` watches in the site folder (those that exist). `src/`: an imported Docusaurus project's components,
 * styles and partials; their pages record them (depHashes), so a change there goes the layout way: the model
 * reloads and the pages that use the file compile again.
 */
export const WATCHED = ["content", "i18n", "site.config.json", "src", "static", "theme"];

interface DevOptions {
  root: string;
  port: number;
  host?: string;
  quiet?: boolean;
  /** The background compile starts after this long without requests or edits (default 1 s). */
  idleMs?: number;
  /** Where it writes (tests: a logger on their own streams); the terminal by default. */
  logger?: Logger;
}

export interface DevServer {
  server: http.Server;
  /** The lazy model: which pages compiled (tests read `site.compileLog`). */
  site: DevSite;
  /** Resolves when the first load is done (the model, the client bundle). */
  ready: Promise<void>;
  /** Resolves when file changes are being watched. */
  watching: Promise<void>;
}

export async function dev(opts: DevOptions): Promise<http.Server> {
  return (await startDev(opts)).server;
}

export async function startDev(opts: DevOptions): Promise<DevServer> {
  const { root } = opts;
  // What loading the site says is held until the port is open: a taken port is then the only line.
  const held = heldLogger(opts.logger ?? createLogger({ quiet: opts.quiet }));
  const logger = held.logger;
  const live = new LiveChannel();
  const problems = new ProblemBoard(live, logger);
  const pages = new DevPages(root, problems, logger);
  const activity: Activity = { last: 0, inFlight: 0, busy: () => changes.busy, closed: false };
  const warmUp = new WarmUp(pages, problems, live, logger, activity, opts.idleMs ?? IDLE_MS);
  const changes = new ChangeQueue(
    changeHandler(pages, warmUp, problems, live, (line) => logger.info(line)),
    (err) => problems.report("change", err),
  );

  // Start: the server listens at once. A page request waits for the model only (no page compiled): its compile
  // runs while esbuild (a process of its own) bundles the client, which only its render waits for.
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const modelReady = pages.loadModel();
  const bundleReady = pages.makeBundle();
  let liveScript = "";
  const liveReady = bundleLiveClient().then((s) => {
    liveScript = s;
  });
  // React's server renderer and the theme load meanwhile (their files are read and transpiled off this thread).
  const rendererReady = import("../render/render-job.ts").catch(() => undefined);
  // So does the MDX compiler the first requested page needs (a page's compile would otherwise load it then).
  void import("../mdx/toolchain.ts").catch(() => undefined);
  const ready = Promise.all([modelReady, bundleReady, liveReady, rendererReady]).then(([loaded]) => {
    if (loaded)
      logger.info(
        `ready in ${(performance.now() - t0).toFixed(0)} ms (${pages.site.model!.table.routes.length} routes; ` +
          "pages compile when first requested, the rest in the background)",
      );
    void warmUp.run();
  });

  // Watching starts once the first page is out, or half a second after the start is done: its scan of the
  // folders would slow the first page down.
  let watcher: TreeWatcher | null = null;
  let watchingNow: () => void = () => undefined;
  const watching = new Promise<void>((resolve) => {
    watchingNow = resolve;
  });
  const startWatching = () => {
    if (watcher || activity.closed) return;
    const onFileEvent = (event: WatchEvent, file: string) => {
      activity.last = performance.now();
      changes.push(event, file);
    };
    watcher = watchTree(WATCHED.map((p) => join(root, p)).filter(existsSync), onFileEvent);
    watchingNow();
  };
  void ready.then(() => setTimeout(startWatching, 500));

  let firstServed = false;
  const respond = devResponder({
    pages,
    warmUp,
    problems,
    live,
    activity,
    modelReady,
    liveScript: async () => {
      await liveReady;
      return liveScript;
    },
    served: (route) => {
      if (firstServed) return;
      firstServed = true;
      startWatching();
      const cpu = process.cpuUsage(cpu0);
      logger.info(
        `first page served ${(performance.now() - t0).toFixed(0)} ms after start ` +
          `(${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU; ${route.path})`,
      );
    },
  });

  // Host names answered besides the loopback ones: `host` and the config's `url` (known once the model loaded).
  const namedHosts = () => [configuredHost(opts.host), configuredHost(pages.site.model?.config.url)];
  const hostChecked = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (!hostAllowed(req, namedHosts())) {
      if (!pages.site.model) await modelReady;
      if (!hostAllowed(req, namedHosts())) {
        refuseHost(req, res);
        return;
      }
    }
    await respond(req, res);
  };

  // No request can stop the server: whatever fails is shown as a page (or cuts a response already under way).
  const server = http.createServer((req, res) => {
    activity.inFlight++;
    let counted = true;
    const done = () => {
      if (counted) activity.inFlight--;
      counted = false;
    };
    res.on("close", done);
    if (req.url?.startsWith(LIVE_EVENTS)) done();
    hostChecked(req, res).catch((err) => {
      logger.error(formatError(err));
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { "Content-Type": "text/html; charset=utf-8" }).end(withLiveScript(errorPage(err)));
    });
  });
  try {
    await listen(server, opts.port, opts.host);
    held.release();
  } catch (err) {
    held.drop();
    // Nothing keeps running: the caller gets the error (a taken port), not a half-started server.
    activity.closed = true;
    changes.close();
    live.close();
    (watcher as TreeWatcher | null)?.close();
    throw err;
  }
  // Closing also ends the open event streams, which would otherwise keep the server from closing.
  const closeServer = server.close.bind(server);
  server.close = (done?: (err?: Error) => void) => {
    activity.closed = true;
    changes.close();
    live.close();
    watcher?.close();
    return closeServer(done);
  };
  return { server, site: pages.site, ready, watching };
}
