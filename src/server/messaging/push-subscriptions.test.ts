import { expect, test } from 'vitest';
import { endpointAllowed } from './push-subscriptions.ts';

test('production posts only to the known push services over https', () => {
  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])
    expect(endpointAllowed(endpoint, true), endpoint).toBe(true);
  for (const endpoint of [
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://169.254.169.254/latest/meta-data',
    'http://127.0.0.1:4000/push/1',
    'not a url',
  ])
    expect(endpointAllowed(endpoint, true), endpoint).toBe(false);
});

test('outside production a stand-in on loopback is taken too (the tests’ push service)', () => {
  expect(endpointAllowed('http://127.0.0.1:4000/push/1', false)).toBe(true);
  expect(endpointAllowed('http://10.0.0.5/push/1', false)).toBe(false);
});
