// "docsite-ssg/theme": what a site's page modules (content/pages/*.tsx) and components may use from the theme. The
// renderer gives a page the same instance of these modules it uses itself, so the hooks see the page's context.
// Types for such code come from "docsite-ssg" (cli/public-types.ts).
export { useT, useLocale, useLayout } from "./context.tsx";
export { Icon } from "./icons.tsx";
export { DocsiteImage } from "./mdx/DocImage.tsx";
