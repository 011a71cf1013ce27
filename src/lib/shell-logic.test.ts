import { describe, expect, test } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, shouldReload } from './chunk-reload.ts';
import { seasonFor } from './season.ts';
import { truncate } from './text.ts';
import { readFileSync } from 'node:fs';
import { CARRIED_TOASTS_KEY, TOAST_WAKE_EVENT } from './toast-event.ts';

describe('seasonal logo', () => {
  const on = (iso: string) => seasonFor(new Date(`${iso}T12:00:00Z`));
  test('Ramadan, the two Eids, summer and the rest of the year', () => {
    expect(on('2026-03-01')).toBe('ramadan');
    expect(on('2027-02-20')).toBe('ramadan');
    expect(on('2026-03-20')).toBe('eid');
    expect(on('2026-05-27')).toBe('eid');
    expect(on('2026-07-15')).toBe('summer');
    expect(on('2026-11-22')).toBe('default');
    expect(on('2026-01-10')).toBe('default');
  });
});

describe('chunk-load failure reload', () => {
  test('reloads the first time, then at most once per 60 seconds', () => {
    const now = 1_000_000;
    expect(shouldReload(null, now)).toBe(true);
    expect(shouldReload(now - 5_000, now)).toBe(false);
    expect(shouldReload(now - CHUNK_RELOAD_INTERVAL_MS, now)).toBe(true);
  });
  test('never offline: the chunk cannot come, and the reload would undo the next page the shopper asked for', () => {
    expect(shouldReload(null, 1_000_000, false)).toBe(false);
    expect(shouldReload(null, 1_000_000, true)).toBe(true);
  });
  test('recognises chunk failures and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
  });
});

describe('truncate', () => {
  test('cuts at the limit with an ellipsis, leaves short text alone', () => {
    expect(truncate('Ethiopia Yirgacheffe 250 g', 20)).toBe('Ethiopia Yirgacheffe…');
    expect(truncate('Short', 20)).toBe('Short');
    expect(Array.from(truncate('ق'.repeat(100), 80))).toHaveLength(81);
  });
});

test("the shell wakes the toast host with toast-event's own key and event (spelled out there to stay small)", () => {
  const shell = readFileSync(new URL('../scripts/shell.ts', import.meta.url), 'utf8');
  expect(shell).toContain(`sessionStorage.getItem('${CARRIED_TOASTS_KEY}')`);
  expect(shell).toContain(`new Event('${TOAST_WAKE_EVENT}')`);
});
