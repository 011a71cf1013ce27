// Where a page's main-thread time went, from the reports `LIGHTHOUSE_REPORTS=dir npm run lighthouse` kept: for each
// report, the work by kind (style and layout, script evaluation, paint…), the long tasks with what started them, and
// the scripts that cost the most; with the run's trace beside it (`<report>.trace.json`), what the page's main thread
// did in each task over 50 ms as the trace recorded it (unthrottled: Lighthouse multiplies it by 4), which names what a
// task the report calls "Unattributable" was doing. `npx node scripts/lighthouse/where.mjs dir [name-filter]`
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, filter = ''] = process.argv.slice(2);
const ms = (value) => `${Math.round(value)} ms`;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.trace.json') && f.includes(filter))
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
  const trace = join(dir, file.replace(/\.json$/, '.trace.json'));
  if (existsSync(trace)) console.log(tracedTasks(JSON.parse(readFileSync(trace, 'utf8')).traceEvents));
}

/** The page's main-thread tasks over 50 ms in the trace, each with the events that took most of it. */
function tracedTasks(events) {
  const lines = [];
  for (const thread of events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
    const onMain = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
    const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur > 50_000);
    if (!tasks.length) continue;
    const start = Math.min(...onMain.map((e) => e.ts));
    for (const task of tasks) {
      const spent = new Map();
      for (const e of onMain)
        if (e.name !== 'RunTask' && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
          spent.set(e.name, (spent.get(e.name) ?? 0) + e.dur);
      const top = [...spent]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([name, us]) => `${name} ${ms(us / 1000)}`);
      lines.push(`  traced task at ${ms((task.ts - start) / 1000)}: ${ms(task.dur / 1000)} (${top.join(', ')})`);
    }
  }
  return lines.length ? `traced tasks over 50 ms, unthrottled:\n${lines.join('\n')}` : 'traced tasks over 50 ms: none';
}
