/**
 * The order-notifications offer's button (src/components/pwa/OrderNotifications.astro, decision 029). Loaded only on
 * the pages that show the offer. At load it reads what the browser can do and whether this browser is subscribed;
 * it never asks for permission: only a tap does, then subscribes with the shop's VAPID key and hands the subscription
 * to the API for the signed-in shopper. A second tap turns notifications off in this browser.
 */
import { apiFetch, shopperFetch } from '#lib/api-client.ts';
import { isIos, keyBytes, offerState, type OfferState } from '#lib/pwa/notification-offer.ts';

type Texts = Record<'on' | 'off' | 'denied' | 'unsupported' | 'failed' | 'turnOn' | 'turnOff', string>;

const section = document.querySelector<HTMLElement>('[data-order-notifications]');
const button = section?.querySelector<HTMLButtonElement>('[data-notifications-toggle]');
const status = section?.querySelector<HTMLElement>('[data-notifications-status]');
const iosInstall = section?.querySelector<HTMLElement>('[data-ios-install]');

const canPush = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * Whether this browser already has a subscription, without waiting for the service worker: on a first visit it is
 * registered only after the start-up (src/lib/after-start-up.ts), and `serviceWorker.ready` would hold the offer back
 * until then (seconds; a CI journey saw the iPhone's explanation still hidden after 7). No registration yet: none.
 */
async function hasSubscription(): Promise<boolean> {
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(await registration?.pushManager.getSubscription());
  } catch {
    return false;
  }
}

function show(state: OfferState | 'failed', texts: Texts) {
  section!.hidden = false;
  iosInstall!.hidden = state !== 'ios-install';
  button!.hidden = state !== 'on' && state !== 'off' && state !== 'failed';
  button!.textContent = state === 'on' ? texts.turnOff : texts.turnOn;
  button!.dataset['state'] = state;
  status!.textContent = state === 'ios-install' ? '' : texts[state];
}

async function subscribe(key: string): Promise<OfferState | 'failed'> {
  // Asked first, inside the tap: Safari refuses a permission request that is not the direct answer to a gesture.
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  try {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    const saved = await shopperFetch('/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
    return saved?.ok ? 'on' : 'failed';
  } catch {
    return 'failed';
  }
}

async function unsubscribe(): Promise<OfferState> {
  const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
  if (subscription) {
    await shopperFetch(`/push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`, { method: 'DELETE' });
    await subscription.unsubscribe();
  }
  return 'off';
}

async function start() {
  if (!section || !button || !status || !iosInstall) return;
  const texts = JSON.parse(section.dataset['texts'] ?? '{}') as Texts;
  const key = await apiFetch<{ data: { public_key: string } }>('/push/key').catch(() => null);
  // The shop sends no notifications (no VAPID keys): nothing to offer.
  if (!key?.ok) return;
  const push = canPush();
  const subscribed = push && (await hasSubscription());
  const state = offerState({
    ios: isIos(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
    standalone: matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true,
    push,
    permission: 'Notification' in window ? Notification.permission : 'unknown',
    subscribed,
  });
  show(state, texts);
  button.onclick = async () => {
    button.disabled = true;
    show(button.dataset['state'] === 'on' ? await unsubscribe() : await subscribe(key.body.data.public_key), texts);
    button.disabled = false;
  };
}

void start();
