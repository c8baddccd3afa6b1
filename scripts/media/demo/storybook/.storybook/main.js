// Storybook for the screenshot script's @testplane/storybook run: the demo shop's product card and button as
// HTML stories. The card's look comes from static/card.css, which the script restyles between the two runs.
module.exports = {
  framework: { name: "@storybook/html-vite", options: {} },
  stories: ["../stories/*.stories.js"],
  staticDirs: ["../static"],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};
