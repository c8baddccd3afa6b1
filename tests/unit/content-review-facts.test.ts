// Facts the independent content review of 2026-12 (docs/content-review-2026-12.md) corrected, held in both locales:
// each entry names the pages, what a page must say now and what it must no longer say, and the Testplane source the
// fact comes from. A page that goes back to the old wording fails here with the page and the source to check.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";

const root = new URL("../../", import.meta.url).pathname;
const read = (file: string) => readFileSync(root + file, "utf8");

type Locale = "en" | "ru";
type Fact = {
  /** What the pages say, in a few words (the test's name). */
  fact: string;
  /** Where the fact comes from: a file at a Testplane tag, a CHANGELOG entry or a run. */
  source: string;
  /** Pages under content/<locale>/docs/v8/. */
  pages: string[];
  /** Every page must match each of these, per locale. */
  says: Record<Locale, RegExp[]>;
  /** No page may match any of these, per locale (the wording the review found wrong). */
  saysNot: Record<Locale, RegExp[]>;
};

const facts: Fact[] = [
  {
    fact: "prepareBrowser runs before every test, not once per session",
    source:
      "testplane v8.47.3 (and 8.41.2) src/worker/runner/browser-pool.js: getBrowser creates and inits an ExistingBrowser " +
      "for every test; a run of two tests in one session called prepareBrowser twice",
    pages: ["config/prepare-browser.mdx"],
    says: { en: [/before every test/], ru: [/перед каждым тестом/] },
    saysNot: { en: [/once per\s+session/], ru: [/один раз на сессию/] },
  },
  {
    fact: "the hooks table: prepareBrowser per test",
    source: "testplane v8.47.3 src/worker/runner/browser-pool.js",
    pages: ["config/prepare-environment.mdx"],
    says: { en: [/\| per test, in workers \|/], ru: [/\| на каждый тест, в воркерах \|/] },
    saysNot: { en: [/per session, in workers/], ru: [/на каждую сессию, в воркерах/] },
  },
  {
    fact: "custom commands are registered for every test",
    source: "testplane v8.47.3 src/worker/runner/browser-pool.js",
    pages: ["guides/custom-commands.mdx"],
    says: { en: [/called with the browser object before every test/], ru: [/с объектом браузера перед каждым тестом/] },
    saysNot: { en: [/whenever a session is created/], ru: [/при создании каждой сессии/] },
  },
  {
    fact: "global hooks vs prepareBrowser: both run before every test",
    source: "testplane v8.47.3 src/worker/runner/browser-pool.js",
    pages: ["plugins/testplane-global-hook.mdx"],
    says: { en: [/it also runs before every test/], ru: [/тоже вызывается перед каждым тестом/] },
    saysNot: { en: [/once per session/], ru: [/один раз на сессию/] },
  },
  {
    fact: "hide scrollbars over CDP: prepareBrowser runs before every test",
    source: "testplane v8.47.3 src/worker/runner/browser-pool.js",
    pages: ["guides/how-to-hide-scrollbars-by-cdp.mdx"],
    says: { en: [/`prepareBrowser` runs before every test/], ru: [/`prepareBrowser` выполняется перед каждым тестом/] },
    saysNot: { en: [/once per session/], ru: [/один раз для каждой сессии/] },
  },
  {
    fact: "NEW_BROWSER fires for every test",
    source:
      "testplane v8.47.3 src/worker/runner/browser-pool.js emits WorkerEvents.NEW_BROWSER in getBrowser; a plugin " +
      "counted two NEW_BROWSER events for two tests in one session (8.41.2)",
    pages: ["reference/testplane-events.mdx"],
    says: { en: [/for every test and every retry/], ru: [/перед каждым тестом и каждым перезапуском/] },
    saysNot: { en: [/does not fire for every test/], ru: [/возникает не для каждого теста/] },
  },
  {
    fact: "useWsDriver arrived in 8.43.0; 8.41.2 rejects it",
    source:
      "testplane: useWsDriver enters src/config/defaults.js in e4744ce9, first tag v8.43.0; 8.41.2 `testplane config` " +
      "with useWsDriver: true stops with UnknownKeysError: Unknown options: root.useWsDriver",
    pages: ["config/browsers.mdx"],
    says: {
      en: [/Since 8\.43\.0/, /Unknown options: root\.useWsDriver/],
      ru: [/С 8\.43\.0/, /Unknown options: root\.useWsDriver/],
    },
    saysNot: { en: [], ru: [] },
  },
  {
    fact: "list-tests leaves the dev server alone only since 8.42.3",
    source:
      "testplane CHANGELOG 8.42.3 'do not start dev servers when reading tests' (3861f4a); 8.41.2 " +
      "build/src/testplane.js: readTests() calls _init(), which starts the dev server",
    pages: ["config/dev-server.mdx"],
    says: { en: [/since 8\.42\.3/, /8\.41\.2/], ru: [/с 8\.42\.3/, /8\.41\.2/] },
    saysNot: { en: [], ru: [] },
  },
  {
    fact: "unknown option names stop the run",
    source:
      "gemini-configparser 1.4.2 lib/core.js section(): unknown keys throw UnknownKeysError; 8.41.2 `testplane config` " +
      "with retyr: 1 stops with 'Unknown options: root.retyr'",
    pages: ["config/main.mdx"],
    says: { en: [/Unknown options: root\.retyr/], ru: [/Unknown options: root\.retyr/] },
    saysNot: { en: [/may\s+not notice a misspelled name/], ru: [/может не обратить внимания/] },
  },
  {
    fact: "`testplane config` applies environment variables but takes no override flags",
    source:
      "testplane v8.47.3 src/cli/commands/config/index.ts (no allowUnknownOption); 8.41.2: `testplane config --retry 3` " +
      'prints "error: unknown option `--retry\'", testplane_retry=3 gives retry 3',
    pages: ["config/main.mdx", "command-line/index.mdx"],
    says: { en: [/testplane_retry=3 npx testplane config/], ru: [/testplane_retry=3 npx testplane config/] },
    saysNot: {
      en: [/environment variables and flags are applied/, /from environment variables and flags applied/],
      ru: [/переменных окружения и\s+флагов/],
    },
  },
  {
    fact: "openAndWait: how its timeout counts since 8.44.2, and the single timer of 8.41.2",
    source:
      "testplane CHANGELOG 8.44.2 'fix issues with openAndWait timeouts' (8c0eee7); v8.47.3 src/browser/commands/" +
      "openAndWait.ts (hard timer only when session.isBidi) and src/utils/page-loader.ts (waits start after goToPage); " +
      "8.41.2 build/src/browser/commands/openAndWait.js races the whole command against 'openAndWait timed out after'",
    pages: ["commands/browser/openAndWait.mdx"],
    says: {
      en: [/since 8\.44\.2/, /Before 8\.44\.2 \(8\.41\.2 among them\)/, /openAndWait timed out after <timeout>ms`/],
      ru: [/с 8\.44\.2/, /До 8\.44\.2 \(в том числе в 8\.41\.2\)/, /openAndWait timed out after <timeout>ms`/],
    },
    saysNot: {
      en: [/Shared timeout in milliseconds/, /The command's errors start with/],
      ru: [/Общий таймаут в миллисекундах/],
    },
  },
  {
    fact: "getConfig returns the worker's own config object, not a copy",
    source:
      "testplane v8.47.3 src/browser/commands/getConfig.js returns browser.config; 8.41.2 run: a waitTimeout set on it " +
      "in one test was seen by the next test in the same worker",
    pages: ["commands/browser/getConfig.mdx"],
    says: { en: [/It is not a copy/], ru: [/Это не копия/] },
    saysNot: {
      en: [/doesn't change how the running browser behaves/],
      ru: [/не меняет поведение уже запущенного браузера/],
    },
  },
  {
    fact: "meta's browserVersion is the requested version and may be missing",
    source:
      "testplane v8.47.3 src/browser/existing-browser.ts _initMeta (browserVersion: this.version) and " +
      "src/test-reader/build-instructions.ts (browserVersion || version); 8.41.2 run without a version: no browserVersion",
    pages: ["commands/browser/getMeta.mdx"],
    says: { en: [/Missing when neither is set/], ru: [/Поля нет, если не задано ни то, ни другое/] },
    saysNot: {
      en: [/\| `browserVersion` \| The browser version\. \|/],
      ru: [/\| `browserVersion` \| Версия браузера\. \|/],
    },
  },
  {
    fact: "setMeta: browserVersion is there only when a version is requested",
    source: "testplane v8.47.3 src/browser/existing-browser.ts _initMeta",
    pages: ["commands/browser/setMeta.mdx"],
    says: {
      en: [/when the test requests a version, `browserVersion`/],
      ru: [/если тест запрашивает версию, `browserVersion`/],
    },
    saysNot: { en: [], ru: [] },
  },
  {
    fact: "waitForStaticToLoad skips background images of hidden elements, not hidden <img>",
    source:
      "testplane v8.47.3 src/browser/commands/waitForStaticToLoad.ts: every document.images item must be complete; " +
      "url() backgrounds are collected only from nodes with non-zero clientWidth and clientHeight",
    pages: ["commands/browser/waitForStaticToLoad.mdx"],
    says: { en: [/background images of hidden elements/], ru: [/фоновые картинки скрытых элементов/] },
    saysNot: { en: [/images in hidden elements/], ru: [/картинки в скрытых элементах/] },
  },
  {
    fact: "tags and --tag exist since 8.37.0",
    source: "testplane CHANGELOG 8.37.0 'add tags' (63f150e)",
    pages: ["guides/how-to-run-specified-test.mdx", "command-line/index.mdx"],
    says: { en: [/[Ss]ince 8\.37\.0/], ru: [/8\.37\.0/] },
    saysNot: { en: [], ru: [] },
  },
  {
    fact: "the stability guide lists test-repeater's parallelRepeats option",
    source: "gemini-testing/testplane-test-repeater v1.1.0 lib/config/defaults.js (parallelRepeats: true)",
    pages: ["guides/how-to-check-test-stability.mdx"],
    says: {
      en: [/\| `parallelRepeats` \| `boolean` \| `true` \|/],
      ru: [/\| `parallelRepeats` \| `boolean` \| `true` \|/],
    },
    saysNot: { en: [], ru: [] },
  },
  {
    fact: "the API page lists every runtime export and eachTestAcrossBrowsers",
    source:
      "testplane v8.47.3 src/index.ts (TimeTravelMode, SelectivityMode, export * from ./mock) and " +
      "src/test-collection/index.ts; 8.41.2: Object.keys(require('testplane')) and TestCollection.prototype",
    pages: ["reference/testplane-api.mdx"],
    says: {
      en: [/`TimeTravelMode` and `SelectivityMode`/, /`spyOn\(\)`/, /`eachTestAcrossBrowsers/],
      ru: [/`TimeTravelMode` и `SelectivityMode`/, /`spyOn\(\)`/, /`eachTestAcrossBrowsers/],
    },
    saysNot: { en: [], ru: [] },
  },
  {
    fact: "local browsers include chrome-headless-shell",
    source: "testplane v8.47.3 src/browser-installer/install.ts (case BrowserName.CHROMEHEADLESSSHELL, since v8.28.0)",
    pages: ["config/browsers.mdx", "guides/local-browsers.mdx"],
    says: {
      en: [/`chrome`,\s+`chrome-headless-shell`, `firefox`/],
      ru: [/`chrome`,\s+`chrome-headless-shell`, `firefox`/],
    },
    saysNot: { en: [], ru: [] },
  },
  {
    fact: "attachToBrowser's example passes the capabilities field its type requires",
    source:
      "testplane v8.47.3 src/browser/types.ts SessionOptions (sessionOpts: Options.WebdriverIO & { capabilities }); " +
      "tsc on the example without it: TS2322; 8.41.2 run: attachToBrowser with that shape reads the page and ends the session",
    pages: ["reference/testplane-standalone-api.mdx"],
    says: { en: [/path: "\/", capabilities: \{\} \}/], ru: [/path: "\/", capabilities: \{\} \}/] },
    saysNot: { en: [], ru: [] },
  },
  {
    fact: "openAndWait's predicate is typed () => boolean in 8.x",
    source:
      "testplane v8.47.3 src/browser/commands/openAndWait.ts WaitOpts (predicate?: () => boolean), same in 8.41.2",
    pages: ["commands/browser/openAndWait.mdx"],
    says: { en: [/as unknown as \(\) => boolean/], ru: [/as unknown as \(\) => boolean/] },
    saysNot: { en: [], ru: [] },
  },
  {
    fact: "pages that send readers to prepareBrowser say it runs before every test",
    source: "testplane v8.47.3 src/worker/runner/browser-pool.js (a browser object per test)",
    pages: [
      "config/prepare-browser.mdx",
      "config/main.mdx",
      "guides/how-to-add-testing-library.mdx",
      "commands/overview.mdx",
      "commands/browser/overwriteCommand.mdx",
    ],
    says: { en: [/every test/], ru: [/каждого теста|каждым тестом/] },
    saysNot: {
      en: [/every new browser session/, /prepares every browser session/, /for every new session/],
      ru: [/каждую новую сессию браузера/, /для каждой новой сессии/, /подготовки каждой сессии браузера/],
    },
  },
  {
    fact: "list-tests shows pending and skipReason of the first browser only: check a skip with --browser",
    source:
      "testplane v8.47.3 src/test-collection/formatters/list.ts (one entry per test id, pending from the first browser); " +
      "8.41.2 run: skip.in('ff') lists pending false without --browser, true with --browser ff",
    pages: ["guides/how-to-skip-test-in-browsers.mdx"],
    says: {
      en: [/list-tests --grep "Apple Pay" --browser firefox-desktop/, /taken from the first browser/],
      ru: [/list-tests --grep "Apple Pay" --browser firefox-desktop/, /берутся из первого браузера/],
    },
    saysNot: { en: [], ru: [] },
  },
];

describe("facts corrected by the content review of 2026-12 hold in both locales", () => {
  for (const f of facts) {
    for (const locale of ["en", "ru"] as const) {
      for (const page of f.pages) {
        const file = `content/${locale}/docs/v8/${page}`;
        it(`${locale} ${page}: ${f.fact}`, () => {
          const text = read(file);
          const missing = f.says[locale].filter((re) => !re.test(text)).map(String);
          const wrong = f.saysNot[locale].filter((re) => re.test(text)).map(String);
          expect({ file, source: f.source, missing, wrong }).toEqual({
            file,
            source: f.source,
            missing: [],
            wrong: [],
          });
        });
      }
    }
  }
});
