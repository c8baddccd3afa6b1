// Browser storage keys, shared by the components, the runtime and the inline head script the build writes.
export const COLOR_MODE_KEY = "color-mode-setting";
export const ANNOUNCEMENT_DISMISSED_KEY = "docsite.announcement.dismiss";
export const ANNOUNCEMENT_ID_KEY = "docsite.announcement.id";
