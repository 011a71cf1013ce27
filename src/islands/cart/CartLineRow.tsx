import { formatMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { productPath } from '#i18n/routes.ts';
import { interpolate } from '#i18n/interpolate.ts';
import { Filled } from '../shared/Filled.tsx';
import type { CartLine } from '#lib/cart-math.ts';
import type { LineNotice } from '#lib/cart-quote.ts';
import { removeFromCart } from '#stores/cart.ts';
import type { CartText } from './cart-text.ts';
import QuantityStepper from './QuantityStepper.tsx';
import { showToast } from '#lib/toast-event.ts';

interface Props {
  line: CartLine;
  notices: LineNotice[];
  locale: Locale;
  text: CartText;
}

function noticeText(notice: LineNotice, text: CartText, locale: Locale) {
  if (notice.kind === 'priceChanged') {
    // Each price in its own <bdi>, so "EGP 520" reads right inside the Arabic sentence.
    return (
      <Filled
        template={text.priceChanged}
        values={{ from: formatMoney(notice.from, locale), to: formatMoney(notice.to, locale) }}
      />
    );
  }
  if (notice.kind === 'lowered') return interpolate(text.lowered, { count: notice.to, from: notice.from });
  return text.flaggedOutOfStock;
}

/** One cart line: image, name, unit price, quantity, remove, line total, and what the live check changed. */
export default function CartLineRow({ line, notices, locale, text }: Props) {
  const { product, quantity } = line;
  const money = (piastres: number) => <bdi>{formatMoney(piastres, locale)}</bdi>;
  const soldOut = product.stock <= 0;
  const remove = () => {
    removeFromCart(product.id);
    showToast(text.itemRemoved);
  };
  return (
    <li className={`flex gap-4 py-4 ${soldOut ? 'opacity-90' : ''}`} data-cart-line={product.id}>
      {/* The name links to the same page; the image link is for pointers only. */}
      <a href={productPath(locale, product.id)} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={product.images[0] ?? ''}
          alt=""
          width={96}
          height={96}
          className="h-24 w-24 rounded-lg bg-roast-100 object-cover"
        />
      </a>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <a href={productPath(locale, product.id)} className="line-clamp-2 font-medium hover:text-crema">
            {product.name}
          </a>
          <p className="mt-1 text-sm">
            <span className="sr-only">{text.unitPrice}: </span>
            {money(product.price)}
            {product.beforeDiscount !== null && (
              <del className="ms-2 text-xs text-roast-500">{money(product.beforeDiscount)}</del>
            )}
          </p>
          {notices.map((notice) => (
            <p
              key={notice.kind}
              role="status"
              className={`mt-1 text-sm font-medium ${notice.kind === 'outOfStock' ? 'text-red-700' : 'text-amber-800'}`}
            >
              {noticeText(notice, text, locale)}
            </p>
          ))}
        </div>
        <div className="flex items-center gap-3">
          {soldOut ? (
            <span className="text-sm font-semibold text-red-700">{text.outOfStock}</span>
          ) : (
            <QuantityStepper line={line} text={text} />
          )}
          <button
            type="button"
            onClick={remove}
            aria-label={interpolate(text.removeItem, { name: product.name })}
            className="text-sm text-roast-500 underline hover:text-red-700"
          >
            {text.remove}
          </button>
        </div>
        <p className="font-semibold sm:w-28 sm:text-end">
          <span className="sr-only">{text.lineTotal}: </span>
          {money(product.price * quantity)}
        </p>
      </div>
    </li>
  );
}
