// The landing page of each locale (/ and /ru/). Its words live in i18n/<locale>.json under landing.*.
import type { ReactNode } from "react";
import { useT, useLayout, DocsiteImage } from "docsite-ssg/theme";
import type { PageMeta } from "docsite-ssg";

const SHOWCASE = "content/media/testplane/report-failed-visual.png";

export const meta: PageMeta = {
  title: "landing.meta.title",
  description: "landing.meta.description",
  applyColorMode: false,
  wide: true,
  // Encoded by the image stage like content images (srcset, width/height, the -dark sibling).
  images: [SHOWCASE],
};

// Feature icons: 24×24 outline drawings in currentColor, so they follow the colour mode and need no emoji font.
const ICONS: Record<string, ReactNode> = {
  anyBrowser: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </>
  ),
  anyScale: <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8z" />,
  extensible: (
    <path d="M9 3h4v3a2 2 0 1 0 4 0V3h4v6h-3a2 2 0 1 0 0 4h3v8h-6v-3a2 2 0 1 0-4 0v3H3v-8h3a2 2 0 1 0 0-4H3V3h6z" />
  ),
  visual: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" />
    </>
  ),
  report: <path d="M4 20V10m6 10V4m6 16v-7m5 7H3" />,
  debugging: (
    <>
      <rect x="7" y="7" width="10" height="13" rx="5" />
      <path d="M12 11v9M4 10l3 2M20 10l-3 2M4 18l3-1.5M20 18l-3-1.5M9 4l1.5 3M15 4l-1.5 3" />
    </>
  ),
  stability: (
    <>
      <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3z" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </>
  ),
  openSource: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />,
};

function FeatureIcon({ id }: { id: string }) {
  return (
    <svg
      className="feature__icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[id]}
    </svg>
  );
}

const FEATURES = [
  "anyBrowser",
  "anyScale",
  "extensible",
  "visual",
  "report",
  "debugging",
  "stability",
  "openSource",
] as const;

const STATS = ["testRuns", "stars", "projects"] as const;

export default function Landing() {
  const t = useT();
  const { homeHref } = useLayout();
  const docs = `${homeHref}docs/v8/`;
  return (
    <main id="main-content" className="landing" tabIndex={-1}>
      <section className="hero">
        <div className="container hero__inner">
          <h1 className="hero__title">{t("landing.hero.title")}</h1>
          <p className="hero__subtitle">{t("landing.hero.subtitle")}</p>
          <div className="hero__actions">
            <a className="button button--primary button--lg" href={`${docs}quickstart/`}>
              {t("landing.hero.cta")}
            </a>
            <a className="button button--secondary button--lg" href={docs}>
              {t("landing.hero.secondary")}
            </a>
          </div>
          <pre className="hero__code" role="figure" aria-label={t("landing.hero.codeLabel")}>
            <code>npm install --save-dev testplane@8 html-reporter@11</code>
          </pre>
        </div>
      </section>
      <section className="showcase">
        <div className="container">
          <DocsiteImage
            src={SHOWCASE}
            alt={t("landing.showcase.alt")}
            caption={t("landing.showcase.caption")}
            block="true"
            eager="true"
          />
        </div>
      </section>
      <section className="stats" aria-labelledby="stats-title">
        <div className="container">
          <h2 id="stats-title" className="visually-hidden">
            {t("landing.stats.title")}
          </h2>
          <dl className="stats__list">
            {STATS.map((s) => (
              <div className="stats__item" key={s}>
                <dt>{t(`landing.stats.${s}.label`)}</dt>
                <dd>{t(`landing.stats.${s}.value`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section className="features" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title">{t("landing.features.title")}</h2>
          <div className="features__grid">
            {FEATURES.map((id) => (
              <article className="feature" key={id}>
                <FeatureIcon id={id} />
                <h3>{t(`landing.features.${id}.title`)}</h3>
                <p>{t(`landing.features.${id}.text`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="landing-cta">
        <div className="container">
          <h2>{t("landing.cta.title")}</h2>
          <p>{t("landing.cta.text")}</p>
          <a className="button button--primary button--lg" href={`${docs}quickstart/`}>
            {t("landing.hero.cta")}
          </a>
        </div>
      </section>
    </main>
  );
}
