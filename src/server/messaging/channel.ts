/**
 * One interface for every way an order message leaves the shop (issue 37): WhatsApp's Cloud API, SMS through the
 * shop's SMS sender, and the demo provider that keeps messages in the outbox for the simulator.
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

export type ChannelName = 'whatsapp' | 'sms';

export interface MessageChannel {
  readonly channel: ChannelName;
  send(message: OutgoingMessage): Promise<SentMessage>;
}
