import type { Locale } from '../../i18n/locales.ts';
import { localePath, productsPath } from '../../i18n/routes.ts';
import { Filled } from '../shared/Filled.tsx';
import type { OrdersText } from './checkout-text.ts';

/** /checkout/success?order=ID: the order number (in <bdi>) and where to go next. */
export default function CheckoutSuccess({ locale, text }: { locale: Locale; text: OrdersText['checkout'] }) {
  const raw = new URLSearchParams(window.location.search).get('order') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? raw : null;
  return (
    <div className="mt-6 text-center" data-checkout-success>
      <h1 className="text-2xl font-bold md:text-3xl">{text.successTitle}</h1>
      {id && (
        <p className="mt-3 text-lg" data-order-id={id}>
          <Filled template={text.successText} values={{ id: `#${id}` }} />
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a
          href={localePath(locale, '/profile/order-history')}
          className="rounded-full bg-roast-700 px-6 py-3 font-semibold text-white hover:bg-roast-900"
        >
          {text.viewOrders}
        </a>
        <a href={productsPath(locale)} className="rounded-full border border-roast-300 px-6 py-3 font-semibold">
          {text.continueShopping}
        </a>
      </div>
    </div>
  );
}
