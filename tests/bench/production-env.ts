// Imported first by the bench so that React's production build is the one loaded, as under `docsite build`
// (bin/docsite.js sets the same default).
process.env.NODE_ENV ??= "production";
