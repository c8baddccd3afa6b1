// How legible a captured picture is where the docs show it: the smallest text of the page inside the captured clip,
// measured in the browser at capture time, is noted with the picture (pictures.json), and
// tests/unit/media-pictures.test.ts holds it at 12 px or more in the docs column. Text inside images and frames (the
// screenshots a report shows, the page the time-travel player replays) is part of a picture of a page, not of the
// interface, and is not counted here.
import type { Page } from "playwright-core";
import type { Clip } from "./record.ts";

/** The docs column of a 1280 px window (tests/browser/moving-pictures.test.ts measures it), in CSS px. */
export const COLUMN = 670;

/**
 * The interface pictures show one panel of the report or GUI (the tree, or a test's details) at its own size: the
 * window is as wide as the docs column plus the report's icon bar, which the clip leaves out, so the interface's text
 * is drawn in the docs at the size the report draws it.
 */
const ICON_BAR = 60;
export const PANEL_WINDOW = { width: COLUMN + ICON_BAR, height: 700 };
/** The part of the window a panel picture keeps: everything right of the icon bar. */
export const PANEL: Clip = { x: ICON_BAR, y: 0, width: COLUMN, height: PANEL_WINDOW.height };

/** The font size, in CSS px, of the smallest visible text of the page that lies (even in part) inside `clip`. */
export async function smallestText(page: Page, clip: Clip): Promise<number> {
  const px = await page.evaluate((c) => {
    let min = Number.POSITIVE_INFINITY;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode as Text;
      const el = text.parentElement;
      if (!text.data.trim() || !el) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const inside = [...range.getClientRects()].some(
        (r) =>
          r.width >= 1 &&
          r.height >= 1 &&
          r.right > c.x &&
          r.left < c.x + c.width &&
          r.bottom > c.y &&
          r.top < c.y + c.height,
      );
      if (inside) min = Math.min(min, Number.parseFloat(getComputedStyle(el).fontSize));
    }
    return min;
  }, clip);
  if (!Number.isFinite(px)) throw new Error("no text inside the clip: nothing to measure");
  return px;
}

/** The widest clip, in CSS px, whose smallest text of `px` stays at 12 px or more in the docs column. */
export const widestLegible = (px: number) => Math.floor((COLUMN * px) / 12);
