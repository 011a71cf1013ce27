import { locales } from './locales.ts';

/** getStaticPaths for pages under [locale]: one pre-rendered copy per language. */
export const localeStaticPaths = () => locales.map((locale) => ({ params: { locale } }));
