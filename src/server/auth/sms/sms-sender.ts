/** Thrown when a provider did not accept a message; the caller keeps everything and tells the shopper to retry. */
export class SmsDeliveryError extends Error {}

/** Sends one SMS; resolves once the provider accepted it, rejects with SmsDeliveryError otherwise. */
export interface SmsSender {
  readonly name: string;
  send(to: string, body: string): Promise<void>;
}
