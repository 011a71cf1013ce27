import { expect, test } from 'vitest';
import { log, redirectLog } from './logger.ts';
import { prettyLine } from './pretty-log.ts';

test('a secret field is redacted wherever a log call puts it, at the top or one level down', () => {
  const lines: string[] = [];
  const stop = redirectLog((line) => void lines.push(line));
  try {
    log().info({ password: 'hunter2-long', body: { code: '482913', token: 'tok-abc', card: '4111111111111111' } }, 'form');
    log().warn({ authorization: 'Bearer xyz', refresh_token: 'rt-1', order: 12 }, 'call');
  } finally {
    stop();
  }
  const [first, second] = lines.map((l) => JSON.parse(l));
  expect(first).toMatchObject({ level: 'info', msg: 'form', password: '[redacted]' });
  expect(first.body).toEqual({ code: '[redacted]', token: '[redacted]', card: '[redacted]' });
  expect(second).toMatchObject({ level: 'warn', authorization: '[redacted]', refresh_token: '[redacted]', order: 12 });
  for (const secret of ['hunter2-long', '482913', 'tok-abc', '4111111111111111', 'Bearer xyz', 'rt-1'])
    expect(lines.join('')).not.toContain(secret);
});

test('LOG_FORMAT=pretty: time, level and message first, then the fields; an error keeps its stack', () => {
  const line = prettyLine(
    JSON.stringify({ level: 'info', time: '2026-11-26T15:21:37.123Z', msg: 'request', route: '/api/products', status: 200 }),
  );
  expect(line).toMatch(/^15:21:37\.123 .*INFO .* request route=\/api\/products status=200\n$/);
  const failed = prettyLine(JSON.stringify({ level: 'error', time: '', msg: 'job', err: { stack: 'Error: boom\n  at x' } }));
  expect(failed).toContain('Error: boom\n  at x');
  expect(prettyLine('not json\n')).toBe('not json\n');
});
