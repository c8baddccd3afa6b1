// The search evaluation's query set: queries written the way readers type them, each with the page(s) that answer
// it. Written from the content's page list before looking at what the engine returns, so the engine is measured,
// not fitted: when a query fails, fix the engine or the content (synonyms, keywords), not the query.
//
// A page is named by its path without the locale and the version: "guides/how-to-debug-test" for
// /ru/docs/v8/guides/how-to-debug-test/, "blog/vscode-extension" for /ru/blog/vscode-extension/. Any of the listed
// pages counts as a hit.

export type Category =
  | "inflected"
  | "short"
  | "question"
  | "command"
  | "config"
  | "typo"
  | "layout"
  | "english"
  | "slang"
  | "blog";

export type Query = [query: string, category: Category, expected: string[]];

const STABILITY = "guides/how-to-check-test-stability";
const VISUAL = "visual-testing/visual-testing-intro";
const SCROLLBARS = ["guides/how-to-hide-scrollbars", "guides/how-to-hide-scrollbars-by-cdp"];
const REPORT = ["guides/how-to-get-report", "html-reporter/overview", "plugins/html-reporter"];
const COOKIES = ["commands/browser/getCookies", "commands/browser/setCookies", "commands/browser/deleteCookies"];
const SCREENSHOT_CMD = ["commands/browser/saveScreenshot", "commands/element/saveScreenshot"];
const RETRIES = ["config/browsers", "plugins/retry-limiter", "plugins/testplane-retry-progressive"];
const ASSERT_VIEW = ["commands/browser/assertView", "commands/element/assertView", VISUAL];
const WAIT_UNTIL = ["commands/browser/waitUntil", "commands/element/waitUntil"];
const STORYBOOK = [
  "plugins/testplane-storybook",
  "visual-testing/with-storybook",
  "blog/screenshot-testing-with-storybook",
];

// Commands and config options: names typed as in the code, the same queries in both locales.
const IDENTIFIERS: Query[] = [
  // Commands
  ["browser url", "command", ["commands/browser/url"]],
  ["setValue", "command", ["commands/element/setValue"]],
  ["waitUntil", "command", WAIT_UNTIL],
  ["assertView", "command", ASSERT_VIEW],
  ["element click", "command", ["commands/element/click"]],
  ["getText", "command", ["commands/element/getText"]],
  ["execute", "command", ["commands/browser/execute"]],
  ["browser.mock", "command", ["commands/browser/mock"]],
  ["dragAndDrop", "command", ["commands/element/dragAndDrop"]],
  ["runStep", "command", ["commands/browser/runStep"]],
  ["scrollIntoView", "command", ["commands/element/scrollIntoView"]],
  ["respondOnce", "command", ["commands/mock/respondOnce"]],
  ["moveTo", "command", ["commands/element/moveTo"]],
  // Config keys
  ["sessionsPerBrowser", "config", ["config/browsers"]],
  ["gridUrl", "config", ["config/browsers"]],
  ["testsPerWorker", "config", ["config/system"]],
  ["windowSize", "config", ["config/browsers"]],
  ["screenshotDelay", "config", ["config/browsers"]],
  ["prepareBrowser", "config", ["config/prepare-browser"]],
  ["devServer", "config", ["config/dev-server"]],
  ["lastFailed", "config", ["config/last-failed"]],
  ["mochaOpts", "config", ["config/system"]],
  ["parallelLimit", "config", ["config/system"]],
  ["httpTimeout", "config", ["config/browsers"]],
];

export const RU: Query[] = [
  // Word forms other than the page's
  ["запуска тестов в GitHub", "inflected", ["guides/how-to-run-on-github"]],
  ["отладки тестов", "inflected", ["guides/how-to-debug-test"]],
  ["перехвата запросов", "inflected", ["guides/how-to-intercept-requests-and-responses"]],
  ["обновлению браузеров", "inflected", ["guides/how-to-update-browsers"]],
  ["пользовательских команд", "inflected", ["guides/custom-commands"]],
  ["компонентным тестированием", "inflected", ["guides/component-testing", "blog/component-testing-intro"]],
  ["доступностью страницы", "inflected", ["guides/how-to-check-accessibility"]],
  ["локальными браузерами", "inflected", ["guides/local-browsers", "blog/local-browsers-intro"]],
  ["полос прокрутки", "inflected", SCROLLBARS],
  ["производительности процессора", "inflected", ["guides/how-to-manage-cpu-performance"]],
  ["событиям testplane", "inflected", ["reference/testplane-events"]],
  ["пропуска теста в браузерах", "inflected", ["guides/how-to-skip-test-in-browsers"]],
  // Short queries
  ["url", "short", ["commands/browser/url"]],
  ["mock", "short", ["commands/browser/mock"]],
  ["cdp", "short", ["guides/how-to-use-cdp", "reference/webdriver-vs-cdp"]],
  ["repl", "short", ["commands/browser/switchToRepl"]],
  ["mcp", "short", ["testplane-mcp", "blog/mcp-release"]],
  ["sets", "short", ["config/sets"]],
  ["keys", "short", ["commands/browser/keys"]],
  ["click", "short", ["commands/element/click"]],
  ["pause", "short", ["commands/browser/pause"]],
  ["api", "short", ["reference/testplane-api", "reference/testplane-standalone-api"]],
  ["bidi", "short", ["blog/support-bidi-protocol"]],
  // Questions
  ["как запустить один тест", "question", ["guides/how-to-run-specified-test"]],
  ["как обновить браузеры", "question", ["guides/how-to-update-browsers"]],
  ["как сделать скриншот страницы", "question", SCREENSHOT_CMD],
  [
    "как подождать пока элемент появится",
    "question",
    ["commands/element/waitForDisplayed", "commands/element/waitForExist"],
  ],
  ["как замокать запрос", "question", ["commands/browser/mock", "guides/how-to-intercept-requests-and-responses"]],
  ["как перейти с hermione на testplane", "question", ["migrations/how-to-upgrade-hermione-to-testplane"]],
  ["как проверить что тест стабильный", "question", [STABILITY]],
  ["как посмотреть итоговый конфиг", "question", ["config/main"]],
  ["где testplane ищет конфиг", "question", ["config/main"]],
  ["как открыть страницу в браузере", "question", ["commands/browser/url", "commands/browser/openAndWait"]],
  ["как установить testplane", "question", ["quickstart"]],
  ["как скрыть скроллбары", "question", SCROLLBARS],
  ["как подключить testing library", "question", ["guides/how-to-add-testing-library"]],
  ...IDENTIFIERS,
  // Typos, also in the first two letters
  ["отлдака тестов", "typo", ["guides/how-to-debug-test"]],
  ["перехавт запросов", "typo", ["guides/how-to-intercept-requests-and-responses"]],
  ["дотсупность", "typo", ["guides/how-to-check-accessibility"]],
  ["компнентное тестирование", "typo", ["guides/component-testing", "blog/component-testing-intro"]],
  ["обнволение браузеров", "typo", ["guides/how-to-update-browsers"]],
  ["тладка тестов", "typo", ["guides/how-to-debug-test"]],
  ["прехват запросов", "typo", ["guides/how-to-intercept-requests-and-responses"]],
  ["ткриншотное тестирование", "typo", [VISUAL]],
  ["ыстрый старт", "typo", ["quickstart"]],
  ["setVlaue", "typo", ["commands/element/setValue"]],
  ["wiatUntil", "typo", WAIT_UNTIL],
  ["sesionsPerBrowser", "typo", ["config/browsers"]],
  ["uplaodFile", "typo", ["commands/browser/uploadFile"]],
  // Typed in the other keyboard layout
  ["ыуеМфдгу", "layout", ["commands/element/setValue"]],
  ["фыыукеМшуц", "layout", ASSERT_VIEW],
  ["цфшеГтешд", "layout", WAIT_UNTIL],
  ["crhbyijn", "layout", [VISUAL, ...SCREENSHOT_CMD]],
  ["jnkflrf", "layout", ["guides/how-to-debug-test"]],
  ["ljcnegyjcnm", "layout", ["guides/how-to-check-accessibility"]],
  ["gtht[dfn pfghjcjd", "layout", ["guides/how-to-intercept-requests-and-responses"]],
  [",scnhsq cnfhn", "layout", ["quickstart"]],
  ["пкшвГкд", "layout", ["config/browsers"]],
  // English words on the Russian edition
  ["screenshot testing", "english", [VISUAL]],
  ["visual testing", "english", [VISUAL]],
  ["component testing", "english", ["guides/component-testing", "blog/component-testing-intro"]],
  ["accessibility", "english", ["guides/how-to-check-accessibility"]],
  ["request interception", "english", ["guides/how-to-intercept-requests-and-responses"]],
  ["local browsers", "english", ["guides/local-browsers", "blog/local-browsers-intro"]],
  ["debug tests", "english", ["guides/how-to-debug-test"]],
  ["network throttling", "english", ["guides/how-to-manage-network-bandwidth", "commands/browser/throttle"]],
  ["flaky tests", "english", [STABILITY]],
  ["quick start", "english", ["quickstart"]],
  ["html report", "english", REPORT],
  // Slang, short forms and synonyms
  ["куки", "slang", COOKIES],
  ["скрин", "slang", [...SCREENSHOT_CMD, VISUAL]],
  ["скрол", "slang", ["commands/browser/scroll", "commands/element/scrollIntoView"]],
  ["флапающие тесты", "slang", [STABILITY]],
  ["флаки", "slang", [STABILITY]],
  ["ретраи", "slang", RETRIES],
  ["шардинг", "slang", ["plugins/testplane-chunks"]],
  ["env", "slang", ["config/main", "command-line"]],
  ["моки", "slang", ["commands/browser/mock", "guides/how-to-intercept-requests-and-responses"]],
  ["дебаг", "slang", ["guides/how-to-debug-test", "commands/browser/debug"]],
  ["гитхаб", "slang", ["guides/how-to-run-on-github"]],
  ["сторибук", "slang", STORYBOOK],
  // Blog posts
  ["ребрендинг hermione", "blog", ["blog/testplane-rebranding"]],
  ["расширение для VS Code", "blog", ["blog/vscode-extension"]],
  ["поддержка bidi", "blog", ["blog/support-bidi-protocol"]],
  ["ИИ-агент", "blog", ["blog/mcp-release", "testplane-mcp"]],
  ["релиз time travel", "blog", ["blog/time-travel-release", "guides/time-travel"]],
  ["Testplane сам скачает браузер", "blog", ["blog/local-browsers-intro"]],
  ["скриншоты историй storybook", "blog", ["blog/screenshot-testing-with-storybook", "visual-testing/with-storybook"]],
  ["компонентное тестирование в testplane", "blog", ["blog/component-testing-intro", "guides/component-testing"]],
];

export const EN: Query[] = [
  // Word forms other than the page's
  ["running tests in github", "inflected", ["guides/how-to-run-on-github"]],
  ["debugging tests", "inflected", ["guides/how-to-debug-test"]],
  ["intercepting requests", "inflected", ["guides/how-to-intercept-requests-and-responses"]],
  ["updating browsers", "inflected", ["guides/how-to-update-browsers"]],
  ["custom command", "inflected", ["guides/custom-commands"]],
  ["accessible pages", "inflected", ["guides/how-to-check-accessibility"]],
  ["hiding scrollbars", "inflected", SCROLLBARS],
  ["managing cpu performance", "inflected", ["guides/how-to-manage-cpu-performance"]],
  ["skipping a test in browsers", "inflected", ["guides/how-to-skip-test-in-browsers"]],
  [
    "upgrading hermione",
    "inflected",
    ["migrations/how-to-upgrade-hermione-to-testplane", "migrations/how-to-upgrade-hermione-to-8"],
  ],
  ["optimizing test code", "inflected", ["guides/how-to-optimize-test-code"]],
  // Short queries
  ["url", "short", ["commands/browser/url"]],
  ["mock", "short", ["commands/browser/mock"]],
  ["cdp", "short", ["guides/how-to-use-cdp", "reference/webdriver-vs-cdp"]],
  ["repl", "short", ["commands/browser/switchToRepl"]],
  ["mcp", "short", ["testplane-mcp", "blog/mcp-release"]],
  ["sets", "short", ["config/sets"]],
  ["keys", "short", ["commands/browser/keys"]],
  ["click", "short", ["commands/element/click"]],
  ["pause", "short", ["commands/browser/pause"]],
  ["api", "short", ["reference/testplane-api", "reference/testplane-standalone-api"]],
  ["bidi", "short", ["blog/support-bidi-protocol"]],
  // Questions
  ["how to run one test", "question", ["guides/how-to-run-specified-test"]],
  ["how do i update browsers", "question", ["guides/how-to-update-browsers"]],
  ["how to take a screenshot of the page", "question", SCREENSHOT_CMD],
  [
    "how to wait until an element appears",
    "question",
    ["commands/element/waitForDisplayed", "commands/element/waitForExist"],
  ],
  ["how to mock a request", "question", ["commands/browser/mock", "guides/how-to-intercept-requests-and-responses"]],
  ["how to move from hermione to testplane", "question", ["migrations/how-to-upgrade-hermione-to-testplane"]],
  ["how to check that a test is stable", "question", [STABILITY]],
  ["where does testplane look for the config", "question", ["config/main"]],
  ["how to open a page in the browser", "question", ["commands/browser/url", "commands/browser/openAndWait"]],
  ["how to install testplane", "question", ["quickstart"]],
  ["how to add testing library", "question", ["guides/how-to-add-testing-library"]],
  ["how to get a report", "question", REPORT],
  ...IDENTIFIERS,
  // Typos, also in the first two letters
  ["debuging tests", "typo", ["guides/how-to-debug-test"]],
  ["intercpet requests", "typo", ["guides/how-to-intercept-requests-and-responses"]],
  ["accesibility", "typo", ["guides/how-to-check-accessibility"]],
  ["componet testing", "typo", ["guides/component-testing", "blog/component-testing-intro"]],
  ["ebug tests", "typo", ["guides/how-to-debug-test"]],
  ["nitercept requests", "typo", ["guides/how-to-intercept-requests-and-responses"]],
  ["quikstart", "typo", ["quickstart"]],
  ["setVlaue", "typo", ["commands/element/setValue"]],
  ["wiatUntil", "typo", WAIT_UNTIL],
  ["sesionsPerBrowser", "typo", ["config/browsers"]],
  ["uplaodFile", "typo", ["commands/browser/uploadFile"]],
  ["rcomponent testing", "typo", ["guides/component-testing", "blog/component-testing-intro"]],
  // Typed in the other keyboard layout
  ["ыуеМфдгу", "layout", ["commands/element/setValue"]],
  ["фыыукеМшуц", "layout", ASSERT_VIEW],
  ["цфшеГтешд", "layout", WAIT_UNTIL],
  ["ьщсл", "layout", ["commands/browser/mock"]],
  ["пкшвГкд", "layout", ["config/browsers"]],
  ["дщсфд икщцыукы", "layout", ["guides/local-browsers", "blog/local-browsers-intro"]],
  ["мшыгфд еуыештп", "layout", [VISUAL]],
  ["пуеСщщлшуы", "layout", ["commands/browser/getCookies"]],
  // Slang, short forms and synonyms
  ["cookies", "slang", COOKIES],
  ["screenshot testing", "slang", [VISUAL]],
  ["scrolling", "slang", ["commands/browser/scroll", "commands/element/scrollIntoView"]],
  ["flaky tests", "slang", [STABILITY]],
  ["retries", "slang", RETRIES],
  ["sharding", "slang", ["plugins/testplane-chunks"]],
  ["env vars", "slang", ["config/main", "command-line"]],
  ["a11y", "slang", ["guides/how-to-check-accessibility"]],
  ["gh actions", "slang", ["guides/how-to-run-on-github"]],
  ["network throttling", "slang", ["guides/how-to-manage-network-bandwidth", "commands/browser/throttle"]],
  ["visual regression", "slang", [VISUAL]],
  ["rewind a test", "slang", ["guides/time-travel", "blog/time-travel-release"]],
  // Blog posts
  ["hermione rebranding", "blog", ["blog/testplane-rebranding"]],
  ["vs code extension", "blog", ["blog/vscode-extension"]],
  ["webdriver bidi support", "blog", ["blog/support-bidi-protocol"]],
  ["ai agent", "blog", ["blog/mcp-release", "testplane-mcp"]],
  ["time travel release", "blog", ["blog/time-travel-release", "guides/time-travel"]],
  ["testplane downloads the browser", "blog", ["blog/local-browsers-intro"]],
  [
    "storybook stories screenshots",
    "blog",
    ["blog/screenshot-testing-with-storybook", "visual-testing/with-storybook"],
  ],
  ["component testing in testplane", "blog", ["blog/component-testing-intro", "guides/component-testing"]],
];
