import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { toCartProduct } from '#lib/cart-math.ts';
import { truncate } from '#lib/text.ts';
import { $session } from '#stores/session.ts';
import { $wishlist, fetchWishlist } from '#stores/wishlist.ts';
import CartControl, { type CartControlText } from '../cart/CartControl.tsx';
import WishlistHeart, { type HeartText } from './WishlistHeart.tsx';
import EmptyArt from '../account/EmptyArt.tsx';
import { useConfirm } from '#kit/Dialog.tsx';
import { Filled } from '../shared/Filled.tsx';
import { Stars } from '../shared/Stars.tsx';
import { interpolate } from '#i18n/interpolate.ts';

interface Props {
  locale: Locale;
  text: HeartText & {
    empty: string;
    emptyHint: string;
    browse: string;
    loading: string;
    confirmRemoveTitle: string;
    confirmRemove: string;
    keepWish: string;
    /** 'Rated {rate} out of 5' and the previous price's label, as the product cards say them (issue 20). */
    rating: string;
    previousPrice: string;
  };
  cartText: CartControlText;
  productHref: string;
  browseHref: string;
}

/** /profile/my-wish-list (spec section 2): the shopper's wishlist with add-to-cart, or the empty state. */
export default function WishlistPage({ locale, text, cartText, productHref, browseHref }: Props) {
  const session = useStore($session);
  const wishlist = useStore($wishlist);
  const loggedIn = session.status === 'user';
  const { ask, dialog } = useConfirm();

  // Fresh on every visit: hearts elsewhere only keep ids, the cards come from the server.
  useEffect(() => {
    if (loggedIn) void fetchWishlist();
  }, [loggedIn]);

  if (!loggedIn || (wishlist.status !== 'loaded' && wishlist.products.length === 0))
    return <p className="mt-6 text-roast-700">{text.loading}</p>;

  if (wishlist.products.length === 0)
    return (
      <div className="mt-8 flex flex-col items-center gap-3 text-center" data-wishlist-empty>
        <EmptyArt kind="wishlist" />
        <p className="text-lg font-semibold">{text.empty}</p>
        <p className="text-roast-700">{text.emptyHint}</p>
        <a href={browseHref} className="rounded-full bg-roast-700 px-5 py-2 font-semibold text-white hover:bg-roast-900">
          {text.browse}
        </a>
      </div>
    );

  return (
    <>
      {dialog}
      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4" data-wishlist-list>
        {wishlist.products.map((product) => (
          <li
            key={product.id}
            className="relative flex flex-col rounded-xl border border-roast-100 bg-white p-3 shadow-sm"
            data-wishlist-item={product.id}
          >
            <div className="absolute end-2 top-2 z-10">
              <WishlistHeart
                productId={product.id}
                name={product.name}
                text={text}
                confirmRemoval={() =>
                  ask({
                    title: <Filled template={text.confirmRemoveTitle} values={{ name: product.name }} />,
                    confirm: text.confirmRemove,
                    keep: text.keepWish,
                  })
                }
              />
            </div>
            <a
              href={productHref.replace('{id}', String(product.id))}
              className="block aspect-square overflow-hidden rounded bg-roast-100"
            >
              <img
                src={product.img}
                alt={truncate(product.name, 20)}
                width="300"
                height="300"
                loading="lazy"
                className="h-full w-full object-cover"
              />
            </a>
            <a
              href={productHref.replace('{id}', String(product.id))}
              className="mt-2 text-sm font-medium hover:text-crema"
              title={product.name}
            >
              {truncate(product.name, 80)}
            </a>
            <Stars rate={product.rate} label={interpolate(text.rating, { rate: product.rate })} />
            <p className="mt-auto flex flex-wrap items-baseline gap-2 pt-1">
              <span className="font-bold">
                <bdi>{formatMoney(product.price, locale)}</bdi>
              </span>
              {product.beforeDiscount !== null && product.beforeDiscount > product.price && (
                <del className="text-xs text-roast-700" data-previous-price>
                  <span className="sr-only">{text.previousPrice}: </span>
                  <bdi>{formatMoney(product.beforeDiscount, locale)}</bdi>
                </del>
              )}
            </p>
            <CartControl product={toCartProduct(product, product.img)} text={cartText} />
          </li>
        ))}
      </ul>
    </>
  );
}
