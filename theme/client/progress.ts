// A thin top progress bar (nprogress-compatible defaults), shown only when loading outlasts the delay.
export const PROGRESS = { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 } as const;

export function createProgress(doc: Document = document) {
  let bar: HTMLDivElement | null = null;
  let value = 0;
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let trickleTimer: ReturnType<typeof setInterval> | undefined;

  const set = (n: number) => {
    value = Math.min(Math.max(n, PROGRESS.minimum), 1);
    if (bar) bar.style.transform = `scaleX(${value})`;
  };
  const show = () => {
    bar = doc.createElement("div");
    bar.className = "progress-bar";
    bar.setAttribute("role", "progressbar");
    bar.setAttribute("aria-hidden", "true");
    bar.style.transition = `transform ${PROGRESS.speed}ms linear, opacity ${PROGRESS.speed}ms linear`;
    doc.body.appendChild(bar);
    set(PROGRESS.minimum);
    // Trickle: creep towards the end without reaching it, slower as it gets closer.
    trickleTimer = setInterval(
      () => set(value + PROGRESS.trickleRate * (1 - value) * 4 * Math.random()),
      PROGRESS.trickleSpeed,
    );
  };
  return {
    start() {
      clearTimeout(showTimer);
      showTimer = setTimeout(show, PROGRESS.delay);
    },
    done() {
      clearTimeout(showTimer);
      clearInterval(trickleTimer);
      const b = bar;
      bar = null;
      if (!b) return;
      b.style.transform = "scaleX(1)";
      setTimeout(() => {
        b.style.opacity = "0";
        setTimeout(() => b.remove(), PROGRESS.speed);
      }, PROGRESS.speed);
    },
  };
}
