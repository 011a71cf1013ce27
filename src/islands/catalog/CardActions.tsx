import { startTransition, useLayoutEffect, useRef } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { CartProduct } from '#lib/cart-math.ts';
import { $session } from '#stores/session.ts';
import CartControl, { type CartControlText } from '../cart/CartControl.tsx';
import { ISLAND_READY, servedElement } from '../directives/island-ready.ts';
import WishlistHeart, { type HeartText } from '../wishlist/WishlistHeart.tsx';

interface Props {
  cartText: CartControlText;
  heartText: HeartText;
}

/**
 * One island for a whole grid of product cards, placed just after the grid (CardActions.astro): it hydrates each card's cart control in place (the cards draw it as
 * CartControl's own first render, cart-control-markup.ts) and adds the hearts once the visitor is a signed-in
 * shopper. An island per card cost a listing of 24 cards about a third of its server time (issue 25).
 * Then it tells the client:intent directive it is ready, so a tap held before hydration reaches a live button.
 */
export default function CardActions({ cartText, heartText }: Props) {
  const marker = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    // The island's element is display:contents; the grid it serves is the element just before it.
    const island = marker.current!.closest('astro-island');
    const here = island && servedElement(island);
    if (!here) return;
    const roots: Root[] = [];
    // In a transition: React hydrates the cards in slices of a few milliseconds, yielding to the browser between them,
    // instead of one long task for a grid of 24 (issue 55). A tap meanwhile hydrates its own card first.
    startTransition(() => {
      for (const place of here.querySelectorAll<HTMLElement>('[data-card-cart]')) {
        const product = JSON.parse(place.dataset['cardCart']!) as CartProduct;
        roots.push(hydrateRoot(place, <CartControl product={product} text={cartText} />));
      }
    });
    let hearts = false;
    const showHearts = () => {
      hearts = true;
      for (const place of here.querySelectorAll<HTMLElement>('[data-card-heart]')) {
        const root = createRoot(place);
        root.render(
          <WishlistHeart productId={Number(place.dataset['cardHeart'])} name={place.dataset['cardName']!} text={heartText} />,
        );
        roots.push(root);
      }
    };
    // Guests never get a heart on a card (spec section 4), so no heart is rendered for them at all.
    const stop = $session.subscribe((session) => {
      if (!hearts && session.status === 'user') showHearts();
    });
    marker.current!.dispatchEvent(new Event(ISLAND_READY, { bubbles: true }));
    return () => {
      stop();
      // Not while React renders this island: unmounting a root synchronously inside a commit is refused.
      queueMicrotask(() => roots.forEach((root) => root.unmount()));
    };
  }, [cartText, heartText]);

  return <span ref={marker} hidden />;
}
