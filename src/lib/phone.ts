import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * An Egyptian mobile number as people in Egypt type it (01x…, +20…, 0020…, spaces or dashes, Arabic-Indic
 * digits) in E.164 (+201xxxxxxxxx), or null. libphonenumber's mobile metadata decides what a mobile prefix is,
 * so new operator ranges come with library updates instead of a hand-kept regex.
 */
export function egyptianMobile(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'EG');
  if (!parsed || parsed.country !== 'EG' || !parsed.isValid()) return null;
  return parsed.number;
}
