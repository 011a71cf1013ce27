/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4): what a scraper accepts. Throws on a line
 * it would refuse; returns the samples by family. Checks: `# HELP`/`# TYPE` before a family's samples, metric and
 * label names, quoted and escaped label values, numeric values (NaN, ±Inf), one TYPE per family, histograms whose
 * buckets rise to a `+Inf` bucket equal to `_count`.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface Family {
  type: string;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES = ['_bucket', '_count', '_sum', '_total', '_created'];

function readValue(text: string): number {
  // Go's ParseFloat, which Prometheus uses, reads NaN in any case (prom-client writes `Nan`).
  if (/^nan$/i.test(text)) return NaN;
  if (text === '+Inf' || text === 'Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a number: ${text}`);
  return Number(text);
}

function readLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length) {
    const match = /^([^=\s]+)="((?:[^"\\\n]|\\[\\"n])*)"(,?)/.exec(rest);
    if (!match || !LABEL.test(match[1]!)) throw new Error(`bad labels in: ${line}`);
    if (match[1]! in labels) throw new Error(`label twice in: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    rest = rest.slice(match[0].length);
    if (!match[3] && rest.length) throw new Error(`bad labels in: ${line}`);
  }
  return labels;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (name: string): Family | undefined =>
    families.get(name) ?? families.get(SUFFIXES.reduce((n, s) => (n.endsWith(s) ? n.slice(0, -s.length) : n), name));
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`bad metric name: ${line}`);
      const family = families.get(name) ?? { type: 'untyped', help: '', samples: [] };
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`bad type: ${line}`);
        if (family.samples.length) throw new Error(`TYPE after samples: ${line}`);
        family.type = rest;
      } else family.help = rest;
      families.set(name, family);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const family = familyOf(sample[1]!);
    if (!family) throw new Error(`sample without its family's TYPE: ${line}`);
    family.samples.push({ name: sample[1]!, labels: readLabels(sample[2] ?? '', line), value: readValue(sample[3]!) });
  }
  for (const [name, family] of families) if (family.type === 'histogram') checkHistogram(name, family);
  return families;
}

function checkHistogram(name: string, family: Family): void {
  const series = new Map<string, Sample[]>();
  for (const s of family.samples.filter((s) => s.name === `${name}_bucket`)) {
    const { le, ...rest } = s.labels;
    if (le === undefined) throw new Error(`${name}: a bucket without le`);
    const key = JSON.stringify(rest);
    series.set(key, [...(series.get(key) ?? []), s]);
  }
  for (const [key, buckets] of series) {
    const counts = buckets.map((b) => b.value);
    if (counts.some((c, i) => i > 0 && c < counts[i - 1]!)) throw new Error(`${name}${key}: buckets fall`);
    const last = buckets.at(-1)!;
    if (last.labels['le'] !== '+Inf') throw new Error(`${name}${key}: no +Inf bucket`);
    const count = family.samples.find((s) => s.name === `${name}_count` && JSON.stringify(s.labels) === key);
    if (count?.value !== last.value) throw new Error(`${name}${key}: +Inf bucket differs from _count`);
  }
}

/** The value of one sample (labels matched exactly, in any order), or undefined. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values())
    for (const s of family.samples)
      if (
        s.name === name &&
        Object.keys(s.labels).length === Object.keys(labels).length &&
        Object.entries(labels).every(([k, v]) => s.labels[k] === v)
      )
        return s.value;
  return undefined;
}
