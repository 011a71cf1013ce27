import { defineCollection } from 'astro:content';
import { articlesSchema, offersSchema, pagesSchema, recipesSchema, reviewsSchema, shopsSchema } from '#lib/content/schemas.ts';
import { filesAndDesk } from '#server/content/desk-loader.ts';

/**
 * Content collections, one folder per language: src/content/<collection>/{en,ar}/<slug>.md, plus what editors published
 * from the desk (decision 019; the desk's entry wins over a file of the same slug). An entry and its translation share
 * the slug, so /en/x and /ar/x are always each other's alternates (tests/unit check every entry has its twin).
 * The schemas live in src/lib/content/schemas.ts, where the desk checks an editor's entry against them too.
 */
export const collections = {
  articles: defineCollection({ loader: filesAndDesk('articles'), schema: articlesSchema }),
  reviews: defineCollection({ loader: filesAndDesk('reviews'), schema: reviewsSchema }),
  recipes: defineCollection({ loader: filesAndDesk('recipes'), schema: recipesSchema }),
  shops: defineCollection({ loader: filesAndDesk('shops'), schema: shopsSchema }),
  offers: defineCollection({ loader: filesAndDesk('offers'), schema: offersSchema }),
  pages: defineCollection({ loader: filesAndDesk('pages'), schema: pagesSchema }),
};
