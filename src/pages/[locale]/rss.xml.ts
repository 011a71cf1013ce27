import type { APIRoute } from 'astro';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { localeStaticPaths } from '#i18n/static-paths.ts';
import { dictionary } from '#i18n/t.ts';
import { rssFeed } from '#lib/rss.ts';
import { newestIn } from '#server/content/entries.ts';
import { slugOf } from '#lib/content/entry-urls.ts';

export const getStaticPaths = localeStaticPaths;

/** One RSS feed of articles per language: /en/rss.xml and /ar/rss.xml. */
export const GET: APIRoute = async ({ params, site }) => {
  const locale = params['locale'] as Locale;
  const t = dictionary(locale);
  const base = site ?? new URL('http://127.0.0.1:4321');
  const abs = (path: string) => new URL(localePath(locale, path), base).toString();
  const articles = await newestIn('articles', locale);
  const xml = rssFeed(
    {
      title: `${t.site.name} — ${t.content.blog.articles}`,
      link: abs('/blog'),
      description: t.content.blog.articlesIntro,
      language: locale,
      self: abs('/rss.xml'),
    },
    articles.map((a) => ({
      title: a.data.title,
      link: abs(`/articles/${slugOf(a)}`),
      description: a.data.description,
      date: a.data.date,
    })),
  );
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};
