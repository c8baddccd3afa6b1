// Bad requests to `serve` and `dev`, and bad targets for `check-links`: each gets a clear answer, nothing outside
// the served folder is ever read, and the server still answers afterwards.
import { describe, it, expect, beforeAll, afterAll, afterEach } from "vitest";
import type { IncomingMessage, Server } from "node:http";
import net from "node:net";
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixtureSite, removeSite, buildSite } from "../support/site.ts";
import { serve } from "../../cli/server/serve.ts";
import { dev } from "../../cli/server/dev.ts";
import { checkDist, checkUrl } from "../../cli/links/check-dist.ts";
import { parseRange } from "../../cli/server/range.ts";
import { configuredHost, hostAllowed } from "../../cli/server/host-check.ts";

const BIN = join(import.meta.dirname, "../../bin/docsite.js");
const SECRET = "TOP-SECRET-OUTSIDE-THE-SITE";

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends bytes as they are (no client-side path normalisation), reads the whole answer. */
function raw(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // Written, not ended: a half-closed socket may be closed before an answer read from disk is sent.
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const head = all.subarray(0, split).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const l of head.slice(1)) {
        const at = l.indexOf(":");
        headers[l.slice(0, at).toLowerCase()] = l.slice(at + 1).trim();
      }
      resolve({ status: Number(head[0].split(" ")[1]), headers, body: all.subarray(split + 4) });
    });
  });
}
const rawGet = (port: number, path: string, extra = "") =>
  raw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`);

function cli(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 2) : 0, out: stdout + stderr }),
    );
  });
}

let root: string;
let dist: string;
let serveServer: Server;
let devServer: Server;
let sp: number;
let dp: number;
const sget = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${sp}${p}`, { redirect: "manual", ...init });
const dget = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${dp}${p}`, { redirect: "manual", ...init });

beforeAll(async () => {
  root = await fixtureSite();
  await buildSite(root);
  dist = join(root, "dist");
  // Things a traversal would find: a 404.html and a config beside dist/, a sibling folder of static/.
  await writeFile(join(root, "404.html"), SECRET);
  await writeFile(join(root, "secret.txt"), SECRET);
  await mkdir(join(root, "static-secret"));
  await writeFile(join(root, "static-secret/key.txt"), SECRET);
  await symlink(join(root, "secret.txt"), join(dist, "leak.txt"));
  serveServer = await serve({ dir: dist, port: 0 });
  sp = (serveServer.address() as { port: number }).port;
  devServer = await dev({ root, port: 0, quiet: true });
  dp = (devServer.address() as { port: number }).port;
});
afterAll(async () => {
  serveServer.closeAllConnections();
  devServer.closeAllConnections();
  await Promise.all([serveServer, devServer].map((s) => new Promise<void>((r) => s.close(() => r()))));
  await removeSite(root);
});
// After every case both servers still answer.
afterEach(async () => {
  expect((await sget("/ru/")).status).toBe(200);
  expect((await dget("/ru/")).status).toBe(200);
});

describe("serve: Range", () => {
  const file = "/img/logo.svg";
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = await readFile(join(dist, file));
  });

  it("answers a reversed range (bytes=50-10) with 416 and the size", async () => {
    const r = await sget(file, { headers: { Range: "bytes=50-10" } });
    expect(r.status).toBe(416);
    expect(r.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
  });

  it("clamps a huge end to the file and sends the right bytes", async () => {
    const r = await sget(file, { headers: { Range: "bytes=10-99999999999999999999999" } });
    expect(r.status).toBe(206);
    expect(r.headers.get("content-range")).toBe(`bytes 10-${bytes.length - 1}/${bytes.length}`);
    expect(Buffer.from(await r.arrayBuffer())).toEqual(bytes.subarray(10));
  });

  it("answers a start beyond the file with 416", async () => {
    const r = await sget(file, { headers: { Range: "bytes=99999999999999999999-" } });
    expect(r.status).toBe(416);
  });

  it("sends the last N bytes for a suffix range (bytes=-50)", async () => {
    const r = await sget(file, { headers: { Range: "bytes=-50" } });
    expect(r.status).toBe(206);
    expect(Buffer.from(await r.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 50));
    expect(r.headers.get("content-length")).toBe("50");
  });

  it("sends exactly the requested bytes", async () => {
    const r = await sget(file, { headers: { Range: "bytes=5-14" } });
    expect(r.status).toBe(206);
    expect(Buffer.from(await r.arrayBuffer())).toEqual(bytes.subarray(5, 15));
  });

  it("sends the whole file for several ranges or another unit, 416 for garbage", async () => {
    for (const range of ["bytes=0-1,5-6", "items=0-5"]) {
      const r = await sget(file, { headers: { Range: range } });
      expect(r.status, range).toBe(200);
      expect(Buffer.from(await r.arrayBuffer()), range).toEqual(bytes);
    }
    for (const range of ["bytes=abc", "bytes=-", "bytes=--5", "bytes=1-2-3", "garbage", "bytes=0-1,x"])
      expect((await sget(file, { headers: { Range: range } })).status, range).toBe(416);
  });

  it("parses ranges the same way in isolation (edge sizes)", () => {
    expect(parseRange("bytes=-5", 3)).toEqual({ kind: "part", start: 0, end: 2 });
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 10)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange(undefined, 10)).toEqual({ kind: "whole" });
  });
});

describe("serve: methods", () => {
  it("answers POST, PUT, DELETE, OPTIONS and PATCH with 405 and Allow: GET, HEAD", async () => {
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"]) {
      const r = await sget("/ru/", { method });
      expect(r.status, method).toBe(405);
      expect(r.headers.get("allow"), method).toBe("GET, HEAD");
    }
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const r = await raw(sp, "HEAD /img/logo.svg HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("image/svg+xml");
    expect(Number(r.headers["content-length"])).toBeGreaterThan(0);
    expect(r.body.length).toBe(0);
  });
});

describe("serve: paths never leave the folder", () => {
  it.each([
    ["/../secret.txt", 400],
    ["/%2e%2e/secret.txt", 400],
    ["/%2E%2E/404.html", 400],
    ["/..%2fsecret.txt", 400],
    ["/assets%2f..%2f..%2fsecret.txt", 400],
    ["/ru/%2e%2e%2f%2e%2e%2f404.html", 400],
    ["/..\\secret.txt", 400],
    ["/..%5csecret.txt", 400],
    ["/index.html%00.txt", 400],
    ["/%c0%ae%c0%ae/secret.txt", 400],
    ["/%E0%A4%A", 400],
    ["/%zz", 400],
    [`/${"a/".repeat(1500)}`, 414],
  ])("%s → %i, never the file outside", async (path, status) => {
    const r = await rawGet(sp, path);
    expect(r.status).toBe(status);
    expect(r.body.toString()).not.toContain(SECRET);
  });

  it("does not follow a symbolic link out of the folder", async () => {
    const r = await sget("/leak.txt");
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain(SECRET);
  });

  it("the 404 page of an unknown path comes from inside the folder only", async () => {
    for (const p of ["/ru/nothing/", "/xx/nothing/", "/.../x/"]) {
      const r = await rawGet(sp, p);
      expect(r.status, p).toBe(404);
      expect(r.body.toString(), p).not.toContain(SECRET);
      expect(r.body.toString(), p).toContain("<!doctype html>");
    }
  });

  it("keeps a redirect on the site: //host/x.html goes to /host/x/, not to another host", async () => {
    const r = await rawGet(sp, "//evil.example/page.html");
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe("/evil.example/page/");
  });
});

describe("serve: security headers", () => {
  it("sends a CSP that allows the page's own inline script by its hash, and the other headers", async () => {
    const r = await sget("/ru/docs/v1/");
    const html = await r.text();
    const csp = r.headers.get("content-security-policy") ?? "";
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const s of inline) expect(csp).toContain(`'sha256-${createHash("sha256").update(s).digest("base64")}'`);
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toContain("'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("x-frame-options")).toBe("DENY");
    expect(r.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("sends them with 404s and 405s too, and keeps _headers itself private", async () => {
    for (const r of [await sget("/nothing/"), await sget("/", { method: "POST" }), await sget("/_headers")]) {
      expect(r.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect((await sget("/_headers")).status).toBe(404);
  });
});

describe("dev: bad requests", () => {
  it("answers malformed percent-encoding with 400", async () => {
    for (const p of ["/%E0%A4%A", "/%zz/", "/ru/%", "/img/%c0%ae.svg"]) {
      const r = await rawGet(dp, p);
      expect(r.status, p).toBe(400);
      expect(r.body.toString(), p).toContain("Bad request");
    }
  });

  it("never reaches a sibling of static/ whose name starts with 'static'", async () => {
    for (const p of ["/..%2fstatic-secret/key.txt", "/%2e%2e/static-secret/key.txt", "/../static-secret/key.txt"]) {
      const r = await rawGet(dp, p);
      expect(r.status, p).toBe(400);
      expect(r.body.toString(), p).not.toContain(SECRET);
    }
    const plain = await dget("/static-secret/key.txt");
    expect(plain.status).toBe(404);
    expect(await plain.text()).not.toContain(SECRET);
  });

  it("refuses backslashes, NUL and dot segments as serve does", async () => {
    for (const p of ["/..\\secret.txt", "/img/logo.svg%00", "/img/./logo.svg"]) {
      const r = await rawGet(dp, p);
      expect(r.status, p).toBe(400);
      expect(r.body.toString(), p).not.toContain(SECRET);
    }
  });

  it("types static files exactly as serve does", async () => {
    for (const p of ["/img/logo.svg", "/img/favicon.svg", "/search-index/ru/config.json"]) {
      const [a, b] = [await sget(p), await dget(p)];
      expect(b.status, p).toBe(200);
      expect(b.headers.get("content-type"), p).toBe(a.headers.get("content-type"));
    }
    expect((await dget("/img/logo.svg")).headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers other methods with 405 and a folder under static/ with the page rules, not a crash", async () => {
    const r = await dget("/ru/", { method: "POST" });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("GET, HEAD");
    expect((await dget("/img")).status).toBe(404);
  });
});

describe("serve and dev: only requests for this machine's names (DNS rebinding)", () => {
  const withHost = (port: number, host: string) =>
    raw(port, `GET /ru/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

  it("refuses another site's name with 421 and a short plain message, on both servers", async () => {
    for (const port of [sp, dp])
      for (const host of ["evil.example", "evil.example:80", "127.0.0.1.evil.example", "localhost.evil.example:1"]) {
        const r = await withHost(port, host);
        expect(r.status, `${port} ${host}`).toBe(421);
        expect(r.headers["content-type"]).toMatch(/^text\/plain/);
        expect(r.body.toString()).toContain("this server answers only 127.0.0.1, localhost or [::1]");
        expect(r.body.toString()).not.toContain("<html");
      }
  });

  it("refuses a missing or malformed Host, and the dev server's event stream too", async () => {
    for (const port of [sp, dp]) {
      expect((await raw(port, "GET /ru/ HTTP/1.0\r\n\r\n")).status, String(port)).toBe(421);
      expect((await withHost(port, "user@127.0.0.1")).status, String(port)).toBe(421);
    }
    expect(
      (await raw(dp, "GET /__docsite/events HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")).status,
    ).toBe(421);
  });

  it("answers the loopback names with any port, and the config's url host on dev", async () => {
    for (const port of [sp, dp])
      for (const host of ["127.0.0.1", "localhost", "LOCALHOST:9", "[::1]", `[::1]:${port}`, `localhost.:${port}`])
        expect((await withHost(port, host)).status, `${port} ${host}`).toBe(200);
    expect((await withHost(dp, "fixture.example")).status).toBe(200);
  });

  it("answers the host a server was started with (host option, config url), and nothing else", () => {
    const req = (host?: string) => ({ headers: { host } }) as IncomingMessage;
    const named = [configuredHost("docs.internal"), configuredHost("https://Docs.Example.com"), configuredHost("::1")];
    for (const host of ["docs.internal", "docs.internal:4173", "docs.example.com", "[::1]:1"])
      expect(hostAllowed(req(host), named), host).toBe(true);
    for (const host of [undefined, "", "docs.internal.evil", "example.com", "docs.internal/x", "a b"])
      expect(hostAllowed(req(host), named), String(host)).toBe(false);
  });
});

describe("check-links: nothing to check is an error", () => {
  it("a folder without HTML: the function throws and the CLI exits 1 saying so", async () => {
    const empty = await mkdtemp(join(tmpdir(), "docsite-empty-"));
    try {
      await expect(checkDist(empty)).rejects.toThrow(/no HTML pages in .*nothing to check/);
      const r = await cli(["check-links", "--dir", empty]);
      expect(r.code).toBe(1);
      expect(r.out).toContain("no HTML pages in");
      expect(r.out).toContain("docsite build");
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it("a --dir that is a file or missing is named", async () => {
    await expect(checkDist(join(root, "site.config.json"))).rejects.toThrow(
      "is a file, not a folder: nothing to check",
    );
    await expect(checkDist(join(root, "no-such-dist"))).rejects.toThrow("no-such-dist does not exist");
    const r = await cli(["check-links", "--dir", join(root, "site.config.json")]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("is a file, not a folder");
  });

  it("a --url whose start page is not 200 exits 1 and names the status", async () => {
    const url = `http://127.0.0.1:${sp}/no/such/start/`;
    await expect(checkUrl(url)).rejects.toThrow(`the start page ${url} answered 404`);
    const r = await cli(["check-links", "--url", url]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`the start page ${url} answered 404`);
  });

  it("an unreachable --url names the URL", async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", () => r()));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const url = `http://127.0.0.1:${port}/`;
    await expect(checkUrl(url)).rejects.toThrow(`cannot reach ${url} (ECONNREFUSED)`);
    const r = await cli(["check-links", "--url", url]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`cannot reach ${url}`);
  });

  it("a --url that is not an address says so", async () => {
    await expect(checkUrl("localhost:4173")).rejects.toThrow("is not an http(s) address");
    await expect(checkUrl("not a url")).rejects.toThrow("--url not a url is not a URL");
  });
});
