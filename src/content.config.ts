import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { recipeMethods } from './lib/recipes.ts';

/**
 * Content collections, one folder per language: src/content/<collection>/{en,ar}/<slug>.md.
 * An entry and its translation share the slug, so /en/x and /ar/x are always each other's alternates
 * (tests/unit check every entry has its twin).
 */
const folder = (name: string) => glob({ pattern: '{en,ar}/*.md', base: `./src/content/${name}` });
/** A generated illustration from /api/media/art: `{kind}-{hue}-{view}`. */
const art = z.string().regex(/^[a-z]+-\d{1,3}-[0-2]$/);

const articles = defineCollection({
  loader: folder('articles'),
  schema: z.object({
    title: z.string().max(110),
    description: z.string().max(200),
    date: z.coerce.date(),
    /** When an article is revised after publication (JSON-LD dateModified); defaults to `date`. */
    updated: z.coerce.date().optional(),
    author: z.string(),
    cover: art,
    coverAlt: z.string(),
    tags: z.array(z.string()).default([]),
  }),
});

const reviews = defineCollection({
  loader: folder('reviews'),
  schema: z.object({
    title: z.string().max(110),
    description: z.string().max(200),
    date: z.coerce.date(),
    youtubeId: z.string().regex(/^[\w-]{11}$/),
    /** ISO 8601 duration, e.g. PT7M12S. */
    duration: z.string().regex(/^PT(\d+M)?(\d+S)?$/),
    poster: art,
    product: z.string(),
    rating: z.number().min(1).max(5),
    pros: z.array(z.string()).min(1),
    cons: z.array(z.string()).min(1),
  }),
});

const recipes = defineCollection({
  loader: folder('recipes'),
  schema: z.object({
    title: z.string().max(110),
    description: z.string().max(200),
    date: z.coerce.date(),
    method: z.enum(recipeMethods),
    image: art,
    imageAlt: z.string(),
    ingredients: z.array(z.string()).min(1),
    steps: z.array(z.string()).min(1),
    brewMinutes: z.number().positive(),
    ratio: z.string(),
    servings: z.number().int().positive(),
  }),
});

const shops = defineCollection({
  loader: folder('shops'),
  schema: z.object({
    name: z.string(),
    area: z.string(),
    address: z.string(),
    hours: z.string(),
    phone: z.string().optional(),
    mapUrl: z.url(),
    order: z.number().int(),
  }),
});

const offers = defineCollection({
  loader: folder('offers'),
  schema: z
    .object({
      title: z.string().max(110),
      description: z.string().max(200),
      validFrom: z.coerce.date(),
      validUntil: z.coerce.date(),
      code: z.string().optional(),
      link: z.string().startsWith('/'),
      image: art,
      imageAlt: z.string(),
    })
    .refine((o) => o.validFrom <= o.validUntil, { message: 'validFrom must not be after validUntil' }),
});

const pages = defineCollection({
  loader: folder('pages'),
  schema: z.object({ title: z.string(), description: z.string().max(200), updated: z.coerce.date() }),
});

export const collections = { articles, reviews, recipes, shops, offers, pages };
