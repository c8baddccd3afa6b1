// A small shop served on 127.0.0.1 for the screenshot script: a login form and a product catalogue.
// `variant: "changed"` restyles the product card, so a visual test against references taken from the
// "original" variant fails with a real diff. `/api/stock?flaky` answers "out" to its first request and "in" after,
// so a test that reads it fails once and passes on retry.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface DemoApp {
  url: string;
  setVariant(v: "original" | "changed"): void;
  close(): Promise<void>;
}

const page = (title: string, body: string, css: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d2330}
header{background:#1d2330;color:#fff;padding:12px 24px;font-weight:600}
main{max-width:720px;margin:32px auto;padding:0 16px}
form{background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px #0002;display:grid;gap:12px}
label{display:grid;gap:4px;font-size:14px}
input{font:inherit;padding:8px;border:1px solid #b8bfcc;border-radius:4px}
button{font:inherit;padding:8px 16px;border:0;border-radius:4px;background:#2f6fed;color:#fff;cursor:pointer}
.error{color:#b3261e;min-height:1.5em;margin:0}
.cards{display:grid;grid-template-columns:repeat(3,1fr);gap:16px}
.card{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px #0002}
.card h2{margin:0 0 4px;font-size:18px}.card p{margin:0}.price{font-size:20px;font-weight:700;margin:8px 0}
.reviews{background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002;height:180px;overflow:auto;padding:0 16px;width:170px}
.reviews p{margin:12px 0}
${css}
</style></head><body><header>Demo shop</header><main>${body}</main></body></html>`;

const LOGIN = `<h1>Sign in</h1>
<form id="login" onsubmit="event.preventDefault();
  var ok = this.email.value === 'anna@example.com' && this.password.value === 'secret';
  if (ok) location.href = '/catalog' + location.search; else document.querySelector('.error').textContent = 'Wrong email or password';">
  <label>Email <input name="email" type="email" autocomplete="username"></label>
  <label>Password <input name="password" type="password" autocomplete="current-password"></label>
  <p class="error" role="alert"></p>
  <button type="submit">Sign in</button>
</form>`;

const CATALOG = `<h1>Catalogue</h1>
<div class="cards">
  <article class="card" data-testid="card-kettle"><h2>Electric kettle</h2><p>1.7 l, steel, auto off.</p>
    <p class="price">€39.90</p><button>Add to cart</button></article>
  <article class="card" data-testid="card-toaster"><h2>Toaster</h2><p>Two slots, six browning levels.</p>
    <p class="price">€29.00</p><button>Add to cart</button></article>
  <article class="card" data-testid="card-grinder"><h2>Coffee grinder</h2><p>Burr, 15 grind sizes.</p>
    <p class="price">€54.50</p><button>Add to cart</button></article>
</div>
<p>Stock: <output id="stock">…</output></p>
<script>fetch('/api/stock' + location.search).then(r => r.text()).then(t => document.getElementById('stock').textContent = t);</script>`;

const REVIEWS = `<h1>Reviews</h1>
<div class="reviews" data-testid="reviews">
  <p>★★★★★ Boils a full kettle in three minutes.</p>
  <p>★★★★☆ Quiet, but the lid is stiff.</p>
  <p>★★★★★ The auto off works every time.</p>
  <p>★★★☆☆ Handle gets warm near the top.</p>
  <p>★★★★☆ Good value for the price.</p>
  <p>★★★★★ Looks great on the counter.</p>
</div>`;

const CHANGED_CSS = `.card button{background:#0b8a4a;border-radius:16px;padding:8px 24px}.price{color:#b3261e}`;

export async function startDemoApp(): Promise<DemoApp> {
  let variant: "original" | "changed" = "original";
  let stockCalls = 0;
  const server = http.createServer((req, res) => {
    const css = variant === "changed" ? CHANGED_CSS : "";
    const send = (status: number, type: string, body: string) =>
      res.writeHead(status, { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "no-store" }).end(body);
    const { pathname: path, search } = new URL(req.url ?? "/", "http://x");
    if (path === "/") send(200, "text/html", page("Sign in", LOGIN, css));
    else if (path === "/catalog") send(200, "text/html", page("Catalogue", CATALOG, css));
    else if (path === "/reviews") send(200, "text/html", page("Reviews", REVIEWS, css));
    else if (path === "/api/stock")
      send(200, "text/plain", search.includes("flaky") && stockCalls++ === 0 ? "out of stock" : "in stock");
    else send(404, "text/plain", "not found");
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setVariant(v) {
      variant = v;
      stockCalls = 0;
    },
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}
