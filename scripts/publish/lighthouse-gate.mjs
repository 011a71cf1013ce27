// The publish check's Lighthouse gate (issue 55): the new build's shop templates (home in both languages, a listing, a
// product page, the blog) measured with Lighthouse's mobile defaults, median of PUBLISH_LIGHTHOUSE_RUNS (default 3)
// runs each; a median performance below PUBLISH_LIGHTHOUSE_MIN (default 95) refuses the build, with the page and its
// figures. It needs the system Chromium (CHROMIUM_PATH); without one it says it did not measure and lets the build
// through (the size budgets still hold it). PUBLISH_LIGHTHOUSE=0 skips it (the publish journeys, which test the
// switch-over, not speed, on a busy machine).
import { existsSync } from 'node:fs';
import { fullChromiumPath } from '../chromium.mjs';
import { measure, templates } from '../lighthouse/measure.mjs';

/** The shop's five templates, as the issue measured them. */
const gated = [
  ['home', 'en'],
  ['home', 'ar'],
  ['listing', 'en'],
  ['product', 'ar'],
  ['blog', 'en'],
];

/** Problems (sentences) with the build's Lighthouse performance; [] when it passes or was not measured. */
export async function lighthouseProblems(outDir, log = console.log) {
  if (process.env.PUBLISH_LIGHTHOUSE === '0') return [];
  if (!existsSync(fullChromiumPath)) {
    log(`Lighthouse not run: no Chromium at ${fullChromiumPath} (set CHROMIUM_PATH).`);
    return [];
  }
  const min = Number(process.env.PUBLISH_LIGHTHOUSE_MIN ?? 95);
  const runs = Number(process.env.PUBLISH_LIGHTHOUSE_RUNS ?? 3);
  const rows = await measure({
    builds: [{ name: 'new', distDir: outDir }],
    pages: templates.filter((t) => gated.some(([name]) => name === t.name)),
    pick: (name, locale) => gated.some(([n, l]) => n === name && l === locale),
    runs,
  });
  const problems = [];
  for (const [name, locale] of gated) {
    const row = rows.find((r) => r.name === name && r.locale === locale);
    if (!row) problems.push(`Lighthouse could not measure the ${name} page (/${locale}).`);
    else if (row.scores[0] < min)
      problems.push(
        `The ${name} page (/${locale}) scores ${row.scores[0]} in Lighthouse's mobile performance (runs: ${row.runs.join(', ')}; at least ${min} needed): total blocking time ${Math.round(row.tbt)} ms, main-thread work ${Math.round(row.mainThread)} ms.`,
      );
  }
  log(`Lighthouse: ${rows.map((r) => `${r.name}/${r.locale} ${r.scores[0]}`).join(', ')} (median of ${runs}, at least ${min}).`);
  return problems;
}
