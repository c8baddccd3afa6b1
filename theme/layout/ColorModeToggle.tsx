// Island: cycles light → dark → system → light. The choice lives in localStorage under "color-mode-setting"
// and is applied as data-theme on <html>; the inline head script applies it before first paint.
import { useEffect, useState } from "react";
import { Icon } from "../icons.tsx";
import { safeStorage } from "../client/storage.ts";

export type Mode = "light" | "dark" | "system";
import { COLOR_MODE_KEY, THEME_KEY } from "../storage-keys.ts";
const NEXT: Record<Mode, Mode> = { light: "dark", dark: "system", system: "light" };

export interface ColorModeToggleProps {
  defaultMode: Mode;
  /** Aria label with a {mode} placeholder already split: [before, after]. */
  label: string;
  modeNames: Record<Mode, string>;
}

function systemDark(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
}

/** Sets the theme attributes for a mode; returns the theme applied (light or dark). */
export function applyMode(mode: Mode): "light" | "dark" {
  const root = document.documentElement;
  const theme = mode === "system" ? (systemDark() ? "dark" : "light") : mode;
  root.setAttribute("data-theme", theme);
  root.setAttribute("data-theme-choice", mode);
  return theme;
}

/** The stored choice, else the theme under Docusaurus' key, else the fallback. */
export function readMode(fallback: Mode): Mode {
  const v = safeStorage.get(COLOR_MODE_KEY);
  if (v === "light" || v === "dark" || v === "system") return v;
  const theme = safeStorage.get(THEME_KEY);
  return theme === "light" || theme === "dark" ? theme : fallback;
}

export function ColorModeToggle(props: ColorModeToggleProps) {
  // The server cannot know the stored choice; it renders the default and the effect corrects it after hydration.
  const [mode, setMode] = useState<Mode>(props.defaultMode);
  useEffect(() => {
    setMode(readMode(props.defaultMode));
    const onStorage = (e: StorageEvent) => {
      if (e.key !== COLOR_MODE_KEY) return;
      const next = readMode(props.defaultMode);
      setMode(next);
      applyMode(next);
    };
    const mq = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
    const onSystem = () => {
      if (readMode(props.defaultMode) === "system") applyMode("system");
    };
    addEventListener("storage", onStorage);
    mq?.addEventListener?.("change", onSystem);
    return () => {
      removeEventListener("storage", onStorage);
      mq?.removeEventListener?.("change", onSystem);
    };
  }, []);
  const choose = () => {
    const next = NEXT[mode];
    setMode(next);
    safeStorage.set(COLOR_MODE_KEY, next);
    safeStorage.set(THEME_KEY, applyMode(next));
  };
  const name = props.modeNames[mode];
  return (
    <button
      type="button"
      className="icon-button color-toggle"
      onClick={choose}
      aria-label={props.label.replace("{mode}", name)}
      title={props.label.replace("{mode}", name)}
      data-mode={mode}
    >
      <Icon name={mode === "light" ? "sun" : mode === "dark" ? "moon" : "system"} />
    </button>
  );
}
