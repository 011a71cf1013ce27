import { createHash } from 'node:crypto';
import { fromPounds, poundsText } from '#lib/money.ts';
import { sameSignature } from './signatures.ts';

/**
 * FawryPay's SHA-256 recipes (developer.fawrystaging.com: "Pay at Fawry" charge, server notification V2, payment
 * status V2, refund): the listed fields concatenated with nothing between them, the security key last, lower-case
 * hex. Amounts are written with two decimals ("150.00") before hashing, whatever form they travel in.
 */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** An amount as Fawry hashes it: pounds with two decimals, from a number or text Fawry sent ("150", 150.5 → "150.50"). */
export const fawryAmount = (pounds: string | number): string => {
  const piastres = fromPounds(typeof pounds === 'number' ? pounds : String(pounds));
  return Number.isNaN(piastres) ? String(pounds) : poundsText(piastres);
};

export const chargeSignature = (f: {
  merchantCode: string;
  merchantRefNum: string;
  customerProfileId: string;
  paymentMethod: string;
  amount: string;
  secureKey: string;
}) =>
  sha256Hex(`${f.merchantCode}${f.merchantRefNum}${f.customerProfileId}${f.paymentMethod}${fawryAmount(f.amount)}${f.secureKey}`);

/** What a V2 notification (and the V2 status answer) carries that its `messageSignature` covers. */
export interface FawryNotification {
  fawryRefNumber?: string | number;
  merchantRefNumber?: string;
  /** Some of Fawry's documents name it so. */
  merchantRefNum?: string;
  paymentAmount?: string | number;
  orderAmount?: string | number;
  orderStatus?: string;
  paymentMethod?: string;
  paymentRefrenceNumber?: string | number | null;
  fawryFees?: string | number;
  orderExpiryDate?: number;
  messageSignature?: string;
  [field: string]: unknown;
}

export const notificationSignature = (n: FawryNotification, secureKey: string): string =>
  sha256Hex(
    `${n.fawryRefNumber ?? ''}${n.merchantRefNumber ?? n.merchantRefNum ?? ''}${fawryAmount(n.paymentAmount ?? '')}` +
      `${fawryAmount(n.orderAmount ?? '')}${n.orderStatus ?? ''}${n.paymentMethod ?? ''}${n.paymentRefrenceNumber ?? ''}${secureKey}`,
  );

export const notificationVerifies = (n: FawryNotification, secureKey: string): boolean =>
  sameSignature(n.messageSignature, notificationSignature(n, secureKey));

export const statusSignature = (merchantCode: string, merchantRefNumber: string, secureKey: string) =>
  sha256Hex(`${merchantCode}${merchantRefNumber}${secureKey}`);

export const refundSignature = (f: {
  merchantCode: string;
  referenceNumber: string;
  refundAmount: string;
  reason: string;
  secureKey: string;
}) => sha256Hex(`${f.merchantCode}${f.referenceNumber}${fawryAmount(f.refundAmount)}${f.reason}${f.secureKey}`);

/** Cancel unpaid order: note the order of the first two fields (reference first, then the merchant account). */
export const cancelSignature = (orderRefNo: string, merchantAccount: string, lang: string, secureKey: string) =>
  sha256Hex(`${orderRefNo}${merchantAccount}${lang}${secureKey}`);
