// Astro's zod (the classic build), as the content layer expects; read at build time and by the server, never shipped.
import { z } from 'astro/zod';
import { recipeMethods } from '../recipes.ts';

/**
 * The schema of each content collection's front matter: the one place a content type is defined (issue 24). The build
 * checks every entry against it (src/content.config.ts) and the editors' desk checks what an editor wrote against the
 * same schema before it can be published (src/lib/content/desk-check.ts). A new content type is a schema here, a
 * folder under src/content and its pages.
 */
/** A generated illustration from /api/media/art: `{kind}-{hue}-{view}`. */
export const art = z.string().regex(/^[a-z]+-\d{1,3}-[0-2]$/);

export const articlesSchema = z.object({
  title: z.string().max(110),
  description: z.string().max(200),
  date: z.coerce.date(),
  /** When an article is revised after publication (JSON-LD dateModified); defaults to `date`. */
  updated: z.coerce.date().optional(),
  author: z.string(),
  cover: art,
  coverAlt: z.string(),
  tags: z.array(z.string()).default([]),
});

export const reviewsSchema = z.object({
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
});

export const recipesSchema = z.object({
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
});

export const shopsSchema = z.object({
  name: z.string(),
  area: z.string(),
  address: z.string(),
  hours: z.string(),
  phone: z.string().optional(),
  mapUrl: z.url(),
  order: z.number().int(),
});

export const offersSchema = z
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
  .refine((o) => o.validFrom <= o.validUntil, { message: 'validFrom must not be after validUntil', path: ['validUntil'] });

export const pagesSchema = z.object({ title: z.string(), description: z.string().max(200), updated: z.coerce.date() });

/** The home page's sliders, advertisements and shipping steps (spec section 7): no page of their own, no text body. */
export const slidesSchema = z.object({
  title: z.string().max(80),
  text: z.string().max(200),
  art,
  alt: z.string(),
  cta: z.string().max(40),
  link: z.string().startsWith('/'),
  order: z.number().int(),
});

export const adsSchema = z.object({
  title: z.string().max(80),
  text: z.string().max(200),
  art,
  alt: z.string(),
  link: z.string().startsWith('/'),
  order: z.number().int(),
});

export const stepsSchema = z.object({
  title: z.string().max(60),
  text: z.string().max(200),
  icon: z.enum(['cart', 'roast', 'truck', 'home']),
  order: z.number().int(),
});

export const contentSchemas = {
  articles: articlesSchema,
  reviews: reviewsSchema,
  recipes: recipesSchema,
  shops: shopsSchema,
  offers: offersSchema,
  pages: pagesSchema,
  slides: slidesSchema,
  ads: adsSchema,
  steps: stepsSchema,
} as const;

export type ContentCollection = keyof typeof contentSchemas;
export const CONTENT_COLLECTIONS = Object.keys(contentSchemas) as ContentCollection[];
export const isContentCollection = (value: string): value is ContentCollection =>
  (CONTENT_COLLECTIONS as string[]).includes(value);

/** The home page's kinds: read by the home page's API (src/server/services/home), not Astro content collections. */
export const HOME_COLLECTIONS = ['slides', 'ads', 'steps'] as const;
export type HomeCollection = (typeof HOME_COLLECTIONS)[number];
export const isHomeCollection = (value: string): value is HomeCollection =>
  (HOME_COLLECTIONS as readonly string[]).includes(value);
