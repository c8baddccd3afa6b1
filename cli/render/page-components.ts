// The components every MDX page gets without importing them (docsite's and Docusaurus' defaults), and their names.
// A module of its own: the build's component check needs the names on every build, also one served wholly from the
// cache, which must not load React's server renderer (cli/render/mdx-runtime.ts) for them.
import { mdxComponents } from "../../theme/mdx/components.tsx";
import { Details } from "../../theme/mdx/docusaurus.tsx";

export const pageComponents = { ...mdxComponents, Details, details: Details };

/** Names the theme provides to content, for the build's check of undefined components. */
export const knownComponentNames = new Set(Object.keys(pageComponents));
