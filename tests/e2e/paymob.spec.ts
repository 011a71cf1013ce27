import type { Page } from '@playwright/test';
import { checkoutWithCart } from './checkout-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';

/**
 * Paymob's mobile wallet and kiosk code through the built-in sandbox (no keys set): the sandbox's Paymob answers
 * the intention, shows the unified checkout's page and sends callbacks signed with Paymob's HMAC recipe (issue 39).
 */
test.beforeEach(() => test.setTimeout(60_000));

const names = {
  wallet: { en: /^Mobile wallet/, ar: /^محفظة الموبايل/ },
  kiosk: { en: /^Cash at Fawry, Aman or Masary/, ar: /^الدفع نقدًا في فوري أو أمان أو مصاري/ },
  fawry: { en: /^Pay at Fawry/, ar: /^الدفع في فوري/ },
};

/** The success page shows the code to pay with its expiry; returns the code. */
async function paymentCodeShown(page: Page, t: { payments: { kiosk: { title: string; payBefore: string } } }) {
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.payments.kiosk.title);
  const panel = page.locator('[data-payment-code]');
  const code = (await panel.getAttribute('data-payment-code'))!;
  expect(code).toMatch(/^\d{8,9}$/);
  await expect(panel).toContainText(code);
  await expect(page.locator('[data-payment-code-expiry]')).toContainText(t.payments.kiosk.payBefore.split('{')[0]!.trim());
  await accessibleAt(page);
  return code;
}

/** At the payment point: the cashier takes the cash for this code (the sandbox's screen for it). */
async function cashierTakesCash(page: Page, screen: string, code: string, paidText: string) {
  await page.goto(screen);
  await page.getByRole('button', { name: new RegExp(code) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paidText);
}

async function startPaymob(page: Page, method: RegExp, placeOrder: string) {
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: placeOrder }).click();
  // The unified checkout (the sandbox's) opens the payment page for this intention.
  await expect(page).toHaveURL(/\/api\/sandbox-gateway\/pay\//);
  await accessibleAt(page);
}

/** The wallet's number as a shopper types it: Arabic-Indic digits on the Arabic shop. */
const walletNumber = { en: '011 5555 0123', ar: '٠١١ ٥٥٥٥ ٠١٢٣' };

test('mobile wallet: its number asked and checked → approved on Paymob → Payment successful, the order paid', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  await checkoutWithCart(page, request, at, shopLocale, 'Home');
  await page.getByRole('radio', { name: names.wallet[shopLocale] }).check();
  // The wallet's number, prefilled with the account's mobile; a number that is not a mobile is refused on the field.
  const number = page.getByRole('textbox', { name: t.payments.walletPhone });
  await expect(number).toHaveValue(/^01\d{9}$/);
  await number.fill('02 2345 6789');
  await page.getByRole('button', { name: t.orders.checkout.placeOrder }).click();
  await expect(page.locator('[data-field-error="wallet_phone"]')).toHaveText(t.validation.errors.mobile);
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await accessibleAt(page);
  await number.fill(walletNumber[shopLocale]);
  await startPaymob(page, names.wallet[shopLocale], t.orders.checkout.placeOrder);
  // Paymob's page (the sandbox's) asks the wallet on the number typed, normalised.
  await expect(page.locator('[data-wallet-phone]')).toContainText('01155550123');
  await page.getByRole('button', { name: t.payments.sandbox.approve }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.payments.successTitle);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await page.goto(at('/profile/order-history'));
  await hydrated(page, 'OrderHistory');
  await expect(page.locator(`[data-order="${orderId}"] [data-payment-status="paid"]`)).toBeVisible();
});

test('kiosk code: shown with its expiry → paid in cash at the point → the order is paid', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  await checkoutWithCart(page, request, at, shopLocale, 'Home');
  await startPaymob(page, names.kiosk[shopLocale], t.orders.checkout.placeOrder);
  await page.getByRole('button', { name: t.payments.sandbox.getCode }).click();
  const code = await paymentCodeShown(page, t);
  const success = page.url();
  await cashierTakesCash(page, `/api/sandbox-gateway/paymob/kiosk/${code}`, code, t.payments.sandbox.codePaid);
  await page.goto(success);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.payments.successTitle);
});

test('Fawry reference: shown at once with its expiry → paid at a Fawry point → the order is paid', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  await checkoutWithCart(page, request, at, shopLocale, 'Home');
  await page.getByRole('radio', { name: names.fawry[shopLocale] }).check();
  await page.getByRole('button', { name: t.orders.checkout.placeOrder }).click();
  // No provider page: Fawry answers the reference, the shop shows it.
  const code = await paymentCodeShown(page, t);
  const success = page.url();
  await cashierTakesCash(page, `/api/sandbox-gateway/fawry/kiosk/${code}`, code, t.payments.sandbox.codePaid);
  await page.goto(success);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.payments.successTitle);
});
