// `serve` compresses text as a static host does: brotli or gzip by Accept-Encoding, never a range, never images,
// never tiny files, with its own ETag per encoding and the same headers for HEAD.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import http, { type Server } from "node:http";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { serve } from "../../cli/server/serve.ts";
import { pickEncoding, compressible, CompressCache } from "../../cli/server/compress.ts";

let dir: string;
let server: Server;
let port: number;
const line = "<p>Скриншотное тестирование в браузере.</p>\n";
const page = `<!doctype html><title>x</title>${line.repeat(200)}`;
const png = Buffer.alloc(4096, 7);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (fetch would add and decode Accept-Encoding itself). */
function request(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "docsite-compress-"));
  mkdirSync(join(dir, "ru"));
  writeFileSync(join(dir, "ru", "index.html"), page);
  writeFileSync(join(dir, "small.txt"), "short");
  writeFileSync(join(dir, "picture.png"), png);
  server = await serve({ dir, port: 0 });
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe("serve compresses text", () => {
  it("sends brotli when accepted, and the bytes decode to the file", async () => {
    const r = await request("/ru/", { "Accept-Encoding": "gzip, deflate, br" });
    expect(r.status).toBe(200);
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.headers.vary).toBe("Accept-Encoding");
    expect(Number(r.headers["content-length"])).toBe(r.body.length);
    expect(r.body.length).toBeLessThan(Buffer.byteLength(page) / 5);
    expect(brotliDecompressSync(r.body).toString()).toBe(page);
  });

  it("sends gzip when only gzip is accepted, and nothing compressed for identity or br;q=0", async () => {
    const g = await request("/ru/", { "Accept-Encoding": "gzip" });
    expect(g.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(g.body).toString()).toBe(page);
    for (const accept of ["identity", "br;q=0, gzip;q=0", ""]) {
      const r = await request("/ru/", accept ? { "Accept-Encoding": accept } : {});
      expect(r.headers["content-encoding"], accept).toBeUndefined();
      expect(r.body.toString(), accept).toBe(page);
    }
  });

  it("answers a range with the file's own bytes, uncompressed", async () => {
    const r = await request("/ru/", { "Accept-Encoding": "br", Range: "bytes=0-14" });
    expect(r.status).toBe(206);
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.body.toString()).toBe(page.slice(0, 15));
  });

  it("leaves images and files under 1 KB as they are", async () => {
    const p = await request("/picture.png", { "Accept-Encoding": "br" });
    expect(p.headers["content-encoding"]).toBeUndefined();
    expect(p.body.equals(png)).toBe(true);
    const s = await request("/small.txt", { "Accept-Encoding": "br" });
    expect(s.headers["content-encoding"]).toBeUndefined();
    expect(s.body.toString()).toBe("short");
  });

  it("gives each encoding its own ETag, answers it with 304, and HEAD with GET's headers", async () => {
    const br = await request("/ru/", { "Accept-Encoding": "br" });
    const plain = await request("/ru/");
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await request("/ru/", { "Accept-Encoding": "br", "If-None-Match": String(br.headers.etag) });
    expect(again.status).toBe(304);
    const head = await request("/ru/", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.headers["content-length"]).toBe(br.headers["content-length"]);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
  });
});

describe("compression rules", () => {
  it("prefers br, honours q=0 and *", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
    expect(pickEncoding("deflate")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it("compresses text types of 1 KB or more only", () => {
    expect(compressible("text/html; charset=utf-8", 2048)).toBe(true);
    expect(compressible("image/svg+xml", 2048)).toBe(true);
    expect(compressible("application/json; charset=utf-8", 2048)).toBe(true);
    expect(compressible("text/css", 100)).toBe(false);
    expect(compressible("image/avif", 50_000)).toBe(false);
  });

  it("keeps the cache within its byte limit, dropping the oldest entries", async () => {
    const cache = new CompressCache(1);
    let reads = 0;
    const read = () => {
      reads++;
      return Buffer.from(page);
    };
    await cache.get("a", "gzip", read);
    await cache.get("b", "gzip", read);
    await cache.get("b", "gzip", read);
    expect(reads).toBe(3);
    const roomy = new CompressCache();
    await roomy.get("a", "gzip", read);
    await roomy.get("a", "gzip", read);
    expect(reads).toBe(4);
  });
});
