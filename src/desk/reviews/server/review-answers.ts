import { fields, id, listOf, text, when } from '#server/api/openapi/answer-fields.ts';

/** The words that flag a review's text, as the desk's list reads them (issue 52). */
export const ReviewWords = listOf(fields({ id, word: text, folded: text, created_at: when }));
