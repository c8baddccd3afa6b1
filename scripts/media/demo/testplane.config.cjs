// Testplane config for the screenshot script's demo project. The script sets the environment: DEMO_URL (the demo
// shop), GRID_URL (chromedriver on 127.0.0.1), CHROMIUM (the browser binary) and REPORT_DIR.
const args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"];

module.exports = {
  gridUrl: process.env.GRID_URL,
  baseUrl: process.env.DEMO_URL,
  sets: { desktop: { files: ["tests/**/*.testplane.js"], browsers: ["chrome"] } },
  browsers: {
    chrome: {
      automationProtocol: "webdriver",
      desiredCapabilities: {
        browserName: "chrome",
        "goog:chromeOptions": { binary: process.env.CHROMIUM, args },
      },
      windowSize: "1024x768",
      sessionsPerBrowser: 1,
      testsPerSession: 20,
    },
  },
  retry: 1,
  // The retried test's second attempt is recorded, so the report shows the time-travel player for it.
  timeTravel: "retries-only",
  screenshotsDir: "screens",
  plugins: {
    "html-reporter/testplane": {
      enabled: true,
      path: process.env.REPORT_DIR || "testplane-report",
      defaultView: "all",
      diffMode: "3-up",
    },
  },
};
