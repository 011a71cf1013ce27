import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES } from '../../src/core/permissions/permissions.ts';

test("docs/back-office.md's roles table is the permissions table of the code", () => {
  const doc = readFileSync('docs/back-office.md', 'utf8');
  const table = /<!-- roles:start -->\n([\s\S]*?)<!-- roles:end -->/.exec(doc)?.[1] ?? '';
  const rows = table
    .trim()
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  expect(rows.map((r) => r[0])).toEqual([...PERMISSIONS]);
  for (const row of rows) {
    STAFF_ROLES.forEach((role, i) => {
      expect(row[i + 1] === '✓', `${row[0]} for ${role}`).toBe(ROLE_PERMISSIONS[role].includes(row[0] as never));
    });
  }
});
