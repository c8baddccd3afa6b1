// The landing page of each locale (/ and /ru/). Its words live in i18n/<locale>.json under landing.*.
import { useT, useLayout } from "../../theme/index.ts";

export const meta = {
  title: "landing.meta.title",
  description: "landing.meta.description",
  applyColorMode: false,
  wide: true,
};

const FEATURES = [
  { id: "anyBrowser", icon: "🌐" },
  { id: "anyScale", icon: "⚡" },
  { id: "extensible", icon: "🧩" },
  { id: "visual", icon: "🖼" },
  { id: "report", icon: "📊" },
  { id: "debugging", icon: "🛠" },
  { id: "stability", icon: "🛡" },
  { id: "openSource", icon: "💚" },
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
            <code>npm init testplane@latest my-tests</code>
          </pre>
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
            {FEATURES.map((f) => (
              <article className="feature" key={f.id}>
                <h3>
                  <span aria-hidden="true">{f.icon}</span> {t(`landing.features.${f.id}.title`)}
                </h3>
                <p>{t(`landing.features.${f.id}.text`)}</p>
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
