// Browser storage keys, shared by the components, the runtime and the inline head script the build writes.
export const COLOR_MODE_KEY = "color-mode-setting";
/**
 * The applied theme (light or dark) under Docusaurus' own key: written with every choice, and read when no choice
 * is stored yet, so a reader's theme from the previous Docusaurus-built site carries over.
 */
export const THEME_KEY = "theme";
export const ANNOUNCEMENT_DISMISSED_KEY = "docsite.announcement.dismiss";
export const ANNOUNCEMENT_ID_KEY = "docsite.announcement.id";
