// The components every MDX page gets without importing them (docsite's and Docusaurus' defaults), and their names.
// A module of its own: the build's component check needs the names on every build, also one served wholly from the
// cache, which must not load React's server renderer (cli/render/mdx-runtime.ts) for them.
import { createElement, type ComponentType } from "react";
import { mdxComponents } from "../../theme/mdx/components.tsx";
import { Details } from "../../theme/mdx/docusaurus.tsx";
import { useThemeOverride } from "../../theme/layout/overrides.tsx";

/** `<details>` of content: a site's `@theme/MDXComponents/Details` (or `@theme/Details`) when it has one. */
function ContentDetails(props: object) {
  const part = useThemeOverride("MDXComponents/Details");
  const whole = useThemeOverride("Details");
  return createElement((part ?? whole ?? Details) as ComponentType<object>, props);
}

export const pageComponents = { ...mdxComponents, Details: ContentDetails, details: ContentDetails };

/** Names the theme provides to content, for the build's check of undefined components. */
export const knownComponentNames = new Set(Object.keys(pageComponents));
