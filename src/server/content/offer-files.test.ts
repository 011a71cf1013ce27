import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { endedOfferSlugs, offerFiles } from './offer-files.ts';

test('file offers are read from their front matter; one ends when its last day ends in Cairo', () => {
  const dir = mkdtempSync(join(tmpdir(), 'offers-'));
  writeFileSync(join(dir, 'eid.md'), "---\ntitle: Eid\nvalidFrom: 2026-11-01\nvalidUntil: '2026-11-30'\n---\n\nText.\n");
  writeFileSync(join(dir, 'open.md'), '---\ntitle: Open\n---\n');
  expect(offerFiles(dir)).toEqual([
    { slug: 'eid', validFrom: '2026-11-01', validUntil: '2026-11-30' },
    { slug: 'open', validFrom: '', validUntil: '' },
  ]);
  // Cairo is UTC+2 in winter: 30 November ends at 22:00 UTC.
  expect(endedOfferSlugs(new Date('2026-11-30T21:59:00Z'), dir)).toEqual([]);
  expect(endedOfferSlugs(new Date('2026-11-30T22:00:00Z'), dir)).toEqual(['eid']);
});
