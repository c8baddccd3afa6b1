// The home page of each locale (/ and /<locale>/). A page module: a React component rendered to HTML at build time,
// with no JavaScript of its own in the browser. Its words are keys of i18n/<locale>.json (home.*).
import { useLayout, useT } from "docsite-ssg/theme";
import type { PageMeta } from "docsite-ssg";

export const meta: PageMeta = {
  title: "home.meta.title",
  description: "home.meta.description",
  wide: true,
};

const FEATURES = ["write", "translate", "ship"];

export default function Home() {
  const t = useT();
  const { homeHref } = useLayout();
  return (
    <main id="main-content" className="landing" tabIndex={-1}>
      <section className="hero">
        <div className="container hero__inner">
          <h1 className="hero__title">{t("home.hero.title")}</h1>
          <p className="hero__subtitle">{t("home.hero.subtitle")}</p>
          <div className="hero__actions">
            <a className="button button--primary button--lg" href={`${homeHref}docs/getting-started/`}>
              {t("home.hero.start")}
            </a>
            <a className="button button--secondary button--lg" href={`${homeHref}blog/`}>
              {t("home.hero.blog")}
            </a>
          </div>
        </div>
      </section>
      <section className="features" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title">{t("home.features.title")}</h2>
          <div className="features__grid">
            {FEATURES.map((id) => (
              <article className="feature" key={id}>
                <h3>{t(`home.features.${id}.title`)}</h3>
                <p>{t(`home.features.${id}.text`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
    </main>
  );
}
