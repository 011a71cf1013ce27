import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { offerEnded } from '#lib/offers.ts';

export interface OfferFile {
  slug: string;
  validFrom: string;
  validUntil: string;
}

/**
 * Offers written as files in the repository, read from their front matter without building (the sitemap filter at
 * build time, the content clock every minute). Dates as written (YYYY-MM-DD); empty when absent.
 */
export function offerFiles(dir = 'src/content/offers/en'): OfferFile[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.md'));
  } catch {
    return [];
  }
  return files.map((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const field = (name: string) => new RegExp(`^${name}:\\s*['"]?(\\d{4}-\\d{2}-\\d{2})`, 'm').exec(text)?.[1] ?? '';
    return { slug: file.replace(/\.md$/, ''), validFrom: field('validFrom'), validUntil: field('validUntil') };
  });
}

/** Slugs of file offers whose last day (in Cairo, offers.ts) has passed at `now`: left out of the sitemap. */
export const endedOfferSlugs = (now = new Date(), dir?: string): string[] =>
  offerFiles(dir)
    .filter((o) => o.validUntil && offerEnded({ validFrom: new Date(o.validFrom), validUntil: new Date(o.validUntil) }, now))
    .map((o) => o.slug);
