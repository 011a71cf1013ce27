import * as z from 'zod/mini';

const text = z.optional(z.string());
const reply = z.optional(z.looseObject({ id: text }));

/**
 * Meta's WhatsApp Cloud API webhook payload ("Webhooks: messages"), with each field's type (issue 49): a signed post
 * is checked against it before any event is read, so `{"entry":[null]}` or a message id sent as a number is a 400,
 * never a TypeError. Loose: Meta adds fields (`metadata`, `contacts`, `pricing`…) the shop does not read.
 */
export const WhatsAppWebhookShape = z.looseObject({
  object: text,
  entry: z.optional(
    z.array(
      z.looseObject({
        id: text,
        changes: z.optional(
          z.array(
            z.looseObject({
              field: text,
              value: z.optional(
                z.looseObject({
                  messages: z.optional(
                    z.array(
                      z.looseObject({
                        id: text,
                        from: text,
                        timestamp: text,
                        type: text,
                        button: z.optional(z.looseObject({ payload: text, text })),
                        interactive: z.optional(z.looseObject({ type: text, button_reply: reply, list_reply: reply })),
                        text: z.optional(z.looseObject({ body: text })),
                      }),
                    ),
                  ),
                  statuses: z.optional(
                    z.array(
                      z.looseObject({
                        id: text,
                        status: text,
                        timestamp: text,
                        recipient_id: text,
                        errors: z.optional(
                          z.array(z.looseObject({ code: z.optional(z.union([z.number(), z.string()])), title: text })),
                        ),
                      }),
                    ),
                  ),
                }),
              ),
            }),
          ),
        ),
      }),
    ),
  ),
});
