/** Offer dates: an offer is listed from its first day through the whole of its last day. */
export interface OfferDates {
  validFrom: Date;
  validUntil: Date;
}

const endOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59, 999));

/** True once the last valid day has passed (judged at build time for the static pages). */
export const offerEnded = (offer: OfferDates, now: Date): boolean => endOfDay(offer.validUntil) < now;

/** True when the offer is running now. */
export const offerActive = (offer: OfferDates, now: Date): boolean => offer.validFrom <= now && !offerEnded(offer, now);
