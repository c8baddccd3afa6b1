// Shared frame of every page: skip link, announcement, navbar, the page, footer.
import type { ReactNode } from "react";
import { useLayout, useT } from "../context.tsx";
import { Navbar } from "./Navbar.tsx";
import { Footer } from "./Footer.tsx";
import { Island } from "../island.tsx";
import { AnnouncementBar } from "./AnnouncementBar.tsx";

/** The words of HTML content, to name the region. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(
      /&(lt|gt|quot|#39|amp);/g,
      (_m, e: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" })[e] ?? "",
    )
    .replace(/\s+/g, " ")
    .trim();

export function Layout({ children, wide }: { children: ReactNode; wide?: boolean }) {
  const layout = useLayout();
  const t = useT();
  const a = layout.announcement;
  const aProps = a
    ? {
        id: a.id,
        content: a.content,
        closeable: a.closeable,
        closeLabel: t("theme.AnnouncementBar.closeButtonAriaLabel"),
        // Only what is set, so a bar without them has the props (and the page the bytes) it had.
        ...(a.html ? { html: true, label: textOf(a.content) } : {}),
        ...(a.backgroundColor ? { backgroundColor: a.backgroundColor } : {}),
        ...(a.textColor ? { textColor: a.textColor } : {}),
      }
    : null;
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t("theme.common.skipToMainContent")}
      </a>
      {aProps && (
        <Island name="AnnouncementBar" props={aProps}>
          <AnnouncementBar {...aProps} />
        </Island>
      )}
      <Navbar />
      <div className={`page${wide ? " page--wide" : ""}`} data-page>
        {children}
      </div>
      <Footer />
    </>
  );
}
