import { formatMoney } from '#i18n/format.ts';
import { dictionary, interpolate } from '#i18n/t.ts';
import { escapeMarkup as escape } from '#lib/text.ts';
import type { SandboxSession } from './sandbox-callbacks.ts';
import { directionOf, type Locale } from '#i18n/locales.ts';

/**
 * The sandbox's hosted payment page: one form, three answers, in the shopper's language. No script. It names the shop's
 * icon, so the browser does not ask for /favicon.ico (a 404 on every payment).
 */
export function sandboxPage(session: SandboxSession, action: string): string {
  const t = dictionary(session.lang).payments.sandbox;
  const dir = directionOf(session.lang);
  const amount = interpolate(t.amount, { amount: `<bdi>${escape(formatMoney(session.amount, session.lang))}</bdi>` });
  const button = (choice: string, label: string, style: string) =>
    `<button type="submit" name="choice" value="${choice}" class="${style}">${escape(label)}</button>`;
  // Paymob's kiosk (and Fawry's reference, issued at once): first the code (the shopper's screen), then, on the same page, the payment point's cash.
  const kiosk = session.methods?.[0] === 'kiosk';
  const code = session.billReference ? `<bdi>${escape(session.billReference)}</bdi>` : '';
  const buttons = !kiosk
    ? [button('approve', t.approve, 'approve'), button('decline', t.decline, 'decline'), button('cancel', t.cancel, 'cancel')]
    : session.billReference
      ? [button('approve', interpolate(t.payCode, { code: session.billReference }), 'approve')]
      : [button('reference', t.getCode, 'approve'), button('cancel', t.cancel, 'cancel')];
  return `<!doctype html>
<html lang="${session.lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escape(t.title)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f7f1ea;color:#2b1a10}
main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:1rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin:0 0 .5rem}
p{line-height:1.5}
.amount{font-size:1.2rem;font-weight:700}
form{display:grid;gap:.75rem;margin-top:1.5rem}
button{font:inherit;font-weight:600;padding:.8rem 1rem;border-radius:999px;border:2px solid #5b3420;cursor:pointer}
.approve{background:#1f6f43;border-color:#1f6f43;color:#fff}
.decline{background:#9b1c1c;border-color:#9b1c1c;color:#fff}
.cancel{background:#fff;color:#5b3420}
</style>
</head>
<body>
<main>
<h1>${escape(kiosk && code ? t.kioskTitle : t.title)}</h1>
<p>${escape(kiosk && code ? t.kioskNote : t.note)}</p>
<p class="amount">${amount}</p>
${code ? `<p class="amount">${interpolate(escape(t.codeIs), { code })}</p>` : ''}
${session.walletPhone ? `<p class="amount" data-wallet-phone>${interpolate(escape(t.walletIs), { phone: `<bdi>${escape(session.walletPhone)}</bdi>` })}</p>` : ''}
<form method="post" action="${escape(action)}">
${buttons.join('\n')}
</form>
</main>
</body>
</html>`;
}

export function expiredPage(lang: Locale, text: 'expired' | 'codePaid' = 'expired'): string {
  const t = dictionary(lang).payments.sandbox;
  return `<!doctype html><html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escape(
    t.title,
  )}</title></head><body><main><h1>${escape(t[text])}</h1></main></body></html>`;
}
