// Recent and favourite searches, per locale, in localStorage (through safeStorage: unavailable storage acts as empty).
// What is kept is the result the reader chose (title, page, URL), as DocSearch does: it can be opened again directly.
import { safeStorage } from "../client/storage.ts";

export interface SavedHit {
  url: string;
  title: string;
  page?: string;
}
export interface History {
  recent: SavedHit[];
  favorites: SavedHit[];
}

const LIMIT = 5;
const key = (locale: string, list: keyof History) => `docsite.search.${list}.${locale}`;

function read(locale: string, list: keyof History): SavedHit[] {
  try {
    const v = JSON.parse(safeStorage.get(key(locale, list)) ?? "[]");
    return Array.isArray(v) ? v.filter((x) => x && typeof x.url === "string" && typeof x.title === "string") : [];
  } catch {
    return [];
  }
}

export function readHistory(locale: string): History {
  return { recent: read(locale, "recent"), favorites: read(locale, "favorites") };
}

function write(locale: string, h: History): History {
  safeStorage.set(key(locale, "recent"), JSON.stringify(h.recent));
  safeStorage.set(key(locale, "favorites"), JSON.stringify(h.favorites));
  return h;
}

const without = (list: SavedHit[], url: string) => list.filter((x) => x.url !== url);

/** A chosen result goes to the top of the recent list, unless it is a favourite already. */
export function remember(locale: string, hit: SavedHit): History {
  const h = readHistory(locale);
  if (h.favorites.some((f) => f.url === hit.url)) return h;
  return write(locale, { ...h, recent: [hit, ...without(h.recent, hit.url)].slice(0, LIMIT) });
}

export function favorite(locale: string, hit: SavedHit): History {
  const h = readHistory(locale);
  return write(locale, {
    recent: without(h.recent, hit.url),
    favorites: [hit, ...without(h.favorites, hit.url)].slice(0, LIMIT),
  });
}

export function forget(locale: string, list: keyof History, url: string): History {
  const h = readHistory(locale);
  return write(locale, { ...h, [list]: without(h[list], url) });
}
