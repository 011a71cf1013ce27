import { expect, test } from 'vitest';
import { sameSecret } from './constant-time.ts';

test('a secret equals only itself: another value, another length, case, empty or missing are refused', () => {
  expect(sameSecret('s3cret-token', 's3cret-token')).toBe(true);
  expect(sameSecret('s3cret-tokeN', 's3cret-token')).toBe(false);
  expect(sameSecret('s3cret-toke', 's3cret-token')).toBe(false);
  expect(sameSecret('S3CRET-TOKEN', 's3cret-token')).toBe(false);
  expect(sameSecret('', '')).toBe(false);
  expect(sameSecret(undefined, 's3cret-token')).toBe(false);
  expect(sameSecret('s3cret-token', '')).toBe(false);
  // Multi-byte text compares by its bytes, so an Arabic secret of the same letter count but other bytes is refused.
  expect(sameSecret('رمز', 'رمز')).toBe(true);
  expect(sameSecret('رمز', 'رمس')).toBe(false);
});
