// The demo config with html-reporter's static accepter on, for the pictures of accepting screenshots in a static
// report. The report is served by the screenshot script, which also answers the accepter's POST at /accepter/commit
// (its "service": it reads the images and answers 200, as a real one would after pushing a commit).
const base = require("./testplane.config.cjs");

const reporter = base.plugins["html-reporter/testplane"];

module.exports = {
  ...base,
  plugins: {
    ...base.plugins,
    "html-reporter/testplane": {
      ...reporter,
      staticImageAccepter: {
        enabled: true,
        repositoryUrl: "https://github.com/acme/shop",
        pullRequestUrl: "https://github.com/acme/shop/pull/42",
        serviceUrl: "/accepter/commit",
      },
    },
  },
};
