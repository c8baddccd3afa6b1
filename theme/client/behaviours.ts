// Page behaviours done with delegated listeners on document: they work for the first page and for every page
// swapped in later without re-initialisation.
import { safeStorage } from "./storage.ts";
import { categoryAt, categoryPath, labelOf, pageOf, prefetchCategory } from "./sidebar-lazy.ts";
import { fetchPage } from "./page-fetch.ts";

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
export const DESKTOP_QUERY = "(min-width: 997px)";

/** Collapse animation time grows with content height (like Docusaurus), 1 ms under reduced motion. */
export function collapseDuration(height: number): number {
  if (reducedMotion()) return 1;
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

/**
 * Opens or closes a sidebar category: its list follows the toggle's aria-expanded. A category drawn without its
 * items gets them first (sidebar-lazy.ts), and opens then unless it was closed meanwhile.
 */
export function setCategory(toggle: HTMLElement, open: boolean, animate = true): void {
  const item = toggle.closest(".menu__item--category");
  const list = item?.querySelector<HTMLElement>(":scope > .menu__list");
  toggle.setAttribute("aria-expanded", String(open));
  if (!list) {
    if (open && item?.hasAttribute("data-lazy"))
      import("./sidebar-load.ts").then(
        (m) =>
          m.loadCategory(item, { fetchPage, categoryAt, categoryPath, labelOf, pageOf }, () => {
            if (toggle.getAttribute("aria-expanded") === "true") setCategory(toggle, true, animate);
          }),
        // The chunk is gone (a new deployment): the category's page, as without JavaScript.
        () => location.assign(pageOf(item) ?? location.href),
      );
    return;
  }
  if (open) list.removeAttribute("data-collapsed");
  const height = list.scrollHeight;
  if (!animate) {
    if (!open) list.setAttribute("data-collapsed", "");
    return;
  }
  list.style.overflow = "hidden";
  const anim = list.animate([{ height: open ? "0px" : `${height}px` }, { height: open ? `${height}px` : "0px" }], {
    duration: collapseDuration(height),
    easing: "ease-in-out",
  });
  anim.onfinish = anim.oncancel = () => {
    list.style.overflow = "";
    if (toggle.getAttribute("aria-expanded") === "false") list.setAttribute("data-collapsed", "");
  };
}

function selectTab(tab: HTMLElement, sync = true): void {
  const tabs = tab.closest<HTMLElement>("[data-tabs]");
  if (!tabs) return;
  const value = tab.dataset.value!;
  tabs.querySelectorAll<HTMLElement>(":scope > [role=tablist] > [role=tab]").forEach((t) => {
    const on = t === tab;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    const panel = document.getElementById(t.getAttribute("aria-controls")!);
    if (panel) on ? panel.removeAttribute("data-inactive") : panel.setAttribute("data-inactive", "");
  });
  const group = tabs.dataset.group;
  if (group && sync) {
    safeStorage.set(`docsite.tab.${group}`, value);
    document
      .querySelectorAll<HTMLElement>(
        `[data-tabs][data-group="${CSS.escape(group)}"] [role=tab][data-value="${CSS.escape(value)}"]`,
      )
      .forEach((t) => {
        if (t !== tab) selectTab(t, false);
      });
  }
}

/** Restores tab choices of synced groups after a page appears. */
export function restoreTabs(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>("[data-tabs][data-group]").forEach((tabs) => {
    const v = safeStorage.get(`docsite.tab.${tabs.dataset.group}`);
    const tab = v ? tabs.querySelector<HTMLElement>(`[role=tab][data-value="${CSS.escape(v)}"]`) : null;
    if (tab) selectTab(tab, false);
  });
}

function closeDropdowns(except?: Element): void {
  document.querySelectorAll("[data-dropdown].dropdown--open").forEach((d) => {
    if (d === except) return;
    d.classList.remove("dropdown--open");
    d.querySelector("[aria-expanded]")?.setAttribute("aria-expanded", "false");
  });
}

export function mobileMenu(open: boolean): void {
  const menu = document.querySelector<HTMLElement>("[data-mobile-menu]");
  const toggle = document.querySelector<HTMLElement>("[data-mobile-menu-open]");
  if (!menu) return;
  if (open) {
    const sidebar = document.querySelector("[data-sidebar] nav");
    const slot = menu.querySelector("[data-mobile-menu-sidebar]");
    if (slot) slot.replaceChildren(...(sidebar ? [sidebar.cloneNode(true)] : []));
    menu.dataset.view = sidebar ? "secondary" : "primary";
    menu.hidden = false;
    document.body.classList.add("mobile-menu-open");
    menu.querySelector<HTMLElement>("a, button")?.focus();
  } else {
    if (menu.hidden) return;
    menu.hidden = true;
    document.body.classList.remove("mobile-menu-open");
    toggle?.focus();
  }
  toggle?.setAttribute("aria-expanded", String(open));
}

export function installBehaviours(): void {
  document.addEventListener("click", (e) => {
    const el = e.target as HTMLElement;
    const cat = el.closest<HTMLElement>("[data-category-toggle]");
    // A toggle that is a link (to the category's page, for readers without JavaScript) still opens that page in a
    // new tab or window when asked to.
    if (cat && !(cat.tagName === "A" && (e.ctrlKey || e.metaKey || e.shiftKey))) {
      e.preventDefault();
      setCategory(cat, cat.getAttribute("aria-expanded") !== "true");
      return;
    }
    const tab = el.closest<HTMLElement>("[data-tabs] [role=tab]");
    if (tab) {
      selectTab(tab);
      return;
    }
    const copy = el.closest<HTMLElement>("[data-copy]");
    if (copy) {
      const code = copy.closest(".code-block")?.querySelector("pre")?.textContent ?? "";
      navigator.clipboard?.writeText(code.replace(/\n$/, "")).then(
        () => {
          copy.classList.add("copied");
          copy.setAttribute("aria-label", copy.dataset.copiedLabel ?? "Copied");
          setTimeout(() => copy.classList.remove("copied"), 1500);
        },
        () => {
          /* clipboard denied: nothing to do */
        },
      );
      return;
    }
    const toggle = el.closest("[data-dropdown] .dropdown__toggle");
    if (toggle) {
      const dd = toggle.parentElement!;
      const open = !dd.classList.contains("dropdown--open");
      closeDropdowns(dd);
      dd.classList.toggle("dropdown--open", open);
      toggle.setAttribute("aria-expanded", String(open));
      return;
    }
    if (!el.closest("[data-dropdown]")) closeDropdowns();
    if (el.closest("[data-mobile-menu-open]")) {
      mobileMenu(true);
      return;
    }
    if (el.closest("[data-mobile-menu-close]")) {
      mobileMenu(false);
      return;
    }
    if (el.closest("[data-mobile-menu-back]")) {
      const menu = document.querySelector<HTMLElement>("[data-mobile-menu]");
      if (menu) menu.dataset.view = "primary";
      return;
    }
    if (el.closest("[data-mobile-menu] a")) mobileMenu(false);
  });

  // A category's items are fetched ahead when the reader points at or focuses its toggle, as links' pages are.
  const intent = (e: Event) => {
    const toggle = (e.target as Element | null)?.closest?.("[data-lazy] > .menu__row > [data-category-toggle]");
    if (toggle) prefetchCategory(toggle);
  };
  document.addEventListener("mouseover", intent, { passive: true });
  document.addEventListener("focusin", intent);

  document.addEventListener("keydown", (e) => {
    // Space presses a button; a toggle that is a link (role=button) needs it done here.
    const link = (e.target as HTMLElement).closest?.<HTMLElement>("a[data-category-toggle]");
    if (link && e.key === " ") {
      e.preventDefault();
      setCategory(link, link.getAttribute("aria-expanded") !== "true");
      return;
    }
    if (e.key === "Escape") {
      closeDropdowns();
      mobileMenu(false);
    }
    const tab = (e.target as HTMLElement).closest?.<HTMLElement>("[data-tabs] [role=tab]");
    if (tab && (e.key === "ArrowRight" || e.key === "ArrowLeft" || e.key === "Home" || e.key === "End")) {
      const all = [...tab.parentElement!.querySelectorAll<HTMLElement>("[role=tab]")];
      const i = all.indexOf(tab);
      const next =
        e.key === "Home"
          ? all[0]
          : e.key === "End"
            ? all[all.length - 1]
            : all[(i + (e.key === "ArrowRight" ? 1 : -1) + all.length) % all.length];
      selectTab(next);
      next.focus();
      e.preventDefault();
    }
  });

  matchMedia(DESKTOP_QUERY).addEventListener?.("change", (q) => {
    if (q.matches) mobileMenu(false);
  });
  addEventListener("popstate", () => mobileMenu(false));

  // Navbar hides while scrolling down and comes back on the way up. The start position is read after the first
  // frame, not in the start-up script, where reading scrollY would force a layout.
  let lastY = 0;
  requestAnimationFrame(() =>
    setTimeout(() => {
      lastY = scrollY;
    }),
  );
  addEventListener(
    "scroll",
    () => {
      const nav = document.querySelector<HTMLElement>("[data-navbar][data-hide-on-scroll]");
      const y = scrollY;
      if (nav) {
        const h = nav.offsetHeight;
        if (y < h || y < lastY) nav.classList.remove("navbar--hidden");
        else if (y > lastY + 2 && !nav.contains(document.activeElement)) nav.classList.add("navbar--hidden");
      }
      lastY = y;
    },
    { passive: true },
  );
}

/** Highlights the TOC entry of the section at the top of the viewport. */
export function tocSpy(root: ParentNode): () => void {
  const links = [...root.querySelectorAll<HTMLAnchorElement>("[data-toc] a.toc__link")];
  if (!links.length) return () => {};
  const headings = links
    .map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1))))
    .filter((h): h is HTMLElement => Boolean(h));
  const update = () => {
    let active: HTMLElement | undefined;
    for (const h of headings) if (h.getBoundingClientRect().top < 120) active = h;
    active ??= headings[0];
    for (const a of links) a.classList.toggle("toc__link--active", a.hash === `#${active?.id}`);
  };
  addEventListener("scroll", update, { passive: true });
  // The first highlight waits for the first frame: measuring headings in the start-up script would force a layout
  // of the whole page there (a long task after the first paint, which Lighthouse counts as blocking time).
  let stopped = false;
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (!stopped) update();
    }),
  );
  return () => {
    stopped = true;
    removeEventListener("scroll", update);
  };
}
