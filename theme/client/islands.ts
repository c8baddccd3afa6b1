// Hydrates the islands the server marked with <docsite-island>. Small islands present on every page are in the
// entry chunk; the rest load on demand.
import { createElement } from "react";
// Islands are hydrated with Preact's own functions: in the browser bundle "react" is preact/compat.
import { hydrate, render, Component as PreactComponent, h, type ComponentChild } from "preact";

/** Reports errors thrown while an island renders or runs its effects (a crash), instead of a blank widget. */
class Boundary extends PreactComponent<{ onError: (err: unknown) => void; children: ComponentChild }> {
  componentDidCatch(err: unknown): void {
    this.props.onError(err);
  }
  render() {
    return this.props.children;
  }
}
import { ColorModeToggle } from "../layout/ColorModeToggle.tsx";
import { SearchButton } from "../layout/SearchButton.tsx";
import { AnnouncementBar } from "../layout/AnnouncementBar.tsx";

type Loader = () => Promise<(props: any) => any>;

const islands: Record<string, Loader> = {
  ColorModeToggle: async () => ColorModeToggle,
  SearchButton: async () => SearchButton,
  AnnouncementBar: async () => AnnouncementBar,
  // Only the search page has it: a chunk of its own, loaded when that page is shown.
  SearchPage: () => import("../search/SearchPage.tsx").then((m) => m.SearchPage),
};

const mounted = new Set<Element>();

export async function hydrateIslands(root: ParentNode, onError: (err: unknown) => void): Promise<void> {
  const els = [...root.querySelectorAll("docsite-island")];
  await Promise.all(
    els.map(async (el) => {
      if (mounted.has(el)) return;
      const name = el.getAttribute("data-name") ?? "";
      const load = islands[name];
      if (!load) return;
      try {
        const Component = await load();
        const props = JSON.parse(el.getAttribute("data-props") ?? "{}");
        hydrate(h(Boundary, { onError, children: createElement(Component, props) as unknown as ComponentChild }), el);
        mounted.add(el);
      } catch (err) {
        onError(err);
      }
    }),
  );
}

export function unmountIslands(root: ParentNode): void {
  for (const el of root.querySelectorAll("docsite-island")) {
    if (mounted.delete(el)) render(null, el);
  }
}
