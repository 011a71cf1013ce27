import { defineMiddleware } from 'astro:middleware';
import { barePathRedirect } from './i18n/bare-path.ts';

/** Bare paths redirect to the shopper's language (the production server does the same before Astro). */
export const onRequest = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  const target = barePathRedirect(
    context.url,
    context.request.headers.get('cookie'),
    context.request.headers.get('accept-language'),
  );
  if (!target) return next();
  return new Response(null, {
    status: 302,
    headers: { location: target, vary: 'Cookie, Accept-Language', 'cache-control': 'no-store' },
  });
});
