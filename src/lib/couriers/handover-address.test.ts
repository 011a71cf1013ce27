import { expect, test } from 'vitest';
import { BOSTA_CITIES, handoverAddress, localMobile, type OrderAddressCopy } from './handover-address.ts';

const order: OrderAddressCopy = {
  firstName: 'Mona',
  lastName: 'Adel',
  phone: '+201001234567',
  governorateCode: 'GZ',
  city: 'Giza',
  area: 'Dokki',
  street: '12 Tahrir St., building 4, floor 3, flat 7',
  details: 'Next to the pharmacy',
};

test("the shop's governorate becomes Bosta's city, the area its district, the details the landmark line", () => {
  expect(handoverAddress(order, BOSTA_CITIES)).toEqual({
    ok: true,
    address: {
      receiver: { firstName: 'Mona', lastName: 'Adel', phone: '01001234567' },
      dropOff: {
        city: 'Giza',
        district: 'Dokki',
        firstLine: '12 Tahrir St., building 4, floor 3, flat 7',
        landmark: 'Next to the pharmacy',
      },
    },
  });
});

test('an order that cannot be handed over names every missing field', () => {
  const result = handoverAddress(
    { ...order, firstName: ' ', phone: '02 2345 6789', governorateCode: 'SIN', area: '', city: '', street: '' },
    BOSTA_CITIES,
  );
  expect(result).toEqual({ ok: false, missing: ['receiverName', 'phone', 'governorate', 'area', 'street'] });
});

test('a city without an area is sent as the district; one name is the last name too', () => {
  const result = handoverAddress({ ...order, area: '', lastName: '' }, BOSTA_CITIES);
  expect(result.ok && result.address.dropOff.district).toBe('Giza');
  expect(result.ok && result.address.receiver.lastName).toBe('Mona');
});

test('mobile numbers go to the courier as 01xxxxxxxxx, Arabic-Indic digits included', () => {
  expect(localMobile('+20 100 123 4567')).toBe('01001234567');
  expect(localMobile('٠١٠٠١٢٣٤٥٦٧')).toBe('01001234567');
  expect(localMobile('0223456789')).toBeNull();
});
