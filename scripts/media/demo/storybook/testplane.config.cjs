// Testplane config for the @testplane/storybook run of the screenshot script: the plugin reads the stories of the
// Storybook built into storybook-static/ and served at STORYBOOK_URL, and makes an Autoscreenshot test of each.
const args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"];

module.exports = {
  gridUrl: process.env.GRID_URL,
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
  screenshotsDir: "screens",
  plugins: {
    "@testplane/storybook": { remoteStorybookUrl: process.env.STORYBOOK_URL },
    "html-reporter/testplane": {
      enabled: true,
      path: process.env.REPORT_DIR || "testplane-report",
      defaultView: "all",
      diffMode: "3-up",
    },
  },
};
