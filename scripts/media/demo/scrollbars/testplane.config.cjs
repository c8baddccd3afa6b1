// The demo config for the scrollbar picture: its own test folder, and scrollbars drawn unless HIDE_SCROLLBARS=1.
const base = require("../testplane.config.cjs");

const args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];
if (process.env.HIDE_SCROLLBARS === "1") args.push("--hide-scrollbars");
const chrome = base.browsers.chrome;

module.exports = {
  ...base,
  sets: { desktop: { files: ["scrollbars/**/*.testplane.js"], browsers: ["chrome"] } },
  browsers: {
    chrome: {
      ...chrome,
      desiredCapabilities: {
        ...chrome.desiredCapabilities,
        "goog:chromeOptions": { ...chrome.desiredCapabilities["goog:chromeOptions"], args },
      },
    },
  },
  retry: 0,
  timeTravel: "off",
};
