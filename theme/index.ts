// What content page modules (content/pages/*.tsx) may use from the theme.
export { useT, useLocale, useLayout } from "./context.tsx";
export { Icon } from "./icons.tsx";
export { DocsiteImage } from "./mdx/DocImage.tsx";
