import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { dictionary } from '#i18n/t.ts';
/** The slug of a content entry: its file name, shared with its translation (`en/x` and `ar/x`). */
export const slugOf = (entry: { id: string }): string => entry.id.split('/').slice(1).join('/');

/** URL of a generated illustration (served by the media API). */
export const artUrl = (name: string): string => `/api/media/art/${name}.svg`;

/** The breadcrumbs above an article or a video review: the blog, then its list. */
export const blogCrumbs = (locale: Locale, list: 'articles' | 'reviews') => {
  const blog = dictionary(locale).content.blog;
  return [
    { label: blog.title, href: localePath(locale, '/blog') },
    { label: blog[list], href: localePath(locale, `/blog/${list}`) },
  ];
};
