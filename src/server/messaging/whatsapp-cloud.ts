import type { MessagingConfig } from '../config.ts';
import { MessageSendError, type MessageChannel, type OutgoingMessage, type SentMessage } from './channel.ts';

/** The fetch the adapter calls: tests hand it a stub, so the Cloud API is never called from a test. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** WhatsApp's `to`: the number in international form without the plus. */
export const waNumber = (e164: string): string => e164.replace(/^\+/, '');

/**
 * The body of `POST /{version}/{phone-number-id}/messages` (Meta's Cloud API reference, "Send message templates"):
 * a utility template with its body parameters and one `button` component per quick reply (`sub_type: quick_reply`,
 * its `index`, and the payload the webhook hands back when it is tapped); without a template, a text message, which
 * WhatsApp delivers only within 24 hours of the shopper's last message (the polite answer to a late reply).
 */
export function messageRequest(message: OutgoingMessage): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: waNumber(message.to) };
  const template = message.template;
  if (!template) return { ...base, type: 'text', text: { preview_url: false, body: message.text } };
  return {
    ...base,
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      components: [
        { type: 'body', parameters: template.body.map((text) => ({ type: 'text', text })) },
        ...template.replies.map((reply, index) => ({
          type: 'button',
          sub_type: 'quick_reply',
          index: String(index),
          parameters: [{ type: 'payload', payload: reply.payload }],
        })),
      ],
    },
  };
}

/** Errors of the Cloud API worth a retry: throttling (4, 80007, 130429, 131048, 131056) and Meta's own trouble. */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131048, 131056, 133004]);

/** Meta's WhatsApp Business Cloud API, authenticated with the system user's token. */
export class WhatsappCloudChannel implements MessageChannel {
  readonly channel = 'whatsapp';
  // No parameter properties: the background jobs load this file with Node's type stripping (scripts/start.mjs).
  private readonly config: MessagingConfig['whatsapp'];
  private readonly fetchImpl: Fetch;
  private readonly timeoutMs: number;
  constructor(config: MessagingConfig['whatsapp'], fetchImpl: Fetch = fetch, timeoutMs = 10_000) {
    this.config = config;
    this.fetchImpl = fetchImpl;
    this.timeoutMs = timeoutMs;
  }

  async send(message: OutgoingMessage): Promise<SentMessage> {
    const { baseUrl, apiVersion, phoneNumberId, token } = this.config;
    const url = `${baseUrl}/${apiVersion}/${encodeURIComponent(phoneNumberId)}/messages`;
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(messageRequest(message)),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new MessageSendError(`WhatsApp unreachable: ${(error as Error).name}`, true);
    }
    const reply = (await res.json().catch(() => ({}))) as {
      messages?: { id?: string }[];
      error?: { code?: number; message?: string };
    };
    const id = reply.messages?.[0]?.id;
    if (res.ok && typeof id === 'string') return { provider: 'cloud', providerMessageId: id };
    const code = reply.error?.code;
    const retryable = res.status >= 500 || res.status === 429 || (code !== undefined && RETRYABLE_CODES.has(code));
    throw new MessageSendError(`WhatsApp answered ${res.status}${code ? ` (error ${code})` : ''}`, retryable);
  }
}
