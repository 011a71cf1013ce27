/** A day as typed in a date field or a query (`YYYY-MM-DD`). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar day (issue 49): `2026-13-01` is no day at all (`new Date` turns it into Invalid Date, which threw
 * deep in a report), and `2026-02-30` is not one either (JavaScript would roll it over to March 2nd).
 */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
