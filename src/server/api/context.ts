import type { Dictionary } from '../../i18n/en.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ShopDb } from '../db/index.ts';

/** What every API handler finds on the Hono context. */
export interface ApiEnv {
  Variables: {
    db: ShopDb;
    locale: Locale;
    t: Dictionary;
    /** Set by requireUser: the logged-in shopper. */
    userId: number;
  };
}
