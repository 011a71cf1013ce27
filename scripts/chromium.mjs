import { existsSync } from 'node:fs';

// The system Chromium (browsers cannot be downloaded here) and the flags it needs on these machines: without the
// background-networking ones it keeps dialling out through a closed network.
/** The desktop browser, for Lighthouse (it measures what a shopper's browser does). */
export const fullChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * For Playwright: the headless shell (Debian's chromium-headless-shell) when installed, the same engine without the
 * desktop browser's processes: less CPU per journey on these 2-core machines (docs/benchmarks.md, "End-to-end").
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : fullChromiumPath);
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
