import { fields, id, listOf, nullable, nullableText, text, when } from '#server/api/openapi/answer-fields.ts';

/** The message simulator's answers (the demo's stand-in for a shopper's phone; issue 49). */
export const SimulatorMessages = listOf(
  fields({
    id,
    orderId: nullable(id),
    kind: text,
    phone: text,
    locale: text,
    body: text,
    status: text,
    reply: nullableText,
    createdAt: when,
    replies: listOf(fields({})),
  }),
);

export const ReplyOutcome = fields({ outcome: text });
