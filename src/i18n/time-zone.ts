/**
 * The shop's time zone: Egypt's (UTC+2, UTC+3 in summer time). Every date and time people read, every "day" the desk
 * counts and the seasonal logo are Cairo's, whatever the zone of the server or the browser. The one place it is
 * written (ESLint refuses the literal elsewhere); a small module, so the islands' chunk does not take format.ts.
 */
export const SHOP_TIME_ZONE = 'Africa/Cairo';
