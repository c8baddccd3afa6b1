// The browser's side of a site's theme override drawn as an island (cli/theme-overrides/): the server sends only its
// props that are data, so the functions Docusaurus gives that component are added here. ColorModeToggle gets
// `onChange(mode)`, which applies and remembers the mode as docsite's own toggle does, and `value`, the mode shown.
import { createElement, useEffect, useState, type ComponentType } from "react";
import { applyMode } from "./ColorModeToggle.tsx";
import { safeStorage } from "../client/storage.ts";
import { COLOR_MODE_KEY, THEME_KEY } from "../storage-keys.ts";

type Props = Record<string, unknown>;

function withColorMode(Component: ComponentType<Props>) {
  return function ColorModeToggleOverride(props: Props) {
    // The first drawing is the server's (hydration).
    const [value, setValue] = useState<string | null>((props.value as string | null | undefined) ?? null);
    // Then the mode the page is in (the head script applied the stored one before the first paint).
    useEffect(() => setValue(document.documentElement.getAttribute("data-theme") === "dark" ? "dark" : "light"), []);
    const onChange = (mode: string | null) => {
      const next = mode === "light" || mode === "dark" ? mode : "system";
      const applied = applyMode(next);
      safeStorage.set(COLOR_MODE_KEY, next);
      safeStorage.set(THEME_KEY, applied);
      setValue(mode);
    };
    return createElement(Component, { ...props, value, onChange });
  };
}

/** The module of an override island with the browser's props added to its default export. */
export function withBrowserProps(name: string, mod: Record<string, unknown>): Record<string, unknown> {
  const C = mod.default as ComponentType<Props> | undefined;
  if (!C || name !== "ColorModeToggle") return mod;
  return { ...mod, default: withColorMode(C) };
}
