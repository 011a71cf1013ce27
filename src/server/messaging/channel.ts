import type { Locale } from '#i18n/locales.ts';

/**
 * One interface for every way an order message leaves the shop (issue 37): WhatsApp's Cloud API, SMS through the
 * shop's SMS sender, the demo provider that keeps messages in the outbox for the simulator, and Web Push to the
 * shopper's browsers (issue 41, decision 029).
 */

/** A WhatsApp template as sent: its approved name and language code, body parameters and quick replies. */
export interface TemplateMessage {
  name: string;
  language: string;
  body: string[];
  replies: { payload: string; title: string }[];
}

export interface OutgoingMessage {
  /** E.164 with the plus (users.phone). */
  to: string;
  /** The text as the shopper reads it: what SMS sends, and WhatsApp when there is no template. */
  text: string;
  template: TemplateMessage | null;
  /** The order it is about: a notification goes to the browsers of the order's shopper (decision 029). */
  orderId?: number;
  /** A notification's title and the page its tap opens (the push channel's). */
  notification?: { title: string; url: string; locale: Locale };
}

export interface SentMessage {
  provider: string;
  /** The provider's id for it (WhatsApp's `wamid…`), which its delivery statuses name. */
  providerMessageId: string | null;
}

/** The provider refused or could not be reached. Not retryable: trying again cannot help (a number not on WhatsApp). */
export class MessageSendError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

export type ChannelName = 'whatsapp' | 'sms' | 'push';

export interface MessageChannel {
  readonly channel: ChannelName;
  send(message: OutgoingMessage): Promise<SentMessage>;
}
