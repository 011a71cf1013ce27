import { SHOP_TIME_ZONE } from '#i18n/time-zone.ts';

export type Season = 'ramadan' | 'eid' | 'summer' | 'default';

const hijri = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { month: 'numeric', day: 'numeric', timeZone: SHOP_TIME_ZONE });
const gregorian = new Intl.DateTimeFormat('en', { month: 'numeric', timeZone: SHOP_TIME_ZONE });

/** Which seasonal logo to show on a date in Cairo: Ramadan, the two Eids, summer (June to August), else the default. */
export function seasonFor(date: Date): Season {
  const parts = hijri.formatToParts(date);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  const day = Number(parts.find((p) => p.type === 'day')?.value);
  if (month === 9) return 'ramadan';
  if ((month === 10 && day <= 3) || (month === 12 && day >= 10 && day <= 13)) return 'eid';
  const m = Number(gregorian.format(date));
  if (m >= 6 && m <= 8) return 'summer';
  return 'default';
}
