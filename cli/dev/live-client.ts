// Bundles the dev server's browser side (theme/client/dev-live.ts) on its own, so the site's bundle never holds
// it. Pages served by `docsite dev` load it with one <script type="module"> tag.
import { build } from "esbuild";
import { fromRoot } from "../boot/locations.ts";

/** Where the dev server serves the script and its event stream (beside it: `events`). */
export const LIVE_SCRIPT = "/__docsite/live.js";
export const LIVE_EVENTS = "/__docsite/events";
const LIVE_TAG = `<script type="module" src="${LIVE_SCRIPT}"></script>`;

const entry = fromRoot("theme", "client", "dev-live.ts");

export async function bundleLiveClient(): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    target: ["es2020"],
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}

/** Adds the live script to a page (before `</body>`, or at the end when there is none). */
export function withLiveScript(html: string): string {
  const at = html.lastIndexOf("</body>");
  return at < 0 ? html + LIVE_TAG : html.slice(0, at) + LIVE_TAG + html.slice(at);
}
