// The browser entry: hydrates islands, starts client navigation and the delegated behaviours.
import { hydrateIslands, unmountIslands } from "./islands.ts";
import { startRouter } from "./router.ts";
import { installBehaviours, restoreTabs, tocSpy } from "./behaviours.ts";
import { startAnalytics } from "./analytics.ts";
import { applyMode, readMode } from "../layout/ColorModeToggle.tsx";
import { safeStorage, safeSession } from "./storage.ts";
import { settleNotFound } from "./not-found.ts";

declare global {
  /** The site has project islands (cli/client/bundle.ts): without, the code below that loads them is left out. */
  const __DOCSITE_PROJECT_ISLANDS__: boolean;
}

const root = document.getElementById("__docsite")!;
const strings = (): Record<string, string> => JSON.parse(root.getAttribute("data-i18n") ?? "{}");

/** Error screen inside the page: the text of the error and a way to try again. */
function showError(err: unknown, retry: () => void, crashed: boolean): void {
  const s = strings();
  const main = document.getElementById("main-content") ?? root;
  // One error screen at a time: a second failure replaces the first rather than stacking.
  for (const old of document.querySelectorAll(".error-screen")) old.remove();
  const box = document.createElement("div");
  box.className = "error-screen alert alert--danger";
  box.setAttribute("role", "alert");
  const h = document.createElement("p");
  h.className = "alert__title";
  h.textContent = crashed ? (s.crashed ?? "This page crashed.") : (s.loadFailed ?? "");
  const pre = document.createElement("pre");
  pre.textContent = String((err as Error)?.message ?? err);
  const b = document.createElement("button");
  b.type = "button";
  b.className = "button";
  // As the spec words them: "Try again" after a crash, "Retry" after a failed load.
  b.textContent = crashed ? (s.tryAgain ?? "Try again") : (s.retry ?? "Retry");
  b.addEventListener("click", () => {
    box.remove();
    retry();
  });
  box.append(h, pre, b);
  main.prepend(box);
}

/** Remembers the docs version the reader uses, per docs plugin; forgets a remembered version that no longer exists. */
function rememberDocsVersion(): void {
  const [plugin, names] = (root.getAttribute("data-docs-versions") ?? "").split("|");
  const key = `docs-preferred-version-${plugin}`;
  const stored = safeStorage.get(key);
  if (stored && names && !names.split(",").includes(stored)) safeStorage.remove(key);
  const v = root.getAttribute("data-docs-version");
  if (v) safeStorage.set(key, v.split("|")[1]);
}

let stopToc = tocSpy(root);
const analytics = startAnalytics(root);
installBehaviours();
restoreTabs(root);
rememberDocsVersion();
const onIslandError = (err: unknown) => {
  // A chunk that fails to load usually means a new deployment replaced it: a reload gets the fresh page.
  if (
    /dynamically imported module|Failed to fetch|Importing a module script failed/i.test(
      String((err as Error)?.message),
    )
  ) {
    if (!safeSession.get("docsite.reloaded")) {
      safeSession.set("docsite.reloaded", "1");
      location.reload();
      return;
    }
  }
  showError(err, () => location.reload(), true);
};
// The site's own islands: a page that has some names their runtime (cli/islands/runtime.ts), a build of its own
// with its own preact/compat, loaded by such pages only.
type ProjectIslands = typeof import("./project-islands.ts");
let projectIslands: ProjectIslands | undefined;
function hydrateProjectIslands(r: HTMLElement): void {
  const runtime = __DOCSITE_PROJECT_ISLANDS__ && r.getAttribute("data-islands");
  if (!runtime) return;
  (import(/* @vite-ignore */ runtime) as Promise<ProjectIslands>)
    .then((m) => {
      projectIslands = m;
      m.hydrateProjectIslands(r, onIslandError);
    })
    .catch(onIslandError);
}
hydrateProjectIslands(root);
hydrateIslands(root, onIslandError).then(() => {
  document.documentElement.setAttribute("data-hydrated", "");
  safeSession.remove("docsite.reloaded");
});
document.addEventListener("docsite:color-mode-restore", () => {
  applyMode(readMode("light"));
});
// The search modal is its own chunk, fetched the first time the reader opens search (button, Ctrl/Cmd+K or "/").
// If it cannot be fetched, the error screen says so and its button reloads the page (a new deployment may have
// renamed the chunk); opening search again tries the chunk again, and never reloads by itself.
document.addEventListener("docsite:search-open", () => {
  import("../search/open.tsx")
    .then((m) => m.openSearchModal())
    .catch((err) => showError(err, () => location.reload(), false));
});
document.addEventListener("keydown", (e) => {
  const t = e.target as HTMLElement;
  const typing = t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName);
  if (
    ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") ||
    (e.key === "/" && !typing && !e.ctrlKey && !e.metaKey && !e.altKey)
  ) {
    e.preventDefault();
    document.dispatchEvent(new CustomEvent("docsite:search-open"));
  }
});

const router = startRouter(root, {
  beforeSwap(old) {
    stopToc();
    unmountIslands(old);
    if (__DOCSITE_PROJECT_ISLANDS__) projectIslands?.leavePage(old);
  },
  afterSwap(next, { pathChanged }) {
    hydrateIslands(next, onIslandError);
    if (__DOCSITE_PROJECT_ISLANDS__) hydrateProjectIslands(next);
    restoreTabs(next);
    stopToc = tocSpy(next);
    rememberDocsVersion();
    if (pathChanged) analytics?.pageView(location.href, document.title);
    document.dispatchEvent(new CustomEvent("docsite:navigated", { detail: { path: location.pathname } }));
  },
  onError: (err, retry) => showError(err, retry, false),
});
(window as unknown as { __docsite?: unknown }).__docsite = { navigate: router.navigate };
settleNotFound(root, router.show);
