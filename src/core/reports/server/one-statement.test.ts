import { expect, test } from 'vitest';
import { asOneStatement } from './order-summaries.ts';

test("PostgreSQL statements made one: each part's placeholders move past the parts before it, parameters in order", () => {
  const [text, parameters] = asOneStatement(
    [
      ['insert into a (x, y) values ($1, $2)', [1, 2]],
      ['insert into b (x) values ($1), ($2), ($3) on conflict (x) do update set x = b.x + excluded.x', [3, 4, 5]],
    ],
    ['insert into c (id, note) values ($1, $2)', [6, 'six']],
  );
  expect(text).toBe(
    'with s0 as (insert into a (x, y) values ($1, $2)), ' +
      's1 as (insert into b (x) values ($3), ($4), ($5) on conflict (x) do update set x = b.x + excluded.x) ' +
      'insert into c (id, note) values ($6, $7)',
  );
  expect(parameters).toEqual([1, 2, 3, 4, 5, 6, 'six']);
  // $10 is one placeholder, not $1 followed by 0.
  expect(asOneStatement([['select $1', [1]]], ['select $10', Array(10).fill(0)])[0]).toBe('with s0 as (select $1) select $11');
});
