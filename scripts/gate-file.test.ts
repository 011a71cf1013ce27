import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { gateOpened } from './gate-file.mjs';

const dir = mkdtempSync(join(tmpdir(), 'gate-'));

test('a gate opens when its file appears, with what CI wrote in it', async () => {
  const gate = join(dir, 'journeys-may-start');
  setTimeout(() => writeFileSync(gate, 'failed\n'), 300);
  expect(await gateOpened(gate, 10_000)).toBe('failed');
});

test('a gate that never opens is an error after its time, not a wait for ever', async () => {
  await expect(gateOpened(join(dir, 'never'), 1_500)).rejects.toThrow(/did not appear/);
});
