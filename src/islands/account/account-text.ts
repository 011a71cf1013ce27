import type { Dictionary } from '#i18n/en.ts';

export type AccountText = Dictionary['account'];
