// Web analytics (Yandex Metrika-style), loaded only when the site config has a counter. A page view carrying the
// title is sent on each client navigation that changes the pathname (hash and query changes are not page views).
interface MetrikaConfig {
  counterId: string;
  webvisor?: boolean;
  trackHash?: boolean;
  scriptUrl?: string;
}
type Ym = ((...args: unknown[]) => void) & { a?: unknown[] };

export function startAnalytics(root: HTMLElement): { pageView: (url: string, title: string) => void } | null {
  const raw = root.getAttribute("data-analytics");
  if (!raw) return null;
  const cfg = JSON.parse(raw) as MetrikaConfig;
  const w = window as unknown as { ym?: Ym };
  w.ym =
    w.ym ??
    Object.assign((...args: unknown[]) => {
      (w.ym!.a = w.ym!.a ?? []).push(args);
    }, {});
  const s = document.createElement("script");
  s.async = true;
  s.src = cfg.scriptUrl ?? "https://mc.yandex.ru/metrika/tag.js";
  document.head.appendChild(s);
  w.ym(Number(cfg.counterId), "init", {
    clickmap: true,
    trackLinks: true,
    accurateTrackBounce: true,
    webvisor: cfg.webvisor ?? true,
    trackHash: cfg.trackHash ?? true,
  });
  return { pageView: (url, title) => w.ym!(Number(cfg.counterId), "hit", url, { title }) };
}
