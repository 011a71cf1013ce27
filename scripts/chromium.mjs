// The system Chromium (browsers cannot be downloaded here) and the flags it needs on these machines: without the
// background-networking ones it keeps dialling out through a closed network. Used by Playwright and Lighthouse.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
