import { egyptianMobile } from '../phone.ts';

/**
 * The address a courier company accepts, made from an order's copy of the shopper's address (issue 38). The shop's
 * governorates map to the company's cities (`BOSTA_CITIES`, by the shop's governorate code); the shop's area is looked
 * up in the company's districts by its adapter (`district` is missing when the company has no such district); the street is the first line and the address details (the shopper's directions:
 * near the pharmacy, above the bakery) the landmark line. An order that cannot be handed over names what is missing,
 * so the desk can say which field to fix.
 */
export const HANDOVER_FIELDS = ['receiverName', 'phone', 'governorate', 'area', 'street', 'district'] as const;
export type HandoverField = (typeof HANDOVER_FIELDS)[number];

export interface OrderAddressCopy {
  firstName: string;
  lastName: string;
  phone: string;
  governorateCode: string;
  /** The shop's city line and area (the checkout asks both). */
  city: string;
  area: string;
  street: string;
  details: string;
}

export interface HandoverAddress {
  receiver: { firstName: string; lastName: string; phone: string };
  /**
   * `district` is the shop's area as the shopper typed it; `districtId` the company's own id of that district, when
   * the company found it in its list (Bosta: `dropOffAddress.districtId`, resolved by bosta-districts.ts).
   */
  dropOff: { city: string; district: string; firstLine: string; landmark: string; districtId?: string };
}

export type HandoverAddressResult = { ok: true; address: HandoverAddress } | { ok: false; missing: HandoverField[] };

/**
 * Bosta's city names for the shop's governorate codes (the names its `GET /cities` answers for Egypt). A governorate
 * absent here is one the shop has not confirmed Bosta serves: its orders say "governorate" is what stops them.
 */
export const BOSTA_CITIES: Readonly<Record<string, string>> = {
  C: 'Cairo',
  GZ: 'Giza',
  KB: 'Qalyubia',
  ALX: 'Alexandria',
  DK: 'Dakahlia',
  SHR: 'Sharqia',
  GH: 'Gharbia',
  MNF: 'Monufia',
  BH: 'Behira',
  KFS: 'Kafr Alsheikh',
  DT: 'Damietta',
  PTS: 'Port Said',
  IS: 'Ismailia',
  SUZ: 'Suez',
  FYM: 'Fayoum',
  BNS: 'Bani Suif',
  MN: 'Menya',
  AST: 'Assuit',
  SHG: 'Sohag',
  KN: 'Qena',
  LX: 'Luxor',
  ASN: 'Aswan',
  BA: 'Red Sea',
  MT: 'Matrouh',
};

/** An Egyptian mobile number as couriers' APIs take it: 01xxxxxxxxx. */
export function localMobile(phone: string): string | null {
  const e164 = egyptianMobile(phone);
  return e164 ? `0${e164.slice(3)}` : null;
}

export function handoverAddress(order: OrderAddressCopy, cities: Readonly<Record<string, string>>): HandoverAddressResult {
  const firstName = order.firstName.trim();
  const lastName = order.lastName.trim();
  const phone = localMobile(order.phone);
  const city = cities[order.governorateCode];
  // The area is the courier's district; a shopper who typed only a city gives the city as the area.
  const district = order.area.trim() || order.city.trim();
  const street = order.street.trim();
  const missing: HandoverField[] = [];
  if (!firstName) missing.push('receiverName');
  if (!phone) missing.push('phone');
  if (!city) missing.push('governorate');
  if (!district) missing.push('area');
  if (!street) missing.push('street');
  if (missing.length || !phone || !city) return { ok: false, missing };
  return {
    ok: true,
    address: {
      // A courier wants a last name: a shopper with one name gives it twice rather than nothing.
      receiver: { firstName, lastName: lastName || firstName, phone },
      dropOff: { city, district, firstLine: street, landmark: order.details.trim() },
    },
  };
}
