import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { metrics } from '../../src/server/observability/metrics.ts';

/**
 * The alert rules (docs/prometheus-rules.yml) and the Grafana dashboard (docs/grafana-dashboard.json) name only
 * series the shop exports (issue 50): a renamed metric must not leave an alert that can never fire. Where Debian's
 * `prometheus` package is installed, `promtool check rules` checks the file as Prometheus will load it; everywhere,
 * the file is read as YAML and each rule's shape checked.
 */
const RULES = 'docs/prometheus-rules.yml';
const DASHBOARD = 'docs/grafana-dashboard.json';

/** PromQL's words that look like metric names but are functions, aggregations or keywords. */
const PROMQL_WORDS = new Set([
  'histogram_quantile',
  'label_replace',
  'label_join',
  'count_values',
  'sort_desc',
  'quantile_over_time',
]);

/** Every series name the process's registry exposes, with a histogram's and a counter's derived names. */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await metrics().registry.getMetricsAsJSON()) {
    names.add(metric.name);
    for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

/** The metric names a PromQL expression reads (words with an underscore, outside label matchers and strings). */
function seriesIn(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/"[^"]*"/g, '""')
    .replace(/\[[^\]]*\]/g, '[]');
  const words = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  const labelLists = [...bare.matchAll(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g)].flatMap((m) =>
    m[1]!.split(',').map((label) => label.trim()),
  );
  return words.filter((word) => word.includes('_') && !PROMQL_WORDS.has(word) && !labelLists.includes(word));
}

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string };
}

test('the alert rules load in Prometheus (promtool, when installed) and each has an expression, a severity and words for a person', () => {
  const promtool = spawnSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' });
  if (!promtool.error) {
    expect(promtool.status, promtool.stdout + promtool.stderr).toBe(0);
    expect(promtool.stdout).toMatch(/SUCCESS: \d+ rules found/);
  }
  const { groups } = parse(readFileSync(RULES, 'utf8')) as { groups: { name: string; rules: Rule[] }[] };
  const rules = groups.flatMap((group) => group.rules);
  expect(rules.map((rule) => rule.alert).sort()).toEqual([
    'InstanceOutOfRotation',
    'OrderMessagesOutboxGrowing',
    'OrderMessagesOutboxStuck',
    'PaymentCallbacksRefusedRising',
    'PaymentsDeclinedRising',
    'ReadinessFlapping',
  ]);
  for (const rule of rules) {
    expect(rule.expr, rule.alert).toBeTruthy();
    expect(['page', 'warning'], rule.alert).toContain(rule.labels.severity);
    expect(rule.annotations.summary, rule.alert).toBeTruthy();
    expect(rule.annotations.description, rule.alert).toBeTruthy();
    if (rule.for) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
  }
});

test('the rules and the dashboard read only series the shop exports', async () => {
  const exported = await exportedNames();
  const { groups } = parse(readFileSync(RULES, 'utf8')) as { groups: { rules: Rule[] }[] };
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: { title: string; targets?: { expr: string }[] }[] };
  const read = [
    ...groups.flatMap((group) => group.rules.map((rule) => ({ where: rule.alert, expr: rule.expr }))),
    ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ where: panel.title, expr: target.expr }))),
  ];
  const unknown = read.flatMap(({ where, expr }) =>
    seriesIn(expr)
      .filter((name) => !exported.has(name))
      .map((name) => `${where}: ${name}`),
  );
  expect(unknown).toEqual([]);
  // The business series are on the dashboard (issue 50).
  const drawn = new Set(read.flatMap(({ expr }) => seriesIn(expr)));
  for (const name of [
    'orders_placed_total',
    'payments_total',
    'refunds_paid_total',
    'outbox_pending_messages',
    'outbox_oldest_pending_seconds',
    'webhooks_received_total',
    'courier_deliveries_total',
    'readiness_ready',
  ])
    expect(drawn, name).toContain(name);
});
