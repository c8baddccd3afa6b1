// Pages' HTML as the client fetches it: one request per page, shared by the router (navigation, prefetch on intent)
// and the sidebar (a collapsed category's items come from the page that shows it open: sidebar-lazy.ts).
import { memoAsync } from "../memo-async.ts";
import { saveData } from "./connection.ts";

export const fetchPage = memoAsync((url) =>
  fetch(url, { headers: { accept: "text/html" }, credentials: "same-origin" }).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    const type = r.headers.get("content-type") ?? "";
    if (!type.includes("text/html")) throw new Error(`not a page: ${type}`);
    return r.text();
  }),
);

export function prefetch(url: string): void {
  if (saveData() || fetchPage.has(url)) return;
  fetchPage(url).catch(() => {
    /* a real navigation will retry */
  });
}
