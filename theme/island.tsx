// Marks a component for hydration in the browser. Everything else on the page stays static HTML, which is why
// first-load JavaScript does not grow with the site: only these islands (and the small runtime) run on the client.
import { createElement, type ReactNode } from "react";

export type IslandName = "ColorModeToggle" | "SearchButton" | "AnnouncementBar" | "SearchPage";

export function Island(props: { name: IslandName; props: Record<string, unknown>; children: ReactNode }) {
  return createElement(
    "docsite-island",
    { "data-name": props.name, "data-props": JSON.stringify(props.props) },
    props.children,
  );
}
