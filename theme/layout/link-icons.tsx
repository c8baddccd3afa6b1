// Icons of navbar and footer links beyond the runtime's own (theme/icons.tsx): drawn on the server only, so they do
// not add to the JavaScript every page loads.
import { Icon } from "../icons.tsx";

const paths: Record<string, string> = {
  discord:
    "M20.3 4.4A19.6 19.6 0 0 0 15.4 3l-.6 1.3a18.2 18.2 0 0 0-5.5 0L8.6 3a19.5 19.5 0 0 0-4.9 1.5C.6 9.1-.3 13.6.1 18.1a19.8 19.8 0 0 0 6 3l1.3-2c-.7-.3-1.4-.6-2-1l.5-.4a14.1 14.1 0 0 0 12.2 0l.5.4c-.6.4-1.3.7-2 1l1.3 2a19.7 19.7 0 0 0 6-3c.5-5.2-.8-9.7-3.6-13.7zM8 15.3c-1.2 0-2.2-1.1-2.2-2.4S6.8 10.5 8 10.5s2.2 1.1 2.2 2.4-1 2.4-2.2 2.4zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4z",
};

/** A link's icon by name: one of these, or one of the runtime's. */
export function LinkIcon({ name, label, size = 20 }: { name: string; label?: string; size?: number }) {
  const d = paths[name];
  if (!d) return <Icon name={name} label={label} size={size} />;
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden={label ? undefined : true}
      role={label ? "img" : undefined}
      aria-label={label}
      focusable="false"
      className="icon"
    >
      <path fill="currentColor" d={d} />
    </svg>
  );
}
