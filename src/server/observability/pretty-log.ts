/** LOG_FORMAT=pretty: a JSON log line as a short line a person reads at a terminal (time, level, message, fields). */
const SHOWN_FIRST = new Set(['time', 'level', 'msg', 'pid']);
const COLOURS: Record<string, string> = { debug: '90', info: '32', warn: '33', error: '31', fatal: '31' };

export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = String(entry['level'] ?? 'info');
  const time = String(entry['time'] ?? '').slice(11, 23);
  const fields = Object.entries(entry)
    .filter(([name]) => !SHOWN_FIRST.has(name) && name !== 'err')
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = entry['err'] as { stack?: string } | undefined;
  const colour = COLOURS[level] ?? '0';
  const head = `${time} \u001b[${colour}m${level.toUpperCase().padEnd(5)}\u001b[0m ${String(entry['msg'] ?? '')}`;
  return `${[head, ...fields].join(' ')}${err?.stack ? `\n${err.stack}` : ''}\n`;
}
