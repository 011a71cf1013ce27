import { cairoDayEnd, cairoDayStart } from './cairo-day.ts';

/** Offer dates: an offer is listed from its first day through the whole of its last day, in Cairo. */
export interface OfferDates {
  validFrom: Date;
  validUntil: Date;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The instants an offer changes the listings at, on Cairo's calendar (an offer "from the first of Ramadan" starts at
 * midnight in Cairo): its first day begins; the day after its last day begins.
 */
export const offerWindow = (offer: OfferDates): { starts: number; ends: number } => ({
  starts: Date.parse(cairoDayStart(day(offer.validFrom))),
  ends: Date.parse(cairoDayEnd(day(offer.validUntil))),
});

/** True once the last valid day has passed in Cairo (judged at build time for the static pages). */
export const offerEnded = (offer: OfferDates, now: Date): boolean => now.getTime() >= offerWindow(offer).ends;

/** True when the offer is running now. */
export const offerActive = (offer: OfferDates, now: Date): boolean =>
  now.getTime() >= offerWindow(offer).starts && !offerEnded(offer, now);
