import type { Dictionary } from '../../i18n/en.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ShopDb } from '../db/index.ts';

/** What every API handler finds on the Hono context. */
export interface ApiEnv {
  /** Passed by the Astro endpoint: the connecting client's address (brute-force limit per address). */
  Bindings: { clientAddress?: string };
  Variables: {
    db: ShopDb;
    locale: Locale;
    t: Dictionary;
    /** Set by requireUser: the logged-in shopper. */
    userId: number;
    /** Set by requireUser when the token names its session (refresh-token family). */
    sessionId?: string;
  };
}
