// Client-side navigation over static HTML: same-origin links load the next page's HTML (prefetched on hover,
// focus or touch), the old page stays until it arrives, then the page region is swapped. Anything unexpected
// falls back to a full page load, which always works.
import { createProgress } from "./progress.ts";
import { fetchPage, prefetch } from "./page-fetch.ts";
import { setCategory } from "./behaviours.ts";
import { graftActivePath } from "./sidebar-lazy.ts";
import { pagePath } from "./url-form.ts";

export interface RouterHooks {
  /** Before the old DOM goes away. */
  beforeSwap(oldRoot: HTMLElement): void;
  /** After the new DOM is in place. */
  afterSwap(newRoot: HTMLElement, info: { pathChanged: boolean }): void;
  /** Swapping failed after the page arrived: show the error screen. */
  onError(err: unknown, retry: () => void): void;
}

function routable(a: HTMLAnchorElement | null, base: string): URL | null {
  if (
    !a?.href ||
    (a.target && a.target !== "_self") ||
    a.hasAttribute("download") ||
    a.getAttribute("rel")?.includes("external")
  )
    return null;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(base)) return null;
  if (/\.(xml|txt|json|png|jpe?g|svg|webp|pdf|zip)$/i.test(url.pathname)) return null;
  return url;
}

export function startRouter(
  root: HTMLElement,
  hooks: RouterHooks,
): { navigate: (url: string, push?: boolean) => Promise<void>; show: (url: string) => Promise<void> } {
  const base = root.getAttribute("data-base") ?? "/";
  const progress = createProgress();
  let current = location.pathname;
  let token = 0;

  // Clean *.html URLs on the client too, on a real page (a 404 page loads the clean URL instead: not-found.ts).
  const here = pagePath(location.pathname);
  if (here !== location.pathname && root.getAttribute("data-route") !== "notFound")
    history.replaceState(history.state, "", here + location.search + location.hash);

  history.scrollRestoration = "manual";
  const saveScroll = () => history.replaceState({ ...(history.state ?? {}), scrollY: scrollY }, "");

  /** `keepAddress`: show that page's content at the current address (the locale's 404 page on a static host). */
  async function navigate(href: string, push = true, scrollY?: number, keepAddress = false): Promise<void> {
    const url = new URL(href, location.href);
    url.pathname = pagePath(url.pathname);
    const my = ++token;
    progress.start();
    let html: string;
    try {
      html = await fetchPage(url.pathname + url.search);
    } catch {
      // The route could not be loaded (offline, deleted page, failed asset): let the browser load it for real.
      // (Content shown in place of this page's just stays as it is.)
      if (keepAddress) progress.done();
      else location.assign(url.href);
      return;
    }
    if (my !== token) return;
    const doc = new DOMParser().parseFromString(html, "text/html");
    const next = doc.getElementById("__docsite");
    if (!next) {
      // A page of the same origin that docsite did not make (a hand-written HTML file, another app under the same
      // host): nothing to swap in, so the browser loads it for real, as a link without the router would.
      fetchPage.forget(url.pathname + url.search);
      if (keepAddress) progress.done();
      else location.assign(url.href);
      return;
    }
    try {
      if (push && !keepAddress) {
        saveScroll();
        history.pushState({}, "", url.pathname + url.search + url.hash);
      }
      const shown = keepAddress ? location.pathname : url.pathname;
      const pathChanged = shown !== current;
      current = shown;
      swapHead(doc);
      hooks.beforeSwap(root);
      swapRoot(root, next);
      hooks.afterSwap(root, { pathChanged });
      const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
      if (scrollY !== undefined) scrollTo(0, scrollY);
      else if (target) target.scrollIntoView();
      else scrollTo(0, 0);
      focusMain(target);
    } catch (err) {
      // Forget the response that could not be shown, so Retry asks the server again.
      fetchPage.forget(url.pathname + url.search);
      hooks.onError(err, () => navigate(url.href, push));
    } finally {
      if (my === token) progress.done();
    }
  }

  document.addEventListener("click", (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.("a") as HTMLAnchorElement | null;
    const url = routable(a, base);
    if (!url) return;
    // Same page, different hash: the browser does it best.
    if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
    e.preventDefault();
    navigate(url.href);
  });

  const onIntent = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.("a") as HTMLAnchorElement | null;
    const url = routable(a, base);
    if (url && url.pathname !== location.pathname) prefetch(pagePath(url.pathname) + url.search);
  };
  document.addEventListener("mouseover", onIntent, { passive: true });
  document.addEventListener("focusin", onIntent);
  document.addEventListener("touchstart", onIntent, { passive: true });

  addEventListener("popstate", (e) => {
    if (location.pathname === current) return; // hash change within the page
    navigate(location.href, false, (e.state as { scrollY?: number } | null)?.scrollY ?? 0);
  });

  return { navigate: (u, push = true) => navigate(u, push), show: (u) => navigate(u, false, scrollY, true) };
}

function swapHead(doc: Document): void {
  document.title = doc.title;
  document.documentElement.lang = doc.documentElement.lang;
  document.documentElement.dir = doc.documentElement.dir;
  for (const sel of [
    'meta[name="description"]',
    'link[rel="canonical"]',
    'meta[property="og:title"]',
    'meta[property="og:url"]',
    'meta[name="robots"]',
  ]) {
    const mine = document.head.querySelector(sel);
    const theirs = doc.head.querySelector(sel);
    if (mine && theirs) mine.replaceWith(theirs.cloneNode(true));
    else if (mine) mine.remove();
    else if (theirs) document.head.appendChild(theirs.cloneNode(true));
  }
  // A page's own scripts (`data-page-script`: the moving-picture player) are loaded by import(): a script parsed by
  // DOMParser never runs, and a module runs once per document, so one the document already has is not run again.
  // The entry is not one of them: a new deployment's entry must not start a second runtime.
  for (const s of doc.head.querySelectorAll("script[data-page-script]"))
    import(/* @vite-ignore */ s.getAttribute("src")!).catch(() => {});
  for (const l of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) l.remove();
  for (const l of doc.head.querySelectorAll('link[rel="alternate"][hreflang]'))
    document.head.appendChild(l.cloneNode(true));
  // Pages may opt out of colour modes (the landing page): carry the fixed theme across.
  const fixed = doc.documentElement.hasAttribute("data-theme-fixed");
  const root = document.documentElement;
  if (fixed) {
    root.setAttribute("data-theme-fixed", "");
    root.setAttribute("data-theme", "light");
  } else if (root.hasAttribute("data-theme-fixed")) {
    root.removeAttribute("data-theme-fixed");
    document.dispatchEvent(new CustomEvent("docsite:color-mode-restore"));
  }
}

/** Replaces the page, keeping the docs sidebar element when both pages share it (scroll and open categories stay). */
function swapRoot(root: HTMLElement, next: HTMLElement): void {
  const oldSidebar = root.querySelector<HTMLElement>("[data-sidebar]");
  const newSidebar = next.querySelector<HTMLElement>("[data-sidebar]");
  const keep = oldSidebar && newSidebar && oldSidebar.dataset.sidebar === newSidebar.dataset.sidebar;
  let activeHref: string | null = null;
  if (keep) {
    activeHref = newSidebar.querySelector<HTMLAnchorElement>("[aria-current=page]")?.getAttribute("href") ?? null;
    // The kept sidebar may not have drawn the new page's category yet (a collapsed one has no items): take it.
    graftActivePath(oldSidebar, newSidebar);
    newSidebar.replaceWith(oldSidebar);
  }
  for (const a of Array.from(next.attributes)) root.setAttribute(a.name, a.value);
  root.replaceChildren(...Array.from(next.childNodes).map((n) => document.adoptNode(n)));
  if (keep && oldSidebar) markActive(oldSidebar, activeHref);
}

export function markActive(sidebar: HTMLElement, href: string | null): void {
  sidebar.querySelectorAll("[aria-current=page]").forEach((a) => {
    a.removeAttribute("aria-current");
    a.classList.remove("menu__link--active");
  });
  if (!href) return;
  // Not a category's toggle: without JavaScript it links to the category's first page, which is not it.
  const link = sidebar.querySelector<HTMLAnchorElement>(`a[href="${CSS.escape(href)}"]:not([data-category-toggle])`);
  if (!link) return;
  link.setAttribute("aria-current", "page");
  link.classList.add("menu__link--active");
  // Open every category on the way up to the active link.
  for (
    let li = link.closest(".menu__item--category");
    li;
    li = li.parentElement?.closest(".menu__item--category") ?? null
  ) {
    const toggle = li.querySelector<HTMLElement>(":scope > .menu__row > [data-category-toggle]");
    if (toggle && toggle.getAttribute("aria-expanded") !== "true") setCategory(toggle, true, false);
  }
}

function focusMain(target: HTMLElement | null): void {
  const main = target ?? document.getElementById("main-content");
  main?.focus({ preventScroll: true });
}
