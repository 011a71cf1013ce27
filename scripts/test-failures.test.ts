import { expect, test } from 'vitest';
import { failureLines } from './test-failures.mjs';

// A failed Vitest run's output as CI prints it (colours included), shortened.
const esc = '\x1b';
const output = [
  ` ${esc}[32m✓${esc}[39m tests/api/cart.test.ts (12 tests) 310ms`,
  ` ${esc}[31m❯${esc}[39m ${esc}[30m${esc}[46m api ${esc}[49m${esc}[39m tests/api/courier-deliveries.test.ts (14 tests | 1 failed) 314ms`,
  `     ${esc}[32m✓${esc}[39m a failed attempt goes back to the shelf once, the next attempt delivers 24ms`,
  `     ${esc}[31m×${esc}[39m one PDF with a page per order 36ms`,
  '{"level":"error","err":{"type":"TypeError","message":"fetch failed"},"msg":"sandbox gateway callback failed"}',
  `${esc}[41m${esc}[1m FAIL ${esc}[22m${esc}[49m tests/api/courier-deliveries.test.ts > airway bills > one PDF with a page per order`,
  'AssertionError: expected 502 to be 200 // Object.is equality',
  '    at tests/api/courier-deliveries.test.ts:120:25',
  ` ${esc}[31m×${esc}[39m one PDF with a page per order 36ms`,
  ` Test Files  1 failed | 172 passed (173)`,
  `      Tests  1 failed | 1903 passed (1904)`,
].join('\n');

test('a failed run is summed up by the lines that name its failures, once each, without colours', () => {
  expect(failureLines(output)).toEqual([
    ' ❯  api  tests/api/courier-deliveries.test.ts (14 tests | 1 failed) 314ms',
    '     × one PDF with a page per order 36ms',
    ' FAIL  tests/api/courier-deliveries.test.ts > airway bills > one PDF with a page per order',
    'AssertionError: expected 502 to be 200 // Object.is equality',
    ' × one PDF with a page per order 36ms',
    ' Test Files  1 failed | 172 passed (173)',
    '      Tests  1 failed | 1903 passed (1904)',
  ]);
});

test('a long list is cut to the first lines', () => {
  const many = Array.from({ length: 100 }, (_, i) => ` FAIL  tests/api/t${i}.test.ts > a test`).join('\n');
  expect(failureLines(many, 5)).toHaveLength(5);
  expect(failureLines(many, 5)[0]).toBe(' FAIL  tests/api/t0.test.ts > a test');
});

test("the journeys' closing summary names each failed and flaky journey, not the passed count", () => {
  const journeys = [
    `  ${esc}[32m✓${esc}[39m  12 [en] › tests/e2e/home.spec.ts:10:3 › home › shows the carousels (3.2s)`,
    `  ${esc}[31m✘${esc}[39m  13 [ar] › tests/e2e/cart.spec.ts:88:3 › cart › names follow the language (30.1s)`,
    '',
    `  ${esc}[31m1 failed${esc}[39m`,
    '    [ar] › tests/e2e/cart.spec.ts:88:3 › cart › names follow the language ─────────',
    `  ${esc}[33m1 flaky${esc}[39m`,
    '    [desk-publish] › tests/e2e/admin-publish.spec.ts:20:3 › publish › preview ─────',
    '  528 passed (31.6m)',
  ].join('\n');
  expect(failureLines(journeys)).toEqual([
    '  1 failed',
    '    [ar] › tests/e2e/cart.spec.ts:88:3 › cart › names follow the language ─────────',
    '  1 flaky',
    '    [desk-publish] › tests/e2e/admin-publish.spec.ts:20:3 › publish › preview ─────',
  ]);
});
