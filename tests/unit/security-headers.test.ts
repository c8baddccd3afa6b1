// The Content-Security-Policy the build writes to dist/_headers: hashes of exactly the inline code the pages carry,
// and exactly the outside origins the config names.
import { describe, it, expect } from "vitest";
import { createHash } from "node:crypto";
import { contentSecurityPolicy, headersFile, inlineCode } from "../../cli/emit/security-headers.ts";
import { parseHeadersFile, headersFor } from "../../cli/server/headers-file.ts";
import type { SiteConfig } from "../../cli/config/types.ts";

const hash = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
const config = (extra: Partial<SiteConfig> = {}) =>
  ({ baseUrl: "/", search: { provider: "local" }, analytics: null, webFont: null, ...extra }) as SiteConfig;
const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

describe("Content-Security-Policy of a build", () => {
  it("leaves out scripts and handlers that content put in the body, unless docsite names them as its own", () => {
    const page = `<head><script>own()</script><link onload="this.media='all'"></head><body><main>
<script>alert(1)</script><img src="x" onerror="alert(2)"><div onclick="alert(3)" style="color:blue"></div>
<script>prePaint()</script></main></body>`;
    const csp = contentSecurityPolicy(config(), inlineCode([page], ["prePaint()"]));
    const scripts = directive(csp, "script-src");
    expect(scripts).toBe(
      `script-src 'self' ${hash("own()")} ${hash("prePaint()")} 'unsafe-hashes' ${hash("this.media='all'")}`,
    );
    for (const s of ["alert(1)", "alert(2)", "alert(3)"]) expect(scripts).not.toContain(hash(s));
    expect(directive(csp, "style-src")).toContain(hash("color:blue"));
  });

  it("hashes the head's inline scripts and handlers (decoded), every style, and nothing with a src", () => {
    const code = inlineCode([
      `<head><script>var a=1</script><script type="module" src="/assets/e.js"></script><style>:root{--x:1}</style></head>`,
      `<head><link rel="stylesheet" href="x" media="print" onload="this.media='all'"></head><p>say &quot;onload=&quot;</p>`,
      `<head></head><div style="color:red">`,
    ]);
    const csp = contentSecurityPolicy(config(), code);
    expect(directive(csp, "script-src")).toBe(
      `script-src 'self' ${hash("var a=1")} 'unsafe-hashes' ${hash("this.media='all'")}`,
    );
    expect(directive(csp, "style-src")).toBe(
      `style-src 'self' ${hash(":root{--x:1}")} 'unsafe-hashes' ${hash("color:red")}`,
    );
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("names the web font, analytics and hosted search origins from the config, and no others", () => {
    const csp = contentSecurityPolicy(
      config({
        webFont: { stylesheet: "https://fonts.example/css?f=1", preconnect: ["https://static.fonts.example"] },
        analytics: { yandexMetrika: { counterId: "1", webvisor: true, trackHash: true } },
        search: {
          provider: "algolia",
          algolia: { appId: "APP1", apiKey: "k", indexName: "i", contextualSearch: true } as never,
        },
      }),
      inlineCode([]),
    );
    expect(directive(csp, "style-src")).toBe("style-src 'self' https://fonts.example");
    expect(directive(csp, "font-src")).toBe("font-src 'self' data: https://fonts.example https://static.fonts.example");
    expect(directive(csp, "script-src")).toBe(
      "script-src 'self' https://mc.yandex.ru https://mc.yandex.com https://yastatic.net",
    );
    expect(directive(csp, "connect-src")).toBe(
      "connect-src 'self' https://mc.yandex.ru https://mc.yandex.com https://app1-dsn.algolia.net", // hosts are case-insensitive; URL lowercases them
    );
    expect(directive(csp, "frame-src")).toContain("blob:");
  });

  it("takes a configured search host and a site-relative analytics script as they are", () => {
    const csp = contentSecurityPolicy(
      config({
        analytics: { yandexMetrika: { counterId: "1", webvisor: false, trackHash: true, scriptUrl: "/m.js" } },
        search: {
          provider: "algolia",
          algolia: { appId: "A", apiKey: "k", indexName: "i", host: "http://127.0.0.1:9/x" } as never,
        },
      }),
      inlineCode([]),
    );
    expect(directive(csp, "script-src")).toBe("script-src 'self'");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' http://127.0.0.1:9");
    expect(directive(csp, "frame-src")).toBe("frame-src 'self'");
  });

  it("lets the embeds content wrote load: each iframe's web origin in frame-src, nothing else", () => {
    const page = `<head></head><body><main><iframe src="https://codesandbox.io/embed/x?view=preview&amp;a=1"></iframe>
<iframe title="v" src="https://www.youtube-nocookie.com/embed/abc"></iframe><iframe src="/local.html"></iframe>
<p>&lt;iframe src="https://evil.example/"&gt;</p></main></body>`;
    const frames = directive(contentSecurityPolicy(config(), inlineCode([page])), "frame-src");
    expect(frames).toBe("frame-src https://codesandbox.io https://www.youtube-nocookie.com");
    expect(directive(contentSecurityPolicy(config(), inlineCode(["<main></main>"])), "frame-src")).toBe(
      "frame-src 'none'",
    );
  });

  it("writes a _headers file that serve reads back for every path", () => {
    const text = headersFile(config({ baseUrl: "/docs/" }), inlineCode(["<head><script>x()</script></head>"]));
    const rules = parseHeadersFile(text);
    const page = Object.fromEntries(headersFor(rules, "/docs/a/"));
    expect(page["Content-Security-Policy"]).toContain(hash("x()"));
    expect(page["X-Frame-Options"]).toBe("DENY");
    expect(Object.fromEntries(headersFor(rules, "/docs/assets/e.X.js"))["Cache-Control"]).toContain("immutable");
    expect(headersFor(rules, "/elsewhere/")).toEqual([]);
  });

  it("leaves out header lines Node would refuse to send", () => {
    const rules = parseHeadersFile("/*\n  X-Good: yes\n  Bad Name: x\n  X-Bad-Value: a\u0000b\n  no colon\n");
    expect(headersFor(rules, "/")).toEqual([["X-Good", "yes"]]);
  });
});
