// Island: an announcement shown until the reader closes it. The dismissal is stored with the bar's id, so a new
// announcement (a new id) is shown again.
import { useEffect, useState } from "react";
import { safeStorage } from "../client/storage.ts";

import { ANNOUNCEMENT_DISMISSED_KEY, ANNOUNCEMENT_ID_KEY } from "../storage-keys.ts";

export interface AnnouncementBarProps {
  id: string;
  content: string;
  closeable: boolean;
  closeLabel: string;
  /** The content is HTML (Docusaurus' announcement bar: a link, emphasis), drawn as the site wrote it. */
  html?: boolean;
  /** The region's name when the content is HTML: its words (made on the server, which keeps the page's JS small). */
  label?: string;
  backgroundColor?: string;
  textColor?: string;
}

export function isDismissed(id: string): boolean {
  return safeStorage.get(ANNOUNCEMENT_ID_KEY) === id && safeStorage.get(ANNOUNCEMENT_DISMISSED_KEY) === "true";
}

export function AnnouncementBar(props: AnnouncementBarProps) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (safeStorage.get(ANNOUNCEMENT_ID_KEY) !== props.id) {
      safeStorage.set(ANNOUNCEMENT_ID_KEY, props.id);
      safeStorage.set(ANNOUNCEMENT_DISMISSED_KEY, "false");
    }
    if (isDismissed(props.id)) setOpen(false);
  }, []);
  if (!open) return null;
  return (
    <div
      className="announcement"
      role="region"
      aria-label={props.label ?? props.content}
      // The site's colours as Docusaurus sets them, inline: the CSP's hashes of style attributes cover it.
      style={
        props.backgroundColor || props.textColor
          ? { backgroundColor: props.backgroundColor, color: props.textColor }
          : undefined
      }
    >
      {props.html ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the site author's own markup, as Docusaurus draws it
        <div className="announcement__content" dangerouslySetInnerHTML={{ __html: props.content }} />
      ) : (
        <p className="announcement__content">{props.content}</p>
      )}
      {props.closeable && (
        <button
          type="button"
          className="announcement__close icon-button"
          aria-label={props.closeLabel}
          onClick={() => {
            safeStorage.set(ANNOUNCEMENT_DISMISSED_KEY, "true");
            setOpen(false);
          }}
        >
          ×
        </button>
      )}
    </div>
  );
}
