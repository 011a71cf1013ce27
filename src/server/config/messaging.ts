import type * as z from 'zod/mini';
import type { Locale } from '#i18n/locales.ts';
import type { Env } from './env.ts';

/** The WhatsApp templates the shop sends, each approved at Meta under a name (category utility). */
export const TEMPLATE_KINDS = [
  'confirm',
  'with_courier',
  'delivered',
  'failed_attempt',
  'payment_code',
  'with_courier_tracking',
  'out_for_delivery',
  'refund_paid',
  // A prepaid order's hand-over and "out for delivery": nothing to collect, so no cash to ask for (issue 51).
  'with_courier_paid',
  'with_courier_tracking_paid',
  'out_for_delivery_paid',
  // A few days after delivery: rate what you received (issue 52).
  'rate_request',
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export interface MessagingConfig {
  /**
   * whatsapp: Meta's Cloud API (SMS as the fallback); demo: messages stay in the outbox and the desk's simulator
   * plays the shopper (the default outside production); off: none sent (the default in production).
   */
  mode: 'whatsapp' | 'demo' | 'off';
  whatsapp: {
    token: string;
    phoneNumberId: string;
    /** Signs the webhook posts (X-Hub-Signature-256); in a demo a public key the simulator signs with. */
    appSecret: string;
    verifyToken: string;
    apiVersion: string;
    baseUrl: string;
    templates: Record<TemplateKind, string>;
    /** Each template's language code exactly as approved (e.g. ar or ar_EG). */
    languages: Record<Locale, string>;
  };
  /** A confirmation unanswered this long puts the order in the call queue. */
  replyWindowMs: number;
  /** How often each instance looks for messages to send. */
  sendEveryMs: number;
  /**
   * How long a sender owns a claimed row: one that died mid-send (kill -9) leaves it to another after this. Longer
   * than a provider's answer can take, or a slow send would be sent twice.
   */
  claimMs: number;
  /** A WhatsApp confirmation sent but not delivered after this long goes again by SMS. */
  fallbackAfterMs: number;
}

/** The demo's webhook secret and verify token: public, so production refuses the demo mode. */
const DEMO_APP_SECRET = 'bean-bazaar-demo-whatsapp-app-secret';

const TEMPLATE_VARIABLES: Record<TemplateKind, keyof z.infer<typeof Env>> = {
  confirm: 'WHATSAPP_TEMPLATE_CONFIRM',
  with_courier: 'WHATSAPP_TEMPLATE_WITH_COURIER',
  delivered: 'WHATSAPP_TEMPLATE_DELIVERED',
  failed_attempt: 'WHATSAPP_TEMPLATE_FAILED_ATTEMPT',
  payment_code: 'WHATSAPP_TEMPLATE_PAYMENT_CODE',
  with_courier_tracking: 'WHATSAPP_TEMPLATE_WITH_COURIER_TRACKING',
  out_for_delivery: 'WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY',
  refund_paid: 'WHATSAPP_TEMPLATE_REFUND_PAID',
  with_courier_paid: 'WHATSAPP_TEMPLATE_WITH_COURIER_PAID',
  with_courier_tracking_paid: 'WHATSAPP_TEMPLATE_WITH_COURIER_TRACKING_PAID',
  out_for_delivery_paid: 'WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY_PAID',
  rate_request: 'WHATSAPP_TEMPLATE_RATE_REQUEST',
};
/** The names a demo uses, and the ones docs/messaging.md asks to register at Meta. */
const DEFAULT_TEMPLATES: Record<TemplateKind, string> = {
  confirm: 'cod_order_confirmation',
  with_courier: 'order_with_courier',
  delivered: 'order_delivered',
  failed_attempt: 'order_delivery_failed',
  payment_code: 'order_payment_code',
  with_courier_tracking: 'order_with_courier_tracking',
  out_for_delivery: 'order_out_for_delivery',
  refund_paid: 'order_refund_paid',
  with_courier_paid: 'order_with_courier_paid',
  with_courier_tracking_paid: 'order_with_courier_tracking_paid',
  out_for_delivery_paid: 'order_out_for_delivery_paid',
  rate_request: 'order_rate_request',
};

export function readMessaging(read: z.infer<typeof Env>, production: boolean): MessagingConfig {
  const mode =
    read.MESSAGING === 'whatsapp' || read.MESSAGING === 'demo' || read.MESSAGING === 'off'
      ? read.MESSAGING
      : production
        ? 'off'
        : 'demo';
  const demo = mode === 'demo';
  const templates = Object.fromEntries(
    TEMPLATE_KINDS.map((kind) => [
      kind,
      (read[TEMPLATE_VARIABLES[kind]] as string | undefined) || (demo || !production ? DEFAULT_TEMPLATES[kind] : ''),
    ]),
  ) as Record<TemplateKind, string>;
  return {
    mode,
    whatsapp: {
      token: read.WHATSAPP_TOKEN ?? '',
      phoneNumberId: read.WHATSAPP_PHONE_NUMBER_ID ?? (demo ? 'demo' : ''),
      appSecret: read.WHATSAPP_APP_SECRET || (demo ? DEMO_APP_SECRET : ''),
      verifyToken: read.WHATSAPP_VERIFY_TOKEN || (demo ? DEMO_APP_SECRET : ''),
      apiVersion: read.WHATSAPP_API_VERSION,
      baseUrl: read.WHATSAPP_API_BASE,
      templates,
      languages: { en: read.WHATSAPP_LANGUAGE_EN, ar: read.WHATSAPP_LANGUAGE_AR },
    },
    replyWindowMs: read.CONFIRMATION_REPLY_MINUTES * 60_000,
    sendEveryMs: Math.max(200, read.MESSAGE_SEND_MS),
    claimMs: Math.max(1, read.MESSAGE_CLAIM_SECONDS) * 1000,
    fallbackAfterMs: read.MESSAGE_FALLBACK_MINUTES * 60_000,
  };
}

/** What WhatsApp needs before it may be turned on, as the variables that are missing. */
export function missingWhatsapp(env: NodeJS.ProcessEnv): string[] {
  const needed = [
    'WHATSAPP_TOKEN',
    'WHATSAPP_PHONE_NUMBER_ID',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_VERIFY_TOKEN',
    ...Object.values(TEMPLATE_VARIABLES),
  ];
  return needed.filter((name) => !env[name]?.trim());
}
