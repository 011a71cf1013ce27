import { expect, test } from 'vitest';
import { isIos, keyBytes, offerState, type BrowserAbilities } from './notification-offer.ts';

const chrome: BrowserAbilities = { ios: false, standalone: false, push: true, permission: 'default', subscribed: false };

test('Safari on an iPhone in a tab is told to add the shop to the home screen first', () => {
  expect(offerState({ ...chrome, ios: true })).toBe('ios-install');
  expect(offerState({ ...chrome, ios: true, standalone: true })).toBe('off');
  // iOS before 16.4, even installed, has no Push API.
  expect(offerState({ ...chrome, ios: true, standalone: true, push: false })).toBe('unsupported');
});

test('blocked, on and off elsewhere', () => {
  expect(offerState({ ...chrome, permission: 'denied' })).toBe('denied');
  expect(offerState({ ...chrome, permission: 'granted', subscribed: true })).toBe('on');
  // A subscription left from before the shopper reset the permission is not "on".
  expect(offerState({ ...chrome, permission: 'default', subscribed: true })).toBe('off');
  expect(offerState({ ...chrome, push: false })).toBe('unsupported');
});

test('iPhones and iPads, also an iPad that says it is a Mac', () => {
  expect(isIos('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', 'iPhone', 5)).toBe(true);
  expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5)).toBe(true);
  expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0)).toBe(false);
  expect(isIos('Mozilla/5.0 (Linux; Android 14; Pixel 8)', 'Linux armv8l', 5)).toBe(false);
});

test('the VAPID key as bytes: an uncompressed P-256 point', () => {
  const bytes = keyBytes('BDicIlbvk3q3aZG_NuSaXjlb070PVvam3qd-pOQQxAfMbToohzmVYJ9FTTKGdF5_2b5KGls0FO6iAKaKugd_zBY');
  expect(bytes.length).toBe(65);
  expect(bytes[0]).toBe(4);
});
