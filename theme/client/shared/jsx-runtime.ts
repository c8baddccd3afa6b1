// `react/jsx-runtime` for project islands: preact's, with compat's adjustments (className, onChange…) installed.
export * from "preact/compat/jsx-runtime";
