/**
 * What the "order updates on this device" offer shows (decision 029), decided from what the browser can do, so a
 * unit test walks every case. Permission is only ever asked after a tap on its button (src/scripts/order-notifications.ts).
 *
 * - `ios-install`: Safari on iPhone and iPad offers Web Push only to a shop added to the home screen and opened from
 *   there (iOS 16.4 and later): the offer explains that instead of a button that could not work.
 * - `unsupported`: no service worker, Push API or notifications (an old browser, iOS before 16.4 even when installed).
 * - `denied`: the shopper blocked notifications for the site; only the browser's settings can undo it.
 * - `on`: this browser has a subscription (the button turns it off); `off`: the button turns it on.
 */
export type OfferState = 'ios-install' | 'unsupported' | 'denied' | 'on' | 'off';

export interface BrowserAbilities {
  /** iPhone, iPad (also an iPad that reports itself as a Mac: a touch screen on "MacIntel"). */
  ios: boolean;
  /** Opened from the home screen (`display-mode: standalone`, or Safari's `navigator.standalone`). */
  standalone: boolean;
  /** `serviceWorker`, `PushManager` and `Notification` all exist. */
  push: boolean;
  permission: NotificationPermission | 'unknown';
  subscribed: boolean;
}

export function offerState(b: BrowserAbilities): OfferState {
  if (b.ios && !b.standalone) return 'ios-install';
  if (!b.push) return 'unsupported';
  if (b.permission === 'denied') return 'denied';
  return b.subscribed && b.permission === 'granted' ? 'on' : 'off';
}

/** Whether the device is an iPhone or iPad, from what the browser says of itself. */
export function isIos(userAgent: string, platform: string, touchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && touchPoints > 1);
}

/** The VAPID public key (base64url) as `applicationServerKey` wants it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
