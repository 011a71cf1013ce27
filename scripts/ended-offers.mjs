// Slugs of offers whose last day has passed, read from the content front matter (for the sitemap filter).
import { readdirSync, readFileSync } from 'node:fs';

export function endedOfferSlugs(dir = 'src/content/offers/en', now = new Date()) {
  return readdirSync(dir)
    .filter((file) => {
      const until = /^validUntil:\s*(\S+)/m.exec(readFileSync(`${dir}/${file}`, 'utf8'))?.[1];
      return until !== undefined && new Date(`${until}T23:59:59.999Z`) < now;
    })
    .map((file) => file.replace(/\.md$/, ''));
}
