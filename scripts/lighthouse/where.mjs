// Where a page's main-thread time went, from the reports `LIGHTHOUSE_REPORTS=dir npm run lighthouse` kept: for each
// report, the work by kind (style and layout, script evaluation, paint…), the long tasks with what started them, and
// the scripts that cost the most. `npx node scripts/lighthouse/where.mjs dir [name-filter]`
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, filter = ''] = process.argv.slice(2);
const ms = (value) => `${Math.round(value)} ms`;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f.includes(filter))
  .sort()) {
  const { audits, categories } = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const performance = Math.round((categories.performance.score ?? 0) * 100);
  console.log(
    `\n## ${file}: performance ${performance}, TBT ${ms(audits['total-blocking-time'].numericValue)}, ` +
      `LCP ${ms(audits['largest-contentful-paint'].numericValue)}, SI ${ms(audits['speed-index'].numericValue)}, ` +
      `FCP ${ms(audits['first-contentful-paint'].numericValue)}, CLS ${audits['cumulative-layout-shift'].numericValue.toFixed(3)}`,
  );
  const byKind = audits['mainthread-work-breakdown'].details?.items ?? [];
  console.log('work by kind: ' + byKind.map((i) => `${i.groupLabel ?? i.group} ${ms(i.duration)}`).join(', '));
  const tasks = audits['long-tasks']?.details?.items ?? [];
  console.log(
    `long tasks (${tasks.length}): ` + tasks.map((t) => `${ms(t.duration)} at ${ms(t.startTime)} ${t.url ?? ''}`).join('; '),
  );
  const scripts = (audits['bootup-time']?.details?.items ?? []).slice(0, 6);
  console.log(
    'scripts: ' +
      scripts
        .map(
          (s) =>
            `${s.url.replace(/^https?:\/\/[^/]+/, '')} ${ms(s.total)} (eval ${ms(s.scripting)}, parse ${ms(s.scriptParseCompile)})`,
        )
        .join('; '),
  );
}
