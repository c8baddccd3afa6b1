// Launches Chromium for browser tests: an installed Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH) when
// present, otherwise Playwright's own downloaded browser, so the tests run unchanged on either kind of machine.
import { chromium, type Browser } from "playwright-core";
import { existsSync } from "node:fs";

export function chromiumPath(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  return candidates.find((p): p is string => Boolean(p && existsSync(p)));
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}
