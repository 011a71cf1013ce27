/**
 * An Egyptian mobile kept in E.164 (+201xxxxxxxxx) as Egyptians write it and wallets know it (01xxxxxxxxx);
 * anything else unchanged. Apart from phone.ts so an island can use it without libphonenumber's metadata.
 */
export const nationalMobile = (e164: string): string => (/^\+201\d{9}$/.test(e164) ? `0${e164.slice(3)}` : e164);
