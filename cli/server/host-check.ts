// The Host header check of `serve` and `dev`: a page on another site can point its own name at 127.0.0.1 (DNS
// rebinding) and then read what the local server answers, since the browser takes it for that site. Such a request
// carries the other site's name in Host, so only the loopback names (any port) and the names the user configured are
// answered; anything else gets 421 with a short plain message.
import type http from "node:http";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The host name of a Host header value, lower-cased, without its port and trailing dot; null when malformed. */
export function hostName(header: string | undefined): string | null {
  if (!header || !/^[A-Za-z0-9.\-:[\]]+$/.test(header)) return null;
  try {
    const { hostname, username, pathname } = new URL(`http://${header}`);
    if (username || pathname !== "/") return null;
    return hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return null;
  }
}

/** The host name of a `--host` value or of a URL (the config's `url`), as hostName gives it; null for none. */
export function configuredHost(value: string | undefined): string | null {
  if (!value) return null;
  if (/^[a-z]+:\/\//i.test(value)) {
    try {
      return hostName(new URL(value).host);
    } catch {
      return null;
    }
  }
  // An IPv6 address given bare (--host ::1) is bracketed in a Host header.
  return hostName(value.includes(":") && !value.startsWith("[") ? `[${value}]` : value);
}

/** True when the request's Host names a loopback address or one of `allowed` (host names as configuredHost gives). */
export function hostAllowed(req: http.IncomingMessage, allowed: Iterable<string | null>): boolean {
  const name = hostName(req.headers.host);
  if (!name) return false;
  if (LOOPBACK.has(name)) return true;
  for (const a of allowed) if (a && a === name) return true;
  return false;
}

/** Answers a request whose Host is not allowed (421: this server is not that site). */
export function refuseHost(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(421, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  res.end(
    `Unknown host ${JSON.stringify(req.headers.host ?? "")}: this server answers only 127.0.0.1, localhost or [::1] ` +
      "(and the host it was started with). Open it as http://127.0.0.1:<port>/\n",
  );
}
